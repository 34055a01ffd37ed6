"""Build the embed kit: the embedded board ``embed.html`` and the authors' pages
``embed-kit.html`` (English) and ``integrer.html`` (French).

``embed.html`` is what another site's ``<iframe>`` shows.  It must show its position at
once, with no Python, and without a second copy of the rules or of the SVG function: this
tool draws, with ``derive.web.board.svg``, the empty board as seen from each side and every die
face, as fragments of markup; ``assets/embed.js`` only parses the empty board for the
link's seating, puts the link's dice on their squares and says that the board is not
checked yet.  Python (the worker ``lessons``, ``derive/web/learn/worker.py``, and the page's
MicroPython, ``derive/web/front/embed.py``) starts when the reader uses the board, checks
every parameter and takes over.  The words the frame shows
before Python come from the same tables Python uses (``i18n``, ``lesson``).

The authors' pages give a snippet and a live example of each mode (every example is
checked by the engine here, as the lessons are) and a small builder (``assets/kit.js``).

Usage: ``python3 tools/pages/build_embed.py [--check]`` (``--check``: change nothing, exit 1 if
a page is stale; the unit tests run it).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from html import escape
from itertools import combinations
from pathlib import Path
from urllib.parse import quote

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from derive import RULE_SETS  # noqa: E402
from derive.board import COLOURS, SQUARES  # noqa: E402
from derive.web.board.orientation import default_bottom  # noqa: E402
from derive.web.board.svg import BoardView, DieView, render_board  # noqa: E402
from derive.web.learn import embed, lesson  # noqa: E402
from derive.web.learn.lessons import BY_ID, Words  # noqa: E402
from derive.web.words import i18n  # noqa: E402
from tools.generated import refresh  # noqa: E402
from tools.pages.build_learn import (  # noqa: E402
    CHROME,
    KIT,
    PAGES,
    french_spacing,
    head_start,
    page_head,
    top_bar,
    typeset,
)

FRAME = "embed.html"
SIZE = (400, 500)
"""The snippets' frame: the board's width, and room below it for the buttons and a line."""

FRAME_META = (
    '<meta name="robots" content="noindex">\n'
    '<meta name="description" content="A board of Dérive, the dice strategy game, '
    'embedded from its site: a position to watch, moves to step through, or a board to try.">'
)
"""The frame's head: kept out of search results (it is a part of another page), described
for whatever reads it anyway (its ``lang`` is English until the link says otherwise)."""

_DIE = re.compile(r'<g class="die [^"]*" data-die="a1"[^>]*>.*?</g>')


# --------------------------------------------------------------------------- the frame


FRAME_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Dérive board",
        "unchecked": "Drawn from the link: the rules check it as soon as you use the board.",
        "loading": "Loading the rules…",
        "checking": "Checking this board…",
        "task": "Exercise: find the right move.",
        "board": "board",
        "noscript": "This Dérive board needs JavaScript.",
        "lost": "The rules, put to rest while the board was unused, could not start "
        "again. Your board is kept as you left it: use it again to retry.",
    },
    "fr": {
        "title": "Plateau de Dérive",
        "unchecked": "Dessiné d’après le lien : les règles le vérifient dès que vous "
        "utilisez le plateau.",
        "loading": "Chargement des règles…",
        "checking": "Vérification de ce plateau…",
        "task": "Exercice : trouvez le bon coup.",
        "board": "plateau",
        "noscript": "Ce plateau de Dérive a besoin de JavaScript.",
        "lost": "Les règles, mises en veille pendant que le plateau était inutilisé, n’ont "
        "pas pu repartir. Votre plateau est gardé tel que vous l’avez laissé : utilisez-le "
        "de nouveau pour réessayer.",
    },
}


def frame_words(lang: str) -> dict[str, str]:
    """Everything ``assets/embed.js`` says before Python, in ``lang``."""
    chrome = CHROME[lang]
    out = dict(FRAME_WORDS[lang])
    out.update(
        start=lesson.words(lang, "start"),
        step=lesson.WORDS[lang]["step"],
        prev=f"◀ {chrome.prev}",
        next=f"{chrome.next} ▶",
        stepper=chrome.stepper,
        up=i18n.t(lang, "act.up"),
        down=i18n.t(lang, "act.down"),
        reroll=i18n.t(lang, "act.reroll"),
        reset=chrome.reset,
        actions=chrome.actions,
        waiting=chrome.waiting,
        failed=chrome.failed,
    )
    for colour in COLOURS:
        turn = i18n.t(lang, "status.to_move", colour=i18n.colour(lang, colour))
        out[f"status.{colour}"] = turn
        out[f"label.{colour}"] = i18n.t(lang, "board.label", to_move=turn)
    return out


def bottoms() -> dict[str, list[str]]:
    """Seated colours (in turn order) → the side drawn at the bottom, without and with
    ``flip=1``: the engine's orientation, written out for the script."""
    table = {}
    for count in range(1, 5):
        for seated in combinations(COLOURS, count):
            key = "".join(seated)
            table[key] = [default_bottom(key, key), default_bottom(key, key, flip=True)]
    return table


