"""Build the Learn pages: ``rules.html`` (English) and ``regles.html`` (French).

Each page is its language's text (``tools/pages/learn_text/en.md``, ``fr.md``: the Markdown of
``mdlite.py``) with the lessons of ``derive.web.learn.lessons`` placed where the text says
``[[lesson-id]]``, the rule-set table where it says ``[[rule-sets]]`` and the legend of the
boards' marks (``tools/pages/learn_legend.py``, drawn by the board's own drawing) where it says
``[[legend]]``.  A heading may
end with ``{#anchor}`` to fix its anchor.  Every lesson is checked against the engine
first (``learn_checks.py``) and its board pre-rendered by ``derive.web.board.svg`` from the
same lesson model the live page uses (``derive.web.learn.lesson``), so the page reads, prints and
shows every position without any script.

Usage: ``python3 tools/pages/build_learn.py [--check]`` (``--check``: change nothing, exit 1 if
a page is stale; the unit tests run it).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from derive import RULE_SETS  # noqa: E402
from derive.web.board.svg import render_board  # noqa: E402
from derive.web.learn.lesson import LessonBoard  # noqa: E402
from derive.web.learn.lessons import BY_ID, LESSONS, POINTER, POINTER_FIELD, Lesson, Words  # noqa: E402
from derive.web.words import i18n  # noqa: E402
from tools.generated import refresh  # noqa: E402
from tools.pages import learn_legend, mdlite  # noqa: E402
from tools.pages.learn_checks import LessonError, check_all  # noqa: E402
from tools.pages.site_url import site_links  # noqa: E402

TEXTS = REPO_ROOT / "tools" / "pages" / "learn_text"
PAGES = {"en": "rules.html", "fr": "regles.html"}
KIT = {"en": "embed-kit.html", "fr": "integrer.html"}
"""The embed kit's pages for authors (``tools/pages/build_embed.py``), linked from the footer."""
LANGUAGES = ("en", "fr")

_PLACE = re.compile(r"^\[\[([a-z0-9-]+)\]\]$", re.MULTILINE)
_ANCHOR = re.compile(r"^(.*?)\s*\{#([a-z0-9-]+)\}$")
_RULE_ITEM = re.compile(r"\*\*(R\d+)\b")


class PageError(ValueError):
    pass


@dataclass(frozen=True)
class Chrome:
    """The words around the text, per language."""

    title: str
    description: str
    contents: str
    skip: str
    play: str
    other: str
    modes: dict[str, str]
    prev: str
    next: str
    steps: str
    stepper: str
    solution: str
    show: str
    answer: str
    mistakes: str
    open_game: str
    yes: str
    no: str
    table_head: tuple[str, ...]
    goal_one: str
    games: str
    goal_chain: str
    footer: str
    reset: str
    actions: str
    waiting: str
    failed: str
    kit: str
    legend: str


CHROME: dict[str, Chrome] = {
    "en": Chrome(
        title="Learn Dérive — the rules, with boards to play",
        description="Learn Dérive, the dice strategy game: the rules with boards to watch, "
        "try and solve.",
        contents="Contents",
        skip="Skip to the rules",
        play="Play the game",
        other="Version française",
        modes={"watch": "Watch", "try": "Try it", "exercise": "Exercise"},
        prev="Back",
        next="Next",
        steps="Steps",
        stepper="Step through the moves",
        solution="The answer in words",
        show="Show the solution",
        answer="Answer",
        mistakes="Typical mistakes",
        open_game="Play this position freely",
        yes="yes",
        no="no",
        table_head=("Rule set", "Dice each", "To win", "Protection", "Obligation", "Chance"),
        goal_one="one die on the opposite rive",
        games="The six games",
        goal_chain="a well-formed chain of {n}",
        footer="Back to the game",
        reset="Start again",
        actions="Actions on the selected die",
        waiting="One moment: the rules are loading, then your move is played.",
        failed="The rules could not be loaded here. Reload the page to try again.",
        kit="Put these boards on your site",
        legend="The marks on the boards",
    ),
    "fr": Chrome(
        title="Apprendre Dérive — la règle, avec des plateaux à jouer",
        description="Apprendre Dérive, le jeu de stratégie aux dés : la règle avec des "
        "plateaux à regarder, à essayer et à résoudre.",
        contents="Sommaire",
        skip="Aller à la règle",
        play="Jouer",
        other="English version",
        modes={"watch": "À regarder", "try": "À essayer", "exercise": "Exercice"},
        prev="Précédent",
        next="Suivant",
        steps="Étapes",
        stepper="Avancer ou reculer d’un coup",
        solution="La réponse en mots",
        show="Voir la solution",
        answer="Réponse",
        mistakes="Erreurs fréquentes",
        open_game="Jouer librement cette position",
        yes="oui",
        no="non",
        table_head=(
            "Partie",
            "Dés par joueur",
            "Pour gagner",
            "Interdiction de prendre",
            "Obligation de prendre",
            "Hasard",
        ),
        goal_one="un dé sur la rive opposée",
        games="Les six parties",
        goal_chain="une chaîne bien formée de {n}",
        footer="Retour au jeu",
        reset="Recommencer",
        actions="Actions sur le dé choisi",
        waiting="Un instant : les règles se chargent, puis votre coup est joué.",
        failed="Les règles n’ont pas pu être chargées ici. Rechargez la page pour réessayer.",
        kit="Ces plateaux sur votre site",
        legend="Les marques des plateaux",
    ),
}


