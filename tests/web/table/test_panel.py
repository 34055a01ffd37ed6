"""HTML around the board (derive.web.table.panel) and the AI worker's exports
(derive.web.play.worker)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from derive import RULE_SETS, Game
from derive.ai import LEVELS
from derive.web.play import worker
from derive.web.table import panel
from derive.web.table.controller import HUMAN, Notice, Setup
from tests.web_helpers import plain, table


def fragment(markup: str) -> ET.Element:
    """Parse an HTML fragment (ours is well-formed XML) under one root."""
    return ET.fromstring(f"<root>{markup}</root>")


class Tags(HTMLParser):
    """Start tags with their attributes, in order (for HTML that is not XML)."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_players_show_role_reserve_and_turn() -> None:
    ctrl = table("r1c1,y1b10 y rby L2", {"y": "hard"})
    root = fragment(panel.players_html(ctrl))
    cards = {li.get("data-player"): li for li in root.iter("li")}
    assert list(cards) == ["r", "b", "y"]
    assert cards["y"].get("aria-current") == "true" and "turn" in (cards["y"].get("class") or "")
    text = "".join(cards["y"].itertext())
    assert "computer · hard" in text and "×6" in text
    assert "human" in "".join(cards["r"].itertext())


def test_players_in_a_team_game_name_their_team() -> None:
    ctrl = table("- r ry/bg L2")
    text = "".join(fragment(panel.players_html(ctrl)).itertext())
    assert "Red + Yellow" in text and "Blue + Green" in text


def test_move_list_rows_follow_the_turn_order_and_mark_the_shown_move() -> None:
    ctrl = table("- y rby L2")
    for move in ("+b10", "+c1", "+a3", "+d10"):
        ctrl.play(move)
    root = fragment(panel.moves_html(ctrl))
    rows = root.findall(".//li")
    assert len(rows) == 2
    buttons = root.findall(".//button")
    assert [b.text for b in buttons] == ["+b10", "+c1", "+a3", "+d10"]
    assert [b.get("class") for b in buttons][:3] == ["mv mv-y", "mv mv-r", "mv mv-b"]
    assert buttons[3].get("aria-current") == "step"
    ctrl.view(1)
    current = [
        b.get("data-ply")
        for b in fragment(panel.moves_html(ctrl)).iter("button")
        if b.get("aria-current")
    ]
    assert current == ["1"]
    assert "No move yet." in panel.moves_html(table("- r ry L2"))


def test_each_move_says_its_own_number_the_one_the_banner_and_the_review_use() -> None:
    ctrl = table("- y rby L2")
    for move in ("+b10", "+c1", "+a3", "+d10"):
        ctrl.play(move)
    root = fragment(panel.moves_html(ctrl))
    assert root.find(".//span[@class='num']") is None  # no round numbers any more
    buttons = root.findall(".//button")
    assert [b.get("data-ply") for b in buttons] == ["1", "2", "3", "4"]
    assert buttons[3].get("aria-label") == "Move 4, Yellow: +d10"
    ctrl.view(3)
    banner = "".join(fragment(panel.history_html(ctrl)).itertext())
    assert "move 3 of 4" in banner
    ctrl.lang = "fr"
    assert plain(fragment(panel.moves_html(ctrl)).findall(".//button")[0].get("aria-label")) == (
        "Coup 1, Jaune : +b10"
    )


def test_the_reviews_mistakes_are_marked_in_the_move_list() -> None:
    ctrl = table("- r ry L2")
    for move in ("+c1", "+b10", "+e1"):
        ctrl.play(move)
    marks = {1: "inaccuracy", 2: "blunder", 3: "unlucky"}
    buttons = fragment(panel.moves_html(ctrl, marks)).findall(".//button")
    assert [b.get("class") for b in buttons] == [
        "mv mv-r review-inaccuracy",
        "mv mv-y review-blunder",
        "mv mv-r",  # luck is not a mistake
    ]
    assert [b.text for b in buttons] == ["+c1", "+b10", "+e1"]
    glyphs = [b.findtext("span[@class='mv-mark']") for b in buttons]
    assert glyphs == ["?!", "??", None]
    assert buttons[1].get("aria-label") == "Move 2, Yellow: +b10, blunder"
    ctrl.lang = "fr"
    french = fragment(panel.moves_html(ctrl, marks)).findall(".//button")
    assert plain(french[1].get("aria-label")) == "Coup 2, Jaune : +b10, gaffe"
    assert "review-" not in panel.moves_html(ctrl)


