"""R5 seating, turn order and the start roll; R6 teams."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from derive import COLOURS, Game, Seating

# ----- R5 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "colours", ["".join(c) for n in (2, 3, 4) for c in combinations(COLOURS, n)]
)
def test_r5_any_two_to_four_colours_may_play(colours: str) -> None:
    game = Game.new(colours, "L2", seed=1, start=colours[-1])
    assert game.seating.colours == colours
    assert game.turn_order() == [colours[-1], *colours[:-1]]


def test_r5_turns_go_clockwise_skipping_absent_colours() -> None:
    game = Game.new("gyb", "L2", seed=1, start="g")
    assert str(game.seating) == "byg"
    seen = []
    for _ in range(6):
        seen.append(game.to_move)
        game.play(str(game.legal_moves()[0]))
    assert "".join(seen) == "gbygby"


def expected_start(seed: int, colours: str) -> tuple[list[dict[str, int]], str]:
    """R5 done by hand with the same dice: highest starts, ties re-roll."""
    dice = random.Random(seed)
    rolls: list[dict[str, int]] = []
    tied = list(colours)
    while len(tied) > 1:
        roll = {c: dice.randint(1, 6) for c in tied}
        rolls.append(roll)
        tied = [c for c in tied if roll[c] == max(roll.values())]
    return rolls, tied[0]


@pytest.mark.parametrize("colours", ["ry", "rby", "rbyg", "ry/bg"])
def test_r5_start_roll_highest_starts_ties_reroll(colours: str) -> None:
    seats = Seating.parse(colours).colours
    ties = 0
    for seed in range(40):
        game = Game.new(colours, "L3", seed=seed)
        rolls, first = expected_start(seed, seats)
        assert game.start_roll == rolls
        assert game.to_move == first
        assert set(rolls[0]) == set(seats)
        for before, after in zip(rolls, rolls[1:], strict=False):
            best = max(before.values())
            assert set(after) == {c for c, v in before.items() if v == best}
        last = rolls[-1]
        assert list(last.values()).count(max(last.values())) == 1
        ties += len(rolls) > 1
    assert ties > 0, "no tie in 40 seeds: the re-roll path went untested"


def test_r5_start_roll_is_recorded() -> None:
    seed = next(s for s in range(100) if len(Game.new("rbyg", "L2", seed=s).start_roll) > 1)
    game = Game.new("rbyg", "L2", seed=seed)
    record = game.record()
    assert record["setup"]["start_roll"] == game.start_roll
    assert Game.from_record(record).to_move == game.to_move
    text = game.to_text()
    assert "[StartRoll" in text
    assert Game.from_text(text).start_roll == game.start_roll


def test_r5_explicit_start() -> None:
    game = Game.new("rbyg", "L3", seed=1, start="y")
    assert game.to_move == "y" and game.start_roll == []
    assert game.turn_order() == ["y", "g", "r", "b"]
    with pytest.raises(ValueError, match="'b' is not a seated colour"):
        Game.new("ry", "L3", start="b")
    # a position names the colour to move
    assert Game.from_position("- g rg L2").to_move == "g"


def test_r5_same_seed_same_start() -> None:
    a = Game.new("rbyg", "L3", seed=77)
    b = Game.new("rbyg", "L3", seed=77)
    assert (a.start_roll, a.to_move) == (b.start_roll, b.to_move)


# ----- R6 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "teams"),
    [("ry/bg", ("ry", "bg")), ("rb/yg", ("rb", "yg")), ("rg/by", ("rg", "by"))],
)
def test_r6_every_split_into_two_pairs(text: str, teams: tuple[str, str]) -> None:
    seating = Seating.parse(text)
    assert seating.colours == "rbyg" and seating.teams == teams
    game = Game.new(text, "L3", seed=1, start="r")
    for a in COLOURS:
        for b in COLOURS:
            partners = any(a in t and b in t for t in teams)
            assert game.is_adversary(a, b) == (a != b and not partners)
        assert seating.team_of(a) == next(t for t in teams if a in t)


def test_r6_team_order_and_spelling_are_canonical() -> None:
    assert str(Seating.parse("gb/yr")) == "ry/bg"
    assert str(Seating.parse("yg/br")) == "rb/yg"
    assert Seating.parse("ry/bg").describe() == "red + yellow vs blue + green"


def test_r6_without_teams_everyone_is_an_adversary() -> None:
    game = Game.new("rbyg", "L3", seed=1, start="r")
    assert all(game.is_adversary(a, b) == (a != b) for a in COLOURS for b in COLOURS)
    assert Seating.parse("ry").team_of("y") == "y"


@pytest.mark.parametrize("text", ["ry/b", "r/y", "ry/bg/", "rby/g", "rr/bg", "ry/bx", "/"])
def test_r6_team_game_is_two_pairs_of_all_four(text: str) -> None:
    with pytest.raises(ValueError, match="seating"):
        Seating.parse(text)
