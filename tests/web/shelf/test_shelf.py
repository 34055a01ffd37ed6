"""The shelf of saved games (derive.web.shelf.saved, keeper, shelf_panel): ids and prefix matching,
bounds and eviction, damaged saves set aside and repaired, two tabs, links and files,
correspondence between two devices, and every message in both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from derive.ai import LEVELS
from derive.game import Game
from derive.position import parse_position
from derive.web.board.svg import square_origin
from derive.web.shelf import panel as shelf_panel
from derive.web.shelf.keeper import REFUSALS, Download, EngineText, Keeper, SimpleTab
from derive.web.shelf.saved import (
    DAMAGED_PREFIX,
    FIELD_REASONS,
    GAME_PREFIX,
    LEGACY_FORMAT,
    LEGACY_KEY,
    Entry,
    MemoryStore,
    Shelf,
    StorageError,
    Unreadable,
    game_key,
    load_json,
    parse_entry,
    refusal,
    relation,
    salvage,
)
from derive.web.table import share
from derive.web.table.controller import HUMAN, Controller, Setup
from derive.web.words import engine_fr, i18n
from tests.web_helpers import plain, table

NESTED = "[" * 100_000 + "]" * 100_000
"""The probe's payload: in Pyodide, json.loads of it kills the runtime."""


class Clock:
    def __init__(self) -> None:
        self.ms = 1_700_000_000_000

    def __call__(self) -> int:
        self.ms += 1000
        return self.ms


@pytest.fixture
def clock() -> Clock:
    return Clock()


def device(
    store: MemoryStore, clock: Clock, tab: SimpleTab | None = None, lang: str = "en"
) -> tuple[Controller, Keeper]:
    """A page on one device (one store), in one tab."""
    ctrl = Controller(lang)
    return ctrl, Keeper(ctrl, Shelf(store, clock), tab or SimpleTab())


def played(moves: int, seed: int = 1) -> Game:
    """A game with ``moves`` legal moves (the first legal one each time)."""
    game = Game.new("ry", "L2", seed=seed, start="r")
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return game


def stored_games(store: MemoryStore) -> dict[str, Entry]:
    return {k: parse_entry(v, k) for k, v in store.data.items() if k.startswith(GAME_PREFIX)}


def texts(keeper: Keeper) -> list[str]:
    return [plain(m.text(keeper.ctrl)) for m in keeper.shown()]


def legacy_save(game: Game, seats: dict[str, str] | None = None) -> str:
    """The single autosave slot of earlier versions."""
    return json.dumps(
        {
            "format": LEGACY_FORMAT,
            "version": 1,
            "record": game.record(),
            "seats": seats or {c: HUMAN for c in game.seating.colours},
            "setup": Setup().to_json(),
            "lang": "en",
        }
    )


# ----- bounded JSON -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (NESTED, "nested too deeply"),
        ('{"a":' * 40 + "1" + "}" * 40, "nested too deeply"),
        ("[" + "1," * 300_000 + "1]", "too large"),
        ("{oops", "malformed"),
        ("[1, 2", "malformed"),
    ],
)
def test_json_is_measured_before_it_is_parsed(text: str, reason: str) -> None:
    with pytest.raises(Unreadable) as caught:
        load_json(text)
    assert caught.value.key == "shelf.why.json" and reason in caught.value.detail


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = json.dumps({"moves": ["[" * 50, "]]]{{", 'a"b\\[']})
    assert load_json(text)["moves"][0] == "[" * 50


# ----- identity ----------------------------------------------------------------------------


def test_a_game_is_known_by_its_start_whatever_its_moves() -> None:
    game = played(6)
    again = Game.from_record(game.record())
    assert game_key(game) == game_key(again) == game_key(played(0))
    assert game_key(played(0, seed=2)) != game_key(game)
    assert game_key(Game.from_position("- r ry L2", seed=1)) != game_key(
        Game.from_position("- y ry L2", seed=1)
    )


@pytest.mark.parametrize(
    ("base", "other", "expected"),
    [
        (["a", "b"], ["a", "b"], "same"),
        (["a"], ["a", "b"], "ahead"),
        ([], ["a"], "ahead"),
        (["a", "b"], ["a"], "behind"),
        (["a", "b"], ["a", "c"], "apart"),
        (["a", "b"], ["c"], "apart"),
    ],
)
def test_moves_relate_by_prefix(base: list[str], other: list[str], expected: str) -> None:
    assert relation(base, other) == expected


# ----- entries and bounds ---------------------------------------------------------------


def entry_of(game: Game, entry_id: str, updated: int, **extra: object) -> Entry:
    from derive.web.shelf.saved import summary

    position, ply, result = summary(game)
    entry = Entry(
        entry_id, game_key(game), game.record(), {"r": HUMAN, "y": HUMAN}, {}, updated,
        updated, "new", None, position, ply, result,
    )  # fmt: skip
    for name, value in extra.items():
        setattr(entry, name, value)
    return entry


def test_an_entry_reads_back_as_it_was_written(clock: Clock) -> None:
    store = MemoryStore()
    shelf = Shelf(store, clock)
    entry = entry_of(played(4), "abc", 5, you="y", origin="link")
    shelf.write(entry)
    back = parse_entry(store.data[GAME_PREFIX + "abc"], GAME_PREFIX + "abc")
    assert (back.moves, back.you, back.origin, back.position) == (
        entry.moves,
        "y",
        "link",
        played(4).to_position(),
    )
    assert back.game().to_position() == played(4).to_position()
    assert back.stamp and back.stamp == entry.stamp


def finished_game() -> Game:
    game = Game.from_position("r1c9 r ry L1", seed=3)
    game.play("c9-d10")
    assert game.is_over
    return game


def test_only_finished_games_make_room_never_an_unfinished_one(clock: Clock) -> None:
    store = MemoryStore()
    shelf = Shelf(store, clock, max_games=3)
    shelf.write(entry_of(played(1, seed=1), "old-open", 1))
    shelf.write(entry_of(finished_game(), "old-done", 2))
    shelf.write(entry_of(played(1, seed=3), "new-open", 3))
    evicted = shelf.write(entry_of(played(1, seed=4), "newest", 4))
    assert [e.id for e in evicted] == ["old-done"]
    assert set(shelf.entries) == {"old-open", "new-open", "newest"}
    # No finished game left: the new game is refused, and every unfinished one stays.
    before = dict(store.data)
    with pytest.raises(StorageError) as refused:
        shelf.write(entry_of(played(1, seed=5), "fifth", 5))
    assert refused.value.kind == "bounds" and refused.value.full
    assert store.data == before and set(shelf.entries) == {"old-open", "new-open", "newest"}
    evicted = shelf.write(entry_of(played(2, seed=1), "new-open", 6))  # a game played on
    assert evicted == [] and len(stored_games(store)) == 3


