"""A review's analysis kept with its saved game (issue 26): written with the entry,
carried over moves played and undone, read back checked against the game, dropped with
a message when damaged or another game's, refused cleanly when there is no room (the game
and every other game kept), exported in the game's file and imported back."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from derive.ai.review import Analysis, Review
from derive.game import Game
from derive.web.shelf import kept
from derive.web.shelf import panel as shelf_panel
from derive.web.shelf.keeper import Download, Keeper, SimpleTab
from derive.web.shelf.saved import (
    GAME_PREFIX,
    MAX_ENTRY_CHARS,
    Entry,
    MemoryStore,
    Shelf,
    parse_entry,
)
from derive.web.table import share
from derive.web.table.controller import Controller
from tests.helpers import random_game

BUDGET = 20


class Clock:
    def __init__(self) -> None:
        self.ms = 1_700_000_000_000

    def __call__(self) -> int:
        self.ms += 1000
        return self.ms


CLOCK = Clock()
"""One clock for every page: "the last game played" is the last one."""


def device(store: MemoryStore, lang: str = "en", **bounds: int) -> tuple[Controller, Keeper]:
    ctrl = Controller(lang)
    return ctrl, Keeper(ctrl, Shelf(store, CLOCK, **bounds), SimpleTab())


def game_of(plies: int, seed: int = 5) -> Game:
    game = random_game(plies, seed, "ry", "L2", start="r")
    return game


@cache
def _analysis(plies: int, seed: int) -> str:
    return json.dumps(Review(game_of(plies, seed), BUDGET).finish().to_data())


def analysis_of(plies: int, seed: int = 5) -> dict[str, Any]:
    """The complete analysis of ``game_of(plies, seed)`` (a fresh copy each time)."""
    data: dict[str, Any] = json.loads(_analysis(plies, seed))
    return data


def playing(store: MemoryStore, game: Game, **bounds: int) -> tuple[Controller, Keeper]:
    """A page playing ``game`` (opened from a file), saved on ``store``'s shelf."""
    ctrl, keeper = device(store, **bounds)
    keeper.launch(None, {}, code=False, error=False)
    # Two players at the table: an import keeps the computer's seats, and the game under a
    # first visit's form (the form's first game) has one.
    ctrl.open_game(ctrl.game)
    assert keeper.import_text(share.export_file(game)[1])
    return ctrl, keeper


def stored(store: MemoryStore, keeper: Keeper) -> Entry:
    assert keeper.bound is not None
    key = GAME_PREFIX + keeper.bound.id
    return parse_entry(store.data[key], key)


def texts(keeper: Keeper) -> list[str]:
    return [m.text(keeper.ctrl) for m in keeper.shown()]


# ----- what of an analysis belongs to a game's moves ------------------------------------


def test_the_positions_a_game_still_shares_are_kept_and_the_end_is_marked_again() -> None:
    game = game_of(8)
    data = analysis_of(8)
    moves = [str(m) for m in game.moves]
    assert kept.trimmed(data, moves) is data  # the same game: as it was
    shorter = kept.trimmed(data, moves[:5])  # three moves undone
    assert [p["ply"] for p in shorter["plies"]] == list(range(6))
    assert shorter["plies"][-1]["final"] is True and Analysis.from_data(shorter, game_of(5))
    longer = kept.trimmed(data, [*moves, "+a1"])  # played on: the review goes on
    assert len(longer["plies"]) == 9 and "final" not in longer["plies"][-1]
    assert data["plies"][-1]["final"] is True  # the original is never changed
    other = kept.trimmed(data, [*moves[:3], "z9-z8", *moves[4:]])
    assert len(other["plies"]) == 4 and "final" not in other["plies"][-1]
    assert kept.trimmed(None, moves) is None
    assert kept.trimmed("junk", moves) == "junk"  # dropped with a message when read


