"""The shelf from the game's worker (derive.web.shelf.storage): a copy of the page's local
storage, each write sent to the view, a refusal heard a message later (the page full, or
storage blocked), another tab's change taken in, and the list's times left to the view."""

from __future__ import annotations

import re
from types import SimpleNamespace

from derive.game import Game
from derive.web.link import Recorder
from derive.web.play.hello import MAX_KEPT, Hello, hello_from
from derive.web.shelf.keeper import Download
from derive.web.shelf.saved import (
    DAMAGED_PREFIX,
    GAME_PREFIX,
    MAX_ENTRY_CHARS,
    MemoryStore,
    StorageError,
    game_key,
    refusal,
)
from derive.web.shelf.storage import MirrorStore, ShelfGlue
from derive.web.table import params
from derive.web.table.controller import Controller
from tests.web.shelf.test_shelf import entry_of, finished_game, played


class PageStorage(Recorder):
    """The view as far as storage goes: the page's local storage (a ``MemoryStore`` with
    the browser's quota), written when the worker says; each refusal kept, as the view
    would post it back, for the test to deliver."""

    def __init__(self, capacity: int | None = None) -> None:
        super().__init__()
        self.local = MemoryStore(capacity)
        self.tab: str | None = None
        self.refusals: list[dict[str, object]] = []

    def send(self, name: str, *args: object) -> None:
        super().send(name, *args)
        if name == "storageSet":
            key, value = str(args[0]), str(args[1])
            try:
                self.local.set(key, value)
            except StorageError as error:
                self.refusals.append({"key": key, "text": self.local.get(key), "kind": error.kind})
        elif name == "storageRemove":
            self.local.remove(str(args[0]))
        elif name == "storageMove":  # as the view does: the copy first, then the removal
            key, new_key = str(args[0]), str(args[1])
            try:
                self.local.move(key, new_key)
            except StorageError as error:
                self.refusals.append({"key": new_key, "text": None, "kind": error.kind})
        elif name == "tabRemember":
            self.tab = str(args[0])


def page_with(
    view: PageStorage,
    storage: str = "ok",
    *,
    launch: params.Launch | None = None,
    unread: tuple[str, ...] = (),
) -> ShelfGlue:
    """The shelf of a game page started with what the view read (``hello``); ``unread``:
    keys the view named without their texts."""
    local = view.local.data
    hello = Hello(
        shelf={k: v for k, v in local.items() if k not in unread},
        tab=view.tab,
        storage=storage,
        unread={k: len(local[k]) for k in unread},
        unread_count=len(unread),
    )
    page = SimpleNamespace(
        ctrl=Controller("en"), view=view, hello=hello, embed=False, dialogs=set()
    )
    shelf = ShelfGlue(page)
    page.shelf = shelf
    shelf.launch(launch or params.Launch(), error=False)
    return shelf


def deliver(shelf: ShelfGlue, view: PageStorage) -> None:
    while view.refusals:
        shelf.on_refused(view.refusals.pop(0))


def said(shelf: ShelfGlue) -> list[str]:
    return [m.text(shelf.page.ctrl) for m in shelf.keeper.shown()]


def test_each_write_reaches_the_page_and_a_reload_finds_the_game() -> None:
    view = PageStorage()
    shelf = page_with(view)
    shelf.page.ctrl.play("+c1")
    shelf.save()
    (key,) = [k for k in view.local.data if k.startswith(GAME_PREFIX)]
    assert view.local.data == shelf.store.data and view.tab == key.removeprefix(GAME_PREFIX)
    again = page_with(view)  # a reload: what the view reads now
    assert again.page.ctrl.game.moves == shelf.page.ctrl.game.moves


def test_a_full_page_refuses_later_and_a_finished_game_makes_room() -> None:
    view = PageStorage()
    done = entry_of(finished_game(), "done", 1)
    view.local.set(GAME_PREFIX + "done", done.to_text())
    shelf = page_with(view)
    used = sum(len(k) + len(v) for k, v in view.local.data.items())
    view.local.capacity = used + 300  # room for one game, not two: the browser's quota
    ctrl = shelf.page.ctrl
    ctrl.new_game(ctrl.setup)
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    shelf.save()  # the copy took it; the page did not
    assert view.refusals and GAME_PREFIX + "done" in shelf.store.data
    deliver(shelf, view)
    # Written again, the finished game removed for it, and the player told so.
    assert GAME_PREFIX + "done" not in view.local.data
    assert shelf.keeper.bound is not None
    assert GAME_PREFIX + shelf.keeper.bound.id in view.local.data
    assert view.local.data == shelf.store.data
    assert any("removed" in text or "room" in text for text in said(shelf)), said(shelf)


