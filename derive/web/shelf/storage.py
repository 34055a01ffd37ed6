"""The shelf in the browser: local storage, other tabs, files, the "Your games" dialog.

The decisions are ``shelf.Keeper``'s (tested under CPython); this module only connects it
to what a browser has.  Local storage rather than IndexedDB: it is synchronous, so a game
is written before the move's handler returns (nothing is lost when a tab closes right
after a move), each entry is one key (a write never touches another game), and its
``storage`` event tells every other tab which key changed, with the new text.  The shelf's
bounds keep it far below the browser's quota (about 5 M characters).

(Not type-checked beyond ``Any``: ``pyscript`` and ``js`` exist only in Pyodide.)
"""

from __future__ import annotations

import contextlib
import traceback
from typing import Any

import js
from pyodide.ffi import JsException
from pyscript import window
from pyscript.ffi import create_proxy, is_none, to_js

from ..table import params
from ..table.controller import Notice
from . import panel as shelf_panel
from .keeper import REFUSALS, Download, Keeper, Result, SimpleTab
from .saved import MAX_FILE_BYTES, MemoryStore, Shelf, refusal

TAB_KEY = "derive.tab"
"""In ``sessionStorage``: the entry this tab plays, so a reload resumes its own game even
when another tab played a game since."""
_PROBE_KEY = "derive.probe"
_proxies: list[Any] = []


def _keep(handler: Any) -> Any:
    proxy = create_proxy(handler)
    _proxies.append(proxy)  # alive for the page's lifetime
    return proxy


class LocalStore:
    """``shelf.Store`` over ``window.localStorage``."""

    def __init__(self, area: Any) -> None:
        self.area = area

    def get(self, key: str) -> str | None:
        try:
            value = self.area.getItem(key)
        except JsException:
            return None
        return None if is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.area.setItem(key, value)
        except JsException as error:
            raise refusal(str(getattr(error, "name", ""))) from error

    def remove(self, key: str) -> None:
        with contextlib.suppress(JsException):
            self.area.removeItem(key)

    def names(self) -> list[str]:
        try:
            area = self.area
            return [str(area.key(i)) for i in range(int(area.length))]
        except JsException:
            return []


class SessionTab:
    """``shelf.TabMemory`` in ``sessionStorage``: per tab, kept across its reloads."""

    def __init__(self, area: Any) -> None:
        self.area = area

    def entry(self) -> str | None:
        try:
            value = self.area.getItem(TAB_KEY)
        except JsException:
            return None
        return None if is_none(value) else str(value)

    def remember(self, entry_id: str) -> None:
        with contextlib.suppress(JsException):
            self.area.setItem(TAB_KEY, entry_id)


def _open_storage() -> tuple[Any, Any, str | None] | None:
    """``(localStorage, sessionStorage, trouble)``, or ``None`` if the browser refuses
    storage (a privacy setting, a sandboxed frame).  Storage with no room left is still
    storage: its games are read and kept, and ``trouble`` says it is full."""
    try:
        area = window.localStorage
        session = window.sessionStorage
    except JsException:
        return None
    try:
        area.setItem(_PROBE_KEY, "1")
    except JsException as error:
        problem = refusal(str(getattr(error, "name", "")))
        return (area, session, REFUSALS[problem.kind]) if problem.full else None
    with contextlib.suppress(JsException):
        area.removeItem(_PROBE_KEY)
    return area, session, None


def _now() -> int:
    return int(js.Date.now())


class ShelfGlue:
    """What ``app.Page`` calls for saving, opening, importing, exporting and sharing."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.keeper = Keeper(page.ctrl, None)
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
        areas = _open_storage()
        if areas is None:
            self.keeper = self._unsaved("shelf.unavailable")
        else:
            local, session, trouble = areas
            shelf = Shelf(LocalStore(local), _now)
            self.keeper = Keeper(page.ctrl, shelf, SessionTab(session), trouble=trouble)
        code = "game" in page.hello.query
        try:
            setup_needed = self.keeper.launch(launch.game, launch.ai, code=code, error=error)
        except Exception:  # noqa: BLE001 - a fault must not lock the player out for good
            # Whatever in the storage set it off stays untouched: this page saves nothing.
            js.console.error(traceback.format_exc())
            self.keeper = self._unsaved("shelf.broken")
            setup_needed = self.keeper.launch(launch.game, launch.ai, code=code, error=error)
        self._select(launch)
        window.addEventListener("storage", _keep(page.guard(self.on_storage)))
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
                games if changed_games else None,
            )
        self.shown_messages, self.shown_games = messages, games

    def _when(self, ms: int) -> str:
        options = to_js({"dateStyle": "medium", "timeStyle": "short"})
        try:
            return str(js.Date.new(ms).toLocaleString(self.page.ctrl.lang, options))
        except JsException:
            return "?"

    # ----- events -------------------------------------------------------------------

    def save(self) -> None:
        """After every change of the game."""
        self.keeper.save()
        self.render()

    def keep_analysis(self, game: Any, data: dict[str, Any]) -> None:
        """The review's analysis so far, kept with its game (``Keeper.keep_analysis``)."""
        self.keeper.keep_analysis(game, data)
        self.render()

    def on_storage(self, event: Any) -> None:
        if not is_none(event.storageArea) and event.storageArea != window.localStorage:
            return
        key = None if is_none(event.key) else str(event.key)
        text = None if is_none(event.newValue) else str(event.newValue)
        self.keeper.external(key, text)
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
