"""The end of a game (derive.web.table.ending): the result line and the rematch."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from derive import Game
from derive.rulesets import Seating
from derive.web.table import ending, manners, panel
from derive.web.table.controller import HUMAN, Setup
from tests.web_helpers import table


def finished(position: str, move: str, **options: int) -> Game:
    game = Game.from_position(position, seed=3, **options)
    game.play(move)
    assert game.is_over, (position, move)
    return game


@pytest.mark.parametrize(
    ("position", "move", "options", "en", "fr"),
    [
        (
            "r3d10,r2e9,r1g7,y1a3 r ry L2",
            "g7-f8",
            {},
            "Red wins — chain anchored",
            "Rouge gagne — chaîne ancrée",
        ),
        (
            "r1c9,y1f2 r ry L1",
            "c9-d10",
            {},
            "Red wins — a die reached the opposite rive",
            "Rouge gagne — un dé a atteint la rive opposée",
        ),
        (
            "r1c9 r ry/bg L1",
            "c9-d10",
            {},
            "Red + Yellow win — a die reached the opposite rive",
            "Rouge + Jaune gagnent — un dé a atteint la rive opposée",
        ),
        (
            "r1c3,y1f8 r ry L1",
            "c3-d4",
            {"max_plies": 1},
            "Draw — move limit reached",
            "Partie nulle — limite de coups atteinte",
        ),
    ],
)
def test_the_result_line_says_who_won_and_how(
    position: str, move: str, options: dict[str, int], en: str, fr: str
) -> None:
    game = finished(position, move, **options)
    assert ending.result_line(game, "en") == en
    assert ending.result_line(game, "fr") == fr


def test_resignations_and_agreed_draws_have_their_line_too() -> None:
    ctrl = table("r1c1 y ry L2")
    assert ending.result_line(ctrl.game, "en") is None
    assert ending.result_html(ctrl.game, "en") == ""
    manners.ask(ctrl, "resign")
    manners.answer(ctrl, True)
    assert ending.result_line(ctrl.game, "en") == "Red wins — Yellow resigned"
    assert ending.result_line(ctrl.game, "fr") == "Rouge gagne — Jaune abandonne"
    teams = Game.from_position("r1c1 r ry/bg L2", seed=1)
    teams.resign("b")
    assert ending.result_line(teams, "en") == "Red + Yellow win — Blue + Green resigned"
    assert ending.result_line(teams, "fr") == "Rouge + Jaune gagnent — Bleu + Vert abandonnent"
    drawn = Game.from_position("r1c1 r ry L2", seed=1)
    drawn.agree_draw()
    assert ending.result_line(drawn, "en") == "Draw — agreed by the players"
    assert ending.result_line(drawn, "fr") == "Partie nulle — d’un commun accord"


def test_the_move_list_ends_with_the_result() -> None:
    ctrl = table("r1c9,y1f2 r ry L1", lang="fr")
    assert 'class="result"' not in panel.moves_html(ctrl)
    ctrl.play("c9-d10")
    root = ET.fromstring(f"<root>{panel.moves_html(ctrl)}</root>")
    last = list(root)[-1]
    assert last.tag == "p" and last.get("class") == "result"
    assert last.get("data-termination") == "goal" and last.get("data-winner") == "r"
    assert last.text == "Rouge gagne — un dé a atteint la rive opposée"
    # still there while an earlier position is looked at
    ctrl.view(0)
    assert "Rouge gagne" in panel.moves_html(ctrl)


@pytest.mark.parametrize(
    ("seating", "seats", "rematch"),
    [
        # two players exchange colours
        ("ry", {"r": HUMAN, "y": "easy"}, {"r": "easy", "y": HUMAN}),
        ("bg", {"b": "hard", "g": HUMAN}, {"b": HUMAN, "g": "hard"}),
        # three or four: everyone takes the next colour in turn order (r b y g)
        ("rby", {"r": HUMAN, "b": "easy", "y": "hard"}, {"r": "hard", "b": HUMAN, "y": "easy"}),
        (
            "rbyg",
            {"r": HUMAN, "b": "easy", "y": "medium", "g": "hard"},
            {"r": "hard", "b": HUMAN, "y": "easy", "g": "medium"},
        ),
    ],
)
def test_a_rematch_moves_every_player_round(
    seating: str, seats: dict[str, str], rematch: dict[str, str]
) -> None:
    moved = ending.rematch_seats(Seating.parse(seating), seats)
    assert moved == rematch and list(moved) == list(rematch)
    # as many rematches as players: everyone is back where they started
    for _ in range(len(seats) - 1):
        moved = ending.rematch_seats(Seating.parse(seating), moved)
    assert moved == seats


@pytest.mark.parametrize("pairing", ["ry/bg", "rb/yg", "rg/by"])
def test_in_a_team_rematch_the_teams_exchange_colours_and_partners_stay(pairing: str) -> None:
    seating = Seating.parse(pairing)
    players = dict(zip("rbyg", ("ann", "bob", "cat", "dan"), strict=True))
    moved = ending.rematch_seats(seating, players)
    assert sorted(moved.values()) == sorted(players.values())
    for team in seating.teams or ():
        other = next(t for t in seating.teams or () if t != team)
        # the team's two players now hold the other team's two colours
        assert {moved[c] for c in other} == {players[c] for c in team}


def test_rematch_keeps_the_rules_and_the_start_and_turns_the_board() -> None:
    ctrl = table("r1c9,y1f2 r ry L1", {"y": "easy"})
    ctrl.setup = Setup("L1", {"r": HUMAN, "y": "easy"}, None, "r")
    ctrl.play("c9-d10")
    assert ctrl.game.is_over and ctrl.bottom == "r"
    ctrl.rematch()
    assert not ctrl.game.is_over and ctrl.game.ply == 0
    assert ctrl.game.rules.id == "L1" and str(ctrl.game.seating) == "ry"
    assert ctrl.seats == {"r": "easy", "y": HUMAN}
    # red still starts: now the computer, so the start changes hands too
    assert ctrl.game.to_move == "r" and ctrl.ai_to_move()
    assert ctrl.bottom == "y"  # the person's new colour is drawn at the bottom
    assert ctrl.setup == Setup("L1", {"r": "easy", "y": HUMAN}, None, "r")


def test_a_team_rematch_stays_a_team_game_and_rolls_when_the_roll_chose() -> None:
    ctrl = table("r1c9 r rb/yg L1")
    ctrl.play("c9-d10")
    ctrl.rematch()
    assert str(ctrl.game.seating) == "rb/yg" and ctrl.game.start_roll
    assert ctrl.seats == dict.fromkeys("rbyg", HUMAN)
