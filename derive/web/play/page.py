"""The game page's Python: the view's messages in (``assets/view.js``), what to show out.

Decisions live in ``Controller`` (pure, tested under CPython); markup comes from ``svg``
and ``panel``. Everything shown goes out through the view (``link.Link``) as named calls
with plain data, and everything the player does comes in as ``receive``'s messages: this
module reads nothing off the page, and runs in a worker (``play/run.py``; WEB.md, "The
game's Python in a worker").
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import traceback
from collections.abc import Callable, Coroutine
from typing import Any

from ..board.surface import Surface
from ..board.svg import die_svg
from ..board.widget import SPEEDS, BoardWidget
from ..link import Link
from ..review import driver as review_driver
from ..review import keeping as review_keeping
from ..review.page import ReviewPage
from ..shelf.saved import MAX_FILE_BYTES
from ..shelf.storage import ShelfGlue
from ..table import clicks, manners, panel, params, scene
from ..table.controller import Controller, Notice, Setup, sign_of
from ..table.state import Played
from ..words import i18n, why
from . import keys, sound
from .computer import Computer
from .hello import LANG_KEY, SOUND_KEY, SPEED_KEY, Hello, setup_fields

MAX_TYPED = 200
"""Longer than any move's notation: a longer text in the move field is not read."""
MAX_FIELD_NAME = 40