def test_a_full_page_with_nothing_to_remove_says_the_game_is_not_saved() -> None:
    view = PageStorage()
    shelf = page_with(view)
    view.local.capacity = sum(len(k) + len(v) for k, v in view.local.data.items()) + 10
    ctrl = shelf.page.ctrl
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    shelf.save()
    deliver(shelf, view)
    assert any("not being saved" in text for text in said(shelf)), said(shelf)
    assert view.local.data == shelf.store.data  # the copy holds what the page holds
    assert shelf.store.capacity is not None
    view.local.capacity = shelf.store.capacity = None  # a game deleted elsewhere: room again
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    shelf.save()
    assert not view.refusals and not any("not being saved" in t for t in said(shelf))


def test_storage_blocked_after_the_start_is_said() -> None:
    view = PageStorage()
    shelf = page_with(view)
    shelf.on_refused({"key": GAME_PREFIX + "x", "text": None, "kind": "blocked"})
    assert any("lets nothing be saved" in t or "not" in t for t in said(shelf)), said(shelf)


def test_a_page_without_storage_plays_unsaved_and_writes_nothing() -> None:
    view = PageStorage()
    shelf = page_with(view, storage="blocked")
    shelf.page.ctrl.play("+c1")
    shelf.save()
    assert shelf.store is None and not view.named("storageSet") and said(shelf)


def test_another_tabs_game_is_taken_in_and_misshapen_messages_are_not() -> None:
    view = PageStorage()
    shelf = page_with(view)
    shelf.page.ctrl.play("+c1")
    shelf.save()
    bound = shelf.keeper.bound
    assert bound is not None
    key = GAME_PREFIX + bound.id
    other = Game.from_record(shelf.page.ctrl.game.record())
    other.play(other.legal_moves()[0])
    theirs = entry_of(other, bound.id, 99)
    for junk in (None, "text", {"key": 3, "text": "x"}, {"key": key, "text": ["x"]}):
        shelf.on_storage(junk)
    assert shelf.store.data[key] != theirs.to_text()
    shelf.on_storage({"key": key, "text": theirs.to_text()})
    assert shelf.store.data[key] == theirs.to_text()
    assert any("another tab" in t or "newer" in t for t in said(shelf)), said(shelf)
    shelf.on_storage({"key": None, "text": None})  # cleared elsewhere
    assert shelf.store.data == {}


def test_a_refusal_only_ever_lowers_what_the_copy_holds() -> None:
    copy = MirrorStore({"derive.a": "x" * 50}, Recorder())
    copy.set("derive.b", "y" * 50)
    copy.refused("derive.b", None, "quota")
    assert copy.data == {"derive.a": "x" * 50}
    assert copy.capacity is not None and copy.capacity >= len("derive.a") + 50
    try:
        copy.set("derive.b", "y" * 50)
    except StorageError as error:
        assert error.kind == refusal("QuotaExceededError").kind
    else:
        raise AssertionError("the copy should refuse what the page refused")


def test_the_list_leaves_each_time_to_the_view() -> None:
    view = PageStorage()
    view.local.set(GAME_PREFIX + "one", entry_of(played(2), "one", 1_733_000_000_000).to_text())
    shelf = page_with(view)
    shelf.render(force=True, pictures=False)
    games = view.named("shelfShow")[-1][1]
    assert isinstance(games, str)
    found = re.findall(r'<time datetime="([^"]+)" data-ms="(\d+)">([^<]+)</time>', games)
    assert ("2024-11-30T20:53+00:00", "1733000000000", "2024-11-30 20:53 UTC") in found
    assert "\ue000" not in games


def test_the_hello_bounds_what_it_says_of_storage() -> None:
    hello = hello_from(
        {
            "shelf": {
                "derive.game.a": "{}",
                "other": "x",
                "derive.b": 3,
                "derive." + "k" * 300: "",
            },
            "tab": "a",
            "storage": "full",
        }
    )
    assert hello.shelf == {"derive.game.a": "{}"} and hello.tab == "a"
    assert hello.storage == "full"
    assert hello_from({"storage": "maybe"}).storage == "blocked"
    assert hello_from({}).storage == "ok"
    # Past the bound, the first ones (the view sends the newest games first), never none:
    # a shelf that saw no game wrote a reopened link's game over its saved moves.
    many = hello_from({"shelf": {f"derive.{i}": "" for i in range(5000)}}).shelf
    assert list(many) == [f"derive.{i}" for i in range(MAX_KEPT)]