def die_fragments() -> dict[str, str]:
    """Every die face of every colour (``"r3"``), as ``render_board`` draws it on a square."""
    faces = {}
    for colour in COLOURS:
        for value in range(1, 7):
            view = BoardView(position="", dice=(DieView(SQUARES[0], colour, value),))
            found = _DIE.search(render_board(view, static=True))
            assert found is not None, "svg.render_board no longer draws a die as expected"
            faces[f"{colour}{value}"] = found.group(0).replace(' data-die="a1"', "")
    return faces


def _empty(side: str) -> str:
    return render_board(BoardView(position="", bottom=side), static=True)


def _buttons(group: str, label: str, actions: tuple[str, ...]) -> str:
    """A hidden group of buttons, their words filled in by the script in the frame's
    language."""
    buttons = "".join(
        f'<button type="button" data-action="{a}" data-word="{a}"></button>' for a in actions
    )
    return f'<div class="{group}" role="group" data-word-label="{label}" hidden>{buttons}</div>'


def frame_page() -> str:
    """``embed.html``: the board's element (the lesson contract), empty until the script
    draws the link's position into it; the fragments it draws with; the words."""
    controls = _buttons("lesson-controls", "stepper", ("prev", "next"))
    controls = controls.replace(
        '<button type="button" data-action="next"',
        '<span class="lesson-counter"></span><button type="button" data-action="next"',
    ).replace('data-word="prev">', 'data-word="prev" disabled>')
    controls += "\n" + _buttons("lesson-actions", "actions", ("up", "down", "reroll", "reset"))
    controls = controls.replace('data-word="reset">', 'data-word="reset" disabled>')
    # Markup in strings, not <template>s: a frame parses only the board it shows.
    data = {
        "boards": {side: _empty(side) for side in COLOURS},
        "dice": die_fragments(),
        "words": {lang: frame_words(lang) for lang in i18n.LANGUAGES},
        "bottoms": bottoms(),
        "chance": {ident: rules.chance for ident, rules in RULE_SETS.items()},
        "maxTask": embed.MAX_TASK_CHARS,
    }
    words = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return f"""\
{head_start("en", "Dérive", FRAME_META)}
<link rel="stylesheet" href="assets/embed.css">
<script src="assets/live-boards.js"></script>
<script src="assets/embed.js" defer></script>
</head>
<body data-entry="embed">
<!-- Generated by the embed kit's build: edit that, not this file. -->
<main class="embed" data-lesson="embed" data-mode="watch">
<figure class="lesson-board" data-live="false">
<div class="board-wrap" id="board"></div>
<figcaption class="board-words"></figcaption>
</figure>
<div class="embed-bar">
{controls}
<p class="embed-task" data-word="task" hidden></p>
<p class="lesson-status"></p>
<div class="embed-say">
<p class="lesson-message" role="status" aria-live="polite"></p>
<p class="embed-note"></p>
</div>
</div>
<div class="embed-error" role="alert" hidden></div>
</main>
<noscript><p class="embed-error">{escape(FRAME_WORDS["en"]["noscript"])} \
<span lang="fr">{escape(FRAME_WORDS["fr"]["noscript"])}</span></p></noscript>
<script type="application/json" id="embed-data">{words}</script>
</body>
</html>
"""


# --------------------------------------------------------------------------- examples