def test_a_finished_game_another_tab_plays_is_never_made_room_with(clock: Clock) -> None:
    store = MemoryStore()
    shelf = Shelf(store, clock, max_games=2)
    shelf.write(entry_of(finished_game(), "theirs", 1))
    shelf.write(entry_of(played(1), "open", 2))
    with pytest.raises(StorageError):
        shelf.write(entry_of(played(1, seed=6), "new", 3), keep=["theirs"])
    assert set(stored_games(store)) == {GAME_PREFIX + "theirs", GAME_PREFIX + "open"}


def test_the_browser_quota_removes_only_finished_games_and_a_failed_write_nothing(
    clock: Clock,
) -> None:
    store = MemoryStore()
    shelf = Shelf(store, clock)
    shelf.write(entry_of(finished_game(), "done", 1))
    shelf.write(entry_of(played(2), "open", 2))
    used = sum(len(k) + len(v) for k, v in store.data.items())
    store.capacity = used + 200  # the browser allows less than the shelf's own bound
    evicted = shelf.write(entry_of(played(3, seed=9), "third", 3))
    assert [e.id for e in evicted] == ["done"]
    store.capacity = sum(len(k) + len(v) for k, v in store.data.items()) + 300
    before = dict(store.data)
    # Removing "open" would make room, but it is unfinished: the write is refused instead.
    with pytest.raises(StorageError) as refused:
        shelf.write(entry_of(played(4, seed=7), "fourth", 4))
    assert refused.value.kind == "quota"
    assert store.data == before and set(shelf.entries) == {"open", "third"}


def test_games_squeezed_out_for_a_write_that_fails_anyway_go_back(clock: Clock) -> None:
    store = MemoryStore()
    shelf = Shelf(store, clock)
    shelf.write(entry_of(finished_game(), "done", 1))
    shelf.write(entry_of(finished_game(), "done-too", 2))
    store.capacity = sum(len(k) + len(v) for k, v in store.data.items())  # nothing fits now
    before = dict(store.data)
    with pytest.raises(StorageError):
        shelf.write(entry_of(played(150, seed=7), "big", 3))  # bigger than both
    assert store.data == before


def test_an_unreadable_entry_is_set_aside_never_deleted(clock: Clock) -> None:
    store = MemoryStore()
    store.data[GAME_PREFIX + "bad"] = NESTED
    store.data[GAME_PREFIX + "good"] = entry_of(played(2), "good", 1).to_text()
    found = Shelf(store, clock).scan()
    assert [f.problem.key for f in found] == ["shelf.why.json"]
    assert GAME_PREFIX + "bad" not in store.data
    assert store.data[found[0].key] == NESTED and found[0].key.startswith(DAMAGED_PREFIX)


def hostile_entries() -> Iterator[tuple[str, object]]:
    good = json.loads(entry_of(played(2), "e", 1).to_text())
    yield "a time beyond JavaScript's numbers", {**good, "updated": 10**30}
    yield "a negative ply", {**good, "summary": {**good["summary"], "ply": -1}}
    yield "a seat that is not text", {**good, "seats": {"r": 1}}
    yield "a seat that is no colour", {**good, "seats": {"x": "human"}}
    yield "moves not a list", {**good, "record": {**good["record"], "moves": "+c1"}}
    yield "a move not text", {**good, "record": {**good["record"], "moves": [1]}}
    yield "another id", {**good, "id": "f"}
    yield "a newer version", {**good, "version": 99}
    yield "another format", {**good, "format": "x"}
    yield "no summary", {k: v for k, v in good.items() if k != "summary"}
    yield "a result that is a number", {**good, "summary": {**good["summary"], "result": 1}}
    yield "a colour that is not one", {**good, "you": "x"}
    yield "a stamp that is not text", {**good, "stamp": None}
    yield "not an object", [good]


@pytest.mark.parametrize(("name", "data"), list(hostile_entries()))
def test_a_hostile_entry_is_set_aside(clock: Clock, name: str, data: object) -> None:
    store = MemoryStore()
    store.data[GAME_PREFIX + "e"] = text = json.dumps(data)
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    assert ctrl.game.ply == 0, name
    assert texts(keeper)[0].startswith("A saved game could not be read")
    assert text in store.data.values() and GAME_PREFIX + "e" not in store.data
    assert shelf_panel.games_html(keeper, str).count("data-set-aside=") == 1


def test_text_too_big_to_move_stays_where_it_is_and_is_never_written_over(clock: Clock) -> None:
    store = MemoryStore()
    junk = "x" * 500
    store.data[GAME_PREFIX + "k1"] = junk
    store.capacity = 600  # no room for a copy
    shelf = Shelf(store, clock)
    found = shelf.scan()
    assert not found[0].moved and store.data[GAME_PREFIX + "k1"] == junk
    assert shelf.new_id("k1") == "k1-2"
    assert shelf.damaged() == [GAME_PREFIX + "k1"]


# ----- salvage --------------------------------------------------------------------------


def test_the_moves_before_the_first_bad_one_are_restored() -> None:
    record = played(12).record()
    record["moves"][10] = "a1-j10"
    repair = salvage(json.dumps({"record": record, "seats": {"r": HUMAN, "y": "easy"}}))
    assert repair is not None
    assert (repair.good, repair.bad, repair.move) == (10, 11, "a1-j10")
    assert repair.game.moves == played(10).moves
    assert repair.seats == {"r": HUMAN, "y": "easy"}


def test_a_false_result_keeps_every_move() -> None:
    record = played(5).record()
    record["result"] = {"winner": "y", "termination": "goal"}
    repair = salvage(json.dumps(record))
    assert repair is not None and (repair.good, repair.bad, repair.whole) == (5, None, False)
    wrapped = salvage(json.dumps({"format": "chess", "record": played(5).record()}))
    assert wrapped is not None and (wrapped.good, wrapped.whole) == (5, True)