class Page:
    def __init__(self, hello: Hello, view: Link) -> None:
        self.hello = hello
        """What the view said at start (the link, the settings kept, the first minute)."""
        self.view = view
        """The page's view (``assets/view.js``): everything shown goes through it."""
        self.ctrl = Controller(self._initial_language())
        self.embed = False
        self.computer = Computer(self)
        """The computer player: its worker, its turns, its hints."""
        self.shelf = ShelfGlue(self)
        """Saved games: this tab's, the others, links, files, other tabs."""
        self.banner_dismissed = False
        self.setup_touched: set[str] = set()
        """Names of the setup form's fields the player changed since it opened."""
        self.setup_opened = Setup()
        """The setup the form showed when it opened (its untouched seats go back to it)."""
        self.setup_first = False
        """The form opened over no game (a first visit): cancelling it starts its game."""
        self.setup_fields: dict[str, str] = {}
        """The setup form's fields as the view last said (each change, each drawing)."""
        self.start_roll_shown: int | None = None
        """The game (its seed) whose start roll is up."""
        self.keys_taken: tuple[str, ...] | None = None
        """The presses the view was last told the game takes (``keys.taken``)."""
        self.dialogs: set[str] = set()
        """The ids of the dialogs open (the view says when one closes)."""
        self.handlers: dict[str, Callable[[Any], Any]] = {}
        """The view's messages by kind (``_bind``)."""
        stored = hello.stored
        surface = Surface(page=view, reduced_motion=hello.reduced_motion)
        self.board = BoardWidget(surface, speed=stored.get(SPEED_KEY) or "auto")
        self.sound = sound.Sound(view, on=stored.get(SOUND_KEY) == "on")
        self.review: ReviewPage | None = None
        """The post-game review, once opened (``?review=1`` or the end banner)."""

    # ----- start -----------------------------------------------------------

    def _initial_language(self) -> str:
        # An invalid ?lang= is reported in the language the page would have without it.
        asked = next(iter(self.hello.query.get("lang", ())), None)
        wanted = asked if asked in i18n.LANGUAGES else self.hello.stored.get(LANG_KEY)
        return i18n.language(wanted or self.hello.language)

    def start(self) -> None:
        ctrl = self.ctrl
        error = None
        try:
            launch = params.parse(dict(self.hello.query), parse_ai=_parse_ai)
        except params.ParamError as problem:
            launch = params.Launch()
            error = ctrl.t("error.params", reason=self._param_words(problem))
        # The review's parameters: a bad one is said, and the game opens all the same.
        unused = review_driver.problem(self.hello.query)
        self.embed = launch.embed or self.hello.embed
        ctrl.touch = self.hello.coarse
        if launch.lang:
            ctrl.lang = launch.lang
        ctrl.flip = launch.flip
        setup_needed = self.shelf.launch(launch, error is not None)
        view = self.view
        if self.embed:
            view.send("embedded")
        self._bind()
        # The history banner in the page's flow under the board, with ◀ ▶ beside it: over
        # the board it covered the goal rive, and on a phone the side panel's step buttons
        # are far below (issue 26).
        view.send("placeHistory", panel.history_steps_html(ctrl.lang))
        self.apply_language()
        if error:
            ctrl.notice = Notice("error", error)
        elif unused is not None:
            words = ctrl.t("error.param_unused", reason=self._param_words(unused))
            ctrl.notice = Notice("info", words)
        elif self.hello.restarted:
            ctrl.notice = Notice("info", ctrl.t("status.restarted"))
        # The static page ships its controls disabled; ``render`` disables what does not
        # apply, then the page says it is ready.
        view.send("enableControls")
        self.render()
        view.send("ready")
        if setup_needed:
            self.take_over_early_setup(asked=bool(launch.ai))
        self.replay_early_clicks()
        if not self.embed or any(ctrl.is_ai(c) for c in ctrl.game.seating.colours):
            self.spawn(self.computer.start())
        query = self.hello.query
        if review_driver.wanted(query) and launch.game is not None and not self.embed:
            self.open_review(review_driver.budget_from(query) if "budget" in query else None)

    def _param_words(self, problem: params.ParamError) -> str:
        """A link's parameter and what is wrong with it, in the page's language."""
        reason = self.ctrl.engine_text(problem.reason)
        return self.ctrl.t("error.param", name=problem.name, reason=reason)

    def review_closed(self) -> None:
        self.banner_dismissed = False
        self.render()

    def open_review(self, budget: int | None = None) -> None:
        """Show the review of the page's game and analyse it in the computer's worker,
        going on from the analysis kept with the saved game (a complete one is shown at
        once, with no search); ``budget``: the URL's, else the kept analysis's."""
        self.banner_dismissed = True
        if self.ctrl.ai_to_move():  # a game going on waits while it is reviewed (Resume)
            self.ctrl.cancel_thinking()
            self.ctrl.paused = True
        keeper = self.shelf.keeper
        keeper.reviewing()
        if self.review is None or self.review.state.game.moves != self.ctrl.game.moves:
            budget, kept = review_keeping.choose(budget, keeper.kept_analysis(self.ctrl.game))
            self.review = ReviewPage(self, self.view, budget, kept)
            self.shelf.render()  # a kept analysis found damaged is said
        self.review.open()
        if not self.review.state.done:
            self.spawn(self.review.run())

    def keep_analysis(self, game: Any, data: dict[str, Any]) -> None:
        """The review's analysis so far, kept with the saved game (review.keeping)."""
        self.shelf.keep_analysis(game, data)

    def take_over_early_setup(self, *, asked: bool) -> None:
        """A first visit may have chosen its game, or cancelled the form, before Python
        was up (assets/boot.js): start that game now; or keep the form open as the
        visitor left it.  ``asked``: a ``?ai=`` link chose the seats the form shows."""
        ctrl = self.ctrl
        # With nothing played under the form, what is under it is a placeholder: the form
        # shows a first game (level 1, against the computer), and cancelling starts it.
        first = not ctrl.game.moves and not ctrl.game.can_redo()
        shown = dataclasses.replace(ctrl.setup, rule_set=Setup().rule_set) if asked else Setup()
        early = self.hello.early
        fields = early.get("setup")
        if isinstance(fields, dict):
            setup, lang = panel.setup_from_form(fields)
            if lang and lang != self.ctrl.lang:
                self.set_language(lang)
            if not setup.problem():
                self.ctrl.new_game(setup)
                self.changed()
                return
        if early.get("cancelled"):
            self.start_game(Setup())  # what the early form showed (tools/pages/build_web.py)
        elif early.get("open") is True:
            self.dialogs.add("setup")  # boot.js opened it
            # The form is the one this module would draw (tools/pages/build_web.py): leave it
            # as the visitor has it, focus and all.
            self.setup_touched = {str(name) for name in early.get("touched") or ()}
            # Drawn from the defaults, with the computer's levels already; its state comes
            # with its fields, which the view sends once it listens.
            self.setup_opened = Setup()
            self.setup_first = True
        elif first:
            self.open_setup(shown, first=True)
        else:
            self.open_setup()

    def replay_early_clicks(self) -> None:
        """Squares clicked on the board before it was live, played as if just clicked."""
        for square in self.hello.early.get("clicks") or ():
            if self.dialogs:
                break
            self.after(self.ctrl.click(str(square)))

    # ----- events ------------------------------------------------------------

    def _bind(self) -> None:
        # What the player does comes from the view as plain messages (``receive``).
        self.handlers = self._handlers()
        self.view.send("listen", MAX_FILE_BYTES)

    def receive(self, kind: Any, data: Any) -> None:
        """One message of the view (``assets/view.js``): what the player did, as plain
        data. (Which key presses the game takes, the view knows beforehand: ``render``.)"""
        try:
            handler = self.handlers.get(str(kind))
            if handler is not None:
                handler(data)
        except Exception:  # noqa: BLE001 - the last line of defence
            self.crash()

    def _handlers(self) -> dict[str, Callable[[Any], Any]]:
        """Each message's handler, by the message's kind."""
        return {
            "click": lambda data: self.on_click(clicks.click_from(data)),
            "key": lambda data: self.on_key(keys.press_from(data)),
            "pointer": self.on_pointer,
            "move": self.on_move_typed,
            "setup-change": self.on_setup_change,
            "setup-submit": self.on_setup_submit,
            "setup-cancel": lambda _: self.cancel_setup(),
            "setting": self.on_setting,
            "closed": self.on_closed,
            "file": self.shelf.on_file,
            "storage": self.shelf.on_storage,
            "storage-refused": self.shelf.on_refused,
            # Every message before this one handled: said back (tests, ``deriveView.settle``).
            "settle": lambda data: self.view.send("settled", data),
        }

    def open_dialog(self, name: str, markup: str | None = None) -> None:
        """Open dialog ``name`` (modal), its body showing ``markup`` when given."""
        self.dialogs.add(name)
        self.view.send("dialog", name, True, markup)

    def close_dialog(self, name: str) -> None:
        self.dialogs.discard(name)
        self.view.send("dialog", name, False)

    def on_closed(self, data: object) -> None:
        """A dialog closed, however (a button, Escape)."""
        name = data.get("id") if isinstance(data, dict) else None
        if isinstance(name, str):
            self.dialogs.discard(name)
            if name == "games":
                self.shelf.render()  # its pictures go

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        async def run() -> None:
            try:
                await coro
            except Exception:  # noqa: BLE001
                self.crash()

        asyncio.ensure_future(run())

    def crash(self) -> None:
        traceback.print_exc()
        self.view.send("crash", self.ctrl.t("error.generic"))

    def on_click(self, click: clicks.Click) -> None:
        """A click, as the view read it (``assets/view.js``: the menus and the board's
        focus are done there)."""
        if click.shelf:
            self.shelf.on_click(click.shelf, click.arg)
            return
        review = self.review
        reviewing = review is not None and review.active
        chosen = click.target(reviewing=reviewing)
        if chosen == "review" and review is not None and click.review is not None:
            review.on_click(click.review)
        elif chosen == "action":
            self.do(click.action)
        elif chosen == "step":
            self.do(click.step)
        elif chosen == "ply" and click.ply is not None:
            self.ctrl.view(click.ply)
            self.render()
        elif chosen == "pick" and click.pick is not None:
            self.after(self.ctrl.pick_value(click.pick))
        elif chosen == "square":
            self.after(self.ctrl.click(click.square))

    def on_pointer(self, data: object) -> None:
        """Words follow the last input: "tap" after a finger or a pen, "click" after a
        mouse.  Not drawn now: redrawing between a press and its click could take the
        click's square away; the click's own drawing uses the new words."""
        kind = data.get("kind") if isinstance(data, dict) else None
        if kind in ("mouse", "touch", "pen"):
            self.ctrl.touch = kind != "mouse"

    def do(self, action: str) -> None:
        ctrl = self.ctrl
        simple: dict[str, Callable[[], Any]] = {
            "first": lambda: ctrl.view(0),
            "prev": lambda: ctrl.step_view(-1),
            "next": lambda: ctrl.step_view(1),
            "last": lambda: ctrl.view(None),
            "resume": ctrl.resume,
        }
        if action in simple:
            simple[action]()
            self.render()
            self.computer.schedule()
        elif (sign := sign_of(action)) is not None:
            self.after(ctrl.act(sign))
        elif action == "pass":
            self.after(ctrl.play("pass"))
        elif action in ("undo", "redo"):
            if getattr(ctrl, action)():
                self.banner_dismissed = False
                self.changed()
            else:
                self.render()
        elif action == "hint":
            self.spawn(self.computer.hint())
        elif action == "new":
            self.open_setup()
        elif action == "review":
            self.open_review()
        elif action == "setup-cancel":
            self.cancel_setup()
        elif action == "rematch":
            self.start_game(None)
        elif action == "export":
            self.export()
        elif action == "import":
            self.view.send("pickFile")
        elif action == "share":
            self.share()
        elif action == "copy-link":
            self.spawn(self.copy_link())
        elif action == "close-share":
            self.close_dialog("share")
        elif action == "language":
            self.set_language("en" if ctrl.lang == "fr" else "fr")
        elif action == "turn":
            ctrl.turn_board()
            self.render()
        elif action in ("resign", "offer-draw"):
            manners.ask(ctrl, "resign" if action == "resign" else "draw")
            self.render()
        elif action in ("answer-yes", "answer-no"):
            if manners.answer(ctrl, action == "answer-yes"):
                self.banner_dismissed = False
                self.sound.play("end")
                self.changed()
            else:
                self.render()
        elif action == "keys":
            self.open_dialog("keys", panel.keys_html(ctrl.lang))
        elif action == "close-keys":
            self.close_dialog("keys")

    def on_setting(self, data: object) -> None:
        """The menu's settings: sound on or off, the animations' speed; remembered."""
        if not isinstance(data, dict):
            return
        name, value = data.get("name"), data.get("value")
        if name == "sound" and value in ("on", "off"):
            self.sound.on = value == "on"
            if self.sound.on:
                self.sound.play("move")  # a sample, and browsers allow audio after a click
            self.view.send("remember", SOUND_KEY, value)
        elif name == "speed" and isinstance(value, str) and (value == "auto" or value in SPEEDS):
            self.board.speed = value
            self.view.send("remember", SPEED_KEY, value)

    def on_key(self, press: keys.Press | None) -> bool:
        """A key press, as the view read it (``assets/view.js``: none in a form field or
        under an open dialog); whether the game took it."""
        if press is None:
            return False
        review = self.review
        if review is not None and review.active and keys.reviews(press):
            return review.on_key(press.key)
        ctrl = self.ctrl
        command = keys.command(
            press, viewing=ctrl.view_ply is not None, picking=ctrl.picking is not None
        )
        if command is None:
            return False
        if command.kind == "do":
            self.do(command.arg)
        elif command.diagonal is not None:
            ctrl.move_cursor(command.diagonal)
            self.render()
        elif command.kind == "select":
            self.after(ctrl.click(ctrl.cursor, keyboard=True))
        elif command.kind == "escape":
            ctrl.escape()
            self.render()
        else:
            self.after(ctrl.pick_value(int(command.arg)))
        return True

    def on_move_typed(self, data: object) -> None:
        """A move typed in notation; the field is emptied once it is played."""
        text = data.get("text") if isinstance(data, dict) else None
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TYPED:
            return
        played = self.ctrl.play(text.strip())
        if played is not None:
            self.view.send("clearMove")
        self.after(played)

    # ----- after a change --------------------------------------------------

    def after(self, played: Played | None) -> None:
        """Show the result of a person's action (a move, a selection, a reason)."""
        if played is None:
            self.render()
            return
        self.banner_dismissed = False
        self.changed()
        self.spawn(self.animate(played))

    def changed(self) -> None:
        """The game itself changed: draw, save, and let the computer play if it is up."""
        self.render()
        self.save()
        self.computer.schedule()

    def save(self) -> None:
        self.shelf.save()

    # ----- drawing ------------------------------------------------------------

    def render(self) -> None:
        """Put the board and the scene around it (``table.scene``) on the page."""
        ctrl = self.ctrl
        review = self.review if self.review is not None and self.review.active else None
        view = ctrl.board_view()
        if review is not None:
            view = dataclasses.replace(view, shapes=review.shapes())
        self.board.draw(view)
        around = scene.scene(
            ctrl, marks=review.marks() if review else None, banner_dismissed=self.banner_dismissed
        )
        self.view.send("show", dataclasses.asdict(around))
        if ctrl.picking is not None:
            self.board.place_beside(None, ctrl.picking)
        self._render_start_roll()
        self._tell_keys(review is not None and review.active)
        if self.review is not None:
            self.review.sync()

    def _tell_keys(self, reviewing: bool) -> None:
        # The view keeps a press from the browser when the game takes it: it must know
        # which before the press, for the game may answer a message later (a worker).
        ctrl = self.ctrl
        taken = keys.taken(
            viewing=ctrl.view_ply is not None, picking=ctrl.picking is not None, reviewing=reviewing
        )
        if taken != self.keys_taken:
            self.keys_taken = taken
            self.view.send("keysTaken", list(taken))

    def _render_start_roll(self) -> None:
        ctrl = self.ctrl
        game = ctrl.game
        # The start roll stays up for the first round, so it can be read even when a
        # computer plays first.
        if game.start_roll and game.ply < len(game.seating.colours) and ctrl.view_ply is None:
            if self.start_roll_shown != game.seed:
                self.start_roll_shown = game.seed
                markup = panel.start_roll_html(game.start_roll, game.to_move, ctrl.lang)
                self.view.send("startRoll", markup)
                if ctrl.fresh_start_roll:
                    ctrl.fresh_start_roll = False
                    self.spawn(self.roll_start_dice())
        elif self.start_roll_shown is not None:
            self.start_roll_shown = None
            self.view.send("startRoll", "")

    # ----- language -------------------------------------------------------------

    def apply_language(self) -> None:
        lang = self.ctrl.lang
        table = i18n.STRINGS[lang]
        words = {key: i18n.t(lang, key) for key in self.hello.words if key in table}
        title = f"{i18n.t(lang, 'app.title')} · {i18n.t(lang, 'app.tagline')}"
        self.view.send("speak", lang, words, title, why.PAGES[lang])
        self.view.send("settings", self.sound.on, self.board.speed)
        self.shelf.render(force=True)  # the shelf's words follow the page's

    def set_language(self, lang: str) -> None:
        self.ctrl.lang = lang
        self.view.send("remember", LANG_KEY, lang)
        self.apply_language()
        self.render()

    # ----- setup dialog ------------------------------------------------------------

    def open_setup(self, setup: Setup | None = None, *, first: bool = False) -> None:
        """The new-game form showing ``setup`` (the game's own by default); ``first``:
        cancelling it starts that game, there being none to go back to."""
        self.setup_touched = set()
        self.setup_first = first
        self.setup_opened = setup or self.ctrl.setup
        self._fill_setup(self.setup_opened, self.ctrl.lang)
        self.open_dialog("setup")

    def cancel_setup(self) -> None:
        """Close the form, leaving the game it showed: the one under it, or on a first
        visit the one it offered."""
        self.close_dialog("setup")
        if self.setup_first:
            self.start_game(self.setup_opened)

    def start_game(self, setup: Setup | None) -> None:
        """A new game of ``setup``; ``None``: a rematch of the one that ended."""
        self.setup_first = False
        self.banner_dismissed = False
        if setup is None:
            self.ctrl.rematch()
        else:
            self.ctrl.new_game(setup)
        self.changed()

    def _fill_setup(self, setup: Setup, lang: str, *, keep: bool = False) -> None:
        """The form drawn for ``setup``; ``keep``: left as it is if it would come out the
        same (its nodes, what the player set in it, and the focus stay)."""
        ctrl = self.ctrl
        markup = panel.setup_html(setup, lang, ctrl.ai_levels, ctrl.ai_state)
        # The view answers with the fields as drawn (a ``setup-change`` of no name), and
        # the form's state follows from them.
        self.view.send("setupFields", markup, keep)

    def _refresh_setup(self) -> None:
        """The open form, now with the computer's levels, keeping what the player chose.
        A form that would come out the same (the first visit's, drawn at build time, as a
        rule) is left as it is: its nodes, the first paint, and the focus in it stay."""
        setup, lang = panel.setup_kept(self.setup_fields, self.setup_touched, self.setup_opened)
        self._fill_setup(setup, lang or self.ctrl.lang, keep=True)

    def _take_fields(self, data: object) -> None:
        fields = setup_fields(data.get("fields") if isinstance(data, dict) else None)
        if fields is not None:
            self.setup_fields = fields

    def on_setup_change(self, data: object) -> None:
        """The setup form changed (``data``: the field's name, and all its fields), or
        was drawn (no name)."""
        self._take_fields(data)
        name = data.get("name") if isinstance(data, dict) else None
        if isinstance(name, str) and 0 < len(name) <= MAX_FIELD_NAME:
            self.setup_touched.add(name)
        form = panel.setup_form(self.setup_fields)
        problem = self.ctrl.t(form.problem) if form.problem else ""
        self.view.send("setupState", form.teams, form.pairing, problem)

    def on_setup_submit(self, data: object) -> None:
        self._take_fields(data)
        setup, lang = panel.setup_from_form(self.setup_fields)
        if lang and lang != self.ctrl.lang:
            self.set_language(lang)
        problem = setup.problem()
        if problem:
            self.view.send("setupError", self.ctrl.t(problem))
            return
        self.close_dialog("setup")
        self.start_game(setup)

    # ----- files and links ---------------------------------------------------------

    def export(self) -> None:
        self.shelf.export()

    def share(self) -> None:
        self.shelf.share()

    async def copy_link(self) -> None:
        """The share dialog's link to the clipboard; where the browser refuses, the link
        stays selected for the player to copy."""
        if not await self.view.ask("copyLink"):
            return
        self.close_dialog("share")
        self.ctrl.notice = Notice("success", self.ctrl.t("share.copied"))
        self.render()

    def setup_levels_known(self) -> None:
        """The computer's levels arrived (or it is unavailable): redraw an open form."""
        if "setup" in self.dialogs:
            self._refresh_setup()

    # ----- animations -----------------------------------------------------------------

    async def animate(self, played: Played) -> None:
        """Jumps fly along their path, re-rolls roll; the board is already up to date."""
        self.sound.play("capture" if played.kind == "capture" else "move")
        if self.ctrl.game.is_over:
            self.sound.play("end")
        if played.kind in ("move", "capture") and len(played.path) >= 2:
            await self.board.fly(played.path)
        elif played.kind == "reroll":
            square = played.move[: played.move.index("?")]
            await self.board.roll(square, played.colour, played.value)

    async def roll_start_dice(self) -> None:
        """The start roll's dice tumble a moment before showing what they rolled."""
        if self.board.factor <= 0:
            return
        rng = random.Random()
        dice = [colour for roll in self.ctrl.game.start_roll for colour in roll]
        frames = [[die_svg(c, rng.randint(1, 6), size=44) for _ in range(9)] for c in dice]
        await self.view.ask("rollStart", frames, 80)


def _parse_ai(text: str) -> dict[str, str]:
    from ...ai import parse_seats

    return parse_seats(text)
