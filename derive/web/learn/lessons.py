"""The lessons of the Learn pages, as data: one board each, in French and in English.

A lesson is a position in the rules' notation and what the reader does with it:

* ``watch``: a short sequence of moves, stepped forward and back, one sentence per move;
* ``try``: the reader plays on the board (the side to move at the start, every turn, unless
  the lesson says otherwise: ``turns``), the engine refusing what is illegal;
* ``exercise``: a task ("find the obligatory capture", "complete the chain in one move")
  with the accepted moves and what to say for right and for typical wrong answers.

Nothing here decides a rule.  Every claim a lesson makes (a move is legal, a die is
protected, a move wins, these are all the right answers…) is stated as data — ``Facts``,
``goal``, ``Wrong.reason`` — and checked against the engine whenever the pages are built
(``tools/pages/learn_checks.py``): a rules change that makes a lesson wrong stops the build.

A lesson's ``id`` is also its anchor on both pages (``rules.html#lesson-obligation``,
``regles.html#lesson-obligation``): the game links to them, so they never change.
Texts may quote moves in backticks (`` `c3-g7` ``); ``{why}`` in a wrong answer's text is
filled with the engine's own reason, in the page's language; ``{click}`` / ``{Click}`` is
the gesture's verb, "click" with a mouse and "tap" on a touch screen (``pointer_words``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple

from ..words.i18n import french_spaces

Mode = Literal["watch", "try", "exercise"]
Goal = Literal["", "win", "obligatory", "protect", "capture", "enter", "defend"]


class Words(NamedTuple):
    """One text in both languages."""

    fr: str
    en: str

    def of(self, lang: str) -> str:
        return french_spaces(self.fr) if lang == "fr" else self.en


NO_WORDS: Final = Words("", "")

POINTER: Final[dict[str, dict[str, tuple[str, str]]]] = {
    # The verb with what follows it in each language: "cliquez sur" but "touchez".
    "en": {"click": ("click", "tap"), "Click": ("Click", "Tap")},
    "fr": {"click": ("cliquez sur", "touchez"), "Click": ("Cliquez sur", "Touchez")},
}
POINTER_FIELD: Final = re.compile(r"\{([Cc]lick)\}")


def pointer_words(text: str, lang: str, *, touch: bool) -> str:
    """``text`` with its ``{click}`` fields as said to a mouse (or a touch screen) user."""
    table = POINTER["fr" if lang == "fr" else "en"]
    return POINTER_FIELD.sub(lambda found: table[found.group(1)][int(touch)], text)


@dataclass(frozen=True)
class Facts:
    """What the engine must say about a position (the start, or after a step).

    Every field is optional; an empty one claims nothing.
    """

    dice: Mapping[str, str] = field(default_factory=dict)
    """Square → ``"r2"`` (red die showing 2), or ``""`` for an empty square."""
    reserves: Mapping[str, int] = field(default_factory=dict)
    legal: tuple[str, ...] = ()
    illegal: Mapping[str, str] = field(default_factory=dict)
    """Move → a piece of the engine's (English) reason for refusing it."""
    only: tuple[str, ...] = ()
    """The legal moves are exactly these."""
    destinations: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Die → exactly the squares it can move to (steps and jumps)."""
    protected: tuple[str, ...] = ()
    unprotected: tuple[str, ...] = ()
    obliged: Mapping[str, tuple[str, ...]] | None = None
    """Exactly the obliged dice of the side to move, each with its legal captures."""
    chains: Mapping[str, str] = field(default_factory=dict)
    """Square → the qualities of its chain, space-separated, ``!`` for "not":
    ``"anchored ordered !isolated"``; also ``"well-formed"`` and ``"length=3"``."""
    winner: str | None = None
    """The winning side's letters (``"r"``, ``"ry"``), ``"-"`` for "nobody yet", ``None``:
    not claimed."""


@dataclass(frozen=True)
class Step:
    """One move of a watch lesson and the sentence that explains it."""

    move: str
    """In notation.  A re-roll is written without its result (``d4?``): the lesson's seed
    makes the dice roll what its sentence says, as they would at the table."""
    say: Words
    facts: Facts = field(default_factory=Facts)
    """Claims about the position after this move."""


@dataclass(frozen=True)
class Wrong:
    """A typical wrong answer to an exercise and what to say about it."""

    move: str
    say: Words
    reason: str = ""
    """Empty: the move is legal (but does not do what the task asks).  Otherwise the move
    is illegal and this is a piece of the engine's reason (English)."""


@dataclass(frozen=True)
class Lesson:
    id: str
    """The HTML anchor on both pages; stable (the game links to it)."""
    area: str
    """The rule area it teaches (a key of ``AREAS``)."""
    mode: Mode
    position: str
    """The start, in the rules' canonical notation."""
    title: Words
    text: Words
    """What the board shows (watch), what to try (try), or the task (exercise)."""
    steps: tuple[Step, ...] = ()
    facts: Facts = field(default_factory=Facts)
    """Claims about the start position."""
    select: str = ""
    """A die shown selected at the start (try lessons)."""
    goal: Goal = ""
    """What an exercise's right answers do, checked by the engine: ``win`` (the side to
    move wins), ``obligatory`` (the obligation leaves exactly these captures), ``protect``
    (``target``'s dice are protected afterwards), ``capture`` / ``enter`` (every legal
    capture / entry), ``defend`` (the next player then has no winning move)."""
    target: tuple[str, ...] = ()
    solution: str = ""
    """The solution's moves, space-separated; accepted first moves separated by ``|``."""
    right: Words = NO_WORDS
    wrong: tuple[Wrong, ...] = ()
    level: str = ""
    """The exercise set it belongs to: ``L1``, ``L2``, ``L3`` or ``team``."""
    seed: int = 1
    """The game's seed: re-rolls the reader makes in a try lesson are repeatable."""
    turns: Literal["learner", "all"] = "learner"
    """Who plays on a try board: ``learner``, the side to move at the start, every turn
    (the others pass, so a second try is the learner's again); ``all``: each side in turn
    (an embedded board where the reader plays both sides)."""

    @property
    def moves(self) -> tuple[str, ...]:
        """A watch lesson's moves, in order."""
        return tuple(step.move for step in self.steps)

    def solution_line(self) -> tuple[tuple[str, ...], ...]:
        """The solution as a line of moves, each a tuple of the accepted alternatives."""
        return tuple(tuple(part.split("|")) for part in self.solution.split())