@pytest.mark.parametrize(
    "text",
    [
        NESTED,
        "not json",
        "[]",
        json.dumps({"record": {"format": "derive-record", "version": 1, "moves": []}}),
        json.dumps({"record": {**played(0).record(), "setup": {"seed": "x"}}}),
    ],
)
def test_nothing_is_offered_when_not_even_the_start_can_be_read(text: str) -> None:
    assert salvage(text) is None


# ----- the keeper: games, tabs, links -------------------------------------------------------


def test_every_new_game_gets_its_own_entry(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    assert keeper.launch(None, {}, code=False, error=False)  # nothing saved: set up
    ctrl.new_game(Setup("L2", {"r": HUMAN, "y": HUMAN}, None, "r"), seed=1)
    keeper.save()
    ctrl.play("+c1")
    keeper.save()
    ctrl.new_game(Setup("L3", {"r": HUMAN, "b": HUMAN}, None, "r"), seed=2)
    keeper.save()
    games = stored_games(store)
    assert sorted(len(e.moves) for e in games.values()) == [0, 1]
    assert {e.record["setup"]["rule_set"] for e in games.values()} == {"L2", "L3"}


def test_two_tabs_keep_two_games_and_a_reload_resumes_its_own(clock: Clock) -> None:
    store = MemoryStore()
    tab_a, tab_b = SimpleTab(), SimpleTab()
    ctrl_a, keeper_a = device(store, clock, tab_a)
    keeper_a.launch(None, {}, code=False, error=False)
    ctrl_a.new_game(Setup("L2", {"r": HUMAN, "y": HUMAN}, None, "r"), seed=1)
    ctrl_a.play("+c1")
    keeper_a.save()
    ctrl_b, keeper_b = device(store, clock, tab_b)
    keeper_b.launch(None, {}, code=False, error=False)  # a new tab: the last game played
    assert ctrl_b.game.moves == ctrl_a.game.moves
    ctrl_b.new_game(Setup("L3", {"r": HUMAN, "b": HUMAN}, None, "b"), seed=2)
    ctrl_b.play("+a3")
    keeper_b.save()
    ctrl_a.play("+d10")
    keeper_a.save()  # A moved last
    assert len(stored_games(store)) == 2
    reloaded_b, keeper = device(store, clock, tab_b)
    keeper.launch(None, {}, code=False, error=False)
    assert reloaded_b.game.rules.id == "L3" and [str(m) for m in reloaded_b.game.moves] == ["+a3"]
    reloaded_a, keeper = device(store, clock, tab_a)
    keeper.launch(None, {}, code=False, error=False)
    assert [str(m) for m in reloaded_a.game.moves] == ["+c1", "+d10"]


def test_a_tab_hears_when_its_game_moved_on_elsewhere_and_never_overwrites_it(
    clock: Clock,
) -> None:
    store = MemoryStore()
    ctrl_a, keeper_a = device(store, clock)
    keeper_a.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    ctrl_b, keeper_b = device(store, clock)
    keeper_b.launch(None, {}, code=False, error=False)  # the same game in a second tab
    entry_id = keeper_a.bound.id if keeper_a.bound else ""
    assert keeper_b.bound is not None and keeper_b.bound.id == entry_id
    ctrl_a.play("+c1")
    keeper_a.save()
    key = GAME_PREFIX + entry_id
    keeper_b.external(key, store.data[key])  # the browser's storage event
    assert any("played on in another tab" in t for t in texts(keeper_b))
    # B ignores it and plays another move: A's game stays, B's becomes a game of its own.
    ctrl_b.play("+e1")
    keeper_b.save()
    games = stored_games(store)
    assert games[key].moves == ["+c1"]
    assert sorted(e.moves for e in games.values()) == [["+c1"], ["+e1"]]
    assert any("also played in another tab" in t for t in texts(keeper_b))
    # A tab that loads the newer state plays on from it.
    ctrl_c, keeper_c = device(store, clock)
    keeper_c.launch(None, {}, code=False, error=False)
    ctrl_c.notice = None
    keeper_c.bound = keeper_c.bound and keeper_c.bound.__class__(
        entry_id, ctrl_c.game, "stale", 0, "link", None
    )
    keeper_c.external(key, store.data[key])
    assert keeper_c.act("load-newer") == "changed"
    assert [str(m) for m in ctrl_c.game.moves] == ["+c1"]


def test_the_same_link_twice_resumes_the_same_game(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    ctrl.play("+c1")
    keeper.save()
    again, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    assert [str(m) for m in again.game.moves] == ["+c1"]  # the link's game, moved on
    assert any("older than your game" in t for t in texts(keeper))
    assert len(stored_games(store)) == 1
    # ... and the link's own start can still be opened beside it.
    assert keeper.act("open-pending") == "changed"
    assert again.game.ply == 0 and len(stored_games(store)) == 2


def test_a_bad_link_puts_the_last_game_back_under_the_setup_screen(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("r3c3 r ry L2"), {}, code=False, error=False)
    ctrl.play("c3-d4")
    keeper.save()
    again, keeper = device(store, clock)
    assert keeper.launch(None, {}, code=False, error=True)  # the setup screen opens ...
    assert again.game.to_position() == ctrl.game.to_position()  # ... over the saved game
    assert again.play("+d10") is not None
    keeper.save()
    assert [e.moves for e in stored_games(store).values()] == [["c3-d4", "+d10"]]


def test_a_game_deleted_from_the_list_can_be_put_back(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L3"), {}, code=False, error=False)
    first = keeper.bound.id if keeper.bound else ""
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    assert keeper.act("delete", first) == "render"
    assert len(stored_games(store)) == 1 and texts(keeper) == ["Game deleted."]
    assert keeper.act("undelete") == "render"
    assert len(stored_games(store)) == 2 and texts(keeper) == []
    assert keeper.act("resume", first) == "changed" and ctrl.game.rules.id == "L3"


def test_a_game_deleted_in_another_tab_is_saved_again_if_played_on(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    key = GAME_PREFIX + (keeper.bound.id if keeper.bound else "")
    del store.data[key]
    keeper.external(key, None)
    assert texts(keeper) == [
        "This game was deleted in another tab. It is saved again if you play on."
    ]
    ctrl.play("+c1")
    keeper.save()
    assert stored_games(store)[key].moves == ["+c1"]


def test_a_link_beside_a_saved_game_keeps_both(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    ctrl.new_game(Setup("L3", {"r": HUMAN, "y": HUMAN}, None, "r"), seed=5)
    ctrl.play("+c1")
    keeper.save()
    linked, keeper = device(store, clock)
    keeper.launch(Game.from_position("r3c3,y2d4 r ry L2"), {}, code=False, error=False)
    linked.play("c3-e5")
    keeper.save()
    games = stored_games(store)
    assert len(games) == 2
    assert {e.record["setup"]["rule_set"] for e in games.values()} == {"L2", "L3"}


def test_a_link_that_went_another_way_opens_beside(clock: Clock) -> None:
    store = MemoryStore()
    source = Game.new("ry", "L2", seed=4, start="r")
    source.play("+c1")
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_record(source.record()), {}, code=True, error=False)
    ctrl.play("+d10")
    keeper.save()
    other = Game.from_record(source.record())
    other.play("+f10")
    ctrl2, keeper2 = device(store, clock)
    keeper2.launch(Game.from_record(other.record()), {}, code=True, error=False)
    assert [str(m) for m in ctrl2.game.moves] == ["+c1", "+f10"]
    assert sorted(e.moves for e in stored_games(store).values()) == [
        ["+c1", "+d10"],
        ["+c1", "+f10"],
    ]
    assert any("went another way" in t for t in texts(keeper2))


def test_correspondence_round_trip_between_two_devices(clock: Clock) -> None:
    alice_store, bob_store = MemoryStore(), MemoryStore()
    alice, alice_keeper = device(alice_store, clock)
    alice_keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    alice.play("+c1")
    alice_keeper.save()
    link = share.encode(alice.game)

    bob, bob_keeper = device(bob_store, clock, lang="fr")
    bob_keeper.launch(share.decode(link), {}, code=True, error=False)
    assert (
        bob.notice is not None and plain(bob.notice.text) == "Vous jouez Jaune : à vous de jouer."
    )
    bob.play("+d10")
    bob_keeper.save()
    assert texts(bob_keeper) == ["Votre coup est joué. Envoyez le lien à Rouge, qui joue ensuite."]
    assert plain(bob_keeper.share_words()) == "Envoyez ce lien à Rouge, qui joue ensuite :"
    assert bob_keeper.act("share") == "share"
    reply = share.encode(bob.game)

    alice2, alice_keeper = device(alice_store, clock)
    alice_keeper.launch(share.decode(reply), {}, code=True, error=False)
    assert alice2.notice is not None
    assert alice2.notice.text.startswith("You play Red: your move.")
    assert "was at move 1" in alice2.notice.text
    games = stored_games(alice_store)
    assert len(games) == 1 and next(iter(games.values())).moves == ["+c1", "+d10"]
    # The old link again, on Bob's device: his newer game is kept and shown.
    bob2, bob_keeper = device(bob_store, clock)
    bob_keeper.launch(share.decode(link), {}, code=True, error=False)
    assert [str(m) for m in bob2.game.moves] == ["+c1", "+d10"]
    assert len(stored_games(bob_store)) == 1


# ----- damaged saves ---------------------------------------------------------------------


def damaged_variants() -> Iterator[tuple[str, str]]:
    good = json.loads(legacy_save(played(3)))
    yield "invalid JSON", "{"
    yield "nested", NESTED
    yield "wrong shape", "[1, 2, 3]"
    yield "other format", json.dumps({**good, "format": "chess"})
    yield "version 99", json.dumps({**good, "record": {**good["record"], "version": 99}})
    yield "record not an object", json.dumps({**good, "record": 3})
    illegal = json.loads(legacy_save(played(12)))
    illegal["record"]["moves"][10] = "a1-j10"
    yield "illegal move at ply 11", json.dumps(illegal)
    lying = json.loads(legacy_save(played(4)))
    lying["record"]["result"] = {"winner": "r", "termination": "goal"}
    yield "false result", json.dumps(lying)
    bad_seed = json.loads(legacy_save(played(0)))
    bad_seed["record"]["setup"]["seed"] = "x"
    yield "seed not a number", json.dumps(bad_seed)


@pytest.mark.parametrize(("name", "text"), list(damaged_variants()))
def test_a_damaged_autosave_is_set_aside_and_explained(clock: Clock, name: str, text: str) -> None:
    store = MemoryStore()
    store.data[LEGACY_KEY] = text
    ctrl, keeper = device(store, clock)
    setup = keeper.launch(None, {}, code=False, error=False)
    assert not setup  # no modal screen over the message's buttons
    errors = [m for m in keeper.shown() if m.kind == "error"]
    assert len(errors) == 1 and "could not be read" in errors[0].text(ctrl), name
    assert LEGACY_KEY not in store.data
    assert text in store.data.values()  # kept, not deleted
    ctrl.play("+c1")  # and still there after a move on the board
    keeper.save()
    assert text in store.data.values()


@pytest.mark.parametrize(("name", "text"), list(damaged_variants()))
def test_a_damaged_autosave_is_explained_in_french(clock: Clock, name: str, text: str) -> None:
    store = MemoryStore()
    store.data[LEGACY_KEY] = text
    ctrl, keeper = device(store, clock, lang="fr")
    keeper.launch(None, {}, code=False, error=False)
    (message,) = keeper.shown()
    assert message.text(ctrl).startswith("Une partie enregistrée est illisible"), name
    for _, value in message.fields:
        if isinstance(value, EngineText):
            assert engine_fr.untranslated(value) == [], name


def test_the_good_moves_of_a_damaged_save_can_be_restored(clock: Clock) -> None:
    store = MemoryStore()
    record = json.loads(legacy_save(played(12), {"r": HUMAN, "y": "hard"}))
    record["record"]["moves"][10] = "a1-j10"
    store.data[LEGACY_KEY] = json.dumps(record)
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    (message,) = keeper.shown()
    assert "Moves 1–10 can be restored; move 11 (a1-j10) is not legal." in message.text(ctrl)
    labels = [a.label for a in message.actions]
    assert labels == ["shelf.repair", "shelf.export_text"]
    kept = message.actions[1].arg
    download = keeper.act("export-damaged", kept)
    assert isinstance(download, Download) and download.text == json.dumps(record)
    assert keeper.act("repair", message.actions[0].arg) == "changed"
    assert ctrl.game.moves == played(10).moves and ctrl.seats["y"] == "hard"
    assert ctrl.notice is not None and ctrl.notice.text == "Moves 1–10 restored."
    assert keeper.shown() == []
    assert store.data[kept] == json.dumps(record)  # the text stays kept aside
    assert len(stored_games(store)) == 1


def test_the_single_autosave_of_earlier_versions_moves_onto_the_shelf(clock: Clock) -> None:
    store = MemoryStore()
    store.data[LEGACY_KEY] = legacy_save(played(5), {"r": HUMAN, "y": "easy"})
    ctrl, keeper = device(store, clock)
    assert not keeper.launch(None, {}, code=False, error=False)
    assert ctrl.game.moves == played(5).moves and ctrl.seats == {"r": HUMAN, "y": "easy"}
    assert ctrl.notice is not None and ctrl.notice.text == "Your game was restored."
    assert LEGACY_KEY not in store.data and len(stored_games(store)) == 1


def test_an_entry_whose_moves_no_longer_replay_is_set_aside_on_resume(clock: Clock) -> None:
    store = MemoryStore()
    entry = entry_of(played(4), "k", 1)
    entry.record["moves"][2] = "j10-a1"
    store.data[GAME_PREFIX + "k"] = text = entry.to_text()
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    assert ctrl.game.ply == 0 and text in store.data.values()
    assert GAME_PREFIX + "k" not in store.data
    assert "Moves 1–2 can be restored" in texts(keeper)[0]


# ----- storage trouble --------------------------------------------------------------------


def test_full_storage_says_the_game_is_not_being_saved_until_it_is(clock: Clock) -> None:
    store = MemoryStore(capacity=100)
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    (warning,) = keeper.shown()
    assert warning.kind == "warning" and not warning.dismissible
    assert "not being saved" in warning.text(ctrl)
    assert keeper.act("export-current") == Download(*ctrl.export_file())
    store.capacity = None
    ctrl.play("+c1")
    keeper.save()
    assert keeper.shown() == [] and len(stored_games(store)) == 1


def test_unavailable_storage_is_said_from_the_start() -> None:
    ctrl = Controller("fr")
    keeper = Keeper(ctrl, Shelf(MemoryStore(), Clock()), trouble="shelf.unavailable")
    assert texts(keeper)[0].startswith("Votre navigateur ne laisse rien enregistrer")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "To make room, a finished game was removed from Your games (Initiation, over "
         "at move 1). Export it to keep it."),
        ("fr", "Pour faire de la place, une partie terminée a été retirée de Vos parties "
         "(Initiation, finie au coup 1). Exportez-la pour la garder."),
    ],
)  # fmt: skip
def test_a_finished_game_removed_to_make_room_is_offered_for_export(
    clock: Clock, lang: str, words: str
) -> None:
    store = MemoryStore()
    ctrl = Controller(lang)
    keeper = Keeper(ctrl, Shelf(store, clock, max_games=2))
    done = finished_game()
    keeper.launch(Game.from_record(done.record()), {}, code=True, error=False)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    keeper.launch(Game.from_position("- y ry L2"), {}, code=False, error=False)
    (message,) = [m for m in keeper.shown() if m.topic.startswith("evicted:")]
    assert message.text(ctrl) == words and message.kind == "warning"
    (export,) = message.actions  # in the same message
    download = keeper.act(export.name, export.arg)
    assert isinstance(download, Download)
    assert Game.from_record(json.loads(download.text)).moves == done.moves
    html = shelf_panel.messages_html(keeper)
    assert f'data-shelf="export-evicted" data-arg="{export.arg}"' in html
    assert len(stored_games(store)) == 2


def test_full_storage_keeps_the_old_games_and_plays_the_new_one_unsaved(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.new("ry", "L2", seed=1, start="r"), {}, code=False, error=False)
    for _ in range(5):
        ctrl.play(str(ctrl.game.legal_moves()[0]))
        keeper.save()
    first = dict(store.data)
    # Other keys of the site fill the browser's storage to the brim.
    store.data["other.app"] = "x" * 1000
    store.capacity = sum(len(k) + len(v) for k, v in store.data.items())
    ctrl.new_game(Setup("L2", {"r": HUMAN, "y": HUMAN}, None, "r"), seed=2)
    keeper.save()
    ctrl.play("+c1")
    keeper.save()
    (warning,) = keeper.shown()
    assert warning.topic == "storage" and warning.kind == "warning" and not warning.dismissible
    assert warning.text(ctrl).startswith("The browser's storage is full: this game is not")
    assert [a.name for a in warning.actions] == ["export-current"]
    download = keeper.act("export-current")
    assert isinstance(download, Download)
    assert [str(m) for m in Game.from_record(json.loads(download.text)).moves] == ["+c1"]
    assert {k: v for k, v in store.data.items() if k != "other.app"} == first
    (old,) = stored_games(store).values()
    assert old.ply == 5
    # A link opened afterwards is not saved either, and takes nothing's place.
    keeper.launch(Game.from_position("r3c3,y2d4 r ry L2"), {}, code=False, error=False)
    assert [m.key for m in keeper.shown()] == ["shelf.full"]
    assert {k: v for k, v in store.data.items() if k != "other.app"} == first
    # Room again (a game deleted, say): saved, and the warning goes.
    store.capacity = None
    ctrl.play("c3-e5")
    keeper.save()
    assert texts(keeper) == [] and len(stored_games(store)) == 2


def test_a_full_shelf_says_so_in_its_own_words(clock: Clock) -> None:
    store = MemoryStore()
    ctrl = Controller("fr")
    keeper = Keeper(ctrl, Shelf(store, clock, max_games=1))
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    keeper.launch(Game.from_position("- y ry L2"), {}, code=False, error=False)
    assert texts(keeper) == [
        "Vos parties n’ont plus de place pour celle-ci : elle n’est pas sauvegardée, et vos "
        "autres parties restent telles quelles. Exportez-la, ou supprimez dans Vos parties "
        "celles dont vous n’avez plus besoin."
    ]
    assert len(stored_games(store)) == 1


@pytest.mark.parametrize(
    ("name", "kind", "full"),
    [
        ("QuotaExceededError", "quota", True),
        ("NS_ERROR_DOM_QUOTA_REACHED", "quota", True),
        ("SecurityError", "blocked", False),
        ("", "blocked", False),
    ],
)
def test_full_storage_is_told_apart_from_storage_refused(name: str, kind: str, full: bool) -> None:
    error = refusal(name)
    assert (error.kind, error.full) == (kind, full)


class RefusingStore(MemoryStore):
    """A browser that refuses every write, for want of room or altogether."""

    def __init__(self, error_name: str) -> None:
        super().__init__()
        self.error_name = error_name

    def set(self, key: str, value: str) -> None:
        raise refusal(self.error_name)


@pytest.mark.parametrize(
    ("error_name", "words"),
    [
        ("QuotaExceededError", "The browser's storage is full"),
        ("SecurityError", "Your browser does not let this page store anything"),
    ],
)
def test_a_refused_write_gives_its_true_cause(clock: Clock, error_name: str, words: str) -> None:
    ctrl, keeper = device(RefusingStore(error_name), clock)
    keeper.launch(Game.from_position("r3c3,y2d4 r ry L2"), {}, code=True, error=False)
    (warning,) = texts(keeper)
    assert warning.startswith(words)


def test_a_link_opened_with_no_room_at_all_says_the_storage_is_full(clock: Clock) -> None:
    """What the page does when its probe write meets a full storage: the shelf is read,
    the warning names the true cause."""
    store = RefusingStore("QuotaExceededError")
    store.data[GAME_PREFIX + "old"] = entry_of(played(3), "old", 1).to_text()
    ctrl = Controller("en")
    keeper = Keeper(ctrl, Shelf(store, clock), trouble=REFUSALS[refusal("QuotaExceededError").kind])
    keeper.launch(Game.from_position("r3c3,y2d4 r ry L2"), {}, code=True, error=False)
    assert [m.key for m in keeper.shown()] == ["shelf.full"]
    assert shelf_panel.games_html(keeper, str).count("data-saved-game=") == 1


def test_an_embedded_board_never_touches_the_players_games() -> None:
    ctrl = Controller("en")
    keeper = Keeper(ctrl, None)
    assert not keeper.launch(Game.from_position("r3c3 r ry L2"), {}, code=False, error=False)
    ctrl.play("c3-d4")
    keeper.save()
    assert ctrl.game.ply == 1


# ----- files ------------------------------------------------------------------------------


def test_an_older_file_opens_beside_the_newer_game(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("- r ry L2"), {}, code=False, error=False)
    ctrl.play("+c1")
    keeper.save()
    _, older = ctrl.export_file()
    ctrl.play("+d10")
    keeper.save()
    assert keeper.import_text(older)
    assert ctrl.game.to_position() == "r1c1 y ry L2"  # what the file holds
    assert any("This file stops at move 1" in t for t in texts(keeper))
    assert sorted(len(e.moves) for e in stored_games(store).values()) == [1, 2]
    assert keeper.import_text(older)  # the same file again: the same game
    assert len(stored_games(store)) == 2


def test_a_file_says_who_played_and_opens_elsewhere_with_those_seats(clock: Clock) -> None:
    # Played against `medium` on one device, the file opened on another whose table has
    # `easy`: the game says its Yellow was `medium`, as its link would.
    ctrl, keeper = device(MemoryStore(), clock)
    keeper.launch(played(4), {"y": "medium"}, code=False, error=False)
    text = keeper.export_current().text
    assert json.loads(text)["ai"] == "y:medium"
    other, elsewhere = device(MemoryStore(), clock)
    elsewhere.launch(played(1, seed=2), {"y": "easy"}, code=False, error=False)
    assert elsewhere.import_text(text)
    assert other.game.moves == played(4).moves and other.seats == {"r": HUMAN, "y": "medium"}
    # Two people at one table: both seats open as people's.
    ctrl.seats = {"r": HUMAN, "y": HUMAN}
    _, text = ctrl.export_file()
    assert json.loads(text)["ai"] == ""
    third, keeper = device(MemoryStore(), clock)
    keeper.launch(played(1, seed=2), {"y": "easy"}, code=False, error=False)
    assert keeper.import_text(text) and third.seats == {"r": HUMAN, "y": HUMAN}


@pytest.mark.parametrize(
    "seats", [None, 5, ["y"], "y:godlike", "b:easy", "y:easy,y:hard", "y" * 65]
)
def test_a_file_without_its_seats_or_with_them_damaged_plays_on_against_the_table(
    clock: Clock, seats: object
) -> None:
    # Files written before they said who played, or with that section broken: the game
    # opens all the same, against the computer on this table.
    record = played(4).record()
    if seats is not None:
        record["ai"] = seats
    ctrl, keeper = device(MemoryStore(), clock)
    keeper.launch(played(1, seed=2), {"y": "hard"}, code=False, error=False)
    assert keeper.import_text(json.dumps(record))
    assert ctrl.game.moves == played(4).moves and ctrl.seats == {"r": HUMAN, "y": "hard"}
    assert ctrl.notice is not None and ctrl.notice.text == "Game imported."


def test_a_file_opens_as_its_own_game_and_again_as_the_same(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("r3c3 r ry L2"), {"y": "easy"}, code=False, error=False)
    _, text = share.export_file(played(3))
    assert keeper.import_text(text)
    assert ctrl.notice is not None and ctrl.notice.text == "Game imported."
    assert ctrl.game.moves == played(3).moves
    assert keeper.import_text(Game.from_record(played(3).record()).to_text())  # text form
    assert len(stored_games(store)) == 2


def table_keeper(position: str, ai: dict[str, str] | None = None) -> tuple[Controller, Keeper]:
    ctrl = table(position, ai)
    keeper = Keeper(ctrl, Shelf(MemoryStore(), Clock()))
    keeper.save()
    return ctrl, keeper


def test_a_resumed_game_keeps_its_moves_seats_and_dice() -> None:
    ctrl, keeper = table_keeper("r3c3 r ry L2", {"y": "hard"})
    ctrl.play("c3?")
    keeper.save()
    assert keeper.shelf is not None
    other = Controller("en")
    other.set_ai_levels(LEVELS)
    resumed = Keeper(other, Shelf(keeper.shelf.store, Clock()))
    assert not resumed.launch(None, {}, code=False, error=False)
    assert other.game.to_position() == ctrl.game.to_position()
    assert [str(m) for m in other.game.moves] == [str(m) for m in ctrl.game.moves]
    assert other.seats == {"r": HUMAN, "y": "hard"}
    for game in (other.game, ctrl.game):
        game.play("+b10")
        game.play("c3?")
    assert other.game.to_position() == ctrl.game.to_position()  # the same dice afterwards


def test_import_record_and_text_forms() -> None:
    source = table("- r ry L2")
    for move in ("+c1", "+d10"):
        source.play(move)
    _, record = source.export_file()
    ctrl, keeper = table_keeper("- r ry L3")
    assert keeper.import_text(record)
    assert ctrl.game.to_position() == source.game.to_position()
    assert ctrl.notice is not None and ctrl.notice.kind == "success"
    ctrl2, keeper2 = table_keeper("- r ry L3")
    assert keeper2.import_text(source.game.to_text())
    assert ctrl2.game.moves == source.game.moves


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("hello", "it is neither a game record (JSON) nor a game text"),
        ('{"format": "chess-pgn"}', "not a Dérive game record (format is 'chess-pgn')"),
        ("{oops", "the JSON is malformed"),
        ("{" + '"a":[' * 5000 + "]" * 5000 + "}", "the data is nested too deeply"),
        ("[" * 100_000, "not a Dérive game text"),
        ("x" * (share.MAX_FILE_CHARS + 1), "the file is too large for a game record"),
    ],
)
def test_a_bad_file_keeps_the_game_and_says_why(text: str, reason: str) -> None:
    ctrl, keeper = table_keeper("r3c3 r ry L2")
    ctrl.play("c3-d4")
    keeper.save()
    assert not keeper.import_text(text)
    assert ctrl.game.ply == 1
    assert ctrl.notice is not None and ctrl.notice.kind == "error"
    assert reason in ctrl.notice.text and "Your game is unchanged" in ctrl.notice.text