def test_a_past_position_has_its_step_buttons_beside_the_banner() -> None:
    ctrl = table("- r ry L2")
    for move in ("+c1", "+b10"):
        ctrl.play(move)
    ctrl.view(1)
    buttons = fragment(panel.history_steps_html("en")).findall("button")
    assert [b.get("data-step") for b in buttons] == ["first", "prev", "next"]
    assert all(b.get("data-action") is None for b in buttons)  # the side panel's stay alone
    labels = [b.get("aria-label") for b in buttons]
    assert labels == ["First position", "Previous move", "Next move"]
    # renamed with the language by the page, as the side panel's are
    assert [b.get("data-i18n-aria") for b in buttons] == ["nav.first", "nav.prev", "nav.next"]
    french = fragment(panel.history_steps_html("fr")).findall("button")
    assert french[1].get("aria-label") == "Coup précédent"
    # the banner's own button is the way back: one button, the last position
    actions = [b.get("data-action") for b in fragment(panel.history_html(ctrl)).iter("button")]
    assert actions == ["last"]


def test_facts_announce_obligation_chains_and_protection() -> None:
    text = "".join(fragment(panel.facts_html(table("y2c1,y2b2,r3d2 r ry L3"))).itertext())
    assert "Capture obligatory" in text and "Red must capture: d2xc1" in text
    assert "(R" not in text
    links = [a for t, a in Tags(panel.facts_html(table("y2c1,y2b2,r3d2 r ry L3"))).tags if t == "a"]
    assert [a["href"] for a in links] == ["rules.html#lesson-obligation"]
    assert "Anchored chain: c1–b2" in text
    formed = "".join(fragment(panel.facts_html(table("r3d10,r2e9 r ry L2"))).itertext())
    assert "Well-formed chain: e9–d10" in formed
    assert "Protected dice: e9, d10" in formed


def test_end_banner_names_the_winner_and_the_chain() -> None:
    ctrl = table("r1c9 r ry L1")
    assert panel.end_html(ctrl) == ""
    ctrl.play("c9-d10")
    root = fragment(panel.end_html(ctrl))
    banner = root.find("div")
    assert banner is not None and banner.get("data-winner") == "r"
    text = "".join(banner.itertext())
    assert "Red wins" in text and "d10" in text
    assert {b.get("data-action") for b in root.iter("button")} == {"new", "rematch", "review"}


def test_start_roll_shows_each_round_and_the_starter() -> None:
    rolls = [{"r": 4, "b": 4, "y": 2}, {"r": 6, "b": 3}]
    root = fragment(panel.start_roll_html(rolls, "r", "en"))
    rounds = root.findall(".//div[@class='roll-round']")
    assert len(rounds) == 2
    assert "Tie" in "".join(rounds[0].itertext()) and "Tie" not in "".join(rounds[1].itertext())
    dice = root.findall(".//span[@data-value]")
    assert [(d.get("data-colour"), d.get("data-value")) for d in dice] == [
        ("r", "4"),
        ("b", "4"),
        ("y", "2"),
        ("r", "6"),
        ("b", "3"),
    ]
    assert "Red starts." in "".join(root.itertext())


def test_value_picker_offers_the_engines_values() -> None:
    ctrl = table("- r ry L4")
    assert panel.picker_html(ctrl) == ""
    ctrl.click("c1")
    values = [b.get("data-value") for b in fragment(panel.picker_html(ctrl)).iter("button")]
    assert values == ["1", "2", "3", "4", "5", "6"]


