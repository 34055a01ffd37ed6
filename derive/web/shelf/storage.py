"""The shelf in the browser: local storage, other tabs, files, the "Your games" dialog.

The decisions are ``shelf.Keeper``'s (tested under CPython); this module connects it to
what a browser has, through the page's view. Local storage rather than IndexedDB: each
entry is one key (a write never touches another game), and its ``storage`` event tells
every other tab which key changed, with the new text. The shelf's bounds keep it far below
the browser's quota (about 5 M characters).

The game's Python runs in a worker, where there is no local storage: the view reads the
page's entries once, at start (``Hello.shelf``), and the shelf works on that copy
(``MirrorStore``), sending each write to the view, which makes it. A write the browser
refuses (its quota) is said a message later (``storage-refused``): the copy then learns
how much the page holds and the game is saved again, which makes room as a refusal at once
would have, or says that it is not being saved (WEB.md, "Saved games").
"""

from __future__ import annotations

import re
import time
import traceback
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, Final, Protocol

from ..link import Link
from ..table import params
from ..table.controller import Controller, Notice
from . import panel as shelf_panel
from .keeper import REFUSALS, Download, Keeper, Result, SimpleTab
from .saved import MAX_FILE_BYTES, MemoryStore, Refusal, Shelf


class MirrorStore(MemoryStore):
    """``shelf.Store`` over a copy of the page's local storage, each change sent to the
    view (``storageSet``, ``storageRemove``, ``storageMove``).  ``capacity`` is learnt from
    the refusals.  ``unread``: keys whose texts the page did not send (too long, or past
    its bounds), by length: named, never read."""

    def __init__(
        self, data: Mapping[str, str], view: Link, unread: Mapping[str, int] | None = None
    ) -> None:
        super().__init__()
        self.data.update(data)
        self.view = view
        self.unread = dict(unread or {})
        self.moving: dict[str, str] = {}
        """Moves sent to the page, by the key written: the key the text came from. The
        page copies first and removes only then, so a copy it refuses leaves the text
        there (``refused`` puts it back in the copy)."""

    def names(self) -> list[str]:
        return [*self.data, *(k for k in self.unread if k not in self.data)]

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.unread.pop(key, None)
        self.view.send("storageSet", key, value)

    def remove(self, key: str) -> None:
        super().remove(key)
        self.unread.pop(key, None)
        self.view.send("storageRemove", key)

    def move(self, key: str, new_key: str) -> None:
        super().move(key, new_key)
        self.moving[new_key] = key
        self.view.send("storageMove", key, new_key)

    def took(self, key: str | None, text: str | None) -> None:
        """What the page's storage now holds at ``key`` (``None``: nothing; a key of
        ``None``: the storage was cleared)."""
        if key is None:
            self.data.clear()
        elif text is None:
            self.data.pop(key, None)
        else:
            self.data[key] = text

    def refused(self, key: str, text: str | None, kind: Refusal) -> str | None:
        """The page's storage refused to write ``key``, which still holds ``text``.  A
        full storage holds less than the copy did with that write in it: from now on the
        copy refuses as much.  A refused move's text is where it came from: that key is
        returned (the shelf holds it there)."""
        asked = sum(len(k) + len(v) for k, v in self.data.items())
        came_from = self.moving.pop(key, None)
        if came_from is not None and key in self.data:
            self.data[came_from] = self.data[key]
        self.took(key, text)
        if kind == "quota":
            held = sum(len(k) + len(v) for k, v in self.data.items())
            self.capacity = max(held, min(self.capacity or asked, asked - 1))
        return came_from


class TabMirror:
    """``shelf.TabMemory`` in the page's ``sessionStorage`` (per tab, kept across its
    reloads): read at start, each change sent to the view (``tabRemember``)."""

    def __init__(self, entry_id: str | None, view: Link) -> None:
        self.entry_id = entry_id
        self.view = view

    def entry(self) -> str | None:
        return self.entry_id

    def remember(self, entry_id: str) -> None:
        self.entry_id = entry_id
        self.view.send("tabRemember", entry_id)


def _now() -> int:
    return int(time.time() * 1000)


_WHEN: Final = re.compile("\ue000(\\d{1,15})\ue001")
"""A time as ``_when`` leaves it in the list's text: the view shows it in the reader's own
time zone and language (``assets/view.js``, ``shelfShow``)."""