def test_import_with_a_bad_move_names_it() -> None:
    source = table("- r ry L2")
    source.play("+c1")
    name, text = source.export_file()
    assert name == "derive-L2-ry-1.json"
    ctrl, keeper = table_keeper("- r ry L2")
    assert not keeper.import_text(text.replace('"+c1"', '"+c2"'))
    assert ctrl.notice is not None and "move 1 (+c2)" in ctrl.notice.text


# ----- the list's HTML -------------------------------------------------------------------


def test_the_list_has_one_element_per_game_with_its_id_and_position(clock: Clock) -> None:
    store = MemoryStore()
    store.data[DAMAGED_PREFIX + "1700000000000-abc"] = "junk"
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("r3c3 r ry L2"), {}, code=False, error=False)
    keeper.launch(finished_game(), {}, code=True, error=False)
    keeper.launch(Game.from_position("- y ry L2"), {"r": "hard"}, code=False, error=False)
    html = shelf_panel.games_html(keeper, lambda ms: f"<{ms}>")
    assert html.count("data-saved-game=") == 3
    for entry in keeper.shelf.recent() if keeper.shelf else []:
        assert f'data-saved-game="{entry.id}" data-position="{entry.position}"' in html
    assert html.count('aria-current="true"') == 1
    assert "&lt;1700000" in html and "<1700000" not in html  # escaped
    assert "Red won" in html and "against the computer" in html and "Yellow to play" in html
    assert 'data-set-aside="derive.damaged.1700000000000-abc"' in html
    assert html.count('data-shelf="resume"') == 2  # not the game on the board