@dataclass(frozen=True)
class Example:
    key: str
    title: Words
    text: Words
    query: tuple[tuple[str, str], ...]
    """The parameters, in the order the snippet writes them (``lang`` is added)."""
    lang: str = ""
    """A fixed language (the French example); else the page's."""

    def params(self, lang: str) -> list[tuple[str, str]]:
        return [*self.query, ("lang", self.lang or lang)]

    def src(self, lang: str) -> str:
        return FRAME + "?" + "&".join(f"{k}={quote(v, safe=',')}" for k, v in self.params(lang))


def _lesson(ident: str) -> tuple[str, str]:
    return ("position", BY_ID[ident].position)


EXAMPLES: tuple[Example, ...] = (
    Example(
        "position",
        Words("Une position, un dé choisi", "A position, a die selected"),
        Words(
            "Le plus simple : une position dans la notation de la règle. Avec `select`, le "
            "plateau montre où ce dé peut aller (ici, un double saut).",
            "The simplest: a position in the notation of the rules. With `select`, the board "
            "shows where that die can go (here, a double jump).",
        ),
        (_lesson("lesson-jump"), ("select", "c3")),
    ),
    Example(
        "moves",
        Words("Des coups à suivre", "Moves to step through"),
        Words(
            "`moves` : des coups joués depuis la position, séparés par des espaces ; le "
            "lecteur avance et recule avec les boutons ou les flèches. `ply` choisit l’étape "
            "montrée d’abord.",
            "`moves`: moves played from the position, separated by spaces; the reader steps "
            "forward and back with the buttons or the arrow keys. `ply` picks the step shown "
            "first.",
        ),
        (_lesson("lesson-capture"), ("moves", " ".join(BY_ID["lesson-capture"].moves))),
    ),
    Example(
        "autoplay",
        Words("Des coups qui se jouent seuls", "Moves that play by themselves"),
        Words(
            "`autoplay=1` : les coups se jouent tout seuls, en boucle, jusqu’à ce que le "
            "lecteur prenne la main.",
            "`autoplay=1`: the moves play by themselves, round and round, until the reader "
            "takes over.",
        ),
        (
            _lesson("lesson-goal"),
            ("moves", " ".join(BY_ID["lesson-goal"].moves)),
            ("autoplay", "1"),
        ),
    ),
    Example(
        "interactive",
        Words("Un plateau à essayer", "A board to try"),
        Words(
            "`interactive=1` : le lecteur joue, pour les deux camps ; un coup interdit est "
            "refusé avec la raison qu’en donne la règle.",
            "`interactive=1`: the reader plays, for both sides; an illegal move is refused "
            "with the reason the rules give.",
        ),
        (_lesson("lesson-capture-higher"), ("interactive", "1")),
    ),
    Example(
        "task",
        Words("Un exercice", "An exercise"),
        Words(
            "`task` : la solution, comme dans les exercices de la règle (plusieurs premiers "
            "coups acceptés séparés par `|`). Le plateau dit si le coup du lecteur est le bon.",
            "`task`: the solution, as in the rules' exercises (several accepted first moves "
            "separated by `|`). The board says whether the reader's move is the right one.",
        ),
        (_lesson("exercise-l2-win"), ("task", BY_ID["exercise-l2-win"].solution)),
    ),
    Example(
        "flip",
        Words("Vu de l’autre côté, en français", "Seen from the other side, in French"),
        Words(
            "`flip=1` montre le plateau depuis le camp d’en face ; `lang=fr` ou `lang=en` "
            "choisit la langue (sinon, celle du navigateur du lecteur).",
            "`flip=1` shows the board from the opposite side; `lang=fr` or `lang=en` picks "
            "the language (otherwise, that of the reader's browser).",
        ),
        (_lesson("lesson-step"), ("interactive", "1"), ("flip", "1")),
        lang="fr",
    ),
)


def check_examples() -> None:
    """Every example is a board the engine accepts (the build stops otherwise)."""
    for example in EXAMPLES:
        for lang in i18n.LANGUAGES:
            query = {k: [v] for k, v in example.params(lang)}
            embed.board(embed.parse(query, lang))


# --------------------------------------------------------------------------- the kit pages