def inline(text: str) -> str:
    return mdlite.inline(text)


_TAG = re.compile(r"(<[^>]*>)")


def french_spacing(html: str) -> str:
    """No line break between a French word and the sign set after it (or the guillemet
    before it): ``i18n.french_spaces``, in the text only (tags, and the boards' markup,
    are left alone)."""
    parts = _TAG.split(html)
    return "".join(part if part.startswith("<") else i18n.french_spaces(part) for part in parts)


def typeset(value: Any) -> Any:
    """French words given as data (a page's chrome, the kit's words) with their no-break
    spaces (``i18n.french_spaces``), through the dataclasses, tuples and dicts that hold
    them: attributes and the head, which ``french_spacing`` leaves alone, get them too."""
    if isinstance(value, str):
        return i18n.french_spaces(value)
    if isinstance(value, tuple):
        return tuple(typeset(item) for item in value)
    if isinstance(value, dict):
        return {key: typeset(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(
            value, **{f.name: typeset(getattr(value, f.name)) for f in dataclasses.fields(value)}
        )
    return value


CHROME["fr"] = typeset(CHROME["fr"])


def words(text: Words, lang: str) -> str:
    return pointer_html(inline(text.of(lang)), lang)


def pointer_html(html: str, lang: str) -> str:
    """``{click}`` as both words, the page's style showing the one for the reader's
    pointer (a touch screen's "tap"), with or without a script."""
    return POINTER_FIELD.sub(
        lambda found: "".join(
            f'<span class="{kind}">{escape(said)}</span>'
            for kind, said in zip(
                ("by-mouse", "by-touch"), POINTER[lang][found.group(1)], strict=True
            )
        ),
        html,
    )


# --------------------------------------------------------------------------- lessons


def game_link(lesson: Lesson, lang: str) -> str:
    """The lesson's position on a board of its own, to play freely (the embedded board,
    which never touches the reader's saved games)."""
    link = f"embed.html?position={quote(lesson.position)}&interactive=1&lang={lang}"
    return link + (f"&select={lesson.select}" if lesson.select else "")


def as_played(lesson: Lesson) -> list[str]:
    """A watch lesson's moves as the lesson plays them (a re-roll with what it rolls)."""
    steps = LessonBoard(lesson, "en")
    return [moved.move for moved in iter(steps.next, None)]


def lesson_html(lesson: Lesson, lang: str, level: int) -> str:
    """One lesson: its text, its pre-rendered board and its message area (the contract the
    live page and the tests rely on)."""
    chrome = CHROME[lang]
    board = LessonBoard(lesson, lang)
    svg = render_board(board.board_view(), static=True)
    ident = escape(lesson.id)
    data = ['data-live="false"']
    if lesson.mode == "watch":
        data.append(f'data-moves="{escape(" ".join(lesson.moves))}"')
    if lesson.mode == "exercise":
        data.append(f'data-task="{escape(lesson.goal)}"')
        data.append(f'data-solution="{escape(lesson.solution)}"')
    heading = f"h{level}"
    side = [f'<p class="lesson-text">{words(lesson.text, lang)}</p>']
    if lesson.mode == "watch":
        steps = "".join(
            f'<li data-ply="{number}"><code>{escape(played)}</code> {words(step.say, lang)}</li>'
            for number, (step, played) in enumerate(
                zip(lesson.steps, as_played(lesson), strict=True), 1
            )
        )
        side.append(f'<ol class="lesson-steps" aria-label="{chrome.steps}">{steps}</ol>')
        side.append(
            f'<div class="lesson-controls" role="group" aria-label="{chrome.stepper}">'
            f'<button type="button" data-action="prev" disabled>◀ {chrome.prev}</button>'
            f'<span class="lesson-counter">{escape(board.counter())}</span>'
            f'<button type="button" data-action="next" disabled>{chrome.next} ▶</button></div>'
        )
    if lesson.mode != "watch":
        side.append(actions_html(board, lang))
    if lesson.mode == "exercise":
        side.append(solution_html(lesson, board, lang))
    side.append('<p class="lesson-message" role="status" aria-live="polite"></p>')
    if lesson.mode != "try":  # a try board is already free to play
        side.append(
            f'<p class="lesson-open"><a href="{escape(game_link(lesson, lang))}">'
            f"{chrome.open_game}</a></p>"
        )
    mode = chrome.modes[lesson.mode]
    return (
        f'<section class="lesson lesson-{lesson.mode}" id="{ident}" data-lesson="{ident}" '
        f'data-mode="{lesson.mode}" data-area="{escape(lesson.area)}" '
        f'aria-labelledby="{ident}-title">\n'
        f'<{heading} id="{ident}-title"><span class="mode">{mode}</span> '
        f"{words(lesson.title, lang)}</{heading}>\n"
        f'<div class="lesson-body">\n<figure class="lesson-board" {" ".join(data)}>\n'
        f'<div class="board-wrap">{svg}</div>\n'
        f'<figcaption class="board-words">{escape(board.describe())}</figcaption>\n</figure>\n'
        f'<div class="lesson-side">\n{chr(10).join(side)}\n</div>\n</div>\n</section>'
    )


def actions_html(board: LessonBoard, lang: str) -> str:
    """The buttons of a board to play: ±1 and re-roll on the selected die (re-roll only
    where the game has chance), and starting again.  Off until the board is live."""
    chrome = CHROME[lang]
    acts = [("up", i18n.t(lang, "act.up")), ("down", i18n.t(lang, "act.down"))]
    if board.game.rules.chance:
        acts.append(("reroll", i18n.t(lang, "act.reroll")))
    if board.mode == "exercise":
        acts.append(("solution", chrome.show))
    acts.append(("reset", chrome.reset))
    buttons = "".join(
        f'<button type="button" data-action="{action}" disabled>{escape(label)}</button>'
        for action, label in acts
    )
    return f'<div class="lesson-actions" role="group" aria-label="{chrome.actions}">{buttons}</div>'


def colon(lang: str) -> str:
    """A colon as each language sets it (French puts a space before it)."""
    return "\u00a0:" if lang == "fr" else ":"


def solution_html(lesson: Lesson, board: LessonBoard, lang: str) -> str:
    """The answer and the typical mistakes, folded: readable (and printable) without the
    live board, out of sight until asked for."""
    chrome = CHROME[lang]
    line = lesson.solution_line()
    first = " / ".join(f"<code>{escape(m)}</code>" for m in line[0])
    answer = " ".join([first, *(f"<code>{escape(a[0])}</code>" for a in line[1:])])
    parts = [
        f'<details class="lesson-solution"><summary>{chrome.solution}</summary>',
        f"<p><strong>{chrome.answer}{colon(lang)}</strong> {answer}. "
        f"{escape(board.right_text())}</p>",
    ]
    if lesson.wrong:
        items = "".join(
            f"<li><code>{escape(w.move)}</code>{colon(lang)} {escape(board.wrong_text(w))}</li>"
            for w in lesson.wrong
        )
        parts.append(f"<p>{chrome.mistakes}{colon(lang)}</p><ul>{items}</ul>")
    parts.append("</details>")
    return "".join(parts)


def rule_sets_table(lang: str) -> str:
    chrome = CHROME[lang]
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in chrome.table_head)
    rows = []
    for rules in RULE_SETS.values():
        goal = chrome.goal_one if rules.goal == 1 else chrome.goal_chain.format(n=rules.goal)
        cells = (
            str(rules.dice),
            goal,
            chrome.yes if rules.protection else chrome.no,
            chrome.yes if rules.obligation else chrome.no,
            chrome.yes if rules.chance else chrome.no,
        )
        name = f"{rules.id} · {escape(i18n.rule_set_name(lang, rules.id))}"
        rows.append(
            f'<tr><th scope="row">{name}</th>'
            + "".join(f"<td>{escape(c)}</td>" for c in cells)
            + "</tr>"
        )
    # A box that may scroll sideways is reachable by keyboard, and says what it holds.
    return (
        f'<div class="table" tabindex="0" role="region" aria-label="{escape(chrome.games)}">'
        f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>"
        f"{''.join(rows)}</tbody>\n</table></div>"
    )


# --------------------------------------------------------------------------- the text


def chunks(text: str) -> Iterator[tuple[str, str | None]]:
    """The text split at its placements: (Markdown before, placed name or None)."""
    start = 0
    for found in _PLACE.finditer(text):
        yield text[start : found.start()], found.group(1)
        start = found.end()
    yield text[start:], None


def rule_of(item: str) -> str | None:
    found = _RULE_ITEM.match(item)
    return found.group(1) if found else None


def page(lang: str, text: str) -> str:
    chrome = CHROME[lang]
    toc: list[tuple[str, str]] = []
    placed: list[str] = []
    level = [2]
    title = [""]

    def heading(depth: int, words_: str) -> str | None:
        found = _ANCHOR.match(words_)
        label, anchor = (found.group(1), found.group(2)) if found else (words_, "")
        anchor = anchor or mdlite.slug(label)
        if depth == 1:
            title[0] = label
            return f'<h1 id="{anchor}">{inline(label)}</h1>'
        if depth == 2:
            toc.append((anchor, label))
        level[0] = depth
        return f'<h{depth} id="{anchor}">{inline(label)}</h{depth}>'

    body = []
    for markdown, name in chunks(text):
        body.append(
            mdlite.render(
                markdown,
                item_id=lambda item: (rule_of(item) or "").lower() or None,
                heading_html=heading,
            )
        )
        if name is None:
            continue
        if name == "rule-sets":
            body.append(rule_sets_table(lang))
            continue
        if name == "legend":
            body.append(learn_legend.legend_html(lang, chrome.legend))
            continue
        if name not in BY_ID:
            raise PageError(f"{lang}: [[{name}]] is no lesson")
        placed.append(name)
        body.append(lesson_html(BY_ID[name], lang, min(level[0] + 1, 6)))
    missing = [lesson.id for lesson in LESSONS if lesson.id not in placed]
    twice = sorted({name for name in placed if placed.count(name) > 1})
    if missing or twice:
        raise PageError(f"{lang}: lessons not placed {missing}, placed twice {twice}")
    other = "fr" if lang == "en" else "en"
    contents = "".join(f'<li><a href="#{a}">{inline(t)}</a></li>' for a, t in toc)
    main = "\n".join(part for part in body if part)
    if lang == "fr":
        main, contents = french_spacing(main), french_spacing(contents)
    head = page_head(
        lang, PAGES, title=chrome.title, description=chrome.description, script=LIVE_SCRIPT
    )
    top = top_bar(lang, PAGES, other=chrome.other, play=chrome.play)
    return f"""\
{head}
<body data-entry="learn" data-waiting="{escape(chrome.waiting)}" \
data-failed="{escape(chrome.failed)}">
<!-- Generated with the lessons and texts it shows: edit those, not this file. -->
<a class="skip" href="#main">{chrome.skip}</a>
{top}
<nav class="contents" aria-label="{chrome.contents}"><ul>{contents}</ul></nav>
<main id="main">
{main}
</main>
<footer><a href="index.html?lang={lang}">{chrome.footer}</a> · <a href="{PAGES[other]}" \
hreflang="{other}" lang="{other}">{chrome.other}</a> · <a href="{KIT[lang]}">{chrome.kit}</a>\
</footer>
</body>
</html>
"""


LIVE_SCRIPT = '<script src="assets/live-boards.js"></script>'


def head_start(lang: str, title: str, meta: str) -> str:
    """The opening every page in the Learn pages' style shares, up to their stylesheet;
    ``meta``: the page's own ``<meta>`` line (a description, or ``robots``)."""
    return f"""\
<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
{meta}
<title>{escape(title)}</title>
<link rel="icon" href="assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/rules.css">"""


def page_head(
    lang: str, pages: Mapping[str, str], *, title: str, description: str, script: str
) -> str:
    """A page of the Learn family up to ``<body>``: its language and the other's page
    (``pages``: language → file), the Learn pages' style, its one script."""
    meta = f'<meta name="description" content="{escape(description)}">'
    return f"""\
{head_start(lang, title, meta)}
{site_links(pages[lang], pages, default=pages["en"])}
{script}
</head>"""


def top_bar(lang: str, pages: Mapping[str, str], *, other: str, play: str, extra: str = "") -> str:
    """The bar across the top: the game's name, the other language's page, ``extra``
    links, and the way to the game."""
    there = "fr" if lang == "en" else "en"
    return (
        f'<header class="top">\n<a class="brand" href="index.html?lang={lang}">Dérive</a>\n'
        f'<span class="top-links"><a class="other" href="{pages[there]}" hreflang="{there}" '
        f'lang="{there}">{escape(other)}</a>\n{extra}'
        f'<a class="play" href="index.html?lang={lang}">{escape(play)}</a></span>\n</header>'
    )


def build(lang: str) -> str:
    return page(lang, (TEXTS / f"{lang}.md").read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    try:
        check_all()
        learn_legend.check()
        wanted = {lang: build(lang) for lang in LANGUAGES}
    except (LessonError, PageError, mdlite.MarkdownError, learn_legend.LegendError) as error:
        print(f"tools/pages/build_learn.py: {error}", file=sys.stderr)
        return 2
    status = 0
    for lang in LANGUAGES:
        path = REPO_ROOT / PAGES[lang]
        status |= refresh(path, wanted[lang], check=args.check, tool="tools/pages/build_learn.py")
    return status


__all__ = ["PAGES", "LessonError", "PageError", "build", "lesson_html", "main", "page"]

if __name__ == "__main__":
    sys.exit(main())
