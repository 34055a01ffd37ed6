"""A small arena run (the full one is a benchmark: python -m derive.arena)."""

from __future__ import annotations

import pytest

from derive.arena import Player, Task, first_seats, main, ratings, run, tally, tasks_for
from derive.rulesets import Seating


def test_players_parse_levels_budgets_and_overrides() -> None:
    p = Player.parse("hard:nodes=500,w.threat=2,many=maxn,depth=3")
    assert (p.level.name, p.max_nodes, p.max_time) == ("hard", 500, None)
    assert (p.weights.threat, p.level.many, p.level.max_depth) == (2.0, "maxn", 3)
    assert Player.parse("easy:time=0.1").max_time == 0.1
    assert Player.parse("hard:reduce=3,quiescence=1").level.reduce == 3
    for bad in (
        "genius",
        "hard:colour=red",
        "hard:w.nothing=1",
        "hard:nodes",
        "hard:reduce=x",
        "hard:reduce=-1",
        "hard:depth=0",
        "hard:nodes=-5",
        "hard:time=0",
        "hard:time=soon",
        "hard:w.threat=nan",
    ):
        with pytest.raises(ValueError):
            Player.parse(bad)


def test_seats_alternate() -> None:
    assert [first_seats(Seating.parse("ry"), i) for i in range(3)] == ["r", "y", "r"]
    assert [first_seats(Seating.parse("ry/bg"), i) for i in range(2)] == ["ry", "bg"]
    assert [first_seats(Seating.parse("rbyg"), i) for i in range(5)] == list("rbygr")


def test_small_match_is_reproducible_and_tallied() -> None:
    tasks = tasks_for(
        ["random", "easy:nodes=40"],
        rules="L1",
        seats="ry",
        games=4,
        seed=3,
        max_plies=60,
        ladder=True,
    )
    first = run(tasks, jobs=1)
    again = run(tasks, jobs=1)
    assert [(r.score, r.plies) for r in first] == [(r.score, r.plies) for r in again]
    (t,) = tally(first)
    assert (t.first, t.second, t.games) == ("easy:nodes=40", "random", 4)
    assert t.wins + t.draws + t.losses == 4
    low, high = t.interval()
    assert 0.0 <= low <= t.score <= high <= 1.0
    elo = ratings([t], "random")
    assert elo["random"] == 0.0
    assert (elo["easy:nodes=40"] > 0) == (t.score > 0.5)


def test_a_run_split_in_two_plays_the_same_games() -> None:
    def games(count: int, first_game: int = 0) -> list[Task]:
        return tasks_for(
            ["random", "easy:nodes=40"],
            rules="L1",
            seats="ry",
            games=count,
            seed=3,
            max_plies=60,
            ladder=True,
            first_game=first_game,
        )

    halves = games(2), games(2, first_game=2)
    assert [t.index for t in halves[1]] == [2, 3]
    split = run(halves[0], jobs=1) + run(halves[1], jobs=1)
    whole = run(games(4), jobs=1)
    assert [(r.score, r.plies) for r in split] == [(r.score, r.plies) for r in whole]


def test_command_line_prints_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "random",
            "easy:nodes=30",
            "--rules",
            "L1",
            "--seats",
            "rbyg",
            "--games",
            "2",
            "--plies",
            "40",
            "--jobs",
            "1",
            "--quiet",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "| easy:nodes=30 | random | 2 |" in out
    assert "| player | Elo (anchor 0) |" in out
    assert main(["genius"]) == 2
    assert main(["random", "easy", "--first", "-1"]) == 2