@dataclass(frozen=True)
class KitWords:
    title: str
    description: str
    heading: str
    intro: tuple[str, ...]
    example_title: str
    copy: str
    copied: str
    params_heading: str
    params_head: tuple[str, str, str]
    params: tuple[tuple[str, str, str], ...]
    notes_heading: str
    notes: tuple[str, ...]
    builder_heading: str
    builder_intro: str
    fields: dict[str, str]
    modes: dict[str, str]
    preview: str
    snippet: str
    learn: str
    play: str
    other: str
    skip: str
    verdict: dict[str, str]
    """The builder's word on its snippet, once the preview's rules have read its link."""


KIT_WORDS: dict[str, KitWords] = {
    "en": KitWords(
        title="Dérive boards on your site — the embed kit",
        description="Put Dérive boards on any page: positions, moves to step through, boards "
        "to try and exercises, each a copy-paste snippet.",
        heading="Dérive boards on your site",
        intro=(
            "Any page can show a Dérive board: a position, moves to step through, a board to "
            "try or an exercise. Each board is an `<iframe>` of this site's board page: copy a "
            "snippet below, change its position, paste it into your page.",
            "A board is drawn at once from its link, with no program to load. The rules, "
            "which check the board and answer the reader, load only when a reader uses it: a "
            "page with eight boards stays as light as a page with one. Nothing is fetched "
            "from any other site, and nothing is stored on the reader's device.",
        ),
        example_title="Example",
        copy="Copy",
        copied="Copied",
        params_heading="Parameters",
        params_head=("Parameter", "What it does", "Example"),
        params=(
            (
                "position",
                "The position, in the notation of the rules: the dice (colour, value, "
                "square), the side to move, the seating, the game. Required.",
                "r3c3,y2d4 r ry L2",
            ),
            ("select", "Shows where that die can go.", "c3"),
            ("moves", "Moves played from the position, separated by spaces.", "c3-e5 d4-c3"),
            ("ply", "The step shown first (with moves).", "2"),
            ("autoplay", "1: the moves play by themselves (with moves).", "1"),
            ("interactive", "1: the reader plays, both sides.", "1"),
            (
                "task",
                "An exercise: the solution's moves; several accepted first moves separated by |.",
                "c9+|d10-",
            ),
            ("flip", "1: the board seen from the other side.", "1"),
            ("lang", "fr or en (otherwise the reader's browser's language).", "fr"),
        ),
        notes_heading="Good to know",
        notes=(
            "A bad parameter is named inside the frame, with the reason, instead of a board.",
            "Until the rules have loaded, the board is drawn as its link says, unchecked (the "
            "frame says so). They load when the reader first clicks or presses a key on it, "
            "or as soon as it comes into view for a board that needs them to draw its first "
            "picture (`select`, `ply`, `autoplay`); a position the rules refuse is then "
            "replaced by the message. What the reader did meanwhile is not lost.",
            "In a link, a `+` means a space: write `%2B` for the `+` of `c3+` or `+c1` (the "
            "builder below does it).",
            "Keyboard: Tab to the board; arrows to step (or to move the cursor on a board to "
            "play), Enter to pick a die and its square, `+` `-` `D` on the selected die.",
            "Your page's own rules: a Content-Security-Policy must allow this site in "
            "`frame-src` (or `child-src`); a `sandbox` attribute on the iframe needs "
            "`allow-scripts allow-same-origin`. Nothing else is needed: the board stores "
            "nothing, so a reader's browser that blocks third-party storage changes nothing.",
        ),
        builder_heading="Make your own",
        builder_intro="Paste a position (and moves or a solution), choose what the board "
        "does, and copy the snippet.",
        fields={
            "position": "Position",
            "mode": "The board",
            "moves": "Moves (space-separated)",
            "task": "Solution (for an exercise)",
            "select": "Selected die",
            "ply": "First step shown",
            "autoplay": "Play the moves by themselves",
            "flip": "Seen from the other side",
            "lang": "Language",
            "reader": "the reader's",
        },
        modes={
            "view": "shows the position",
            "watch": "steps through moves",
            "try": "lets the reader play",
            "exercise": "is an exercise",
        },
        preview="Show it",
        snippet="Snippet",
        learn="Learn the rules",
        play="Play the game",
        other="Version française",
        skip="Skip to the snippets",
        verdict={
            "checking": "The rules are loading in the preview to check this link…",
            "accepted": "The rules accept this board: the snippet is ready to copy.",
            "refused": "The rules refuse this link, so the board would show this message:",
            "failed": "The rules could not be loaded to check this link: reload the page "
            "to try again.",
        },
    ),
    "fr": KitWords(
        title="Des plateaux Dérive sur votre site — le kit d’intégration",
        description="Mettez des plateaux Dérive sur n’importe quelle page : positions, coups "
        "à suivre, plateaux à essayer et exercices, chacun en un extrait à copier.",
        heading="Des plateaux Dérive sur votre site",
        intro=(
            "N’importe quelle page peut montrer un plateau de Dérive : une position, des coups "
            "à suivre, un plateau à essayer ou un exercice. Chaque plateau est une `<iframe>` "
            "de la page plateau de ce site : copiez un extrait ci-dessous, changez sa "
            "position, collez-le dans votre page.",
            "Le plateau se dessine tout de suite d’après son lien, sans programme à charger. "
            "Les règles, qui vérifient le plateau et répondent au lecteur, ne se chargent que "
            "lorsqu’un lecteur s’en sert : une page de huit plateaux reste aussi légère "
            "qu’une page d’un seul. Rien n’est demandé à un autre site, rien n’est enregistré "
            "chez le lecteur.",
        ),
        example_title="Exemple",
        copy="Copier",
        copied="Copié",
        params_heading="Les paramètres",
        params_head=("Paramètre", "Effet", "Exemple"),
        params=(
            (
                "position",
                "La position, dans la notation de la règle : les dés (couleur, valeur, "
                "case), le camp qui joue, les joueurs, la partie. Obligatoire.",
                "r3c3,y2d4 r ry L2",
            ),
            ("select", "Montre où ce dé peut aller.", "c3"),
            (
                "moves",
                "Des coups joués depuis la position, séparés par des espaces.",
                "c3-e5 d4-c3",
            ),
            ("ply", "L’étape montrée d’abord (avec moves).", "2"),
            ("autoplay", "1 : les coups se jouent seuls (avec moves).", "1"),
            ("interactive", "1 : le lecteur joue, pour les deux camps.", "1"),
            (
                "task",
                "Un exercice : les coups de la solution ; plusieurs premiers coups acceptés "
                "séparés par |.",
                "c9+|d10-",
            ),
            ("flip", "1 : le plateau vu de l’autre côté.", "1"),
            ("lang", "fr ou en (sinon, la langue du navigateur du lecteur).", "fr"),
        ),
        notes_heading="Bon à savoir",
        notes=(
            "Un paramètre incorrect est nommé dans le cadre, avec la raison, à la place du "
            "plateau.",
            "Tant que les règles ne sont pas chargées, le plateau est dessiné tel que le lien "
            "le décrit, sans vérification (le cadre le dit). Elles se chargent au premier "
            "clic ou à la première touche du lecteur sur le plateau, ou dès qu’il apparaît à "
            "l’écran pour un plateau qui en a besoin pour sa première image (`select`, "
            "`ply`, `autoplay`) ; une position que la règle refuse est alors remplacée par "
            "le message. Ce que le lecteur a fait entre-temps n’est pas perdu.",
            "Dans un lien, un `+` veut dire une espace : écrivez `%2B` pour le `+` de `c3+` "
            "ou de `+c1` (le générateur ci-dessous s’en charge).",
            "Au clavier : Tab jusqu’au plateau ; les flèches pour avancer (ou déplacer le "
            "curseur sur un plateau à jouer), Entrée pour choisir un dé puis sa case, `+` "
            "`-` `D` sur le dé choisi.",
            "Les règles de votre page : une Content-Security-Policy doit autoriser ce site "
            "dans `frame-src` (ou `child-src`) ; un attribut `sandbox` sur l’iframe demande "
            "`allow-scripts allow-same-origin`. Rien d’autre : le plateau n’enregistre rien, "
            "un navigateur qui bloque le stockage tiers ne change donc rien.",
        ),
        builder_heading="Faites le vôtre",
        builder_intro="Collez une position (et des coups ou une solution), choisissez ce que "
        "fait le plateau, puis copiez l’extrait.",
        fields={
            "position": "Position",
            "mode": "Le plateau",
            "moves": "Coups (séparés par des espaces)",
            "task": "Solution (pour un exercice)",
            "select": "Dé choisi",
            "ply": "Première étape montrée",
            "autoplay": "Jouer les coups tout seuls",
            "flip": "Vu de l’autre côté",
            "lang": "Langue",
            "reader": "celle du lecteur",
        },
        modes={
            "view": "montre la position",
            "watch": "fait suivre des coups",
            "try": "laisse le lecteur jouer",
            "exercise": "est un exercice",
        },
        preview="Voir",
        snippet="Extrait",
        learn="Apprendre la règle",
        play="Jouer",
        other="English version",
        skip="Aller aux extraits",
        verdict={
            "checking": "Les règles se chargent dans l’aperçu pour vérifier ce lien…",
            "accepted": "Les règles acceptent ce plateau : l’extrait est prêt à copier.",
            "refused": "Les règles refusent ce lien ; le plateau afficherait ce message :",
            "failed": "Les règles n’ont pas pu être chargées pour vérifier ce lien : rechargez "
            "la page pour réessayer.",
        },
    ),
}