def _time_element(found: re.Match[str]) -> str:
    ms = int(found.group(1))
    try:
        moment = datetime.fromtimestamp(ms / 1000, UTC)
    except (OverflowError, OSError, ValueError):
        return "?"
    return (
        f'<time datetime="{moment.isoformat(timespec="minutes")}" data-ms="{ms}">'
        f"{moment:%Y-%m-%d %H:%M} UTC</time>"
    )


class StartFacts(Protocol):
    """What the shelf reads of the page's start (``play.hello.Hello``)."""

    @property
    def query(self) -> Mapping[str, list[str]]: ...
    @property
    def shelf(self) -> Mapping[str, str]: ...
    @property
    def tab(self) -> str | None: ...
    @property
    def storage(self) -> str: ...
    @property
    def unread(self) -> Mapping[str, int]: ...
    @property
    def unread_count(self) -> int: ...


class Host(Protocol):
    """What the shelf needs of the game page (``play.page.Page``), as the computer and
    the review name theirs."""

    ctrl: Controller
    view: Link
    embed: bool
    dialogs: set[str]
    banner_dismissed: bool

    @property
    def hello(self) -> StartFacts: ...

    def render(self) -> None: ...
    def changed(self) -> None: ...
    def open_dialog(self, name: str) -> None: ...
    def close_dialog(self, name: str) -> None: ...
    def open_review(self) -> None: ...


