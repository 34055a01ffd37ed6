"""Build ``rules.html``: RULES.md as a static page, with engine-checked diagrams.

The page needs no Python to be read (plain HTML, inline SVG, ``assets/rules.css``); it is
generated from RULES.md's text and the diagrams of ``tools/rules_diagrams.py``: each one a
position in the notation, validated by the engine, drawn by ``derive.web.svg`` (a static
picture, English labels), placed after the rule it illustrates, with a caption whose claims
the engine checks here.  A rules change that makes a caption wrong stops the build.

Usage: ``python3 tools/build_rules.py [--check]`` (``--check``: change nothing, exit 1 if
``rules.html`` is stale; the unit tests run it).
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from html import escape
from pathlib import Path
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from derive import Game  # noqa: E402
from derive.web.highlights import board_view  # noqa: E402
from derive.web.svg import render_board  # noqa: E402
from tools import mdlite  # noqa: E402
from tools.generated import refresh  # noqa: E402
from tools.rules_diagrams import DIAGRAMS, ClaimError, Diagram, claim  # noqa: E402

RULES = REPO_ROOT / "RULES.md"
PAGE = REPO_ROOT / "rules.html"

_RULE_ITEM = re.compile(r"\*\*(R\d+)\b")


class DiagramError(ValueError):
    pass


def rule_of(item: str) -> str | None:
    """``"R10"`` for a list item that states rule R10 (``**R10 Jump** …``)."""
    found = _RULE_ITEM.match(item)
    return found.group(1) if found else None


def live_link(diagram: Diagram) -> str:
    """The diagram's position as a live board (the game's embed mode never touches the
    player's saved game)."""
    link = f"index.html?embed=1&position={quote(diagram.position)}"
    return link + (f"&select={diagram.select}" if diagram.select else "")


def checked_game(diagram: Diagram) -> Game:
    """The diagram's game, after its moves, once every claim of its caption held."""
    try:
        game = Game.from_position(diagram.position)
        # The page shows the notation: the engine's own (canonical) spelling of it.
        claim(game.to_position() == diagram.position, f"canonical: {game.to_position()}")
        diagram.check(game.copy())
        for move in diagram.play:
            game.play(move)
    except (ClaimError, ValueError) as error:
        raise DiagramError(f"diagram {diagram.slug!r} ({diagram.position}): {error}") from error
    return game


def caption(diagram: Diagram, before: Game) -> str:
    fields = {name for _, name, _, _ in string.Formatter().parse(diagram.caption) if name}
    facts = dict(diagram.facts(before))
    if fields != set(facts):
        raise DiagramError(f"diagram {diagram.slug!r}: caption fields {fields} ≠ facts")
    text = diagram.caption.format_map({k: v.replace("`", "") for k, v in facts.items()})
    return mdlite.inline(text)


def figure(diagram: Diagram) -> str:
    game = checked_game(diagram)
    view = board_view(
        game.explain(), selected=diagram.select, show_enters=diagram.show_enters, lang="en"
    )
    svg = render_board(view, static=True)
    words = caption(diagram, Game.from_position(diagram.position))
    return (
        f'<figure class="diagram" id="{diagram.anchor}">\n{svg}\n<figcaption>'
        f"<strong>{escape(diagram.title)}.</strong> {words}"
        f'<span class="where"><code>{escape(diagram.position)}</code><span class="live"> · '
        f'<a href="{escape(live_link(diagram))}">try it live</a></span></span>'
        "</figcaption>\n</figure>"
    )


def figures_after(item: str) -> str:
    rule = rule_of(item)
    return "\n".join(figure(d) for d in DIAGRAMS if d.rule == rule)


