"""The shelf from the game's worker (derive.web.shelf.storage): a copy of the page's local
storage, each write sent to the view, a refusal heard a message later (the page full, or
storage blocked), another tab's change taken in, and the list's times left to the view."""

from __future__ import annotations

import re
from types import SimpleNamespace

from derive.game import Game
from derive.web.link import Recorder
from derive.web.play.hello import Hello, hello_from
from derive.web.shelf.saved import GAME_PREFIX, MemoryStore, StorageError, refusal
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
        elif name == "tabRemember":
            self.tab = str(args[0])


def page_with(view: PageStorage, storage: str = "ok") -> ShelfGlue:
    """The shelf of a game page started with what the view read (``hello``)."""
    hello = Hello(shelf=dict(view.local.data), tab=view.tab, storage=storage)
    page = SimpleNamespace(
        ctrl=Controller("en"), view=view, hello=hello, embed=False, dialogs=set()
    )
    shelf = ShelfGlue(page)
    page.shelf = shelf
    shelf.launch(params.Launch(), error=False)
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
    assert hello_from({"shelf": {f"derive.{i}": "" for i in range(5000)}}).shelf == {}