KIT_WORDS["fr"] = typeset(KIT_WORDS["fr"])
FRAME_WORDS["fr"] = typeset(FRAME_WORDS["fr"])


def inline(text: str) -> str:
    """Backticks as code, the rest escaped."""
    parts = text.split("`")
    return "".join(f"<code>{escape(p)}</code>" if i % 2 else escape(p) for i, p in enumerate(parts))


FRAME_STYLE = "border: 0; max-width: 100%"
"""A pasted frame narrower than its column on a phone: 400 px fixed made a blog 48 px
wider than a 360 px phone, and the board gives way to its words (``embed.html``)."""


def snippet(src: str, title: str) -> str:
    width, height = SIZE
    return (
        f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
        f'title="{escape(title)}" style="{FRAME_STYLE}"></iframe>'
    )


def example_html(example: Example, lang: str) -> str:
    words = KIT_WORDS[lang]
    title = example.title.of(lang)
    src = example.src(lang)
    code = snippet(src, f"Dérive: {title}")
    width, height = SIZE
    return (
        f'<section class="kit-example" id="{example.key}" aria-labelledby="{example.key}-title">'
        f'<h2 id="{example.key}-title">{inline(title)}</h2>\n'
        f"<p>{inline(example.text.of(lang))}</p>\n"
        f'<div class="kit-pair"><div class="kit-code"><pre><code class="snippet" '
        f"data-snippet>{escape(code)}</code></pre>"
        f'<button type="button" class="copy" data-copy data-copied="{escape(words.copied)}">'
        f"{escape(words.copy)}</button></div>\n"
        f'<iframe class="kit-frame" src="{escape(src)}" width="{width}" height="{height}" '
        f'title="{escape(words.example_title)}: {escape(title)}"></iframe></div>\n'
        "</section>"
    )