def test_a_complete_analysis_is_preferred_then_the_longer() -> None:
    whole, part = analysis_of(8), kept.trimmed(analysis_of(8), [])
    assert kept.complete(whole)
    # ply 0 of a game of no moves: searched; its later passes are for the review to run
    assert kept.searched(part) and not kept.complete(part)
    partial = {**whole, "plies": whole["plies"][:4]}
    assert kept.better(partial, whole) is whole and kept.better(whole, partial) is whole
    assert kept.better(None, partial) is partial and kept.better(partial, None) is partial
    shorter = {**whole, "plies": whole["plies"][:2]}
    assert kept.better(shorter, partial) is partial and kept.better(partial, shorter) is partial
    # Stopped in its later passes: below a complete one, above one the first pass left.
    unsettled = {**whole, "plies": [*whole["plies"][:-1], {**whole["plies"][-1], "settled": False}]}
    assert kept.searched(unsettled) and not kept.complete(unsettled)
    assert kept.better(unsettled, whole) is whole and kept.better(whole, unsettled) is whole
    assert kept.better(partial, unsettled) is unsettled


# ----- the entry keeps it -----------------------------------------------------------------


def test_an_entry_keeps_its_analysis_and_one_without_keeps_the_old_shape() -> None:
    store = MemoryStore()
    game = game_of(8)
    _, keeper = playing(store, game)
    assert "analysis" not in json.loads(store.data[GAME_PREFIX + keeper.bound.id])  # type: ignore[union-attr]
    keeper.keep_analysis(game, analysis_of(8))
    assert stored(store, keeper).analysis == analysis_of(8)
    # A reload (a new page on the same storage) finds it, checked against the game.
    ctrl, again = device(store)
    again.launch(None, {}, code=False, error=False)
    assert ctrl.game.moves == game.moves
    found = again.kept_analysis(ctrl.game)
    assert found is not None and found.complete and found.budget == BUDGET
    assert found.plies == analysis_of(8)["plies"]


def test_the_analysis_is_kept_for_the_saved_game_with_those_moves_even_after_leaving_it() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    reviewed = Game.from_record(game.record())
    assert keeper.import_text(share.export_file(game_of(6, seed=9))[1])  # another game
    keeper.keep_analysis(reviewed, analysis_of(8))  # the review of the first one ends
    entries = [parse_entry(v, k) for k, v in store.data.items() if k.startswith(GAME_PREFIX)]
    with_it = [e for e in entries if e.analysis is not None]
    assert [e.moves for e in with_it] == [[str(m) for m in game.moves]]
    assert keeper.kept_analysis(reviewed) is not None
    assert keeper.kept_analysis(ctrl.game) is None


def test_moves_played_after_a_review_keep_what_still_holds_and_the_review_goes_on() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    keeper.keep_analysis(ctrl.game, analysis_of(8))
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    keeper.save()
    plies = stored(store, keeper).analysis["plies"]
    assert len(plies) == 9 and "final" not in plies[-1]
    found = keeper.kept_analysis(ctrl.game)
    assert found is not None and not found.complete
    resumed = Review(ctrl.game, BUDGET, resume=found)
    assert resumed.progress()[0] > 0 and resumed.finish().complete
    for _ in range(4):
        ctrl.undo()
    keeper.save()
    plies = stored(store, keeper).analysis["plies"]
    assert len(plies) == 6 and plies[-1]["final"] is True
    shown = keeper.kept_analysis(ctrl.game)
    # Every position of the shorter game searched; its later passes, chosen for the
    # longer game, are not settled for this one: the review goes on with them.
    assert shown is not None and shown.searched and not shown.complete


@pytest.mark.parametrize(
    "damage",
    [
        lambda data, other: {**data, "format": "chess-analysis"},
        lambda data, other: {**data, "plies": data["plies"][:3] + [{"ply": 9}]},
        lambda data, other: other,  # another game's analysis
        lambda data, other: [1, 2, 3],
        lambda data, other: {**data, "version": 99},
    ],
    ids=["foreign format", "damaged ply", "another game", "not an object", "newer version"],
)
def test_a_bad_kept_analysis_is_dropped_with_a_message_and_the_game_kept(damage: Any) -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    key = GAME_PREFIX + keeper.bound.id  # type: ignore[union-attr]
    entry = json.loads(store.data[key])
    entry["analysis"] = damage(analysis_of(8), analysis_of(8, seed=6))
    store.data[key] = json.dumps(entry)
    ctrl2, again = device(store)  # a reload reads it as stored, and drops it
    again.launch(None, {}, code=False, error=False)
    assert ctrl2.game.moves == game.moves
    assert any("could not be read and was dropped" in t for t in texts(again))
    ctrl2.lang = "fr"
    assert any("n’a pas pu être lue" in t for t in texts(again))
    entry = stored(store, again)
    assert entry.analysis is None and entry.moves == [str(m) for m in game.moves]
    again.messages.clear()
    assert again.kept_analysis(ctrl2.game) is None and not texts(again)


