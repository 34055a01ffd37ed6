"""The puzzles' words, French and English.

Kept in the room, as ``learn.lesson.WORDS`` is, rather than in ``words.i18n``: the page's
generator (``tools/pages/build_puzzles.py``) and its Python read the same table.
"""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "title": "Dérive puzzles",
        "heading": "Puzzles",
        "description": "Dérive puzzles found in the computer's own games: win in one or "
        "two moves, with a rating that follows you.",
        "intro": "Each puzzle comes from a game the computer played against itself. Find "
        "the winning move; in a two-move puzzle the board plays the other side's best reply. "
        "Solving a puzzle at the first try raises your rating, a wrong move or asking for the "
        "solution lowers it, and the next puzzle is chosen near your rating.",
        "skip": "Skip to the puzzle",
        "other": "Version française",
        "learn": "Learn the rules",
        "play": "Play the game",
        "rating": "Rating",
        "streak": "Streak",
        "best": "best {best}",
        "solved": "Solved",
        "theme": "Theme",
        "theme.all": "All themes",
        "another": "Another one",
        "link": "Link to this puzzle",
        "puzzle": "Puzzle {id}",
        "about": "Theme: {themes}. Difficulty {difficulty}.",
        "task.win1": "{colour} to play and win in one move.",
        "task.win2": "{colour} to play and win in two moves.",
        "task.other": "{colour} to play: find the only good move.",
        "change.up": "Solved at the first try: rating {rating} (+{change}).",
        "change.down": "Not this time: rating {rating} ({change}). Start again to find the answer.",
        "loading": "The puzzles are loading.",
        "waiting": "One moment: the puzzle is loading, then your move is played.",
        "failed": "The puzzles could not be loaded here. Reload the page to try again.",
        "unreadable": "The puzzles cannot be shown: {reason}.",
        "unknown": "There is no puzzle “{id}” here; here is another one.",
        "bad": "Puzzle {id} cannot be played here: {reason}. Here is another one.",
        "none": "No other puzzle of this theme.",
        "damaged": "Your puzzle record (rating, streak, solved puzzles) could not be read. It "
        "is kept aside in this browser, untouched, and a new record has begun.",
        "unsaved": "This browser does not keep your puzzle record: your rating lasts until "
        "the page is closed.",
        "rating.about": "The rating is Elo's: a puzzle counts as a player rated at its difficulty.",
        "act.up": "+1",
        "act.down": "−1",
        "act.reroll": "Re-roll",
        "act.solution": "Show the solution",
        "act.reset": "Start again",
        "actions": "Actions on the selected die",
        "theme.win-in-one": "win in one",
        "theme.win-in-two": "win in two",
        "theme.capture": "capture",
        "theme.obligation": "obligation",
        "theme.chain-break": "breaking a chain",
        "theme.protection": "protection",
        "theme.jump": "jump",
        "theme.multi-jump": "long jump",
        "theme.corner": "corner",
        "theme.blocked-rive": "blocked rive",
        "theme.enter": "entering",
        "theme.adjust": "adding or taking one",
        "theme.reroll": "re-roll",
        "theme.chain": "chain",
    },
    "fr": {
        "title": "Énigmes de Dérive",
        "heading": "Énigmes",
        "description": "Des énigmes de Dérive tirées des parties de l’ordinateur : gagner en "
        "un ou deux coups, avec un classement qui vous suit.",
        "intro": "Chaque énigme vient d’une partie que l’ordinateur a jouée contre lui-même. "
        "Trouvez le coup gagnant ; dans une énigme en deux coups, le plateau joue la meilleure "
        "réponse adverse. Résoudre une énigme du premier coup fait monter votre classement, "
        "un coup faux ou la solution demandée le fait baisser, et l’énigme suivante est "
        "choisie près de votre classement.",
        "skip": "Aller à l’énigme",
        "other": "English version",
        "learn": "Apprendre les règles",
        "play": "Jouer une partie",
        "rating": "Classement",
        "streak": "Série",
        "best": "record {best}",
        "solved": "Résolues",
        "theme": "Thème",
        "theme.all": "Tous les thèmes",
        "another": "Une autre",
        "link": "Lien vers cette énigme",
        "puzzle": "Énigme {id}",
        "about": "Thème : {themes}. Difficulté {difficulty}.",
        "task.win1": "À {colour} de jouer et de gagner en un coup.",
        "task.win2": "À {colour} de jouer et de gagner en deux coups.",
        "task.other": "À {colour} de jouer : trouvez le seul bon coup.",
        "change.up": "Résolue du premier coup : classement {rating} (+{change}).",
        "change.down": "Pas cette fois : classement {rating} ({change}). Recommencez pour "
        "trouver la réponse.",
        "loading": "Les énigmes se chargent.",
        "waiting": "Un instant : l’énigme se charge, puis votre coup est joué.",
        "failed": "Les énigmes n’ont pas pu se charger ici. Rechargez la page pour réessayer.",
        "unreadable": "Les énigmes ne peuvent pas s’afficher : {reason}.",
        "unknown": "Il n’y a pas d’énigme « {id} » ici ; en voici une autre.",
        "bad": "L’énigme {id} ne peut pas se jouer ici : {reason}. En voici une autre.",
        "none": "Pas d’autre énigme de ce thème.",
        "damaged": "Votre fiche d’énigmes (classement, série, énigmes résolues) n’a pas pu "
        "être lue. Elle est gardée à part dans ce navigateur, intacte, et une nouvelle fiche "
        "commence.",
        "unsaved": "Ce navigateur ne garde pas votre fiche d’énigmes : votre classement dure "
        "jusqu’à la fermeture de la page.",
        "rating.about": "Le classement est celui d’Elo : une énigme compte comme un joueur "
        "classé à sa difficulté.",
        "act.up": "+1",
        "act.down": "−1",
        "act.reroll": "Relancer",
        "act.solution": "Voir la solution",
        "act.reset": "Recommencer",
        "actions": "Actions sur le dé choisi",
        "theme.win-in-one": "gain en un coup",
        "theme.win-in-two": "gain en deux coups",
        "theme.capture": "prise",
        "theme.obligation": "obligation",
        "theme.chain-break": "casser une chaîne",
        "theme.protection": "protection",
        "theme.jump": "saut",
        "theme.multi-jump": "long saut",
        "theme.corner": "angle",
        "theme.blocked-rive": "rive bloquée",
        "theme.enter": "entrée",
        "theme.adjust": "ajouter ou retrancher un",
        "theme.reroll": "relance",
        "theme.chain": "chaîne",
    },
}

PAGES: Final = {"en": "puzzles.html", "fr": "enigmes.html"}


def words(lang: str, key: str, **fields: object) -> str:
    table = WORDS["fr" if lang == "fr" else "en"]
    return table[key].format(**fields)


def theme_name(lang: str, tag: str) -> str:
    """A theme in players' words (a tag this page does not know: its own words, spaced)."""
    table = WORDS["fr" if lang == "fr" else "en"]
    return table.get(f"theme.{tag}", tag.replace("-", " "))


__all__ = ["PAGES", "WORDS", "theme_name", "words"]