def _breakable(sample: str) -> str:
    """An example's text, which a phone's narrow column may break after a comma or a bar
    as well as at a space (``<wbr>`` adds nothing to what is copied)."""
    return escape(sample).replace(",", ",<wbr>").replace("|", "|<wbr>")


def params_table(lang: str) -> str:
    words = KIT_WORDS[lang]
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in words.params_head)
    rows = "".join(
        f'<tr><th scope="row"><code>{name}</code></th><td>{escape(what)}</td>'
        f"<td><code>{_breakable(sample)}</code></td></tr>"
        for name, what, sample in words.params
    )
    return (
        f'<div class="table" tabindex="0" role="region" '
        f'aria-label="{escape(words.params_heading)}">'
        f'<table class="params"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
    )


def builder_html(lang: str) -> str:
    words = KIT_WORDS[lang]
    f = words.fields
    start = EXAMPLES[0]
    position = dict(start.query)["position"]
    modes = "".join(
        f'<label><input type="radio" name="mode" value="{mode}"'
        f"{' checked' if mode == 'view' else ''}> {escape(label)}</label>"
        for mode, label in words.modes.items()
    )
    langs = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{code}</option>'
        for code in i18n.LANGUAGES
    )

    def text(name: str, value: str = "", size: str = "") -> str:
        return (
            f'<label class="field" for="kit-{name}">{escape(f[name])}</label>'
            f'<input type="text" id="kit-{name}" name="{name}" value="{escape(value)}" '
            f'spellcheck="false" autocomplete="off"{size}>'
        )

    verdict = " ".join(f'data-{key}="{escape(text)}"' for key, text in words.verdict.items())
    return f"""\
<section class="kit-builder" id="builder" aria-labelledby="builder-title">
<h2 id="builder-title">{escape(words.builder_heading)}</h2>
<p>{escape(words.builder_intro)}</p>
<form id="kit-form" class="kit-form">
{text("position", position)}
<fieldset><legend>{escape(f["mode"])}</legend>{modes}</fieldset>
{text("moves")}
{text("task")}
{text("select", "c3", ' size="4"')}
{text("ply", "", ' size="3" inputmode="numeric"')}
<label class="check"><input type="checkbox" name="autoplay"> {escape(f["autoplay"])}</label>
<label class="check"><input type="checkbox" name="flip"> {escape(f["flip"])}</label>
<label class="field" for="kit-lang">{escape(f["lang"])}</label>
<select id="kit-lang" name="lang"><option value="">{escape(f["reader"])}</option>{langs}</select>
<p><button type="submit">{escape(words.preview)}</button></p>
</form>
<div class="kit-pair"><div class="kit-code"><p class="field">{escape(words.snippet)}</p>
<pre><code class="snippet" id="kit-snippet" data-snippet>\
{escape(snippet(start.src(lang), "Dérive"))}</code></pre>
<button type="button" class="copy" data-copy data-copied="{escape(words.copied)}">\
{escape(words.copy)}</button>
<p class="kit-verdict" id="kit-verdict" role="status" {verdict}></p></div>
<iframe class="kit-frame" id="kit-preview" src="{escape(start.src(lang))}" width="{SIZE[0]}" \
height="{SIZE[1]}" title="{escape(words.preview)}" data-frame-style="{FRAME_STYLE}"></iframe></div>
</section>"""


