"""A page's game on the shelf: what opening a link, a file or a saved game does, what
happens after every move, what other tabs did, and what the player is told.

``Keeper`` drives a ``Controller`` and a ``shelf.Shelf``; its messages and the results of
its actions are plain data that ``storage`` (the browser glue) and ``shelf_panel`` show.
Pure Python, tested under CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from ...ai.players import parse_seats
from ...ai.review import Analysis
from ...game import Game
from ..table import params, share
from ..table.controller import HUMAN, Controller, Notice, Setup
from ..words import i18n
from . import kept
from .saved import (
    GAME_PREFIX,
    LEGACY_FORMAT,
    LEGACY_KEY,
    MAX_ENTRY_CHARS,
    Entry,
    Origin,
    Refusal,
    SetAside,
    Shelf,
    StorageError,
    Unreadable,
    as_object,
    damaged_time,
    game_key,
    load_json,
    moves_of,
    relation,
    replay,
    salvage,
    summary,
)

# --------------------------------------------------------------------------- messages


class EngineText(str):
    """A message field in the engine's English, put into the player's language when shown."""


class Words(str):
    """A message field that is an i18n key, put into the player's language when shown (a
    message outlives a change of language)."""


@dataclass(frozen=True)
class Action:
    name: str
    label: str
    """An i18n key."""
    arg: str = ""
    fields: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Message:
    """Something the shelf tells the player, kept until it is dealt with or dismissed.

    Errors and warnings are shown with ``role="alert"``, news with ``role="status"``.
    """

    topic: str
    kind: Literal["error", "warning", "info"]
    key: str
    fields: tuple[tuple[str, object], ...] = ()
    actions: tuple[Action, ...] = ()
    dismissible: bool = True

    def text(self, ctrl: Controller) -> str:
        return ctrl.t(self.key, **{name: words(ctrl, value) for name, value in self.fields})


def words(ctrl: Controller, value: object) -> object:
    if isinstance(value, EngineText):
        return ctrl.engine_text(value)
    if isinstance(value, Words):
        return ctrl.t(value)
    return value


REFUSALS: Final[dict[Refusal, str]] = {
    "quota": "shelf.full",
    "bounds": "shelf.crowded",
    "blocked": "shelf.unavailable",
}
"""The warning for each reason a write did not happen."""
ROOM_MESSAGES: Final = frozenset({"shelf.full", "shelf.crowded"})
"""Warnings that end by themselves once a write succeeds again."""


def counted(one: str, many: str, count: int) -> str:
    """The key of a sentence about ``count`` moves: one move has a sentence of its own
    ("Move 1 can be restored", not "Moves 1–1")."""
    return one if count == 1 else many


# --------------------------------------------------------------------------- what comes next


@dataclass(frozen=True)
class Download:
    name: str
    text: str
    mime: str = "application/json"
    stored: str | None = None
    """The storage key of a text the page kept to itself (too long to hand over): the
    page saves it from there, ``text`` being empty."""


Result = Literal["changed", "render", "share", "none", "review", "changed-review"] | Download
"""What the page does after an action: redraw after a new game was installed, redraw
the shelf only, open the share dialog, nothing, open the review of the page's game
(``changed-review``: of a game just installed), or save a file."""


class TabMemory(Protocol):
    """The entry this tab plays, remembered across its reloads (``sessionStorage``)."""

    def entry(self) -> str | None: ...

    def remember(self, entry_id: str) -> None: ...


@dataclass
class SimpleTab:
    value: str | None = None

    def entry(self) -> str | None:
        return self.value

    def remember(self, entry_id: str) -> None:
        self.value = entry_id


@dataclass
class Pending:
    """A link's (or file's) game shown as older than this device's, kept until the player
    chooses to open it beside the other."""

    game: Game
    ai: dict[str, str]
    origin: Origin


# --------------------------------------------------------------------------- the keeper


@dataclass
class Bound:
    """The entry the tab plays and the game object it belongs to."""

    id: str
    game: Game
    stamp: str
    created: int
    origin: Origin
    you: str | None
    analysis: Any = None
    """The review's analysis kept with the entry (``kept.py``), carried over each write."""