def test_setup_form_lists_rule_sets_seats_and_levels() -> None:
    setup = Setup("L3", {"r": HUMAN, "y": "hard"})
    tags = Tags(panel.setup_html(setup, "en", LEVELS, "ready")).tags
    radios = [a for t, a in tags if t == "input" and a.get("name") == "rule_set"]
    assert [r["value"] for r in radios] == list(RULE_SETS)
    assert [r["value"] for r in radios if "checked" in r] == ["L3"]
    options: dict[str, list[tuple[str | None, bool]]] = {}
    select = ""
    for tag, attrs in tags:
        if tag == "select":
            select = attrs["name"] or ""
            options[select] = []
        elif tag == "option":
            options[select].append((attrs["value"], "selected" in attrs))
    assert {"seat_r", "seat_b", "seat_y", "seat_g", "pairing", "start", "lang"} <= set(options)
    chosen = {name: next(v for v, on in values if on) for name, values in options.items()}
    assert chosen["seat_r"] == HUMAN and chosen["seat_y"] == "ai:hard" and chosen["seat_b"] == "off"
    assert [v for v, _ in options["seat_b"]] == ["off", HUMAN, *(f"ai:{lv}" for lv in LEVELS)]
    # The teams are written as the shelf writes them.
    assert '<option value="rb/yg">Red + Blue – Yellow + Green</option>' in panel.setup_html(
        setup, "en", LEVELS, "ready"
    )
    # before the computer's worker is up, its levels are offered all the same
    waiting = Tags(panel.setup_html(setup, "fr", LEVELS, "starting"))
    offered = [a["value"] for t, a in waiting.tags if t == "option" and a.get("name") is None]
    assert "ai:medium" in offered
    gone = Tags(panel.setup_html(setup, "fr", LEVELS, "unavailable"))
    assert not any(
        v.startswith("ai:") for t, a in gone.tags if t == "option" for v in [a["value"] or ""]
    )


@pytest.mark.parametrize(("lang", "page"), [("en", "rules.html"), ("fr", "regles.html")])
def test_setup_form_opens_with_a_link_to_the_learn_page(lang: str, page: str) -> None:
    tags = Tags(panel.setup_html(Setup(), lang, LEVELS, "unknown"))
    links = [a for t, a in tags.tags if t == "a"]
    assert [a["href"] for a in links] == [page]
    assert links[0]["target"] == "_blank" and "noopener" in (links[0]["rel"] or "")
    text = "".join(tags.text)
    assert ("Learn the rules" if lang == "en" else "Apprenez les règles") in text


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        (
            {"rule_set": "L4", "seat_r": HUMAN, "seat_g": "ai:easy", "start": "g", "lang": "fr"},
            (Setup("L4", {"r": HUMAN, "g": "easy"}, None, "g"), "fr"),
        ),
        (
            {
                "rule_set": "L9",
                "seat_r": HUMAN,
                "seat_b": HUMAN,
                "seat_y": HUMAN,
                "seat_g": HUMAN,
                "teams": "on",
                "pairing": "rb/yg",
                "start": "roll",
            },
            (Setup("L2", dict.fromkeys("rbyg", HUMAN), "rb/yg", None), None),
        ),
        ({"seat_r": HUMAN, "teams": "on", "start": "y"}, (Setup("L2", {"r": HUMAN}), None)),
    ],
)
def test_setup_read_back_from_the_form(form: dict[str, str], expected: object) -> None:
    assert panel.setup_from_form(form) == expected


def test_the_setup_form_offers_teams_to_four_seats_and_says_what_is_missing() -> None:
    four = {f"seat_{c}": HUMAN for c in "rbyg"}
    assert panel.setup_form(four) == panel.SetupForm(teams=True, pairing=False, problem=None)
    teams = four | {"teams": "on", "pairing": "rb/yg"}
    assert panel.setup_form(teams) == panel.SetupForm(teams=True, pairing=True, problem=None)
    # Three seats: no teams (the box is unticked and disabled), and the game can start.
    three = {f"seat_{c}": HUMAN for c in "rby"} | {"teams": "on"}
    assert panel.setup_form(three) == panel.SetupForm(teams=False, pairing=False, problem=None)
    alone = {"seat_r": "ai:easy"}
    assert panel.setup_form(alone).problem == "setup.need_two"
    assert panel.setup_form({}) == panel.SetupForm(False, False, "setup.need_two")