def test_an_analysis_with_no_room_is_refused_and_no_game_is_removed_for_it() -> None:
    store = MemoryStore()
    finished = Game.from_position("r1c9,y1f2 r ry L1")
    finished.play("c9-d10")  # a finished game: the kind that makes room for games
    _, keeper = playing(store, finished)
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    size = sum(len(v) for v in store.data.values())
    ctrl2, tight = device(store, max_chars=size + 1000)
    tight.launch(None, {}, code=False, error=False)
    assert ctrl2.game.moves == game.moves
    tight.keep_analysis(ctrl2.game, analysis_of(8))
    assert any("no room left" in t for t in texts(tight))
    assert len([k for k in store.data if k.startswith(GAME_PREFIX)]) == 2  # both kept
    assert stored(store, tight).analysis is None
    tight.messages.clear()
    tight.keep_analysis(ctrl2.game, analysis_of(8))  # not tried again for this game
    assert not texts(tight)
    ctrl2.play(str(ctrl2.game.legal_moves()[0]))  # the game itself is still saved
    tight.save()
    assert len(stored(store, tight).moves) == 9


def test_an_analysis_larger_than_an_entry_may_be_is_refused_and_the_game_kept() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    huge = {**analysis_of(8), "padding": "x" * MAX_ENTRY_CHARS}
    keeper.keep_analysis(ctrl.game, huge)
    assert any("no room left" in t for t in texts(keeper))
    assert stored(store, keeper).analysis is None
    keeper.save()
    assert stored(store, keeper).moves == [str(m) for m in game.moves]


def test_a_kept_analysis_that_no_longer_fits_is_left_out_and_the_game_written() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    keeper.keep_analysis(ctrl.game, analysis_of(8))
    assert keeper.shelf is not None
    keeper.shelf.max_chars = len(store.data[GAME_PREFIX + keeper.bound.id]) - 100  # type: ignore[union-attr]
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    keeper.save()
    assert stored(store, keeper).analysis is None and len(stored(store, keeper).moves) == 9
    assert any("no room left" in t for t in texts(keeper))


# ----- files ----------------------------------------------------------------------------


def test_a_game_exported_with_its_analysis_imports_reviewed() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    keeper.keep_analysis(ctrl.game, analysis_of(8))
    download = keeper.act("export-current")
    assert isinstance(download, Download) and download == keeper.export_current()
    assert json.loads(download.text)["analysis"] == analysis_of(8)
    listed = keeper.act("export", keeper.bound.id)  # type: ignore[union-attr]
    assert isinstance(listed, Download) and json.loads(listed.text)["analysis"] == analysis_of(8)

    other = MemoryStore()
    ctrl2, fresh = device(other)
    fresh.launch(None, {}, code=False, error=False)
    assert fresh.import_text(download.text)
    assert ctrl2.game.moves == game.moves
    found = fresh.kept_analysis(ctrl2.game)
    assert found is not None and found.complete and found.to_data() == analysis_of(8)
    assert "This game comes with its review." in texts(fresh)
    assert stored(other, fresh).analysis == analysis_of(8)


def test_a_review_an_older_version_kept_is_no_review_and_is_made_again() -> None:
    # Marked by other thresholds (``Analysis.from_data``): neither done nor the fuller of
    # two, so the game's review is offered, run again and kept in its place.
    whole = analysis_of(8)
    old = {**whole, "version": whole["version"] - 1}
    assert kept.complete(whole) and not kept.complete(old) and not kept.searched(old)
    assert kept.plies_of(old) == 0
    partial = {**whole, "plies": whole["plies"][:3]}
    assert kept.better(old, partial) is partial and kept.better(partial, old) is partial
    game = game_of(8)
    ctrl, keeper = device(MemoryStore())
    keeper.launch(None, {}, code=False, error=False)
    assert keeper.import_text(share.export_file(game, old)[1])
    assert "This game comes with its review." not in texts(keeper)
    found = keeper.kept_analysis(ctrl.game)
    assert found is None or found.plies == []