def test_messages_are_alerts_or_news_and_follow_the_language(clock: Clock) -> None:
    store = MemoryStore()
    store.data[LEGACY_KEY] = NESTED
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    html = shelf_panel.messages_html(keeper)
    assert html.count('role="alert"') == 1 and "nested too deeply" in html
    ctrl.lang = "fr"
    html = shelf_panel.messages_html(keeper)
    assert "les données sont trop imbriquées" in html and 'aria-label="Fermer"' in html
    keeper.act("dismiss", keeper.shown()[0].topic)
    assert shelf_panel.messages_html(keeper) == ""


def test_a_bad_move_in_a_damaged_save_is_told_in_french(clock: Clock) -> None:
    store = MemoryStore()
    record = json.loads(legacy_save(played(12)))
    record["record"]["moves"][10] = "a1-j10"
    store.data[LEGACY_KEY] = json.dumps(record)
    ctrl, keeper = device(store, clock, lang="fr")
    keeper.launch(None, {}, code=False, error=False)
    (text,) = texts(keeper)
    assert text.startswith("Une partie enregistrée est illisible (coup 11 (a1-j10)")
    assert "Les coups 1 à 10 peuvent être restaurés" in text


# ----- damaged saves read as sentences ------------------------------------------------------


def misshapen_entries() -> Iterator[tuple[dict[str, object], str, str]]:
    """An entry damaged in one part, and the reason the player reads, in English and French."""
    good = json.loads(entry_of(played(2), "e", 1).to_text())
    yield (
        {**good, "version": 0},
        "its version number is missing or wrong",
        "son numéro de version manque ou est faux",
    )
    yield (
        {**good, "id": "f"},
        "its name is missing or does not match where it was stored",
        "son nom manque ou ne correspond pas à l’endroit où elle était rangée",
    )
    yield (
        {**good, "record": {**good["record"], "moves": "+c1"}},
        "the record of its moves is missing or damaged",
        "le relevé de ses coups manque ou est abîmé",
    )
    yield (
        {**good, "record": {**good["record"], "moves": [1]}},
        "its list of moves holds something that is not a move",
        "sa liste de coups contient autre chose que des coups",
    )
    yield (
        {**good, "seats": {"r": 1}},
        "who plays which colour is missing or damaged",
        "qui joue quelle couleur manque ou est abîmé",
    )
    yield (
        {k: v for k, v in good.items() if k != "summary"},
        "its summary (position, move number, result) is missing or damaged",
        "son résumé (position, numéro du coup, résultat) manque ou est abîmé",
    )
    yield (
        {**good, "updated": 10**30},
        "the dates it was started and last played are missing or wrong",
        "ses dates de début et de dernier coup manquent ou sont fausses",
    )
    yield (
        {**good, "stamp": None},
        "the mark of its last save is missing or damaged",
        "la marque de son dernier enregistrement manque ou est abîmée",
    )