AREAS: Final[dict[str, Words]] = {
    "board": Words("le plateau et les rives", "the board and the rives"),
    "corners": Words("les cases d’angle", "the corners"),
    "turn": Words("un tour de jeu", "a turn"),
    "enter": Words("entrer un dé", "entering a die"),
    "step": Words("se déplacer d’une case", "stepping"),
    "jump": Words("sauter", "jumping"),
    "adjust": Words("ajouter ou retrancher un", "adding or taking one"),
    "reroll": Words("relancer un dé", "re-rolling"),
    "capture": Words("prendre", "capturing"),
    "rive-limit": Words("une case par rive adverse", "one square per foreign rive"),
    "chains": Words("les chaînes", "chains"),
    "protection": Words("l’interdiction de prendre", "protection"),
    "obligation": Words("l’obligation de prendre", "the obligation to capture"),
    "win-l1": Words("gagner au niveau 1", "winning at level 1"),
    "win-chain": Words("gagner avec une chaîne", "winning with a chain"),
    "team": Words("la partie par équipe", "the team game"),
}

LEVELS: Final[dict[str, Words]] = {
    "L1": Words("Niveau 1 · Initiation", "Level 1 · Initiation"),
    "L2": Words("Niveau 2 · Blitz", "Level 2 · Blitz"),
    "L3": Words("Niveau 3 · Classique", "Level 3 · Classic"),
    "team": Words("Par équipe", "Team game"),
}


# --------------------------------------------------------------------------- lessons