def test_setup_kept_when_the_levels_arrive_keeps_the_players_changes() -> None:
    # Opened before the computer was ready, the form showed yellow's computer seat as
    # a human one; the player then picked L3, seated blue and chose French.
    opened = Setup("L2", {"r": HUMAN, "y": "ai"})
    form = {"rule_set": "L3", "seat_r": HUMAN, "seat_b": HUMAN, "seat_y": HUMAN, "lang": "fr"}
    touched = {"rule_set", "seat_b", "lang"}
    assert panel.setup_kept(form, touched, opened) == (
        Setup("L3", {"r": HUMAN, "b": HUMAN, "y": "ai"}),
        "fr",
    )
    # a seat the player did change stays as they left it, even off
    form_off = {**form, "seat_y": "off"}
    assert panel.setup_kept(form_off, touched | {"seat_y"}, opened) == (
        Setup("L3", {"r": HUMAN, "b": HUMAN}),
        "fr",
    )
    # untouched, the form shows again the setup it was opened with
    untouched = {"rule_set": "L2", "seat_r": HUMAN, "seat_y": HUMAN}
    assert panel.setup_kept(untouched, set(), opened) == (opened, None)


def test_rule_summary_reads_the_rule_set() -> None:
    assert panel.rule_summary("en", RULE_SETS["L1"]) == (
        "5 dice each · first die on the opposite rive wins"
    )
    assert "sans hasard" in panel.rule_summary("fr", RULE_SETS["L4"])


# ----- the worker's exports (plain functions under CPython) ---------------------------------


def test_worker_hello_lists_the_levels() -> None:
    assert worker.hello() == {"levels": list(LEVELS), "default": "medium"}


def test_worker_search_in_slices_returns_a_legal_move() -> None:
    position = "r3c3,y2d4 r ry L2"
    search = worker.start(position, "easy", 5)
    result = worker.step(search, 0.05)
    while not result["done"]:
        result = worker.step(search, 0.05)
    assert Game.from_position(position).is_legal(result["move"])
    assert result["nodes"] >= 1
    assert "error" in worker.step(search, 0.05)  # finished searches are dropped


def test_worker_search_from_the_game_record() -> None:
    game = Game.from_position("r3c3,y2d4 r ry L2", seed=4)
    for move in ("c3-b2", "d4-e5", "b2-c3", "e5-d4"):
        game.play(move)
    record = json.dumps(game.record())
    search = worker.start(game.to_position(), "easy", 5, record)
    result = worker.step(search, None)
    assert result["done"] and game.is_legal(result["move"])
    with pytest.raises(ValueError, match="the record leads to"):
        worker.start("r3c3,y2d5 r ry L2", "easy", 5, record)
    with pytest.raises(ValueError):
        worker.start(game.to_position(), "easy", 5, record[:-3])


def test_worker_with_the_record_keeps_hard_out_of_a_loop() -> None:
    record = (Path(__file__).resolve().parents[2] / "data" / "loop_l3.json").read_text()
    game = Game.from_record(json.loads(record))
    search = worker.start(game.to_position(), "hard", 5, record)
    result = worker.step(search, None)
    assert result["done"] and game.is_legal(result["move"])
    assert result["move"] != "f2-g3"  # the loop's move, 16 times already


def test_worker_keeps_only_a_few_abandoned_searches() -> None:
    ids = [worker.start("- r ry L2", "hard", n) for n in range(worker.MAX_SEARCHES + 3)]
    for search in ids[:3]:
        assert "error" in worker.step(search, 0.01)
    worker.stop(ids[-1])
    assert "error" in worker.step(ids[-1], 0.01)


def test_worker_hint_is_legal_with_a_reason() -> None:
    position = "r3c3,y2d4 r ry L2"
    data = worker.suggest(position, 3)
    assert Game.from_position(position).is_legal(data["move"]) and data["reason"]


def test_an_engine_refusal_reads_as_a_sentence_with_its_why_link() -> None:
    html = panel.notice_html(
        Notice("error", "a capture is obligatory: e3xd2", "rules.html#lesson-obligation"), "en"
    )
    assert html.startswith('A capture is obligatory: e3xd2 <a class="why"')
    assert panel.notice_html(Notice("error", "c3 is already at 6"), "en") == "c3 is already at 6"