@pytest.mark.parametrize(("data", "english", "french"), list(misshapen_entries()))
def test_a_damaged_entry_says_what_is_wrong_in_a_sentence(
    clock: Clock, data: dict[str, object], english: str, french: str
) -> None:
    for lang, reason in (("en", english), ("fr", french)):
        store = MemoryStore()
        store.data[GAME_PREFIX + "e"] = json.dumps(data)
        ctrl, keeper = device(store, clock, lang=lang)
        keeper.launch(None, {}, code=False, error=False)
        (text,) = texts(keeper)
        opening = "A saved game could not be read" if lang == "en" else "Une partie enregistrée"
        assert text.startswith(opening) and f"({reason})" in text


@pytest.mark.parametrize(("name", "data"), list(hostile_entries()))
def test_no_damaged_entry_names_a_bare_field(clock: Clock, name: str, data: object) -> None:
    for lang in ("en", "fr"):
        store = MemoryStore()
        store.data[GAME_PREFIX + "e"] = json.dumps(data)
        ctrl, keeper = device(store, clock, lang=lang)
        keeper.launch(None, {}, code=False, error=False)
        reason = re.search(r"\((.*?)\)\.", texts(keeper)[0])
        assert reason is not None and " " in reason.group(1), (name, lang)


def test_every_reason_a_part_of_an_entry_is_wrong_exists_in_both_languages() -> None:
    for key in {*FIELD_REASONS.values(), "shelf.why.shape"}:
        assert key in i18n.EN and key in i18n.FR


