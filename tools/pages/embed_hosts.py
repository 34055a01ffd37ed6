"""Host pages for the embedded board: another site's page holding Dérive iframes.

The browser tests (``tests/e2e/test_embed.py``) and the benchmark (``bench/bench_embed.py``)
serve these from a second origin, as a rules site would, with the boards' own site as
``base``.  ``EIGHT`` is a page of eight boards of every mode, as an article with a board
every few paragraphs; ``ONE`` is its first board alone.  None of them needs the rules for
its first picture, so none starts Python until a reader uses it.
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from derive.web.learn.lessons import BY_ID

Board = tuple[str, tuple[tuple[str, str], ...]]
"""A board's title and its parameters."""


def _lesson(ident: str, *extra: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return (("position", BY_ID[ident].position), *extra)


def _moves(ident: str) -> tuple[str, str]:
    return ("moves", " ".join(BY_ID[ident].moves))


def _task(ident: str) -> tuple[str, str]:
    return ("task", BY_ID[ident].solution)


EIGHT: tuple[Board, ...] = (
    ("A race to the far side", _lesson("lesson-goal", _moves("lesson-goal"))),
    ("Stepping", _lesson("lesson-step", ("interactive", "1"))),
    ("Jumping", _lesson("lesson-jump", _moves("lesson-jump"))),
    ("Capturing", _lesson("lesson-capture-higher", ("interactive", "1"))),
    ("Complete the chain", _lesson("exercise-l2-win", _task("exercise-l2-win"))),
    ("Chains", _lesson("lesson-chains")),
    ("The obligation", _lesson("exercise-l3-obligation", _task("exercise-l3-obligation"))),
    ("The team game", _lesson("lesson-team", _moves("lesson-team"))),
)
ONE: tuple[Board, ...] = EIGHT[:1]


def src(base: str, params: tuple[tuple[str, str], ...]) -> str:
    return f"{base}/embed.html?" + "&".join(f"{k}={quote(v, safe=',')}" for k, v in params)


def host_page(
    base: str,
    boards: tuple[Board, ...],
    *,
    columns: int = 1,
    policy: str = "",
    frame_attributes: str = "",
) -> str:
    """A page of text with ``boards`` in it; ``columns`` > 1 puts them side by side.

    ``policy``: the page's own Content-Security-Policy (a ``<meta>``, as a blog's template
    may set it); ``frame_attributes``: more attributes on every iframe (``sandbox=…``)."""
    frames = []
    extra = f" {frame_attributes}" if frame_attributes else ""
    for number, (title, params) in enumerate(boards, 1):
        frames.append(
            f'<figure><iframe id="board-{number}" src="{escape(src(base, params))}" width="400" '
            f'height="500" title="Dérive: {escape(title)}" style="border: 0"{extra}></iframe>'
            f"<figcaption>{escape(title)}</figcaption></figure>"
        )
    prose = "<p>" + "A paragraph of the host's own text about the game. " * 6 + "</p>"
    body = "".join(frames) if columns > 1 else "".join(f"{prose}{frame}" for frame in frames)
    layout = "display: flex; flex-wrap: wrap; gap: 8px;" if columns > 1 else ""
    meta = (
        f'<meta http-equiv="Content-Security-Policy" content="{escape(policy)}">' if policy else ""
    )
    return (
        f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">{meta}'
        '<link rel="icon" href="data:,"><title>A rules site</title></head>'
        f'<body style="margin: 8px; font-family: sans-serif"><main style="{layout}">'
        f"{body}</main></body></html>\n"
    )


__all__ = ["EIGHT", "ONE", "Board", "host_page", "src"]
