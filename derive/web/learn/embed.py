"""An embedded board's URL parameters, and the lesson board they describe (pure Python).

``embed.html?position=…`` (or ``index.html?embed=1&position=…``, which the game page hands
over) shows one board on another site's page.  Besides the game page's ``position``,
``lang``, ``flip`` and ``select`` (read by ``params.parse``), it takes:

``moves=c3-e5 e5-f6``  moves played from the position, stepped through with buttons
``ply=2``              the step shown first (needs ``moves``)
``autoplay=1``         the steps play by themselves (needs ``moves``)
``interactive=1``      the reader may play (not with ``moves``)
``task=c9+|d10-``      an exercise: its solution, as a lesson's ``data-solution``

Every bad parameter raises ``params.ParamError`` naming it, with the engine's reason when
the engine refused a position or a move; nothing is half-applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..table import params
from ..words import i18n, why
from .lesson import LessonBoard, LessonSetupError
from .lessons import Mode

Query = Mapping[str, Sequence[str]]

GAME_ONLY = ("game", "ai")
"""Parameters of the game page that a lesson board cannot honour (``assets/boot.js``
keeps such links on the game page)."""
_PART_PARAMETER = {"position": "position", "moves": "moves", "solution": "task"}


@dataclass(frozen=True)
class EmbedSetup:
    """What an embed's parameters ask for, each already read."""

    position: str
    lang: str
    moves: tuple[str, ...] = ()
    ply: int = 0
    autoplay: bool = False
    interactive: bool = False
    task: str = ""
    flip: bool = False
    select: str = ""

    @property
    def mode(self) -> Mode:
        if self.task:
            return "exercise"
        return "try" if self.interactive else "watch"


MAX_TASK_CHARS: Final = 500
"""The longest ``task=``: a solution's moves, each answer a few characters (the frame's
script copies it into the board's attributes, where 1 M characters had gone whole)."""


def language(query: Query, fallback: str) -> str:
    """The frame's language: ``lang=`` when it is one of the page's, else ``fallback``
    (the browser's); an error about ``lang`` itself is said in that language."""
    given = query.get("lang") or ()
    wanted = given[0] if len(given) == 1 else ""
    return wanted if wanted in i18n.LANGUAGES else i18n.language(fallback)


def parse(query: Query, fallback_lang: str = i18n.DEFAULT_LANGUAGE) -> EmbedSetup:
    """Read an embed's parameters (``ParamError`` names the first bad one)."""
    for name in GAME_ONLY:
        if name in query:
            raise params.ParamError(name, "only the game page can open this, not a lesson board")
    shared = {k: v for k, v in query.items() if k in ("position", "lang", "flip", "select")}
    launch = params.parse(shared)
    if launch.game is None:
        raise params.ParamError("position", "missing (the position to show, in notation)")
    position = _one(query, "position") or ""
    lang = launch.lang or i18n.language(fallback_lang)
    moves = _moves(query)
    task = _one(query, "task")
    if task is not None and not task.split():
        raise params.ParamError("task", "no solution given")
    if task is not None and len(task) > MAX_TASK_CHARS:
        raise params.ParamError("task", f"the solution is longer than {MAX_TASK_CHARS} characters")
    interactive = _switch(query, "interactive")
    autoplay = _switch(query, "autoplay")
    if moves and task is not None:
        raise params.ParamError("task", "give either moves or task, not both")
    if moves and interactive:
        raise params.ParamError("interactive", "give either moves or interactive, not both")
    if autoplay and not moves:
        raise params.ParamError("autoplay", "needs moves to play")
    ply = _ply(query, len(moves))
    return EmbedSetup(
        position=position,
        lang=lang,
        moves=moves,
        ply=ply,
        autoplay=autoplay,
        interactive=interactive,
        task=" ".join((task or "").split()),
        flip=launch.flip,
        select=launch.select or "",
    )


def board(setup: EmbedSetup) -> LessonBoard:
    """The lesson board ``setup`` describes, checked by the engine (``ParamError`` names
    the parameter the engine refused: ``position``, ``moves``, ``task`` or ``select``)."""
    try:
        lesson = LessonBoard.custom(
            setup.position,
            mode=setup.mode,
            moves=setup.moves,
            solution=setup.task,
            select=setup.select,
            flip=setup.flip,
            lang=setup.lang,
        )
    except LessonSetupError as error:
        raise params.ParamError(_PART_PARAMETER.get(error.part, "position"), str(error)) from None
    if setup.select and setup.select not in lesson.game.explain()["moves"]:
        raise params.ParamError("select", f"{setup.select} holds no die that can act now")
    lesson.goto(setup.ply)
    return lesson


def error_text(problem: params.ParamError, lang: str) -> str:
    """What the frame says instead of a board: the parameter and why, in ``lang``."""
    reason = problem.reason
    if lang == "fr":
        # Imported here, as the game page does: English readers need not load it.
        from ..words import engine_fr

        reason = engine_fr.translate(reason)
    named = i18n.t(lang, "error.param", name=problem.name, reason=why.plain(reason))
    return i18n.t(lang, "error.params", reason=named)


def _one(query: Query, name: str) -> str | None:
    given = query.get(name)
    if not given:
        return None
    if len(given) > 1:
        raise params.ParamError(name, "given more than once")
    return given[0]


def _switch(query: Query, name: str) -> bool:
    return params._switch(name, _one(query, name))  # the game page's on/off reading


def _moves(query: Query) -> tuple[str, ...]:
    text = _one(query, "moves")
    if text is None:
        return ()
    moves = tuple(text.split())
    if not moves:
        raise params.ParamError("moves", "no moves given")
    return moves


def _ply(query: Query, total: int) -> int:
    text = _one(query, "ply")
    if text is None:
        return 0
    if not text.isdigit():
        raise params.ParamError("ply", f"{text!r} is not a whole number")
    if not total:
        raise params.ParamError("ply", "needs moves to step through")
    ply = int(text)
    if ply > total:
        raise params.ParamError("ply", f"{ply} is beyond the last move ({total})")
    return ply


__all__ = ["GAME_ONLY", "EmbedSetup", "Query", "board", "error_text", "language", "parse"]