# ----- one move restored: a sentence of its own ---------------------------------------------


def one_good_move() -> str:
    """An old autosave whose second move is not legal: only move 1 can be restored."""
    record = json.loads(legacy_save(played(4)))
    record["record"]["moves"][1] = "a1-j10"
    return json.dumps(record)


@pytest.mark.parametrize(
    ("lang", "told", "label", "done"),
    [
        ("en", "Move 1 can be restored; move 2 (a1-j10) is not legal.", "Restore move 1",
         "Move 1 restored."),
        ("fr", "Le coup 1 peut être restauré ; le coup 2 (a1-j10) n’est pas permis.",
         "Restaurer le coup 1", "Coup 1 restauré."),
    ],
)  # fmt: skip
def test_one_restorable_move_is_told_in_the_singular(
    clock: Clock, lang: str, told: str, label: str, done: str
) -> None:
    store = MemoryStore()
    store.data[LEGACY_KEY] = one_good_move()
    ctrl, keeper = device(store, clock, lang=lang)
    keeper.launch(None, {}, code=False, error=False)
    (message,) = keeper.shown()
    assert plain(message.text(ctrl)).endswith(told) and "1–1" not in message.text(ctrl)
    html = shelf_panel.messages_html(keeper)
    assert f">{label}</button>" in html and "1–1" not in html and "1 à 1" not in html
    repair = message.actions[0]
    assert keeper.act(repair.name, repair.arg) == "changed"
    assert ctrl.notice is not None and ctrl.notice.text == done
    assert len(ctrl.game.moves) == 1