DAMAGED = "\x01" * 3000  # no entry: not even JSON


def test_a_damaged_text_the_page_has_no_room_to_copy_stays_where_it_was() -> None:
    """Before: the copy was refused a message later, but the removal went through, and the
    text said to be "kept aside" was gone."""
    view = PageStorage()
    view.local.set(GAME_PREFIX + "bad", DAMAGED)
    view.local.capacity = sum(len(k) + len(v) for k, v in view.local.data.items()) + 100
    shelf = page_with(view)
    deliver(shelf, view)
    assert view.local.data == {GAME_PREFIX + "bad": DAMAGED}
    assert shelf.store is not None and shelf.store.data == view.local.data
    assert shelf.keeper.shelf is not None and GAME_PREFIX + "bad" in shelf.keeper.shelf.held
    assert any("kept aside: nothing was deleted" in t for t in said(shelf)), said(shelf)
    ctrl = shelf.page.ctrl  # a new game is never written over it
    ctrl.new_game(ctrl.setup)
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    shelf.save()
    deliver(shelf, view)
    assert view.local.data.get(GAME_PREFIX + "bad") == DAMAGED


def test_with_room_a_damaged_text_is_moved_aside_whole() -> None:
    view = PageStorage()
    view.local.set(GAME_PREFIX + "bad", DAMAGED)
    shelf = page_with(view)
    assert not view.refusals
    (aside,) = [k for k in view.local.data if k.startswith(DAMAGED_PREFIX)]
    assert view.local.data == {aside: DAMAGED} and shelf.store is not None
    assert shelf.store.data == view.local.data


def test_a_text_the_view_did_not_send_is_never_written_over() -> None:
    """Before: past the hello's bound the shelf saw no game, and reopening a game's link
    wrote a new game over its saved moves, without a word."""
    view = PageStorage()
    saved = played(4)
    own = entry_of(saved, game_key(saved), 1).to_text()
    view.local.set(GAME_PREFIX + game_key(saved), own)
    link = Game.from_record(played(0).record())
    shelf = page_with(
        view, launch=params.Launch(game=link), unread=(GAME_PREFIX + game_key(saved),)
    )
    ctrl = shelf.page.ctrl
    ctrl.play(str(ctrl.game.legal_moves()[0]))
    shelf.save()
    assert view.local.data[GAME_PREFIX + game_key(saved)] == own
    assert any("one was not read" in t for t in said(shelf)), said(shelf)


def test_a_text_too_long_to_send_is_said_and_saved_as_a_file_from_the_page() -> None:
    view = PageStorage()
    huge = "\x01" * (MAX_ENTRY_CHARS + 1)
    view.local.set(GAME_PREFIX + "huge", huge)
    shelf = page_with(view, unread=(GAME_PREFIX + "huge",))
    (text,) = [t for t in said(shelf) if "too long" in t]
    assert f"({MAX_ENTRY_CHARS + 1} characters)" in text and "untouched" in text
    assert not any("were not read" in t or "was not read" in t for t in said(shelf))
    file = shelf.keeper.act("export-damaged", GAME_PREFIX + "huge")
    assert isinstance(file, Download) and file.text == ""
    shelf.download(file)
    ((name, mime, key),) = view.named("downloadStored")
    assert key == GAME_PREFIX + "huge" and name.endswith(".txt") and mime == "text/plain"
    assert view.local.data == {GAME_PREFIX + "huge": huge}


def test_the_hello_names_unread_texts_within_bounds() -> None:
    hello = hello_from(
        {
            "unread": {"derive.game.a": 3_000_000, "other": 4, "derive.b": -1, "derive.c": "9"},
            "unread_count": 7,
        }
    )
    assert hello.unread == {"derive.game.a": 3_000_000} and hello.unread_count == 7
    many = hello_from({"unread": {f"derive.{i}": 1 for i in range(3000)}, "unread_count": 1})
    assert len(many.unread) == MAX_KEPT and many.unread_count == MAX_KEPT