def kit_page(lang: str) -> str:
    words = KIT_WORDS[lang]
    chrome = CHROME[lang]
    intro = "\n".join(f"<p>{inline(p)}</p>" for p in words.intro)
    notes = "".join(f"<li>{inline(n)}</li>" for n in words.notes)
    examples = "\n".join(example_html(e, lang) for e in EXAMPLES)
    contents = "".join(
        f'<li><a href="#{e.key}">{inline(e.title.of(lang))}</a></li>' for e in EXAMPLES
    )
    contents += (
        f'<li><a href="#parameters">{escape(words.params_heading)}</a></li>'
        f'<li><a href="#builder">{escape(words.builder_heading)}</a></li>'
    )
    main = f"""\
<h1 id="kit">{escape(words.heading)}</h1>
{intro}
{examples}
<h2 id="parameters">{escape(words.params_heading)}</h2>
{params_table(lang)}
<h2 id="notes">{escape(words.notes_heading)}</h2>
<ul>{notes}</ul>
{builder_html(lang)}"""
    if lang == "fr":
        main = french_spacing(main)
    head = page_head(
        lang,
        KIT,
        title=words.title,
        description=words.description,
        script='<script src="assets/kit.js" defer></script>',
    )
    learn = f'<a href="{PAGES[lang]}">{escape(words.learn)}</a>\n'
    top = top_bar(lang, KIT, other=words.other, play=words.play, extra=learn)
    return f"""\
{head}
<body class="kit">
<!-- Generated by the embed kit's build: edit that, not this file. -->
<a class="skip" href="#main">{escape(words.skip)}</a>
{top}
<nav class="contents" aria-label="{escape(chrome.contents)}"><ul>{contents}</ul></nav>
<main id="main">
{main}
</main>
<footer><a href="{PAGES[lang]}">{escape(words.learn)}</a> · <a href="index.html?lang={lang}">\
{escape(words.play)}</a></footer>
</body>
</html>
"""


def pages() -> dict[Path, str]:
    check_examples()
    out = {REPO_ROOT / FRAME: frame_page()}
    for lang, name in KIT.items():
        out[REPO_ROOT / name] = kit_page(lang)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    status = 0
    for path, text in pages().items():
        status |= refresh(path, text, check=args.check, tool="tools/pages/build_embed.py")
    return status


__all__ = ["EXAMPLES", "FRAME", "KIT", "bottoms", "frame_page", "frame_words", "kit_page", "main"]

if __name__ == "__main__":
    sys.exit(main())
