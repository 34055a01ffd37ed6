"""The review's state against the real analysis, and the worker's review exports."""

from __future__ import annotations

import json

import pytest

from derive.ai.review import Analysis, Review, positions_of
from derive.game import Game
from derive.web.play import worker
from derive.web.review.driver import ReviewState, budget_from, problem, wanted
from derive.web.review.graph import graph_svg
from derive.web.review.panel import Judged, line_words, mistakes_html
from derive.web.table import drills
from derive.web.words import engine_fr
from tests.helpers import IN_THREE, random_game
from tests.web_helpers import html_text


def _game(plies: int, seed: int = 7) -> Game:
    game = random_game(plies, seed)
    return game


def test_url() -> None:
    assert wanted({"review": ["1"]}) and not wanted({}) and not wanted({"review": ["no"]})
    assert budget_from({}) == budget_from({"budget": ["x"]}) == budget_from({"budget": ["1", "2"]})
    assert budget_from({"budget": ["3"]}) == 20
    assert budget_from({"budget": ["60"]}) == 60


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ({"review": ["-1"]}, "review"),
        ({"review": ["1", "1"]}, "review"),
        ({"budget": ["-1"]}, "budget"),
        ({"budget": ["1e999"]}, "budget"),
        ({"budget": ["3"]}, "budget"),
        ({"budget": ["9" * 9]}, "budget"),
        ({"review": ["1"], "budget": ["x"]}, "budget"),
    ],
)
def test_a_review_parameter_that_is_not_used_is_named(
    query: dict[str, list[str]], name: str
) -> None:
    """Before, each was ignored without a word."""
    found = problem(query)
    assert found is not None and found.name == name
    assert engine_fr.untranslated(found.reason) == [], found.reason


def test_a_review_link_that_is_right_says_nothing() -> None:
    for query in ({}, {"review": ["1"]}, {"review": ["1"], "budget": ["600"]}):
        assert problem(query) is None


def test_the_worker_reviews_in_slices_and_the_state_draws_every_ply() -> None:
    game = _game(12)
    review = worker.review_start(json.dumps(game.record()), 30)
    state = ReviewState(game)
    answers = 0
    while not state.done:
        state.take(worker.review_step(review, 0.0))
        answers += 1
        assert [p.ply for p in state.points()] == list(range(len(state.plies)))
    assert answers > 1  # one position per slice of no time: really in slices
    assert len(state.points()) == len(game.moves) + 1
    svg = graph_svg(state.points(), state.sides, total=state.total)
    assert svg.count("data-ply=") == len(game.moves) + 1 and 'data-review="done"' in svg
    assert [j.ply for j in state.judged()] == list(range(1, len(game.moves) + 1))
    assert worker.review_step(review, 0.1) == {"error": f"no review {review}"}


def test_a_review_resumes_from_what_it_had() -> None:
    game = _game(6, seed=3)
    record = json.dumps(game.record())
    first = worker.review_start(record, 25)
    state = ReviewState(game)
    partial = worker.review_step(first, 0.0)
    state.take(partial)
    assert not partial["done"] and partial["start"] == 0 and state.plies == partial["plies"]
    prior = json.dumps(Analysis(25, state.plies).to_data())
    again = worker.review_start(record, 25, prior)
    rest = worker.review_step(again, 60.0)
    # Only what the page did not have: it keeps the plies before and adds these.
    assert rest["done"] and rest["start"] == len(partial["plies"])
    state.take(rest)
    assert state.done and state.plies == Review(game, 25).finish().plies


def test_another_games_analysis_is_refused() -> None:
    game, other = _game(8, seed=1), _game(8, seed=2)
    review = worker.review_start(json.dumps(other.record()), 20)
    answer = worker.review_step(review, 60.0)
    with pytest.raises(ValueError, match="another"):
        ReviewState(game).take(answer)


def test_stepping_stays_inside_the_game() -> None:
    state = ReviewState(_game(5))
    state.step(-1)
    assert state.shown == 0
    state.show(99)
    assert state.shown == 5


def test_the_summary_counts_exactly_what_the_list_shows() -> None:
    from derive.web.review.panel import counts, mistakes_html, summary_html

    for seed in (3, 11):
        game = _game(40, seed=seed)
        state = ReviewState(game)
        state.take({"analysis": Review(game, 60).finish().to_data(), "done": True})
        judged = state.judged()
        summary = Analysis(1, state.plies).summary()
        listed = mistakes_html("en", judged)
        for side in state.sides:
            found = counts(judged, side)
            assert found == {k: v for k, v in summary[side].items() if k != "turning_point"}
            name = {"r": "Red", "y": "Yellow"}[side]
            assert listed.count(f", {name}: ") == sum(
                1 for j in judged if j.mover == side and j.listed
            )
            ply = summary[side]["turning_point"]
            html = summary_html("en", state.sides, judged, state.turning())
            if ply is None:
                assert f"<strong>{name}</strong>" in html
            else:
                # Named as a listed move, by its number, in words.
                assert f'data-review-ply="{ply}"' in listed
                row = html_text(html.split(f"<strong>{name}</strong>")[1].split("</li>")[0])
                # a tap shows it (the number a button within the words)
                assert f'class="review-ref" data-review-ply="{ply}"' in html
                # Said once: by itself, or in the sentence naming it the costliest.
                assert (
                    f"Turning point: move {ply}, a" in row
                    or f"at move {ply}: " in row
                    and ", the turning point: a" in row
                ) and row.count(f"move {ply}") == 1, row
        for entry in judged:
            assert entry.before == state.plies[entry.ply - 1]["chances"][entry.mover]