@pytest.mark.parametrize(
    ("lang", "told"),
    [("en", "Its one move can be restored."), ("fr", "Son unique coup peut être restauré.")],
)
def test_a_whole_record_of_one_move_is_told_in_the_singular(
    clock: Clock, lang: str, told: str
) -> None:
    good = json.loads(entry_of(played(1), "e", 1).to_text())
    store = MemoryStore()
    store.data[GAME_PREFIX + "e"] = json.dumps({**good, "stamp": None})
    ctrl, keeper = device(store, clock, lang=lang)
    keeper.launch(None, {}, code=False, error=False)
    (text,) = texts(keeper)
    assert text.endswith(told)


# ----- pictures in "Your games" ---------------------------------------------------------------


def pictured_dice(svg: str) -> dict[tuple[int, int], tuple[str, int]]:
    """The dice a picture draws: the origin of each square that holds one → (colour, value)."""
    dice = {}
    for chunk in svg.split('<g class="sq')[1:]:
        place = re.search(r'transform="translate\((\d+) (\d+)\)"', chunk)
        die = re.search(r'data-colour="(\w)" data-value="(\d)"', chunk)
        if place and die:
            dice[int(place.group(1)), int(place.group(2))] = (die.group(1), int(die.group(2)))
    return dice


def test_each_saved_game_has_a_picture_of_its_position(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    keeper.launch(Game.from_position("r3c3,y2d4 r ry L2"), {}, code=False, error=False)
    keeper.launch(finished_game(), {}, code=True, error=False)
    keeper.launch(Game.from_position("r5c3,y4e5,b2b6 b rby L2"), {}, code=False, error=False)
    assert keeper.shelf is not None
    html = shelf_panel.games_html(keeper, str, pictures=True)
    rows = html.split("<li ")[1:]
    assert len(rows) == len(keeper.shelf.recent()) == 3
    for row, entry in zip(rows, keeper.shelf.recent(), strict=True):
        assert f'data-position="{entry.position}"' in row
        (picture,) = re.findall(r'<span class="saved-picture" aria-hidden="true">.*?</svg>', row)
        bottom = re.search(r'data-bottom="(\w)"', picture)
        assert bottom is not None
        spec = parse_position(entry.position)
        expected = {square_origin(sq, bottom.group(1)): die for sq, die in spec.pieces.items()}
        assert pictured_dice(picture) == expected
    # The page's board stays the only one its selectors find.
    assert html.count('<svg class="saved-board"') == 3
    for hook in ('class="board"', "data-square=", "data-die="):
        assert hook not in html
    assert "<svg" not in shelf_panel.games_html(keeper, str)  # the list closed: no pictures


def test_a_picture_is_seen_from_the_side_this_device_plays(clock: Clock) -> None:
    store = MemoryStore()
    ctrl, keeper = device(store, clock)
    source = Game.from_position("r3c3,y2d4 r ry L2")
    source.play("c3-b4")  # yellow to move: a link by correspondence hands yellow the turn
    keeper.launch(Game.from_record(source.record()), {}, code=True, error=False)
    html = shelf_panel.games_html(keeper, str, pictures=True)
    assert 'data-bottom="y"' in html


def test_a_position_that_cannot_be_drawn_leaves_the_entry_without_a_picture(
    clock: Clock,
) -> None:
    store = MemoryStore()
    entry = entry_of(played(2), "odd", 1, position="not a position")
    store.data[GAME_PREFIX + "odd"] = entry.to_text()
    ctrl, keeper = device(store, clock)
    keeper.launch(None, {}, code=False, error=False)
    html = shelf_panel.games_html(keeper, str, pictures=True)
    assert html.count("data-saved-game=") == 1 and "<svg" not in html