LEGEND = """\
<section class="legend" aria-labelledby="legend">
<h2 id="legend">Reading the diagrams</h2>
<ul>
<li>A yellow frame: the selected die. Yellow dots: its steps; yellow rings: where it can
jump (a dotted line shows the route).</li>
<li>Red corner marks: a die that can be captured (or that an obligation targets).</li>
<li>A shield: a protected die. A dashed red ring: an obliged die.</li>
<li>Links between touching dice: white for an anchored chain, yellow for a well-formed one,
thicker and glowing for the winning chain.</li>
<li>A shaded square: the last move. The coloured bar along an edge: whose turn it is.
Beside each rive: that colour's reserve.</li>
</ul>
<p>Every caption is checked by the game's rules engine whenever this page is rebuilt; the
position under each diagram is in the rules' notation, and <em>try it live</em> opens it
in the game.</p>
</section>"""


def teachers() -> str:
    example = next(d for d in DIAGRAMS if d.slug == "jump")
    src = live_link(example)
    snippet = (
        f'<iframe src="https://YOUR-COPY-OF-THE-GAME/{src}"\n'
        '        width="420" height="440" title="Dérive: a multi-jump"></iframe>'
    )
    return f"""\
<section class="teachers" aria-labelledby="for-teachers">
<h2 id="for-teachers">For teachers and rules sites</h2>
<p>Link to a rule or a diagram: every rule has an anchor (<code>rules.html#r16</code>) and so
does every diagram (<code>rules.html#{example.anchor}</code>).</p>
<p>Embed a live board: the game's <code>embed=1</code> mode shows the board alone, playable,
with a one-line status, and never touches the visitor's saved game. Give it a position in the
notation (spaces as <code>%20</code>), and optionally a selected die:</p>
<pre><code>{escape(snippet)}</code></pre>
<p>Parameters: <code>position</code> (the notation used under each diagram),
<code>select=c3</code> (show that die's moves), <code>lang=fr</code> or <code>lang=en</code>.
<a href="{escape(src)}">This is that board.</a></p>
<p>Static pictures for printed sheets, from a copy of the game's source:
<code>python -m derive.web.svg "{escape(example.position)}" --select c3 &gt; jump.svg</code></p>
</section>"""


def page(rules_text: str) -> str:
    toc: list[tuple[str, str]] = []

    def heading(level: int, text: str) -> str | None:
        if level != 2:
            return None
        anchor = mdlite.slug(text)
        toc.append((anchor, text))
        # The legend goes between the introduction and the first section.
        legend = LEGEND + "\n" if len(toc) == 1 else ""
        return f'{legend}<h2 id="{anchor}">{mdlite.inline(text)}</h2>'

    body = mdlite.render(
        rules_text,
        item_id=lambda item: (rule_of(item) or "").lower() or None,
        after_item=figures_after,
        heading_html=heading,
    )
    toc.append(("for-teachers", "For teachers and rules sites"))
    contents = "".join(f'<li><a href="#{a}">{mdlite.inline(t)}</a></li>' for a, t in toc)
    return f"""\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="description" content="The rules of Dérive, the dice strategy game, with diagrams.">
<title>Dérive — the rules, with diagrams</title>
<link rel="icon" href="assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/rules.css">
</head>
<body>
<!-- Generated by tools/build_rules.py from RULES.md: do not edit. -->
<header class="top">
<a class="brand" href="index.html">Dérive</a>
<a class="play" href="index.html">Play the game</a>
</header>
<nav class="contents" aria-label="Contents"><ul>{contents}</ul></nav>
<main>
{body}
{teachers()}
</main>
<footer><a href="index.html">Back to the game</a></footer>
</body>
</html>
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    try:
        wanted = page(RULES.read_text(encoding="utf-8"))
    except (DiagramError, mdlite.MarkdownError) as error:
        print(f"tools/build_rules.py: {error}", file=sys.stderr)
        return 2
    placed = {d.rule for d in DIAGRAMS}
    missing = {r for r in placed if f'<li id="{r.lower()}">' not in wanted}
    if missing:
        print(f"tools/build_rules.py: no rule item for {sorted(missing)}", file=sys.stderr)
        return 2
    return refresh(PAGE, wanted, check=args.check, tool="tools/build_rules.py")


if __name__ == "__main__":
    sys.exit(main())