def test_the_graph_is_drawn_for_the_only_person_at_the_table() -> None:
    state = ReviewState(_game(4))
    assert state.viewer(["y"]) == "y"
    assert state.viewer(["r", "y"]) is None  # two people: neither's in particular
    assert state.viewer([]) is None
    assert [p.move for p in state.points()] == []
    state.take({"analysis": Review(state.game, 20).finish().to_data(), "done": True})
    assert [p.move for p in state.points()] == [None] + [str(m) for m in state.game.moves]


def test_a_move_looked_at_again_names_the_second_passs_better_move() -> None:
    game = Game.from_position(
        "r1a1,y3c1,r1g1,r2b2,y2d2,y1b4,r3e5,r3h6,r2h8,y3j8,y5b10,y1f10,y1h10 r ry L2"
    )
    for move in ("e5+", "b4-c3"):
        game.play(move)
    state = ReviewState(game)
    state.take({"analysis": Review(game).finish().to_data(), "done": True})
    state.show(1)
    assert state.better_shown() == "b2-c3"
    (red,) = [j for j in state.judged() if j.judgement]
    assert red.best == "b2-c3" and red.judgement == "blunder"  # a win let through


def test_an_older_analysis_still_says_what_the_better_move_does() -> None:
    game = Game.from_position(
        "r1a1,y3c1,r1g1,r2b2,y2d2,y1b4,r3e5,r3h6,r2h8,y3j8,y5b10,y1f10,y1h10 r ry L2"
    )
    for move in ("e5+", "b4-c3"):
        game.play(move)
    data = Review(game).finish().to_data()
    for entry in data["plies"]:
        if entry.get("reason"):
            entry["reason"] = {"code": "better", "move": entry.get("better")}  # as kept before
    state = ReviewState(game)
    state.take({"analysis": data, "done": True})
    (red,) = [j for j in state.judged() if j.judgement]
    assert red.reason is not None and red.reason["does"][0] == {
        "fact": "step",
        "from": "b2",
        "to": "c3",
        "rows": 1,
    }
    assert line_words("en", red).endswith(
        "Better: b2-c3. It steps from b2 to c3, 1 row nearer the goal rive and stops Yellow"
        " from winning next turn, though the die can then be taken."
    )


def test_a_player_s_mistakes_become_the_puzzle_board_s_drill() -> None:
    start = "r1a1,y3c1,r1g1,r2b2,y2d2,y1b4,r3e5,r3h6,r2h8,y3j8,y5b10,y1f10,y1h10 r ry L2"
    game = Game.from_position(start)
    for move in ("e5+", "b4-c3"):
        game.play(move)
    state = ReviewState(game)
    state.take({"analysis": Review(game).finish().to_data(), "done": True})
    (drill,) = state.drills(["r"])
    assert drill == drills.Drill(Game.from_position(start).to_position(), "b2-c3", "e5+", 1)
    assert state.drills(["y"]) == []  # only the people's own moves
    (back,) = drills.decode(drills.encode([drill]))
    assert back == drill
    html = mistakes_html("fr", state.judged(), learn=drills.link([drill], "fr"))
    assert 'href="enigmes.html?mistakes=' in html and "Apprendre de ses erreurs" in html


def test_a_fault_repeated_on_the_next_turn_is_not_the_same_drill_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _game(12)
    state = ReviewState(game)
    movers = [game.seating.team_of(here.to_move) for here in positions_of(game)]
    lets = {"code": "allows_forced_win", "move": "a1-b2", "colour": movers[2]}
    marked = [
        Judged(ply, movers[ply - 1], str(game.moves[ply - 1]), "blunder", "c3-d4", lets)
        for ply in (3, 5, 7)
    ]
    monkeypatch.setattr(state, "judged", lambda: marked)
    assert [d.ply for d in state.drills([movers[2]])] == [3]
    marked[2] = Judged(7, movers[6], str(game.moves[6]), "blunder", "c3-d4", {**lets, "move": "x"})
    assert [d.ply for d in state.drills([movers[2]])] == [3, 7]


def test_a_move_that_let_a_win_in_three_through_becomes_a_drill_with_the_winning_reply() -> None:
    start, *moves = IN_THREE
    game = Game.from_position(start)
    for move in moves:
        game.play(move)
    state = ReviewState(game)
    analysis = Review(game, deep=0, rollouts=0, like=False).finish()
    state.take({"analysis": analysis.to_data(), "done": True})
    drill = next(d for d in state.drills(["y"]) if d.ply == 1)
    assert drill.played == "f10-e9" and drill.forcing == "i7xh8"
    assert drills.decode(drills.encode([drill])) == (drill,)


def test_the_winner_gets_no_turning_point_and_the_loser_keeps_its_own() -> None:
    from derive.web.review.panel import summary_html

    game = _game(40, seed=3)
    unfinished = ReviewState(game)
    analysis = Review(game, 60).finish().to_data()
    unfinished.take({"analysis": analysis, "done": True})
    points = unfinished.turning()
    assert points["r"] is not None and points["y"] is not None  # both sides cost something
    game.resign("y")
    state = ReviewState(game)
    state.take({"analysis": Review(game, 60).finish().to_data(), "done": True})
    assert state.turning() == {"r": None, "y": points["y"]}
    html = summary_html("en", state.sides, state.judged(), state.turning())
    red, yellow = (
        html_text(html.split(f'data-colour="{side}"')[1].split("</li>")[0]) for side in "ry"
    )
    assert "urning point" not in red
    assert f"Turning point: move {points['y']}," in yellow or (
        f"at move {points['y']}: " in yellow and "the turning point: a" in yellow
    )