class ShelfGlue:
    """What the game page calls for saving, opening, importing, exporting and sharing."""

    def __init__(self, page: Host) -> None:
        self.page = page
        self.keeper = Keeper(page.ctrl, None)
        self.store: MirrorStore | None = None
        """The copy of the page's storage the shelf works on (none when it has none)."""
        self.shown_messages = ""
        self.shown_games = ""

    # ----- start ----------------------------------------------------------------

    def launch(self, launch: params.Launch, error: bool) -> bool:
        """Open the link's game, or resume this tab's (or the last) game; ``True`` if
        the setup screen should open.  An embedded board never reads nor writes the
        player's games."""
        page = self.page
        if page.embed:
            self.keeper.launch(launch.game, launch.ai, code=True, error=error)
            self._select(launch)
            return False
        hello = page.hello
        if hello.storage == "blocked":
            self.keeper = self._unsaved("shelf.unavailable")
        else:
            trouble = REFUSALS["quota"] if hello.storage == "full" else None
            self.store = MirrorStore(hello.shelf, page.view, hello.unread)
            shelf = Shelf(self.store, _now)
            shelf.hold_unread(dict(hello.unread), hello.unread_count)
            tab = TabMirror(hello.tab, page.view)
            self.keeper = Keeper(page.ctrl, shelf, tab, trouble=trouble)
        code = "game" in page.hello.query
        try:
            setup_needed = self.keeper.launch(launch.game, launch.ai, code=code, error=error)
        except Exception:  # noqa: BLE001 - a fault must not lock the player out for good
            # Whatever in the storage set it off stays untouched: this page saves nothing.
            traceback.print_exc()
            self.keeper = self._unsaved("shelf.broken")
            setup_needed = self.keeper.launch(launch.game, launch.ai, code=code, error=error)
        self._select(launch)
        self.render()
        return setup_needed

    def _unsaved(self, trouble: str) -> Keeper:
        """A shelf in memory, with a warning that the game is not being saved."""
        return Keeper(self.page.ctrl, Shelf(MemoryStore(), _now), SimpleTab(), trouble=trouble)

    def _select(self, launch: params.Launch) -> None:
        """``select=c3``: show that die's moves on the link's game."""
        ctrl = self.page.ctrl
        if launch.game is not None and launch.select in ctrl.explanation()["moves"]:
            ctrl.selected = launch.select

    # ----- drawing -----------------------------------------------------------------

    def render(self, *, force: bool = False, pictures: bool | None = None) -> None:
        """The list and the messages, each replaced only when it changed (a message
        with ``role="alert"`` is announced again every time it is inserted).  The games'
        pictures are drawn while the list is open (``pictures``: whatever it is)."""
        keeper = self.keeper
        messages = shelf_panel.messages_html(keeper)
        if pictures is None:
            pictures = "games" in self.page.dialogs
        games = shelf_panel.games_html(keeper, self._when, pictures=pictures)
        changed_messages = force or messages != self.shown_messages
        changed_games = force or games != self.shown_games
        if changed_messages or changed_games:
            self.page.view.send(
                "shelfShow",
                messages if changed_messages else None,
                _WHEN.sub(_time_element, games) if changed_games else None,
            )
        self.shown_messages, self.shown_games = messages, games

    @staticmethod
    def _when(ms: int) -> str:
        return f"\ue000{ms}\ue001"

    # ----- events -------------------------------------------------------------------

    def save(self) -> None:
        """After every change of the game."""
        self.keeper.save()
        self.render()

    def keep_analysis(self, game: Any, data: dict[str, Any]) -> None:
        """The review's analysis so far, kept with its game (``Keeper.keep_analysis``)."""
        self.keeper.keep_analysis(game, data)
        self.render()

    def on_storage(self, data: object) -> None:
        """Another tab changed the page's storage (the view hears its ``storage`` event):
        ``{"key", "text"}``, a key of ``None`` when it was cleared."""
        if self.store is None or not isinstance(data, dict):
            return
        key, text = data.get("key"), data.get("text")
        if not (key is None or isinstance(key, str)) or not (text is None or isinstance(text, str)):
            return
        self.store.took(key, text)
        self.keeper.external(key, text)
        self.render()

    def on_refused(self, data: object) -> None:
        """The page's storage refused a write the shelf made (``{"key", "text", "kind"}``:
        what the key still holds, and why)."""
        if self.store is None or not isinstance(data, dict):
            return
        key, text, kind = data.get("key"), data.get("text"), data.get("kind")
        if not isinstance(key, str) or not (text is None or isinstance(text, str)):
            return
        refused: Refusal = "quota" if kind == "quota" else "blocked"
        came_from = self.store.refused(key, text, refused)
        if came_from is not None and self.keeper.shelf is not None:
            self.keeper.shelf.hold(came_from)  # a set-aside text that stayed where it was
        self.keeper.refused(refused)
        self.render()

    def on_click(self, name: str, arg: str) -> None:
        """A click on a shelf button (``data-shelf``, ``data-arg``), as the view read it."""
        page = self.page
        if name == "open":
            # Drawn with its pictures before it opens, so that the focus lands in the list.
            self.render(force=True, pictures=True)
            page.open_dialog("games")
            return
        if name == "close":
            page.close_dialog("games")
            return
        result = self.keeper.act(name, arg)
        if name in ("resume", "repair", "review") and "games" in page.dialogs:
            page.close_dialog("games")  # before the review opens, so that it is in sight
        self.after(result)

    def after(self, result: Result) -> None:
        page = self.page
        if isinstance(result, Download):
            self.download(result)
        elif result == "changed":
            page.banner_dismissed = False
            page.changed()
        elif result == "share":
            self.share()
        elif result in ("review", "changed-review"):
            if result == "changed-review":
                page.banner_dismissed = False
                page.changed()
            page.open_review()
        self.render()
        page.render()

    # ----- files and links -------------------------------------------------------------

    def download(self, file: Download) -> None:
        if file.stored is not None:  # a text the page never handed over: saved from there
            self.page.view.send("downloadStored", file.name, file.mime, file.stored)
        else:
            self.page.view.send("download", file.name, file.mime, file.text)

    def export(self) -> None:
        ctrl = self.page.ctrl
        self.download(self.keeper.export_current())  # with its review's analysis, if kept
        ctrl.notice = Notice("success", ctrl.t("file.exported"))
        self.page.render()

    def on_file(self, data: object) -> None:
        """A file chosen to import, as the view read it (``assets/view.js``): its text, or
        why there is none (larger than a game record can be: not even read; unreadable)."""
        page = self.page
        ctrl = page.ctrl
        text = data.get("text") if isinstance(data, dict) else None
        if not isinstance(text, str) or len(text) > MAX_FILE_BYTES:
            trouble = data.get("trouble") if isinstance(data, dict) else None
            reason = "file.unreadable" if trouble == "unreadable" else "file.too_big"
            ctrl.notice = Notice("error", ctrl.t("file.bad", reason=ctrl.t(reason)))
            page.render()
            return
        if self.keeper.import_text(text):
            page.banner_dismissed = False
            page.changed()
        else:
            page.render()
        self.render()

    def share(self) -> None:
        """The share dialog with this game's link (the view makes it from the page's own
        address) and what it says of the game."""
        self.page.view.send("share", self.page.ctrl.share_query(), self.keeper.share_words())
        self.page.dialogs.add("share")