def test_a_file_with_a_bad_analysis_imports_its_game_without_it() -> None:
    game = game_of(8)
    data = json.loads(share.export_file(game, analysis_of(8))[1])
    data["analysis"]["plies"][3]["move"] = "a1-b2"
    ctrl, keeper = device(MemoryStore())
    keeper.launch(None, {}, code=False, error=False)
    assert keeper.import_text(json.dumps(data))
    assert ctrl.game.moves == game.moves
    assert ctrl.notice is not None and ctrl.notice.text == "Game imported."
    assert any("review could not be read and was left out" in t for t in texts(keeper))
    assert keeper.kept_analysis(ctrl.game) is None


def test_an_old_file_imports_and_offers_its_review() -> None:
    game = game_of(8)
    name, text = share.export_file(game)
    assert "analysis" not in json.loads(text)
    ctrl, keeper = device(MemoryStore())
    keeper.launch(None, {}, code=False, error=False)
    assert keeper.import_text(text) and ctrl.game.moves == game.moves
    offer = keeper.messages["review"]
    assert offer.text(ctrl) == "You can review this game: the computer looks at every move."
    assert [a.name for a in offer.actions] == ["review"]
    assert keeper.act("review") == "review" and "review" not in keeper.messages


def test_a_file_keeps_the_fuller_of_its_analysis_and_the_saved_one() -> None:
    store = MemoryStore()
    game = game_of(8)
    ctrl, keeper = playing(store, game)
    keeper.keep_analysis(ctrl.game, analysis_of(8))
    partial = {**analysis_of(8), "plies": analysis_of(8)["plies"][:3]}
    assert keeper.import_text(share.export_file(game, partial)[1])  # the same game again
    assert stored(store, keeper).analysis == analysis_of(8)


def test_an_export_too_large_with_its_analysis_is_the_record_alone() -> None:
    game = game_of(8)
    huge = {**analysis_of(8), "padding": "x" * share.MAX_FILE_CHARS}
    assert share.export_file(game, huge) == share.export_file(game)
    name, text = share.export_file(game, analysis_of(8))
    assert share.read_file(text)[1] == analysis_of(8)
    assert share.load_file(text).moves == game.moves  # the game alone, as before


# ----- where the review is reached ------------------------------------------------------


def test_every_saved_game_with_moves_has_a_review_button_that_opens_it() -> None:
    store = MemoryStore()
    first = game_of(8)
    ctrl, keeper = playing(store, first)
    first_id = keeper.bound.id  # type: ignore[union-attr]
    assert keeper.import_text(share.export_file(game_of(6, seed=9))[1])
    ctrl.new_game(ctrl.setup)  # a game of no moves yet
    keeper.save()
    listing = shelf_panel.games_html(keeper, str)
    assert listing.count('data-shelf="review"') == 2
    assert f'data-shelf="review" data-arg="{first_id}">Review<' in listing
    assert keeper.act("review", first_id) == "changed-review"
    assert ctrl.game.moves == first.moves
    assert keeper.act("review", first_id) == "review"  # the game on the board
    ctrl.lang = "fr"
    assert ">Revoir<" in shelf_panel.games_html(keeper, str)


def test_a_shared_finished_game_offers_its_review_a_move_to_play_does_not() -> None:
    over = Game.from_position("r1c9,y1f2 r ry L1")
    over.play("c9-d10")
    ctrl, keeper = device(MemoryStore())
    keeper.launch(Game.from_record(over.record()), {}, code=True, error=False)
    assert "review" in keeper.messages
    ongoing = game_of(3)
    ctrl2, keeper2 = device(MemoryStore())
    keeper2.launch(Game.from_record(ongoing.record()), {}, code=True, error=False)
    assert "review" not in keeper2.messages  # "You play …: your move" instead
    ctrl2.play(str(ctrl2.game.legal_moves()[0]))
    keeper2.save()
    keeper.reviewing()
    assert "review" not in keeper.messages