LESSONS: Final[tuple[Lesson, ...]] = (
    # ----- the goal
    Lesson(
        id="lesson-goal",
        area="win-l1",
        mode="watch",
        position="y1f4,r1c7 r ry L1",
        title=Words("Une course vers la rive d’en face", "A race to the far side"),
        text=Words(
            "Niveau 1 : Rouge vise la rangée du haut, Jaune celle du bas. Chacun a un seul dé, "
            "à trois pas de son but, et Rouge joue le premier. Qui arrivera en tête ?",
            "Level 1: Red heads for the top row, Yellow for the bottom one. Each has a single "
            "die, three steps from its goal, and Red moves first. Who gets there first?",
        ),
        steps=(
            Step(
                "c7-d8",
                Words(
                    "Rouge avance en diagonale, vers le haut.",
                    "Red steps diagonally, upwards.",
                ),
            ),
            Step(
                "f4-e3",
                Words(
                    "Jaune fait de même, vers le bas.",
                    "Yellow does the same, downwards.",
                ),
            ),
            Step(
                "d8-e9",
                Words(
                    "Rouge n’est plus qu’à une case de la rive jaune.",
                    "Red is one step away from Yellow's rive.",
                ),
            ),
            Step(
                "e3-d2",
                Words(
                    "Jaune aussi est à une case du but… mais c’est trop tard.",
                    "Yellow is one step away too… but too late.",
                ),
                Facts(winner="-"),
            ),
            Step(
                "e9-f10",
                Words(
                    "Rouge pose son dé sur la rive jaune et gagne aussitôt.",
                    "Red lands on Yellow's rive and wins at once.",
                ),
                Facts(winner="r"),
            ),
        ),
    ),
    # ----- a first turn
    Lesson(
        id="lesson-first-turn",
        area="turn",
        mode="watch",
        position="- r ry L1",
        title=Words("Les premiers tours", "The first turns"),
        text=Words(
            "Le plateau est vide, chacun a ses dés en réserve. Rouge a fait le plus haut "
            "lancer : il commence. À chaque tour, une seule action.",
            "The board is empty and everyone's dice wait in reserve. Red rolled highest, so Red "
            "starts. One action per turn.",
        ),
        facts=Facts(reserves={"r": 5, "y": 5}, only=("+a1", "+c1", "+e1", "+g1", "+i1")),
        steps=(
            Step(
                "+e1",
                Words(
                    "Rouge entre un dé sur une case libre de sa rive ; il montre 1.",
                    "Red enters a die on a free square of its rive; it shows 1.",
                ),
                Facts(dice={"e1": "r1"}, reserves={"r": 4}),
            ),
            Step(
                "+f10",
                Words(
                    "Jaune entre un dé sur sa propre rive, en haut.",
                    "Yellow enters a die on its own rive, at the top.",
                ),
                Facts(dice={"f10": "y1"}),
            ),
            Step(
                "e1-f2",
                Words(
                    "Rouge avance ce dé d’une case, en diagonale : c’est toute son action.",
                    "Red steps that die one square diagonally: that is its whole turn.",
                ),
            ),
            Step(
                "+d10",
                Words(
                    "Jaune préfère entrer un deuxième dé.",
                    "Yellow chooses to enter a second die.",
                ),
                Facts(reserves={"y": 3}),
            ),
        ),
    ),
    # ----- the board
    Lesson(
        id="lesson-board",
        area="board",
        mode="try",
        position="- r rbyg L2",
        title=Words("Le plateau et les quatre rives", "The board and the four rives"),
        text=Words(
            "On ne joue que sur les 50 cases foncées. Chaque bord coloré est la rive d’une "
            "couleur : rouge en bas, bleu à gauche, jaune en haut, vert à droite. C’est à Rouge : "
            "{click} une case de la rive rouge pour y entrer un dé, puis essayez ailleurs.",
            "Only the 50 dark squares are used. Each coloured edge is one colour's rive: red at "
            "the bottom, blue on the left, yellow at the top, green on the right. Red to play: "
            "{click} a square of the red rive to enter a die there, then try somewhere else.",
        ),
        facts=Facts(
            only=("+a1", "+c1", "+e1", "+g1", "+i1"),
            illegal={"+a3": "not on red's rive", "+d10": "not on red's rive"},
            reserves={"r": 7, "b": 7, "y": 7, "g": 7},
        ),
    ),
    Lesson(
        id="lesson-corners",
        area="corners",
        mode="watch",
        position="- r rb L2",
        title=Words(
            "Les angles : premier placé, premier servi", "Corners: first come, first served"
        ),
        text=Words(
            "Les cases d’angle a1 et j10 sont bicolores : a1 appartient à la fois à la rive "
            "rouge et à la rive bleue. Rouge et Bleu jouent côte à côte.",
            "The corner squares a1 and j10 have two colours: a1 belongs both to the red rive "
            "and to the blue rive. Red and Blue play side by side.",
        ),
        facts=Facts(legal=("+a1",)),
        steps=(
            Step(
                "+a1",
                Words(
                    "Rouge entre son premier dé dans l’angle a1.",
                    "Red enters its first die in the corner, a1.",
                ),
                Facts(illegal={"+a1": "occupied"}, legal=("+a3",)),
            ),
            Step(
                "+a3",
                Words(
                    "L’angle est pris : Bleu entre sur une autre case de sa rive.",
                    "The corner is taken, so Blue enters on another square of its rive.",
                ),
            ),
            Step(
                "a1-b2",
                Words(
                    "Rouge quitte l’angle…",
                    "Red leaves the corner…",
                ),
                Facts(legal=("+a1",)),
            ),
            Step(
                "+a1",
                Words(
                    "… et Bleu s’y installe aussitôt : l’angle est au premier qui l’occupe.",
                    "… and Blue moves in at once: the corner belongs to whoever gets there first.",
                ),
                Facts(dice={"a1": "b1"}),
            ),
        ),
    ),
    # ----- the actions
    Lesson(
        id="lesson-enter",
        area="enter",
        mode="try",
        position="r1c1 r ry L2",
        title=Words("Entrer un dé", "Entering a die"),
        text=Words(
            "Rouge a déjà un dé en c1. {Click} une autre case de la rive rouge : un dé de la "
            "réserve y entre, face 1 en haut. Essayez aussi c1, ou une case hors de la rive.",
            "Red already has a die on c1. {Click} another square of the red rive: a die from "
            "the reserve enters there, showing 1. Try c1 too, or a square off the rive.",
        ),
        facts=Facts(
            legal=("+a1", "+e1", "+i1"),
            illegal={"+c1": "occupied", "+d2": "not on red's rive", "+e1=4": "shows 1"},
            reserves={"r": 6},
        ),
    ),
    Lesson(
        id="lesson-enter-value",
        area="enter",
        mode="try",
        position="- r ry L4",
        title=Words("Entrer un dé à la valeur choisie", "Entering a die at the value you choose"),
        text=Words(
            "Sans hasard (niveau 4 et blitz avancée), le dé entre à la valeur de votre choix. "
            "{Click} une case libre de la rive rouge, puis choisissez la valeur.",
            "Without chance (level 4 and advanced blitz) a die enters showing the value you "
            "choose. {Click} a free square of the red rive, then pick the value.",
        ),
        facts=Facts(
            legal=("+c1=1", "+c1=6", "+i1=4"),
            illegal={"+c1": "choose the die's value", "+d2=3": "not on red's rive"},
        ),
    ),
    Lesson(
        id="lesson-step",
        area="step",
        mode="try",
        position="r3e5,y2f8 r ry L2",
        select="e5",
        title=Words("Se déplacer d’une case", "Stepping"),
        text=Words(
            "Le dé rouge en e5 est sélectionné : les points montrent les quatre cases voisines "
            "où il peut aller, en diagonale, dans tous les sens. {Click} l’une d’elles. Essayez "
            "aussi e7, tout droit : refusé.",
            "Red's die on e5 is selected: the dots show the four touching squares it can step "
            "to, diagonally, in any direction. {Click} one. Try e7, straight ahead, too: refused.",
        ),
        facts=Facts(
            destinations={"e5": ("d4", "f4", "d6", "f6")},
            illegal={"e5-e7": "cannot reach"},
        ),
    ),
    Lesson(
        id="lesson-jump",
        area="jump",
        mode="watch",
        position="r3c3,y5d4,y4f6 r ry L2",
        title=Words("Sauter, et sauter encore", "Jump, and jump again"),
        text=Words(
            "Un dé peut sauter par-dessus un dé voisin, de n’importe quelle couleur et de "
            "n’importe quelle valeur, s’il retombe sur la case libre juste derrière. Il peut "
            "enchaîner les sauts, dans toutes les directions, et s’arrêter quand il veut.",
            "A die may jump over a touching die, of any colour and any value, onto the free "
            "square just beyond it. It may chain jumps, in any direction, and stop after any "
            "of them.",
        ),
        facts=Facts(destinations={"c3": ("b2", "d2", "b4", "e5", "g7")}),
        steps=(
            Step(
                "c3-g7",
                Words(
                    "Le 3 rouge saute par-dessus d4 puis par-dessus f6 : un seul coup, noté "
                    "`c3-g7`.",
                    "Red's 3 jumps over d4, then over f6: a single move, written `c3-g7`.",
                ),
                Facts(dice={"g7": "r3", "d4": "y5", "f6": "y4", "c3": ""}),
            ),
            Step(
                "f6-h8",
                Words(
                    "Jaune saute à son tour par-dessus le dé rouge, qui ne bouge pas.",
                    "Yellow jumps in turn, over the red die, which stays where it is.",
                ),
                Facts(dice={"g7": "r3", "h8": "y4"}),
            ),
        ),
    ),
    Lesson(
        id="lesson-change",
        area="adjust",
        mode="watch",
        position="r3d4,y4e5 r ry L2",
        title=Words("Ajouter ou retrancher un", "Adding or taking one"),
        text=Words(
            "Changer la valeur d’un de ses dés, d’une unité en plus ou en moins, est une action. "
            "Ici, Rouge voudrait prendre le 4 jaune, mais un dé ne prend qu’un dé de valeur "
            "égale ou inférieure.",
            "Changing one of your dice by one, up or down, is an action. Here Red would like to "
            "take Yellow's 4, but a die only takes a die of equal or lower value.",
        ),
        facts=Facts(illegal={"d4xe5": "higher"}),
        steps=(
            Step(
                "d4+",
                Words(
                    "Rouge passe son 3 à 4 : il pourra prendre le 4 au prochain tour.",
                    "Red turns its 3 into a 4: next turn it could take the 4.",
                ),
                Facts(dice={"d4": "r4"}),
            ),
            Step(
                "e5+",
                Words(
                    "Jaune répond en passant à 5 : de nouveau hors de portée.",
                    "Yellow answers by turning to 5: out of reach again.",
                ),
            ),
            Step(
                "d4+",
                Words("Rouge monte à 5…", "Red goes up to 5…"),
            ),
            Step(
                "e5+",
                Words("… Jaune à 6…", "… Yellow to 6…"),
            ),
            Step(
                "d4+",
                Words(
                    "… et Rouge à 6. Jaune ne peut plus monter : 6 ne passe pas à 1.",
                    "… and Red to 6. Yellow cannot go higher: a 6 does not turn into a 1.",
                ),
                Facts(dice={"d4": "r6", "e5": "y6"}, illegal={"e5+": "already at 6"}),
            ),
        ),
    ),
    Lesson(
        id="lesson-reroll",
        area="reroll",
        mode="watch",
        position="r2d4,y5e5 r ry L2",
        seed=37,
        title=Words("Relancer un dé", "Re-rolling a die"),
        text=Words(
            "Avec le hasard (niveaux 1 à 3), on peut aussi relancer un de ses dés : sa nouvelle "
            "valeur est celle du jet, quelle qu’elle soit.",
            "With chance (levels 1 to 3) you may instead re-roll one of your dice: its new value "
            "is whatever the roll shows.",
        ),
        steps=(
            Step(
                "d4?",
                Words(
                    "Rouge relance son 2 et obtient 6.",
                    "Red re-rolls its 2 and gets a 6.",
                ),
                Facts(dice={"d4": "r6"}),
            ),
            Step(
                "e5?",
                Words(
                    "Jaune tente sa chance et retombe sur 5 : la valeur peut rester la même.",
                    "Yellow tries its luck and rolls a 5 again: the value may stay the same.",
                ),
                Facts(dice={"e5": "y5"}),
            ),
            Step(
                "d4xe5",
                Words(
                    "Rouge prend le 5 avec son 6 : 6 moins 5, il lui reste 1.",
                    "Red takes the 5 with its 6: 6 minus 5 leaves 1.",
                ),
                Facts(dice={"e5": "r1", "d4": ""}),
            ),
        ),
    ),
    Lesson(
        id="lesson-capture",
        area="capture",
        mode="watch",
        position="r5c3,y3d4,r2c5,y4e5 r ry L2",
        title=Words("Prendre : le calcul", "Capturing: the arithmetic"),
        text=Words(
            "Un dé prend un dé adverse voisin de valeur égale ou inférieure : il prend sa place "
            "et le dé pris retourne dans la réserve de son joueur. Le preneur perd la valeur du "
            "dé pris ; à valeur égale, il tombe à 1.",
            "A die takes a touching adversary die of equal or lower value: it moves onto its "
            "square and the taken die goes back to its owner's reserve. The taker loses the "
            "taken value; on an equal take it drops to 1.",
        ),
        facts=Facts(reserves={"y": 5}),
        steps=(
            Step(
                "c3xd4",
                Words(
                    "Le 5 rouge prend le 3 jaune : 5 − 3 = 2. Le 3 rentre dans la réserve jaune.",
                    "Red's 5 takes Yellow's 3: 5 − 3 = 2. The 3 goes back to Yellow's reserve.",
                ),
                Facts(dice={"d4": "r2", "c3": ""}, reserves={"y": 6}),
            ),
            Step(
                "e5xd4",
                Words(
                    "Le 4 jaune reprend aussitôt le 2 : 4 − 2 = 2.",
                    "Yellow's 4 takes the 2 straight back: 4 − 2 = 2.",
                ),
                Facts(dice={"d4": "y2", "e5": ""}, reserves={"r": 6}),
            ),
            Step(
                "c5xd4",
                Words(
                    "Le 2 rouge prend le 2 jaune : à valeur égale, le preneur passe à 1.",
                    "Red's 2 takes Yellow's 2: an equal take leaves the taker on 1.",
                ),
                Facts(dice={"d4": "r1"}),
            ),
        ),
    ),
    Lesson(
        id="lesson-capture-higher",
        area="capture",
        mode="try",
        position="r3c3,y2b4,y4d4 r ry L2",
        select="c3",
        title=Words("Plus haut, on ne prend pas", "Higher dice are safe"),
        text=Words(
            "Le 3 rouge touche deux dés jaunes. Les coins marqués montrent celui qu’il peut "
            "prendre. Essayez de prendre le 4 : la règle vous dit pourquoi c’est refusé.",
            "Red's 3 touches two yellow dice. The corner marks show the one it can take. Try to "
            "take the 4: the rules tell you why not.",
        ),
        facts=Facts(legal=("c3xb4",), illegal={"c3xd4": "higher"}),
    ),
    # ----- one square per foreign rive
    Lesson(
        id="lesson-rive-limit",
        area="rive-limit",
        mode="try",
        position="r2a3,r4b8 r ry L2",
        title=Words("Une seule case par rive adverse", "One square per foreign rive"),
        text=Words(
            "Rouge occupe déjà a3, une case de la rive bleue (même si Bleu ne joue pas). Il ne "
            "peut pas en occuper une deuxième : essayez d’entrer en a1, l’angle, ou d’amener le "
            "dé de b8 jusqu’en a7 ou en a9.",
            "Red already stands on a3, a square of the blue rive (even though Blue is not "
            "playing). It may not occupy a second one: try entering on a1, the corner, or "
            "moving the die on b8 to a7 or a9.",
        ),
        facts=Facts(
            illegal={
                "+a1": "second square of blue's rive",
                "b8-a9": "second square of blue's rive",
                "b8-a7": "second square of blue's rive",
            },
            legal=("+c1", "b8-c9"),
        ),
    ),
    # ----- chains
    Lesson(
        id="lesson-chains",
        area="chains",
        mode="watch",
        position="y2h2,r3f8,r3c9,r4d10 r ry L2",
        title=Words("Ancrée, ordonnée, isolée", "Anchored, ordered, isolated"),
        text=Words(
            "Les dés rouges en c9 et d10 se touchent : ils forment une chaîne. Elle est ancrée "
            "(d10 est sur la rive jaune, en face de Rouge), ordonnée (3 et 4 se suivent) et "
            "isolée (aucune valeur en double) : elle est bien formée.",
            "Red's dice on c9 and d10 touch: they form a chain. It is anchored (d10 stands on "
            "the yellow rive, opposite Red's), ordered (3 and 4 follow each other) and isolated "
            "(no value twice): it is well-formed.",
        ),
        facts=Facts(chains={"d10": "anchored ordered isolated well-formed length=2"}),
        steps=(
            Step(
                "f8-e9",
                Words(
                    "Un troisième dé rejoint la chaîne : 3-4-3. Toujours ordonnée, mais le 3 est "
                    "en double : elle n’est plus isolée.",
                    "A third die joins the chain: 3-4-3. Still ordered, but there are two 3s: no "
                    "longer isolated.",
                ),
                Facts(
                    chains={"e9": "anchored ordered !isolated !well-formed length=3"},
                    unprotected=("d10",),
                ),
            ),
            Step(
                "h2-g3",
                Words("Jaune avance.", "Yellow steps forward."),
            ),
            Step(
                "e9+",
                Words(
                    "Le 3 en e9 passe à 4 : deux 4 se touchent, la chaîne n’est plus ordonnée.",
                    "The 3 on e9 becomes a 4: two 4s touch, so the chain is no longer ordered.",
                ),
                Facts(chains={"e9": "anchored !ordered !isolated"}),
            ),
            Step(
                "g3-f4",
                Words("Jaune avance encore.", "Yellow steps again."),
            ),
            Step(
                "e9+",
                Words(
                    "Un 5 : la chaîne 3-4-5 est ancrée, ordonnée et isolée, et compte trois dés. "
                    "Au blitz, Rouge gagne.",
                    "A 5: the chain 3-4-5 is anchored, ordered and isolated, three dice long. "
                    "In the Blitz, Red wins.",
                ),
                Facts(chains={"e9": "well-formed length=3"}, winner="r"),
            ),
        ),
    ),
    Lesson(
        id="lesson-branched",
        area="chains",
        mode="try",
        position="r2d8,r4f8,y3c9,r3e9,r2d10 y ry L2",
        select="c9",
        title=Words("Une chaîne à branches", "A branched chain"),
        text=Words(
            "Les quatre dés rouges se touchent : c’est une seule chaîne, ancrée et ordonnée, "
            "mais le 2 y figure deux fois. Elle n’est pas bien formée, donc aucun de ses dés "
            "n’est protégé, même celui de la rive. Jaune peut prendre l’un ou l’autre 2 : "
            "essayez.",
            "Red's four dice touch one another: one chain, anchored and ordered, but the value 2 "
            "is there twice. It is not well-formed, so none of its dice is protected, not even "
            "the one on the rive. Yellow may take either 2: try it.",
        ),
        facts=Facts(
            chains={"e9": "anchored ordered !isolated length=4"},
            unprotected=("d8", "d10", "e9", "f8"),
            legal=("c9xd8", "c9xd10"),
        ),
    ),
    # ----- protection
    Lesson(
        id="lesson-protection",
        area="protection",
        mode="try",
        position="y5i5,b2j6,y6b8,r4c9,r5d10 y rby L2",
        title=Words("Les dés invulnérables", "Dice that cannot be taken"),
        text=Words(
            "À partir du niveau 2, les dés d’une chaîne bien formée sont invulnérables, comme un "
            "dé seul sur sa rive opposée. C’est à Jaune : essayez de prendre c9 avec le 6 en b8, "
            "ou j6 avec le 5 en i5. Le bouclier marque les dés protégés.",
            "From level 2 on, the dice of a well-formed chain cannot be taken, nor can a die "
            "standing alone on its opposite rive. Yellow to play: try to take c9 with the 6 on "
            "b8, or j6 with the 5 on i5. A shield marks protected dice.",
        ),
        facts=Facts(
            protected=("c9", "d10", "j6"),
            illegal={"b8xc9": "invulnerable", "i5xj6": "invulnerable"},
        ),
    ),
    Lesson(
        id="lesson-protection-lost",
        area="protection",
        mode="watch",
        position="y1h2,y6b8,r4f8,r4c9,r5d10 r ry L2",
        title=Words("Une protection qui se perd", "Losing protection"),
        text=Words(
            "La chaîne rouge 4-5 est bien formée : le 6 jaune en b8 ne peut pas la prendre. La "
            "protection ne dure que tant que la chaîne reste bien formée.",
            "Red's chain 4-5 is well-formed: Yellow's 6 on b8 cannot take it. Protection lasts "
            "only as long as the chain stays well-formed.",
        ),
        facts=Facts(protected=("c9", "d10")),
        steps=(
            Step(
                "f8-e9",
                Words(
                    "Rouge ajoute un 4 à sa chaîne : deux 4, elle n’est plus isolée, plus "
                    "protégée.",
                    "Red adds a 4 to its chain: two 4s, so it is no longer isolated, no longer "
                    "protected.",
                ),
                Facts(unprotected=("c9", "d10", "e9"), legal=("b8xc9",)),
            ),
            Step(
                "b8xc9",
                Words(
                    "Jaune en profite : son 6 prend le 4 en c9 et passe à 2.",
                    "Yellow pounces: its 6 takes the 4 on c9 and drops to 2.",
                ),
                Facts(dice={"c9": "y2"}, protected=("d10", "e9")),
            ),
        ),
    ),
    # ----- obligation
    Lesson(
        id="lesson-obligation",
        area="obligation",
        mode="try",
        position="y2c1,r1g1,y4d2,r5e3 r ry L2C",
        title=Words("L’obligation de prendre", "The obligation to capture"),
        text=Words(
            "La chaîne jaune c1-d2 est ancrée sur la rive rouge, mais pas ordonnée (2 et 4). Le "
            "5 rouge en e3 la touche : il est obligé de prendre (anneau pointillé). Essayez "
            "n’importe quel autre coup : entrer un dé, bouger g1…",
            "Yellow's chain c1-d2 is anchored on the red rive, but not ordered (2 and 4). Red's "
            "5 on e3 touches it: it must capture (the dashed ring). Try any other move: "
            "entering a die, moving g1…",
        ),
        facts=Facts(
            obliged={"e3": ("d2",)},
            only=("e3xd2",),
            illegal={"+e1": "obligatory", "g1-h2": "obligatory"},
        ),
    ),
    Lesson(
        id="lesson-obligation-none",
        area="obligation",
        mode="try",
        position="y2c1,y4d2,r1e3 r ry L3",
        title=Words("Une obligation sans effet", "An obligation that forces nothing"),
        text=Words(
            "Le 1 rouge en e3 touche la chaîne ancrée jaune, mais le 4 est plus haut que lui : "
            "il n’a aucune prise permise, donc rien ne l’oblige. Rouge joue librement.",
            "Red's 1 on e3 touches Yellow's anchored chain, but the 4 is higher: it has no "
            "capture it may make, so nothing is forced. Red plays freely.",
        ),
        facts=Facts(
            obliged={"e3": ()},
            illegal={"e3xd2": "higher"},
            legal=("+e1", "e3-f4", "e3+"),
        ),
    ),
    # ----- winning
    Lesson(
        id="lesson-winning",
        area="win-chain",
        mode="watch",
        position="y1b4,r2g7,r3f8,y6c9,r4e9,r5d10 y ry L2",
        title=Words("Exactement la bonne longueur", "Exactly the right length"),
        text=Words(
            "Au blitz, il faut une chaîne bien formée d’exactement trois dés. Celle de Rouge en "
            "compte quatre, 2-3-4-5 : elle est protégée, mais elle ne gagne pas.",
            "In the Blitz you need a well-formed chain of exactly three dice. Red's has four, "
            "2-3-4-5: it is protected, but it does not win.",
        ),
        facts=Facts(
            chains={"d10": "well-formed length=4"},
            winner="-",
            illegal={"c9xd10": "invulnerable"},
        ),
        steps=(
            Step(
                "b4-a5",
                Words(
                    "Jaune ne peut rien prendre et joue ailleurs.",
                    "Yellow cannot take anything and plays elsewhere.",
                ),
            ),
            Step(
                "g7-h6",
                Words(
                    "Rouge écarte son 2 : il reste 3-4-5, trois dés, et Rouge gagne.",
                    "Red moves its 2 away: 3-4-5 remains, three dice, and Red wins.",
                ),
                Facts(chains={"d10": "well-formed length=3"}, winner="r"),
            ),
        ),
    ),
    Lesson(
        id="lesson-win-gift",
        area="win-chain",
        mode="watch",
        position="y1c1,y2d2,y3e3,y2f4,r5g5 r ry L2",
        title=Words("Une prise qui fait gagner l’adversaire", "A capture that hands over the win"),
        text=Words(
            "La chaîne jaune 1-2-3-2 est ancrée sur la rive rouge, ordonnée, mais pas isolée "
            "(deux 2) : elle ne gagne pas et elle n’est pas protégée.",
            "Yellow's chain 1-2-3-2 is anchored on the red rive and ordered, but not isolated "
            "(two 2s): it neither wins nor is protected.",
        ),
        facts=Facts(chains={"c1": "anchored ordered !isolated length=4"}, winner="-"),
        steps=(
            Step(
                "g5xf4",
                Words(
                    "Rouge prend le 2 en f4… et laisse à Jaune la chaîne 1-2-3, bien formée : "
                    "Jaune gagne. Après chaque coup, on regarde qui a atteint son but.",
                    "Red takes the 2 on f4… and leaves Yellow the well-formed chain 1-2-3: "
                    "Yellow wins. After every move, everyone's goal is checked.",
                ),
                Facts(winner="y", chains={"c1": "well-formed length=3"}),
            ),
        ),
    ),
    # ----- the team game
    Lesson(
        id="lesson-team",
        area="team",
        mode="watch",
        position="y1d2,r3e3,b1c5,g1h6 r ry/bg L1",
        title=Words("Jouer par équipe", "Playing as a team"),
        text=Words(
            "À quatre, Rouge et Jaune font équipe contre Bleu et Vert. On ne prend jamais le dé "
            "d’un partenaire : le 3 rouge ne peut pas prendre le 1 jaune en d2.",
            "With four players, Red and Yellow team up against Blue and Green. You never take a "
            "partner's die: Red's 3 cannot take Yellow's 1 on d2.",
        ),
        facts=Facts(illegal={"e3xd2": "team-mate"}),
        steps=(
            Step(
                "e3-f4",
                Words(
                    "Rouge laisse le passage à son partenaire.",
                    "Red steps aside for its partner.",
                ),
            ),
            Step("c5-b4", Words("Bleu joue.", "Blue plays.")),
            Step(
                "d2-c1",
                Words(
                    "Jaune atteint la rive rouge, en face de la sienne : l’équipe Rouge-Jaune "
                    "gagne.",
                    "Yellow reaches the red rive, opposite its own: the Red-Yellow team wins.",
                ),
                Facts(winner="ry"),
            ),
        ),
    ),
    # ----- exercises: level 1
    Lesson(
        id="exercise-l1-win",
        area="win-l1",
        mode="exercise",
        level="L1",
        position="r1b8,y2c9,y3e9 r ry L1",
        title=Words("Gagner en un coup", "Win in one move"),
        text=Words(
            "Rouge joue et gagne en un coup. Lequel ?",
            "Red to play and win in one move. Which move?",
        ),
        goal="win",
        solution="b8-d10",
        right=Words(
            "Oui : le dé saute par-dessus c9 et s’arrête en d10, sur la rive jaune.",
            "Yes: the die jumps over c9 and stops on d10, on the yellow rive.",
        ),
        wrong=(
            Wrong(
                "b8-f8",
                Words(
                    "Ce saut passe bien par d10, mais il finit en f8 : seule la case d’arrivée "
                    "compte.",
                    "That jump does pass through d10, but it ends on f8: only the square where "
                    "it stops counts.",
                ),
            ),
            Wrong(
                "b8xc9",
                Words(
                    "Impossible : {why}.",
                    "Not possible: {why}.",
                ),
                reason="higher",
            ),
        ),
    ),
    Lesson(
        id="exercise-l1-defend",
        area="capture",
        mode="exercise",
        level="L1",
        position="y1d2,r2e3 r ry L1",
        title=Words("Arrêter Jaune", "Stop Yellow"),
        text=Words(
            "Jaune menace d’atteindre la rive rouge au prochain coup. Trouvez le seul coup qui "
            "l’en empêche.",
            "Yellow threatens to reach the red rive next move. Find the only move that stops it.",
        ),
        goal="defend",
        solution="e3xd2",
        right=Words(
            "Oui : le 2 prend le 1 et le renvoie dans la réserve jaune.",
            "Yes: the 2 takes the 1 and sends it back to Yellow's reserve.",
        ),
        wrong=(
            Wrong(
                "+c1",
                Words(
                    "Ce dé bloque c1, mais Jaune passe par e1.",
                    "That die blocks c1, but Yellow goes to e1 instead.",
                ),
            ),
            Wrong(
                "+e1",
                Words(
                    "Ce dé bloque e1, mais Jaune passe par c1.",
                    "That die blocks e1, but Yellow goes to c1 instead.",
                ),
            ),
        ),
    ),
    Lesson(
        id="exercise-l1-rive",
        area="rive-limit",
        mode="exercise",
        level="L1",
        position="r2a3 r ry L1",
        title=Words("Où entrer ?", "Where can you enter?"),
        text=Words(
            "Rouge veut entrer un nouveau dé. Choisissez une case permise.",
            "Red wants to enter a new die. Pick a square where it may.",
        ),
        goal="enter",
        solution="+c1|+e1|+g1|+i1",
        right=Words(
            "Oui. Seul l’angle a1 était interdit : il fait aussi partie de la rive bleue, où "
            "Rouge occupe déjà a3.",
            "Yes. Only the corner a1 was forbidden: it is also part of the blue rive, where Red "
            "already stands on a3.",
        ),
        wrong=(
            Wrong(
                "+a1",
                Words(
                    "L’angle a1 compte aussi pour la rive bleue : {why}.",
                    "The corner a1 also counts as the blue rive: {why}.",
                ),
                reason="second square of blue's rive",
            ),
        ),
    ),
    # ----- exercises: level 2
    Lesson(
        id="exercise-l2-win",
        area="win-chain",
        mode="exercise",
        level="L2",
        position="y6b8,r4e9,r3g9,r5d10 r ry L2",
        title=Words("Compléter la chaîne", "Complete the chain"),
        text=Words(
            "Complétez la chaîne rouge en un coup pour gagner.",
            "Complete Red's chain in one move to win.",
        ),
        goal="win",
        solution="g9-f8",
        right=Words(
            "Oui : 5-4-3, ancrée en d10, ordonnée et isolée. Rouge gagne.",
            "Yes: 5-4-3, anchored on d10, ordered and isolated. Red wins.",
        ),
        wrong=(
            Wrong(
                "g9-f10",
                Words(
                    "Ce 3 toucherait bien le 4, mais {why}.",
                    "That 3 would touch the 4, but {why}.",
                ),
                reason="second square of yellow's rive",
            ),
            Wrong(
                "e9-",
                Words(
                    "Le 4 devient 3 : 5 et 3 ne se suivent pas.",
                    "The 4 becomes a 3: 5 and 3 do not follow each other.",
                ),
            ),
        ),
    ),
    Lesson(
        id="exercise-l2-protect",
        area="protection",
        mode="exercise",
        level="L2",
        position="y6b8,r3c9,r5d10 r ry L2",
        title=Words("Se protéger", "Get protected"),
        text=Words(
            "Le 6 jaune menace la chaîne rouge 3-5, qui n’est pas ordonnée. En un coup, rendez "
            "c9 et d10 invulnérables.",
            "Yellow's 6 threatens Red's chain 3-5, which is not ordered. In one move, make c9 "
            "and d10 impossible to take.",
        ),
        goal="protect",
        target=("c9", "d10"),
        solution="c9+|d10-",
        right=Words(
            "Oui : les deux valeurs se suivent, la chaîne est bien formée et protégée.",
            "Yes: the two values follow each other; the chain is well-formed and protected.",
        ),
        wrong=(
            Wrong(
                "c9-",
                Words(
                    "2 et 5 ne se suivent toujours pas.",
                    "2 and 5 still do not follow each other.",
                ),
            ),
            Wrong(
                "c9-d8",
                Words(
                    "d10 est protégé, seul sur sa rive, mais le dé parti en d8 ne l’est pas.",
                    "d10 is protected, alone on its rive, but the die moved to d8 is not.",
                ),
            ),
        ),
    ),
    Lesson(
        id="exercise-l2-capture",
        area="protection",
        mode="exercise",
        level="L2",
        position="y3c1,y4d2,y6f2,r5e3,y2f4 r ry L2",
        title=Words("Quel dé prendre ?", "Which die can you take?"),
        text=Words(
            "Le 5 rouge en e3 touche trois dés jaunes. Prenez celui qui peut l’être.",
            "Red's 5 on e3 touches three yellow dice. Take the one that can be taken.",
        ),
        goal="capture",
        solution="e3xf4",
        right=Words(
            "Oui : 5 prend 2 et passe à 3.",
            "Yes: 5 takes 2 and becomes a 3.",
        ),
        wrong=(
            Wrong(
                "e3xd2",
                Words(
                    "Le 4 en d2 est dans la chaîne jaune 3-4, ancrée sur votre rive : {why}.",
                    "The 4 on d2 is in Yellow's chain 3-4, anchored on your rive: {why}.",
                ),
                reason="invulnerable",
            ),
            Wrong(
                "e3xf2",
                Words("Trop haut : {why}.", "Too high: {why}."),
                reason="higher",
            ),
        ),
    ),
    # ----- exercises: level 3
    Lesson(
        id="exercise-l3-obligation",
        area="obligation",
        mode="exercise",
        level="L3",
        position="y2c1,r1b2,y4d2,r5e3,r3g3,y2h4 r ry L3",
        title=Words("La prise obligatoire", "The obligatory capture"),
        text=Words(
            "Une prise est obligatoire ici. Laquelle ?",
            "A capture is obligatory here. Which one?",
        ),
        goal="obligatory",
        solution="e3xd2",
        right=Words(
            "Oui : le 5 touche la chaîne ancrée jaune et peut prendre le 4, il le doit.",
            "Yes: the 5 touches Yellow's anchored chain and can take the 4, so it must.",
        ),
        wrong=(
            Wrong(
                "g3xh4",
                Words(
                    "Cette prise serait permise en temps normal, mais {why}.",
                    "That capture would be fine on another turn, but {why}.",
                ),
                reason="obligatory",
            ),
            Wrong(
                "b2xc1",
                Words(
                    "Le 1 en b2 touche aussi la chaîne, mais {why}.",
                    "The 1 on b2 touches the chain too, but {why}.",
                ),
                reason="higher",
            ),
        ),
    ),
    Lesson(
        id="exercise-l3-must",
        area="obligation",
        mode="exercise",
        level="L3",
        position="y2c1,y4d2,r5e3,r2i5,r2h6,r3g7,r4f8,r5e9,r6d10 r ry L3",
        title=Words("Gagner… ou prendre ?", "Win… or capture?"),
        text=Words(
            "Avec `i5-`, Rouge finirait sa chaîne 6-5-4-3-2-1. Que doit-il jouer ?",
            "With `i5-` Red would finish its chain 6-5-4-3-2-1. What must Red play?",
        ),
        goal="obligatory",
        solution="e3xd2",
        right=Words(
            "Oui : l’obligation passe avant tout, même avant un coup gagnant.",
            "Yes: the obligation comes first, even before a winning move.",
        ),
        wrong=(
            Wrong(
                "i5-",
                Words(
                    "Ce coup gagnerait, mais {why}.",
                    "That move would win, but {why}.",
                ),
                reason="obligatory",
            ),
        ),
    ),
    Lesson(
        id="exercise-l3-win",
        area="win-chain",
        mode="exercise",
        level="L3",
        position="r4h4,y3i5,r2h6,r3g7,r4f8,r5e9,r6d10 r ry L3",
        title=Words("Six dés, en un coup", "Six dice, in one move"),
        text=Words(
            "Il manque un 1 au bout de la chaîne rouge 6-5-4-3-2. Gagnez en un coup.",
            "Red's chain 6-5-4-3-2 lacks a 1 at its end. Win in one move.",
        ),
        goal="win",
        solution="h4xi5",
        right=Words(
            "Oui : 4 prend 3 et il reste 1, juste au bout de la chaîne.",
            "Yes: 4 takes 3 and leaves 1, right at the end of the chain.",
        ),
        wrong=(
            Wrong(
                "h6xi5",
                Words(
                    "Le 2 en h6 touche bien le 3, mais {why}.",
                    "The 2 on h6 does touch the 3, but {why}.",
                ),
                reason="higher",
            ),
            Wrong(
                "h4-g5",
                Words(
                    "Le 4 arrive contre le 2 en h6 : 4 et 2 ne se suivent pas.",
                    "The 4 lands beside the 2 on h6: 4 and 2 do not follow each other.",
                ),
            ),
        ),
    ),
    # ----- exercise: the team game
    Lesson(
        id="exercise-team",
        area="team",
        mode="exercise",
        level="team",
        position="r1c1,b1h4,g1i5,y1d10 b ry/bg L1",
        title=Words("Avec l’aide du partenaire", "With your partner's help"),
        text=Words(
            "Bleu et Vert font équipe. Bleu joue et fait gagner son équipe en un coup.",
            "Blue and Green are a team. Blue to play and win for the team in one move.",
        ),
        goal="win",
        solution="h4-j6",
        right=Words(
            "Oui : on peut sauter par-dessus le dé d’un partenaire. Bleu atteint la rive verte.",
            "Yes: you may jump over a partner's die. Blue reaches the green rive.",
        ),
        wrong=(
            Wrong(
                "h4xi5",
                Words("{why} : on ne prend pas un partenaire.", "{why}: partners never capture."),
                reason="team-mate",
            ),
        ),
    ),
)

BY_ID: Final[dict[str, Lesson]] = {lesson.id: lesson for lesson in LESSONS}


def lesson(ident: str) -> Lesson:
    """The lesson ``ident`` (``KeyError`` naming it if there is none)."""
    try:
        return BY_ID[ident]
    except KeyError:
        raise KeyError(f"no lesson {ident!r}") from None


__all__ = [
    "AREAS",
    "BY_ID",
    "LESSONS",
    "LEVELS",
    "Facts",
    "Goal",
    "Lesson",
    "Mode",
    "Step",
    "Words",
    "Wrong",
    "lesson",
]
