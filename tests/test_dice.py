"""R29 fair dice: in live play nobody chooses a roll; undoing, reopening a link or a
position brings the same dice; a record whose re-roll results its seed does not give
is refused, while a transcription without a seed loads as written."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from derive import ChosenRoll, Game, IllegalMove, RecordError
from derive.web.table import share
from tests.helpers import game_at, snapshot


def rerolled_game() -> Game:
    """An L2 game from a start roll with several re-rolls, played with the dice."""
    game = Game.new("ry", "L2", seed=4)
    while game.ply < 40 and not game.is_over:
        moves = game.legal_moves()
        game.play(moves[(game.ply * 7) % len(moves)], live=True)
    assert sum("?" in str(m) for m in game.moves) >= 3
    return game


def rerolls(record: dict[str, Any]) -> list[int]:
    return [i for i, m in enumerate(record["moves"]) if "?" in m]


# ----- live play ---------------------------------------------------------------------


@pytest.mark.parametrize("result", range(1, 7))
def test_live_play_refuses_any_chosen_result(result: int) -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    before = snapshot(game)
    with pytest.raises(ChosenRoll, match=r"rolled, not chosen: play c3\?$"):
        game.play(f"c3?{result}", live=True)
    assert snapshot(game) == before  # the refusal is the same whatever the dice hold
    assert not game.is_legal(f"c3?{result}", live=True)
    assert game.is_legal("c3?", live=True) and game.is_legal(f"c3?{result}")


def test_live_play_checks_legality_first() -> None:
    game = game_at("r3c3,y2f10 r ry L3")
    with pytest.raises(IllegalMove) as caught:
        game.play("d4?5", live=True)
    assert not isinstance(caught.value, ChosenRoll)


def test_live_reroll_and_a_redo_are_the_dice() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    first = game.play("c3?", live=True)
    game.undo()
    assert game.play("c3?", live=True) == first  # undo cannot fish (R21)
    game.undo()
    game.redo()
    assert game.moves == [first] and game.transcribed == 0


def test_a_reroll_after_undo_on_another_die_gets_the_same_roll() -> None:
    game = game_at("r3c3,r2e3,y2f10 r ry L3", seed=8)
    first = game.play("c3?")
    game.undo()
    assert game.play("e3?").value == first.value  # the next roll, whoever takes it


# ----- the same link, the same position, the same dice --------------------------------


def test_reopening_a_code_rolls_the_same() -> None:
    code = share.encode(rerolled_game())
    one, two = share.decode(code), share.decode(code)
    for game in (one, two):
        game.play(next(m for m in game.legal_moves() if m.kind == "reroll"))
    assert one.moves[-1] == two.moves[-1]


def test_a_position_without_a_seed_always_rolls_the_same() -> None:
    a = Game.from_position("r3c3,y2f10 r ry L3")
    b = Game.from_position("  y2f10,r3c3   r yr L3 ")  # the same position, respelled
    assert a.seed == b.seed
    assert a.play("c3?") == b.play("c3?")
    assert Game.from_position("r3c3,y2f10 y ry L3").seed != a.seed


def test_new_games_without_a_seed_have_new_dice() -> None:
    assert len({Game.new("ry", "L2").seed for _ in range(8)}) > 1


# ----- records -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(st.data())
def test_a_changed_reroll_result_is_refused(data: st.DataObject) -> None:
    record = rerolled_game().record()
    index = data.draw(st.sampled_from(rerolls(record)))
    move = record["moves"][index]
    rolled = int(move[-1])
    other = data.draw(st.integers(min_value=1, max_value=6).filter(lambda v: v != rolled))
    record["moves"][index] = f"{move[:-1]}{other}"
    record.pop("result")
    with pytest.raises(RecordError) as caught:
        Game.from_record(record)
    assert str(caught.value) == (
        f"move {index + 1} ({move[:-1]}{other}): this game's dice did not roll {other} "
        "(its seed decides every re-roll)"
    )


def test_a_changed_seed_is_refused() -> None:
    record = rerolled_game().record()
    record["setup"]["seed"] += 1
    with pytest.raises(RecordError, match="start roll does not match the seed|did not roll"):
        Game.from_record(record)


def test_a_record_without_a_seed_is_a_transcription() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=8)
    game.play("c3?6")
    game.play("f10?1")
    record = game.record()
    del record["setup"]["seed"], record["setup"]["transcribed"]
    loaded = Game.from_record(record)
    assert [str(m) for m in loaded.moves] == ["c3?6", "f10?1"]
    assert loaded.transcribed in (1, 2)  # up to the last result its new dice would not give
    again = Game.from_record(copy.deepcopy(record))
    assert again.seed == loaded.seed  # the same transcription, the same dice from here
    assert again.play("c3?") == loaded.play("c3?")
    # saved again, it carries the seed and how far it is transcribed, and loads as is
    resaved = Game.from_record(loaded.record())
    assert resaved.moves == loaded.moves and resaved.transcribed == loaded.transcribed


def test_a_text_without_a_seed_loads() -> None:
    text = '[Format "derive-record 1"]\n[Position "r3c3,y2f10 r ry L3"]\n\nc3?6 f10?6 c3?6\n'
    game = Game.from_text(text)
    assert str(game.moves[-1]) == "c3?6"
    assert game.piece_at("c3") == ("r", 6)


def test_results_written_outside_live_play_are_kept_as_a_transcription() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=21)
    game.play("c3?")
    drawn = game.moves[-1].value
    game.play(f"f10?{drawn % 6 + 1}")  # a result these dice did not give (a replay, a test)
    game.play("c3?")
    assert game.transcribed == 2
    record = game.record()
    assert record["setup"]["transcribed"] == 2
    assert Game.from_record(record).moves == game.moves
    assert Game.from_text(game.to_text()).transcribed == 2
    # the re-roll after the transcribed part is checked
    record["moves"][2] = "c3?" + str(game.moves[2].value % 6 + 1)
    record.pop("result")
    with pytest.raises(RecordError, match="move 3 .*did not roll"):
        Game.from_record(record)


def test_taking_back_transcribed_moves_ends_the_transcription() -> None:
    game = game_at("r3c3,y2f10 r ry L3", seed=21)
    game.play("c3?")
    game.play("f10+")
    forced = next(v for v in range(1, 7) if game.copy().play("c3?").value != v)
    game.play(f"c3?{forced}")
    assert game.transcribed == 3
    game.undo()
    assert game.transcribed == 0 and game.can_redo()
    game.redo()
    assert game.transcribed == 3
    game.undo()
    game.play("c3?", live=True)
    assert game.transcribed == 0
    assert Game.from_record(game.record()).moves == game.moves