class Keeper:
    """Keeps the controller's game on the shelf: opens links, files and saves, writes
    after every change, hears of other tabs, and says what happened.

    ``shelf`` is ``None`` for an embedded board, which never touches the player's games.
    """

    def __init__(
        self,
        ctrl: Controller,
        shelf: Shelf | None,
        tab: TabMemory | None = None,
        *,
        trouble: str | None = None,
    ) -> None:
        """``trouble``: the i18n key of a warning that this page cannot save (storage
        refused, or the shelf could not be opened), shown until the page is left."""
        self.ctrl = ctrl
        self.shelf = shelf
        self.tab = tab or SimpleTab()
        self.bound: Bound | None = None
        self.messages: dict[str, Message] = {}
        self.pending: Pending | None = None
        self.deleted: tuple[str, str] | None = None
        """``(id, text)`` of the last game deleted from the list, for its Undo."""
        self.evicted: dict[str, Entry] = {}
        """Finished games removed to make room, by id: their export is offered until the
        page is left (they exist nowhere else)."""
        self.offered: list[str] | None = None
        """The moves of the game a Review button was offered for (after a file, a link)."""
        self.unkept: tuple[str, int] | None = None
        """``(entry id, moves)`` of the game whose analysis found no room: not tried again
        (a longer analysis of it would not fit either)."""
        if trouble is not None:
            self._not_saving(trouble)

    # ----- messages -------------------------------------------------------

    def _say(self, message: Message) -> None:
        self.messages.pop(message.topic, None)
        self.messages[message.topic] = message

    def _hush(self, topic: str) -> None:
        self.messages.pop(topic, None)

    def _not_saving(self, key: str) -> None:
        """The warning that the game is not being saved, up until it is again."""
        export = (Action("export-current", "btn.export"),)
        self._say(Message("storage", "warning", key, actions=export, dismissible=False))

    def shown(self) -> list[Message]:
        return list(self.messages.values())

    # ----- start ------------------------------------------------------------

    def launch(self, game: Game | None, ai: dict[str, str], *, code: bool, error: bool) -> bool:
        """Open what the URL asks for; ``True`` if the setup screen should open.

        ``game``: the link's game (``code``: from a share code, else from ``position``);
        ``error``: the link could not be read (its message is the page's), so the
        player's last game is put back under the setup screen, as with no link at all.
        """
        ctrl = self.ctrl
        if self.shelf is None:
            if game is None and not ai:
                ctrl.open_placeholder()
            else:
                ctrl.open_game(game or ctrl.placeholder()[0], ai)
            return False
        self._open_shelf()
        if game is not None:
            # A ?position= link gets its seed from the position (the engine's rule): the
            # same link is the same game, so it resumes instead of multiplying.
            self.open_incoming(game, ai, "link", correspondence=code)
            # Not when the link hands this device its move: it was sent to be played.
            if self.ctrl.game is game and not (code and self._you(game, ai)):
                self._offer_review(game)
            return False
        resumed = self._resume_last()
        if not resumed:
            ctrl.open_placeholder()
        if ai:  # ?ai=y alone: the new-game screen, with those seats
            ctrl.setup = ctrl.setup.seated(ai)
            return True
        damaged = any(m.topic.startswith("damaged:") for m in self.messages.values())
        # A damaged save's message has buttons: no modal screen over them.
        return error or (not resumed and not damaged)

    def _open_shelf(self) -> None:
        assert self.shelf is not None
        for found in self.shelf.scan():
            self._report(found)
        self._report_unread(self.shelf)
        self._migrate()

    def _report_unread(self, shelf: Shelf) -> None:
        """Texts the page kept to itself: each too long to be a game, and how many more
        there were than the page hands over at once. All stay where they are."""
        long = {k: n for k, n in shelf.unread.items() if n > MAX_ENTRY_CHARS}
        for key, size in long.items():
            export = (Action("export-damaged", "shelf.export_text", key),)
            self._say(
                Message(f"damaged:{key}", "error", "shelf.too_long", (("size", size),), export)
            )
        rest = shelf.unread_count - len(long)
        if rest > 0:
            key = counted("shelf.unread.one", "shelf.unread", rest)
            self._say(Message("unread", "warning", key, (("count", rest),)))

    def _migrate(self) -> None:
        """The single autosave of earlier versions becomes an entry of its own."""
        assert self.shelf is not None
        store = self.shelf.store
        text = store.get(LEGACY_KEY)
        if text is None:
            return
        try:
            data = load_json(text)
            if not isinstance(data, dict) or data.get("format") != LEGACY_FORMAT:
                raise Unreadable("shelf.why.format")
            game = replay(data.get("record"))
        except Unreadable as problem:
            self._report(self.shelf.set_aside(LEGACY_KEY, text, problem))
            return
        seats = data.get("seats")
        ai = {}
        if isinstance(seats, dict):
            ai = {c: v for c, v in seats.items() if isinstance(v, str) and v != HUMAN}
        setup = as_object(data.get("setup"))
        key = game_key(game)
        if not any(e.moves == moves_of(game) for e in self.shelf.family(key)):
            entry = self._entry_for(self.shelf.new_id(key), key, game, ai, setup, "saved")
            try:
                self._announce_evicted(self.shelf.write(entry))
            except StorageError:
                return  # left where it was: read again next time
            self.tab.remember(entry.id)
        store.remove(LEGACY_KEY)

    def _resume_last(self) -> bool:
        """This tab's game, or else the last one played."""
        assert self.shelf is not None
        mine = self.tab.entry()
        order = self.shelf.recent()
        chosen = self.shelf.entries.get(mine) if mine else None
        if chosen is None and order:
            chosen = order[0]
        if chosen is None:
            return False
        if not self._resume(chosen):
            return False
        self.ctrl.notice = Notice("success", self.ctrl.t("restored"))
        return True

    def _resume(self, entry: Entry) -> bool:
        """Install ``entry``'s game; a record that does not replay is set aside."""
        assert self.shelf is not None
        try:
            game = entry.game()
        except Unreadable as problem:
            text = self.shelf.store.get(entry.storage_key)
            self.shelf.entries.pop(entry.id, None)
            if text is not None:
                self._report(self.shelf.set_aside(entry.storage_key, text, problem))
            return False
        self.ctrl.open_game(game, entry.ai())
        self.ctrl.setup = Setup.from_json(entry.setup)
        self._take(Bound(entry.id, game, entry.stamp, entry.created, entry.origin, entry.you))
        self._take_kept(entry)
        self._prompt_send()
        return True

    def _take(self, bound: Bound) -> None:
        """This tab now plays ``bound``: remembered across reloads, and the news about the
        game it played before is stale."""
        self.bound = bound
        self.tab.remember(bound.id)
        if bound.you and not self.ctrl.flip:
            self.ctrl.bottom = bound.you  # by correspondence: your own rive at the bottom
        for topic in ("newer", "older", "send", "forked", "gone", "apart", "review", "analysis"):
            self._hush(topic)
        self.pending = None

    def _report(self, found: SetAside) -> None:
        """A text that could not be read: say so, offer its good part and its text."""
        repair = salvage(found.text)
        actions = []
        fields: list[tuple[str, object]] = [
            ("reason", self._reason(found.problem)),
        ]
        key = "shelf.damaged"
        if repair is not None and repair.good > 0:
            good = repair.good
            fields.append(("good", good))
            label = counted("shelf.repair.one", "shelf.repair", good)
            actions.append(Action("repair", label, found.key, (("good", good),)))
            if repair.bad is not None:
                key = counted("shelf.damaged.bad_move.one", "shelf.damaged.bad_move", good)
                fields += [("bad", repair.bad), ("move", repair.move)]
            else:
                key = (
                    counted("shelf.damaged.whole.one", "shelf.damaged.whole", good)
                    if repair.whole
                    else counted("shelf.damaged.result.one", "shelf.damaged.result", good)
                )
        actions.append(Action("export-damaged", "shelf.export_text", found.key))
        self._say(Message(f"damaged:{found.key}", "error", key, tuple(fields), tuple(actions)))

    def _reason(self, problem: Unreadable) -> object:
        return EngineText(problem.detail) if problem.detail else Words(problem.key)

    # ----- opening games from outside -------------------------------------------

    def open_incoming(
        self, game: Game, ai: dict[str, str], origin: Origin, *, correspondence: bool = False
    ) -> None:
        """A game from a link or file: the same game again resumes its entry, a longer one
        continues it, an older one says so (and can open beside), another one opens beside."""
        ctrl = self.ctrl
        if self.shelf is None:
            ctrl.open_game(game, ai)
            return
        key = game_key(game)
        moves = moves_of(game)
        family = self.shelf.family(key)
        by = {e.id: relation(e.moves, moves) for e in family}
        same = [e for e in family if by[e.id] == "same"]
        extended = [e for e in family if by[e.id] == "ahead"]
        newer = [e for e in family if by[e.id] == "behind"]
        if same or extended:
            # The longest entry the incoming moves extend is the one they continue.
            entry = same[0] if same else max(extended, key=lambda e: len(e.moves))
            seats_ai = ai or {c: v for c, v in entry.ai().items() if c in game.seating.colours}
            ctrl.open_game(game, seats_ai)
            ctrl.setup = Setup.from_json(entry.setup) if entry.setup else ctrl.setup
            you = self._you(game, seats_ai) if correspondence else entry.you
            self._take(Bound(entry.id, game, entry.stamp, entry.created, entry.origin, you))
            self._take_kept(entry)
            self._write(touch=bool(extended) and not same)
            if extended and not same:
                self._greet(game, seats_ai, correspondence, continued=len(entry.moves))
            else:
                self._greet(game, seats_ai, correspondence, continued=None)
            return
        if newer and origin == "file":
            # A file is opened to be seen: its game opens beside the newer one.
            counts = (("theirs", len(moves)), ("ours", len(newer[0].moves)))
            self._adopt(game, ai, origin)
            self._say(Message("older", "info", "shelf.older_file", counts))
            return
        if newer:
            entry = newer[0]
            if self._resume(entry):
                self.pending = Pending(game, ai, origin)
                self._say(
                    Message(
                        "older",
                        "info",
                        "shelf.older",
                        (("theirs", len(moves)), ("ours", len(entry.moves))),
                        (Action("open-pending", "shelf.open_beside"),),
                    )
                )
                return
        self._adopt(game, ai, origin, correspondence=correspondence)
        if family:
            self._say(Message("apart", "info", "shelf.apart"))
        self._greet(game, ai, correspondence, continued=None)

    def _you(self, game: Game, ai: dict[str, str]) -> str | None:
        if game.is_over or game.to_move in ai:
            return None
        return game.to_move

    def _greet(
        self, game: Game, ai: dict[str, str], correspondence: bool, continued: int | None
    ) -> None:
        """Say "You play Yellow: your move" when a link hands this device the turn."""
        ctrl = self.ctrl
        if correspondence and not game.is_over and game.to_move not in ai:
            colour = ctrl.colour_name(game.to_move)
            text = ctrl.t("shelf.your_move", colour=colour)
            if continued is not None:
                text += " " + ctrl.t("shelf.continued", ply=continued)
            ctrl.notice = Notice("success", text)

    def _adopt(
        self,
        game: Game,
        ai: dict[str, str],
        origin: Origin,
        *,
        correspondence: bool = False,
        setup: dict[str, Any] | None = None,
    ) -> None:
        """Open ``game`` as a new entry."""
        assert self.shelf is not None
        ctrl = self.ctrl
        seats_ai = {c: v for c, v in ai.items() if c in game.seating.colours}
        ctrl.open_game(game, seats_ai)
        if setup:
            ctrl.setup = Setup.from_json(setup)
        key = game_key(game)
        you = self._you(game, seats_ai) if correspondence else None
        self._take(Bound(self.shelf.new_id(key), game, "", self.shelf.clock(), origin, you))
        self._write()

    def import_text(self, text: str) -> bool:
        """An imported file: a bad one leaves the game as it was and says why."""
        ctrl = self.ctrl
        try:
            game, analysis, seats = share.read_file(text)  # size and nesting measured first
        except share.NotARecord as error:
            key = "file.too_big" if str(error) == "too big" else "file.not_json"
            ctrl.notice = Notice("error", ctrl.t("file.bad", reason=ctrl.t(key)))
            return False
        except ValueError as error:
            ctrl.notice = Notice("error", ctrl.t("file.bad", reason=ctrl.engine_text(str(error))))
            return False
        ai = _file_seats(seats, game)
        if ai is None:  # a file that does not say: played on against the table's computer
            ai = {c: v for c, v in ctrl.computers().items() if c in game.seating.colours}
        self.open_incoming(game, ai, "file")
        ctrl.notice = Notice("success", ctrl.t("file.imported"))
        self._take_analysis(game, analysis)
        self._offer_review(game)
        return True

    # ----- the review's analysis, kept with its game ---------------------------------

    def _take_kept(self, entry: Entry) -> None:
        """The analysis kept with ``entry``, now the tab's: checked against its game once,
        so that what is carried over later moves (``kept.trimmed``) is known to be good; a
        bad one is dropped from the entry and said (the game stays)."""
        bound = self.bound
        if entry.analysis is None or bound is None:
            return
        analysis, problem = kept.read(entry.analysis, bound.game)
        if analysis is not None:
            bound.analysis = entry.analysis
        elif problem is not None:
            self._keep_in(entry.id, None)
            self._say(Message("analysis", "warning", "shelf.analysis_dropped"))

    def _take_analysis(self, game: Game, data: Any) -> None:
        """A file's analysis section: checked against its game, then kept with the game's
        entry (unless the entry already keeps a fuller one); a bad one is dropped and
        said, and the game stays."""
        bound = self.bound
        if data is None or bound is None or bound.game is not game:
            return
        analysis, problem = kept.read(data, game)
        if analysis is None:
            if problem is not None:
                self._say(Message("analysis", "warning", "file.analysis_dropped"))
            return
        chosen = kept.better(bound.analysis, analysis.to_data())
        if chosen is not bound.analysis:
            bound.analysis = chosen
            self._write(touch=False)

    def _offer_review(self, game: Game) -> None:
        """After a file or a link: a message with a Review button (the menu has one too)."""
        if not game.moves or self.shelf is None:
            return
        bound = self.bound
        ready = bound is not None and bound.game is game and kept.complete(bound.analysis)
        key = "shelf.review.ready" if ready else "shelf.review.offer"
        self.offered = moves_of(game)
        self._say(Message("review", "info", key, actions=(Action("review", "games.review"),)))

    def reviewing(self) -> None:
        """The review is open: its offer has been taken up."""
        self._hush("review")

    def kept_analysis(self, game: Game) -> Analysis | None:
        """The analysis kept with ``game``'s entry (the page's, or a saved game with the
        same moves), checked against ``game``; a damaged or foreign one is dropped from
        the entry and said, and the game stays as it is."""
        if self.shelf is None:
            return None
        moves = moves_of(game)
        bound = self.bound
        if bound is not None and bound.game is self.ctrl.game and moves_of(bound.game) == moves:
            # Good for the moves it was carried over (_take_kept): cut to these.
            entry_id, data = bound.id, kept.trimmed(bound.analysis, moves)
        else:
            entry = self._entry_with(game)
            if entry is None:
                return None
            entry_id, data = entry.id, entry.analysis
        analysis, problem = kept.read(data, game)
        if problem is not None:
            self._keep_in(entry_id, None)
            self._say(Message("analysis", "warning", "shelf.analysis_dropped"))
        return analysis

    def keep_analysis(self, game: Game, data: dict[str, Any]) -> None:
        """The review's analysis of ``game`` so far (``Analysis.to_data``): kept with its
        entry where there is room for it without removing any game; else said, once."""
        if self.shelf is None:
            return
        entry = self._entry_with(game)
        if entry is None or self.unkept == (entry.id, len(game.moves)):
            return
        if not self._keep_in(entry.id, data):
            self.unkept = (entry.id, len(game.moves))
            self._say(Message("analysis", "warning", "shelf.analysis_no_room"))

    def _entry_with(self, game: Game) -> Entry | None:
        """The stored entry of ``game`` with exactly its moves: the tab's first."""
        assert self.shelf is not None
        moves = moves_of(game)
        ids = [self.bound.id] if self.bound is not None else []
        ids += [e.id for e in self.shelf.family(game_key(game))]
        for entry_id in ids:
            found = self.shelf.read(entry_id)
            if isinstance(found, SetAside):
                self._report(found)
            elif isinstance(found, Entry) and found.moves == moves:
                return found
        return None

    def _keep_in(self, entry_id: str, data: Any) -> bool:
        """Write ``data`` as the analysis of the stored entry ``entry_id`` (``None``: none),
        never removing a game for it; whether it was written."""
        assert self.shelf is not None
        bound = self.bound
        if bound is not None and bound.id == entry_id and bound.game is self.ctrl.game:
            bound.analysis = data
        entry = self.shelf.read(entry_id)
        if not isinstance(entry, Entry):
            return False
        entry.analysis = data
        was = entry.stamp
        try:
            self.shelf.write(entry, evict=False)
        except StorageError:
            if bound is not None and bound.id == entry_id:
                bound.analysis = None
            return False
        if bound is not None and bound.id == entry_id and bound.stamp == was:
            bound.stamp = entry.stamp  # this tab's own write: nothing moved on elsewhere
        return True

    # ----- saving ---------------------------------------------------------------------

    def save(self) -> None:
        """After any change: write the tab's entry (a game the page installed itself, such
        as a new game from the setup form, gets an entry of its own first)."""
        if self.shelf is None:
            return
        game = self.ctrl.game
        if self.bound is None or self.bound.game is not game:
            entry_id = self.shelf.new_id(game_key(game))
            self._take(Bound(entry_id, game, "", self.shelf.clock(), "new", None))
        if self.offered is not None and self.offered != moves_of(game):
            self._hush("review")  # offered for moves since undone or played on
            self.offered = None
        self._write()
        self._prompt_send()

    def refused(self, kind: Refusal) -> None:
        """The browser refused a write after the shelf made it (the page's storage says so
        a message later, and the store now refuses what the page did): the game is written
        again, which makes room or says it is not being saved, as a refusal at once would."""
        bound = self.bound
        if kind == "quota" and self.shelf is not None and bound and bound.game is self.ctrl.game:
            self._write(touch=False)
            return
        self._not_saving(REFUSALS[kind])

    def _write(self, *, touch: bool = True) -> None:
        """Write the bound entry, unless another tab moved it on in a way this tab's moves
        do not extend: then this tab's game becomes a branch of its own."""
        assert self.shelf is not None and self.bound is not None
        bound = self.bound
        ctrl = self.ctrl
        moves = moves_of(ctrl.game)
        stored = self.shelf.read(bound.id)
        if isinstance(stored, SetAside):
            self._report(stored)
            stored = None
        if GAME_PREFIX + bound.id in self.shelf.held:
            bound.id = self.shelf.new_id(game_key(ctrl.game))  # never over unreadable text
            self.tab.remember(bound.id)
        if stored is not None and stored.stamp != bound.stamp:
            if relation(stored.moves, moves) not in ("same", "ahead"):
                bound.id = self.shelf.new_id(stored.key)
                bound.origin = "branch"
                self.tab.remember(bound.id)
                self._say(Message("forked", "warning", "shelf.forked"))
            elif not bound.stamp:
                # Opened as that entry (the same link again): keep when it began.
                bound.created = stored.created
        entry = self._entry_for(
            bound.id,
            game_key(ctrl.game),
            ctrl.game,
            ctrl.computers(),
            ctrl.setup.to_json(),
            bound.origin,
        )
        entry.created = bound.created
        entry.you = bound.you
        if not touch and isinstance(stored, Entry):
            entry.updated = stored.updated
        # Checked when it came (_take_kept): what it says of the moves kept still holds.
        bound.analysis = entry.analysis = kept.trimmed(bound.analysis, moves)
        try:
            evicted = self._store(entry)
        except StorageError as error:
            # The game plays on unsaved; every other game stays as it was.
            self._not_saving(REFUSALS[error.kind])
            return
        bound.stamp = entry.stamp
        storage = self.messages.get("storage")
        if storage is not None and storage.key in ROOM_MESSAGES:
            self._hush("storage")  # an unavailable storage does not come back by itself
        self._announce_evicted(evicted)

    def _store(self, entry: Entry) -> list[Entry]:
        """Write the tab's entry; its analysis only if it fits without removing any game
        (else the game is written without it, and the player told)."""
        assert self.shelf is not None and self.bound is not None
        if entry.analysis is not None:
            try:
                return self.shelf.write(entry, evict=False)
            except StorageError as error:
                if not error.full:
                    raise
                entry.analysis = self.bound.analysis = None
                self._say(Message("analysis", "warning", "shelf.analysis_no_room"))
        return self.shelf.write(entry)

    def _announce_evicted(self, evicted: list[Entry]) -> None:
        """Each finished game removed to make room, in a message that offers its export
        (it exists nowhere else any more)."""
        for entry in evicted:
            self.evicted[entry.id] = entry
            rule_set = str(entry.record.get("setup", {}).get("rule_set", ""))
            name = f"rules.{rule_set}"
            fields = (
                ("rules", Words(name) if name in i18n.EN else rule_set),
                ("ply", entry.ply),
            )
            export = (Action("export-evicted", "games.export", entry.id),)
            self._say(Message(f"evicted:{entry.id}", "warning", "shelf.evicted", fields, export))

    def _entry_for(
        self,
        entry_id: str,
        key: str,
        game: Game,
        ai: dict[str, str],
        setup: dict[str, Any],
        origin: Origin,
    ) -> Entry:
        assert self.shelf is not None
        now = self.shelf.clock()
        position, ply, result = summary(game)
        seats = {c: ai.get(c, HUMAN) for c in game.seating.colours}
        return Entry(
            entry_id,
            key,
            game.record(),
            seats,
            setup,
            now,
            now,
            origin,
            None,
            position,
            ply,
            result,
        )

    def _prompt_send(self) -> None:
        """In a game by correspondence, once this device has moved: send the link."""
        bound = self.bound
        game = self.ctrl.game
        if bound is None or bound.you is None or game is not bound.game:
            self._hush("send")
            return
        if game.is_over or game.to_move != bound.you:
            colour = self.ctrl.colour_name(game.to_move) if not game.is_over else ""
            key = "shelf.send.over" if game.is_over else "shelf.send"
            self._say(
                Message("send", "info", key, (("colour", colour),), (Action("share", "btn.share"),))
            )
        else:
            self._hush("send")

    def share_words(self) -> str:
        """What the share dialog says above the link."""
        bound = self.bound
        game = self.ctrl.game
        if (
            bound is not None
            and bound.you is not None
            and game is bound.game
            and not game.is_over
            and game.to_move != bound.you
        ):
            return self.ctrl.t("shelf.share.to", colour=self.ctrl.colour_name(game.to_move))
        return self.ctrl.t("share.manual")

    # ----- other tabs ----------------------------------------------------------------

    def external(self, key: str | None, text: str | None) -> None:
        """Another tab wrote ``key`` (``None``: it cleared the storage)."""
        shelf = self.shelf
        if shelf is None:
            return
        if key is None:
            shelf.scan()
            return
        entry = shelf.refresh(key, text)
        bound = self.bound
        if bound is None or key != GAME_PREFIX + bound.id or bound.game is not self.ctrl.game:
            return
        if text is None:
            self._say(Message("gone", "info", "shelf.gone"))
            bound.stamp = ""
            return
        if entry is None or entry.stamp == bound.stamp:
            return
        if entry.moves == moves_of(self.ctrl.game):
            bound.stamp = entry.stamp  # the same game: nothing to tell
            theirs, _ = kept.read(entry.analysis, self.ctrl.game)  # another tab's review
            if theirs is not None:
                bound.analysis = kept.better(bound.analysis, theirs.to_data())
            self._hush("newer")
            return
        self._say(
            Message(
                "newer",
                "warning",
                "shelf.newer",
                (("ply", entry.ply),),
                (Action("load-newer", "shelf.load_newer"),),
            )
        )

    # ----- the player's actions ---------------------------------------------------------

    def act(self, name: str, arg: str = "") -> Result:
        """A button of the list or of a message: what the page must do next."""
        if name == "dismiss":
            self._hush(arg)
            return "render"
        if name == "share":
            return "share"
        if name == "export-current":
            return self.export_current()
        handler = self._actions.get(name)
        if self.shelf is None or handler is None:
            return "none"
        return handler(self, self.shelf, arg)

    def _act_resume(self, shelf: Shelf, entry_id: str) -> Result:
        entry = shelf.read(entry_id)
        if isinstance(entry, SetAside):
            self._report(entry)
        elif entry is not None and self._resume(entry):
            self.ctrl.notice = Notice("success", self.ctrl.t("shelf.resumed"))
            return "changed"
        return "render"

    def _act_load_newer(self, shelf: Shelf, _: str) -> Result:
        self._hush("newer")
        return self._act_resume(shelf, self.bound.id) if self.bound else "render"

    def _act_open_pending(self, shelf: Shelf, _: str) -> Result:
        pending = self.pending
        if pending is None:
            return "render"
        self._adopt(pending.game, pending.ai, pending.origin)
        return "changed"

    def _act_export(self, shelf: Shelf, entry_id: str) -> Result:
        entry = shelf.read(entry_id)
        return self._export_entry(entry) if isinstance(entry, Entry) else "render"

    def export_current(self) -> Download:
        """The page's game as a file, with the analysis kept with it if there is one."""
        game = self.ctrl.game
        bound = self.bound
        good = bound is not None and bound.game is game
        data = kept.trimmed(bound.analysis, moves_of(game)) if bound is not None and good else None
        ai = params.ai_text(self.ctrl.computers())
        return Download(*share.export_file(game, self._checked(data, game), ai))

    def _checked(self, data: Any, game: Game) -> dict[str, Any] | None:
        """``data`` as an analysis of ``game`` fit to export, or ``None``."""
        analysis, _ = kept.read(data, game)
        return None if analysis is None else analysis.to_data()

    def _export_entry(self, entry: Entry) -> Result:
        try:
            game = entry.game()
            analysis, ai = self._checked(entry.analysis, game), params.ai_text(entry.ai())
            return Download(*share.export_file(game, analysis, ai))
        except Unreadable as problem:
            reason = (("reason", self._reason(problem)),)
            self._say(Message("export", "error", "shelf.cannot_export", reason))
            return "render"

    def _act_review(self, shelf: Shelf, entry_id: str) -> Result:
        """Review a game of the list (``""``: the page's): opened first if it is another."""
        self._hush("review")
        bound = self.bound
        if not entry_id or (
            bound is not None and bound.id == entry_id and bound.game is self.ctrl.game
        ):
            return "review"
        found = self._act_resume(shelf, entry_id)
        return "changed-review" if found == "changed" else found

    def _act_delete(self, shelf: Shelf, entry_id: str) -> Result:
        text = shelf.delete(entry_id)
        if text is not None:
            self.deleted = (entry_id, text)
            undo = (Action("undelete", "btn.undo"),)
            self._say(Message("deleted", "info", "shelf.deleted", actions=undo))
        return "render"

    def _act_undelete(self, shelf: Shelf, _: str) -> Result:
        if self.deleted is not None:
            entry_id, text = self.deleted
            self.deleted = None
            self._hush("deleted")
            try:
                shelf.put_back(entry_id, text)
            except StorageError:
                self._say(Message("deleted", "warning", "shelf.full"))
        return "render"

    def _act_export_evicted(self, shelf: Shelf, entry_id: str) -> Result:
        entry = self.evicted.get(entry_id)
        return self._export_entry(entry) if entry is not None else "render"

    def _act_export_damaged(self, shelf: Shelf, key: str) -> Result:
        name = f"derive-set-aside-{damaged_time(key) or 0}.txt"
        if key in shelf.unread:
            return Download(name, "", "text/plain", stored=key)
        text = shelf.store.get(key)
        if text is None:
            return "render"
        return Download(name, text, "text/plain")

    def _act_repair(self, shelf: Shelf, key: str) -> Result:
        text = shelf.store.get(key)
        repair = salvage(text) if text is not None else None
        if repair is None or repair.good == 0:
            self._say(Message(f"damaged:{key}", "error", "shelf.no_repair"))
            return "render"
        ai = {c: v for c, v in repair.seats.items() if v != HUMAN}
        self._adopt(repair.game, ai, "restored", setup=repair.setup)
        self._hush(f"damaged:{key}")
        repaired = counted("shelf.repaired.one", "shelf.repaired", repair.good)
        self.ctrl.notice = Notice("success", self.ctrl.t(repaired, good=repair.good))
        return "changed"

    def _act_drop_damaged(self, shelf: Shelf, key: str) -> Result:
        shelf.drop_damaged(key)
        self._hush(f"damaged:{key}")
        return "render"

    _actions: Final[dict[str, Callable[[Keeper, Shelf, str], Result]]] = {
        "resume": _act_resume,
        "review": _act_review,
        "load-newer": _act_load_newer,
        "open-pending": _act_open_pending,
        "export": _act_export,
        "export-evicted": _act_export_evicted,
        "delete": _act_delete,
        "undelete": _act_undelete,
        "export-damaged": _act_export_damaged,
        "repair": _act_repair,
        "drop-damaged": _act_drop_damaged,
    }


def _file_seats(found: Any, game: Game) -> dict[str, str] | None:
    """The seats a file says the computer played (``share.SEATS``) if they fit its game,
    else ``None``: a file without them, or with a section damaged, opens as files did
    before it (the game is what a file is opened for, and stays)."""
    if not isinstance(found, str) or len(found) > 64:
        return None
    try:
        seats = parse_seats(found) if found else {}
    except ValueError:
        return None
    return seats if all(c in game.seating.colours for c in seats) else None
