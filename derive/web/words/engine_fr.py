"""The engine's messages (English, written for players) put into French.

The engine is shared with the terminal and the AI, so it speaks English; the page
matches each message against the patterns below.  A message no pattern knows is shown
as it is, in English, rather than lost (tests keep the table complete).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from .i18n import french_spaces

_COLOUR: Final = {"red": "Rouge", "blue": "Bleu", "yellow": "Jaune", "green": "Vert"}
_SQ: Final = r"[a-j](?:10|[1-9])"
_NAME: Final = r"red|blue|yellow|green"


def _c(name: str) -> str:
    return _COLOUR.get(name, name)


def _winner(text: str) -> str:
    return " + ".join(_c(part) for part in text.split(" + "))


def _result(words: str) -> str:
    if words == "an unfinished game":
        return "une partie inachevée"
    if words == "a draw":
        return "une partie nulle"
    match = re.fullmatch(r"a win for (\S+)", words)
    return f"une victoire de {match.group(1)}" if match else words


_DAMAGE: Final = {
    "not base64url": "pas en base64url",
    "cannot be unpacked": "impossible à décompresser",
    "not a record": "pas un relevé",
    "not text": "pas du texte",
}

# What a value is (derive.limits.kind_of), as the engine's messages name it.
_KIND: Final = {
    "empty (null)": "vide (null)",
    "true or false": "vrai ou faux",
    "a whole number": "un nombre entier",
    "a decimal number": "un nombre décimal",
    "text": "du texte",
    "a list": "une liste",
    "an object": "un objet",
    "something else": "autre chose",
}
_KINDS: Final = "|".join(re.escape(k) for k in _KIND)

# Python's JSON decoder's reasons (json.JSONDecodeError.msg).
_JSON: Final = {
    "Expecting value": "valeur attendue",
    "Expecting ',' delimiter": "virgule attendue",
    "Expecting ':' delimiter": "deux-points attendu",
    "Expecting property name enclosed in double quotes": (
        "nom de propriété entre guillemets attendu"
    ),
    "Unterminated string starting at": "texte entre guillemets non terminé",
    "Invalid control character at": "caractère de contrôle interdit",
    "Invalid \\escape": "échappement \\ invalide",
    "Invalid \\uXXXX escape": "échappement \\uXXXX invalide",
    "Extra data": "données en trop après la fin",
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": "marque d’ordre des octets inattendue",
}


def _lookup(table: dict[str, str], text: str) -> str:
    """``text`` from one of the tables above; an unknown one is a miss, like a message."""
    if text in table:
        return table[text]
    if _misses is not None:
        _misses.append(text)
    return text


def _kind(text: str) -> str:
    return _lookup(_KIND, text)


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rule(pattern: str, build: Callable[[re.Match[str]], str]) -> Rule:
    return re.compile(pattern), build


# Messages that wrap another message ("move 3 (c1-d2): <reason>") are translated on
# both levels.
RULES: Final[tuple[Rule, ...]] = (
    _rule(
        r"the game is over: it was drawn by agreement",
        lambda m: "la partie est finie : nulle d’un commun accord",
    ),
    _rule(
        r"only a game between two sides can be resigned",
        lambda m: "on ne peut abandonner qu’une partie entre deux camps",
    ),
    _rule(
        rf"({_NAME}) does not play in this game",
        lambda m: f"{_c(m[1])} ne joue pas dans cette partie",
    ),
    _rule(
        r"the game is over: it was drawn at the ply limit",
        lambda m: "la partie est finie : nulle à la limite de coups",
    ),
    _rule(
        r"the game is over: (.+) won", lambda m: f"la partie est finie : {_winner(m[1])} a gagné"
    ),
    _rule(
        r"pass is allowed only when no action is possible",
        lambda m: "on ne peut passer que si aucune action n’est possible",
    ),
    _rule(
        r"a capture is obligatory \(R16\): (.+)",
        lambda m: f"la prise est obligatoire (R16) : {m[1].replace(' or ', ' ou ')}",
    ),
    _rule(
        rf"(\S+) is not legal for ({_NAME}) here",
        lambda m: f"{m[1]} n’est pas permis à {_c(m[2])} ici",
    ),
    _rule(r"(\S+) is not legal here", lambda m: f"{m[1]} n’est pas permis ici"),
    _rule(rf"({_NAME}) has no die in reserve", lambda m: f"{_c(m[1])} n’a plus de dé en réserve"),
    _rule(
        rf"({_SQ}) is not on ({_NAME})'s rive",
        lambda m: f"{m[1]} n’est pas sur la rive de {_c(m[2])}",
    ),
    _rule(rf"({_SQ}) is occupied", lambda m: f"{m[1]} est occupée"),
    _rule(
        r"in (\S+) an entering die shows 1: play (\S+)",
        lambda m: f"en {m[1]}, un dé entre sur la face 1 : jouez {m[2]}",
    ),
    _rule(
        r"choose the die's value: (\S+) … (\S+)",
        lambda m: f"choisissez la valeur du dé : {m[1]} … {m[2]}",
    ),
    _rule(
        rf"there is no ({_NAME}) die on ({_SQ})",
        lambda m: f"il n’y a pas de dé {_adj(m[1])} en {m[2]}",
    ),
    _rule(rf"({_SQ}) is already at ([16])", lambda m: f"{m[1]} est déjà à {m[2]}"),
    _rule(
        r"there is no re-roll in (\S+) \(no chance\)",
        lambda m: f"pas de relance en {m[1]} (sans hasard)",
    ),
    _rule(
        rf"({_SQ}) cannot reach ({_SQ}): .*",
        lambda m: (
            f"{m[1]} ne peut pas atteindre {m[2]} : un dé va sur une case libre voisine, en "
            "diagonale, ou saute par-dessus un dé voisin sur la case libre juste derrière"
        ),
    ),
    _rule(rf"({_SQ}) does not touch ({_SQ})", lambda m: f"{m[1]} ne touche pas {m[2]}"),
    _rule(
        rf"there is no die to capture on ({_SQ})",
        lambda m: f"il n’y a pas de dé à prendre en {m[1]}",
    ),
    _rule(rf"({_SQ}) is your own die", lambda m: f"{m[1]} est votre propre dé"),
    _rule(
        rf"({_SQ}) belongs to your team-mate ({_NAME})",
        lambda m: f"{m[1]} appartient à votre partenaire {_c(m[2])}",
    ),
    _rule(
        rf"({_SQ}) \((\d)\) is higher than ({_SQ}) \((\d)\): .*",
        lambda m: (
            f"{m[1]} ({m[2]}) est plus fort que {m[3]} ({m[4]}) : un dé ne prend qu’un dé "
            "de valeur égale ou inférieure"
        ),
    ),
    _rule(
        rf"({_SQ}) is alone on its goal rive: invulnerable \(R15\)",
        lambda m: f"{m[1]} est seul sur sa rive d’arrivée : invulnérable (R15)",
    ),
    _rule(
        rf"({_SQ}) is part of the well-formed chain (\S+): invulnerable \(R15\)",
        lambda m: f"{m[1]} fait partie de la chaîne bien formée {m[2]} : invulnérable (R15)",
    ),
    _rule(
        rf"({_NAME}) may not occupy a second square of ({_NAME})'s rive "
        rf"\(already on ({_SQ}), R14\)",
        lambda m: (
            f"{_c(m[1])} ne peut occuper qu’une case de la rive de {_c(m[2])} (déjà en {m[3]}, R14)"
        ),
    ),
    _rule(r"there is nothing to undo", lambda m: "il n’y a rien à annuler"),
    _rule(r"there is nothing to redo", lambda m: "il n’y a rien à rétablir"),
    _rule(
        r"'(.*)' is not a move \(examples: (.+)\)",
        lambda m: f"« {m[1]} » n’est pas un coup (exemples : {m[2]})",
    ),
    _rule(
        rf"a move is text in notation, not ({_KINDS})",
        lambda m: f"un coup s’écrit en notation, pas {_kind(m[1])}",
    ),
    _rule(
        r"a re-roll's result is rolled, not chosen: play (\S+)",
        lambda m: f"le résultat d’une relance est tiré au dé, pas choisi : jouez {m[1]}",
    ),
    _rule(
        r"'(.*)' is not a square \(a1 … j10\)",
        lambda m: f"« {m[1]} » n’est pas une case (a1 … j10)",
    ),
    _rule(
        rf"({_SQ}|[a-j]\d+) is a light square: only dark squares are playable",
        lambda m: f"{m[1]} est une case blanche : seules les cases foncées se jouent",
    ),
    _rule(
        rf"a position is text, not ({_KINDS})",
        lambda m: f"une position est un texte, pas {_kind(m[1])}",
    ),
    _rule(
        r"a position is at most (\d+) characters long",
        lambda m: f"une position fait au plus {m[1]} caractères",
    ),
    _rule(
        r"a position has 4 fields '.*', got (\d+): (.*)",
        lambda m: (
            f"une position a 4 champs « <dés> <trait> <joueurs> <niveau> », et non {m[1]} : {m[2]}"
        ),
    ),
    _rule(
        r"to-move '(.*)' is not a seated colour \((.*)\)",
        lambda m: f"le trait « {m[1]} » n’est pas une couleur en jeu ({m[2]})",
    ),
    _rule(
        r"piece '(.*)' is not <colour><value><square>, e\.g\. r3c1",
        lambda m: f"le dé « {m[1]} » ne s’écrit pas <couleur><valeur><case>, ex. r3c1",
    ),
    _rule(
        r"piece '(.*)': '(.*)' is not a colour \(r b y g\)",
        lambda m: f"dé « {m[1]} » : « {m[2]} » n’est pas une couleur (r b y g)",
    ),
    _rule(
        rf"piece '(.*)': ({_NAME}) is not seated",
        lambda m: f"dé « {m[1]} » : {_c(m[2])} ne joue pas",
    ),
    _rule(
        r"piece '(.*)': a die shows 1 to 6, not (\S+)",
        lambda m: f"dé « {m[1]} » : un dé montre 1 à 6, pas {m[2]}",
    ),
    _rule(
        r"piece '(.*)': '(.*)' is not a square",
        lambda m: f"dé « {m[1]} » : « {m[2]} » n’est pas une case",
    ),
    _rule(rf"piece '(.*)': two dice on ({_SQ})", lambda m: f"dé « {m[1]} » : deux dés en {m[2]}"),
    _rule(
        rf"piece '(.*)': ({_NAME}) has more than the (\d+) dice of (\S+)",
        lambda m: f"dé « {m[1]} » : {_c(m[2])} a plus que les {m[3]} dés de {m[4]}",
    ),
    _rule(r"piece '(.*)': (.+)", lambda m: f"dé « {m[1]} » : {translate(m[2])}"),
    _rule(
        rf"({_NAME}) occupies (\d+) squares of ({_NAME})'s rive(?:: ([^()]+))? "
        r"\(at most one, R14\)",
        lambda m: (
            f"{_c(m[1])} occupe {m[2]} cases de la rive de {_c(m[3])}"
            + (f" : {m[4]}" if m[4] else "")
            + " (une au plus, R14)"
        ),
    ),
    _rule(
        r"players of different sides both meet their goals: (.+)",
        lambda m: (
            "des joueurs de camps différents atteignent tous deux leur but : "
            + " et ".join(_c(n) for n in m[1].split(" and "))
        ),
    ),
    _rule(
        r"unknown rule set '(.*)' \(one of (.+)\)",
        lambda m: f"niveau de jeu « {m[1]} » inconnu (parmi {m[2]})",
    ),
    _rule(
        r"seating '(.*)': '(.*)' is not a colour \(r b y g\)",
        lambda m: f"joueurs « {m[1]} » : « {m[2]} » n’est pas une couleur (r b y g)",
    ),
    _rule(
        r"seating '(.*)': a colour is seated twice",
        lambda m: f"joueurs « {m[1]} » : une couleur est donnée deux fois",
    ),
    _rule(
        r"seating '(.*)': at least 2 colours must play",
        lambda m: f"joueurs « {m[1]} » : au moins deux couleurs doivent jouer",
    ),
    _rule(
        r"seating '(.*)': a team game is two pairs of all four colours, e\.g\. ry/bg",
        lambda m: (
            f"joueurs « {m[1]} » : une partie en équipes oppose deux paires des quatre "
            "couleurs, ex. ry/bg"
        ),
    ),
    _rule(
        r"start '(.*)' is not a seated colour \((.*)\)",
        lambda m: f"« {m[1]} » ne peut pas commencer : cette couleur ne joue pas ({m[2]})",
    ),
    _rule(
        rf"start ({_KINDS}) is not a seated colour \((.*)\)",
        lambda m: f"le joueur qui commence est une couleur en jeu ({m[2]}), pas {_kind(m[1])}",
    ),
    _rule(
        rf"a seating is text such as 'ry', not ({_KINDS})",
        lambda m: f"les joueurs s’écrivent en texte, comme « ry », pas {_kind(m[1])}",
    ),
    _rule(
        rf"a rule set is text such as 'L3', not ({_KINDS})",
        lambda m: f"un niveau de jeu s’écrit en texte, comme « L3 », pas {_kind(m[1])}",
    ),
    _rule(
        rf"a seed is a whole number from 0 to 2\^64 - 1, not ((?:-?\d+)|{_KINDS})",
        lambda m: f"une graine est un nombre entier de 0 à 2^64 - 1, pas {_number_or_kind(m[1])}",
    ),
    _rule(
        rf"max_plies must be a whole number from 1 to (\d+), not ((?:-?\d+)|{_KINDS})",
        lambda m: (
            f"max_plies doit être un nombre entier de 1 à {m[1]}, pas {_number_or_kind(m[2])}"
        ),
    ),
    _rule(
        r"not a Dérive game record \(expected a JSON object\)",
        lambda m: "ce n’est pas un relevé de partie de Dérive (objet JSON attendu)",
    ),
    _rule(
        r"not a Dérive game record \(format is '(.*)'\)",
        lambda m: f"ce n’est pas un relevé de partie de Dérive (format « {m[1]} »)",
    ),
    _rule(
        rf"not a Dérive game record \(format is ({_KINDS})\)",
        lambda m: f"ce n’est pas un relevé de partie de Dérive (format : {_kind(m[1])})",
    ),
    _rule(
        r"this game record is damaged: (.+)",
        lambda m: f"ce relevé de partie est abîmé : {translate(m[1])}",
    ),
    _rule(r"(\w+): '(\w+)' is missing", lambda m: f"{m[1]} : « {m[2]} » manque"),
    _rule(
        rf"(\w+): '(\w+)' should be ({_KINDS}), not ({_KINDS})",
        lambda m: f"{m[1]} : « {m[2]} » devrait être {_kind(m[3])}, pas {_kind(m[4])}",
    ),
    _rule(
        r"(?:record version (-?\d+)|this record's version) is newer than this app reads "
        r"\((\d+)\)",
        lambda m: f"{_version(m[1])} est plus récente que celle de l’application ({m[2]})",
    ),
    _rule(
        r"(?:record version (-?\d+)|this record's version) does not exist "
        r"\(versions start at 1\)",
        lambda m: f"{_version(m[1])} n’existe pas (les versions commencent à 1)",
    ),
    _rule(
        r"record: (\d+) moves, more than the (\d+) a game can hold",
        lambda m: f"relevé : {m[1]} coups, plus que les {m[2]} qu’une partie peut compter",
    ),
    _rule(
        r"setup: '(\w+)' must be a whole number from (\d+) to (\d+)",
        lambda m: f"setup : « {m[1]} » doit être un nombre entier de {m[2]} à {m[3]}",
    ),
    _rule(
        r"setup: the position is longer than (\d+) characters",
        lambda m: f"setup : la position fait plus de {m[1]} caractères",
    ),
    _rule(
        r"setup: '(\w+)' is too long \('(.*)'\)",
        lambda m: f"setup : « {m[1]} » est trop long (« {m[2]} »)",
    ),
    _rule(
        r"setup: '(rule_set|seating)' is '(.*)' but the position says '(.*)'",
        lambda m: f"setup : « {m[1]} » vaut « {m[2]} » mais la position dit « {m[3]} »",
    ),
    _rule(
        r"setup: 'start_roll' must be a list of \{colour: value\} rolls",
        lambda m: "setup : « start_roll » doit être une liste de jets {couleur: valeur}",
    ),
    _rule(
        r"setup: the start roll does not match the seed",
        lambda m: "setup : le jet de départ ne correspond pas à la graine",
    ),
    _rule(
        r"setup: the start roll does not give the player to move",
        lambda m: "setup : le jet de départ ne désigne pas le joueur qui a le trait",
    ),
    _rule(r"setup: (.+)", lambda m: f"setup : {translate(m[1])}"),
    _rule(
        rf"move (\d+): should be a move in notation, not ({_KINDS})",
        lambda m: f"coup {m[1]} : devrait être un coup en notation, pas {_kind(m[2])}",
    ),
    _rule(
        r"move (\d+) \(([^)]*)\): this game's dice did not roll (\d) "
        r"\(its seed decides every re-roll\)",
        lambda m: (
            f"coup {m[1]} ({m[2]}) : les dés de cette partie n’ont pas donné {m[3]} "
            "(sa graine décide de chaque relance)"
        ),
    ),
    # The move as written may hold brackets itself: the first "): " ends it.
    _rule(r"move (\d+) \((.*?)\): (.+)", lambda m: f"coup {m[1]} ({m[2]}) : {translate(m[3])}"),
    _rule(
        r"record: a draw by agreement has no winner",
        lambda m: "relevé : une nulle d’un commun accord n’a pas de vainqueur",
    ),
    _rule(
        r"record: a resignation needs two sides and a winner among them, not '(.*)'",
        lambda m: (
            f"relevé : un abandon demande deux camps et un vainqueur parmi eux, pas « {m[1]} »"
        ),
    ),
    _rule(
        r"record: 'result' must be an object or null",
        lambda m: "relevé : « result » doit être un objet ou null",
    ),
    _rule(
        rf"record: the result's winner should be text, not ({_KINDS})",
        lambda m: f"relevé : le gagnant du résultat devrait être du texte, pas {_kind(m[1])}",
    ),
    _rule(
        r"record: the result's termination must be 'goal', 'ply_limit', 'resignation', "
        r"'agreement' or null",
        lambda m: "relevé : la fin de partie du résultat doit être « goal », « ply_limit » ou null",
    ),
    _rule(
        r"record: the result says (.+) but the moves give (.+)",
        lambda m: (
            f"relevé : le résultat annonce {_result(m[1])} mais les coups donnent {_result(m[2])}"
        ),
    ),
    _rule(r"a game text is text", lambda m: "un texte de partie est du texte"),
    _rule(
        r"not a Dérive game text \(no .* line\)",
        lambda m: "ce n’est pas un texte de partie de Dérive (ligne [Format …] absente)",
    ),
    _rule(r"unreadable format line (.*)", lambda m: f"ligne de format illisible {m[1]}"),
    _rule(
        r"this game text is too long \(more than (\d+) characters\)",
        lambda m: f"ce texte de partie est trop long (plus de {m[1]} caractères)",
    ),
    _rule(
        r"(seed|max_plies|transcribed): (.*) is not a whole number",
        lambda m: f"{m[1]} : {m[2]} n’est pas un nombre entier",
    ),
    _rule(
        r"start roll: '(.*)' is not <colour><value>, e\.g\. r5",
        lambda m: f"jet de départ : « {m[1]} » ne s’écrit pas <couleur><valeur>, ex. r5",
    ),
    # share codes (derive.web.table.share)
    _rule(r"the game code is empty", lambda m: "le code de partie est vide"),
    _rule(r"the game code is too long", lambda m: "le code de partie est trop long"),
    _rule(r"the game code is too large", lambda m: "le code de partie est trop grand"),
    _rule(
        r"the game code is damaged \((.+)\)",
        lambda m: f"le code de partie est abîmé ({_lookup(_DAMAGE, m[1])})",
    ),
    # JSON read within bounds (derive.safejson)
    _rule(
        r"the JSON is malformed \(line (\d+): (.+)\)",
        lambda m: f"le JSON est mal formé (ligne {m[1]} : {_lookup(_JSON, m[2])})",
    ),
    _rule(
        r"the JSON is malformed \((-?\w+) is not a JSON number\)",
        lambda m: f"le JSON est mal formé ({m[1]} n’est pas un nombre JSON)",
    ),
    _rule(
        r"the JSON is malformed \(a number has more than (\d+) digits\)",
        lambda m: f"le JSON est mal formé (un nombre a plus de {m[1]} chiffres)",
    ),
    _rule(
        rf"the data is not text but ({_KINDS})",
        lambda m: f"les données ne sont pas du texte mais {_kind(m[1])}",
    ),
    _rule(
        r"the data is too large \(more than (\d+) characters\)",
        lambda m: f"les données sont trop grandes (plus de {m[1]} caractères)",
    ),
    _rule(r"the data is not UTF-8 text", lambda m: "les données ne sont pas du texte UTF-8"),
    _rule(
        r"the data is nested too deeply \(more than (\d+) levels\)",
        lambda m: f"les données sont trop imbriquées (plus de {m[1]} niveaux)",
    ),
    _rule(
        r"the data holds too many values \(more than (\d+)\)",
        lambda m: f"les données comptent trop de valeurs (plus de {m[1]})",
    ),
    _rule(
        rf"the data has a key that is ({_KINDS}), not text",
        lambda m: f"les données ont une clé qui est {_kind(m[1])}, pas du texte",
    ),
    _rule(
        r"the data holds a value JSON cannot hold",
        lambda m: "les données contiennent une valeur que JSON ne peut pas contenir",
    ),
    # the page's URL parameters (derive.web.table.params) and the ai= seats (derive.ai.players)
    _rule(r"given more than once", lambda m: "donné plusieurs fois"),
    _rule(
        r"'(.*)' is not one of (.*)",
        lambda m: f"« {m[1]} » n’est pas l’une des valeurs possibles ({m[2]})",
    ),
    _rule(r"'(.*)' is not 1 or 0", lambda m: f"« {m[1]} » n’est ni 1 ni 0"),
    _rule(
        r"give either position or game, not both",
        lambda m: "donnez soit une position, soit une partie, pas les deux",
    ),
    _rule(
        r"the computer player is not available",
        lambda m: "le joueur ordinateur n’est pas disponible",
    ),
    _rule(
        r"((?:[rbyg] ?)+) not seated in this game",
        lambda m: f"{m[1]} : absent de cette partie",
    ),
    # an embedded board's parameters (derive.web.learn.embed)
    _rule(
        r"only the game page can open this, not a lesson board",
        lambda m: "seule la page du jeu peut l’ouvrir, pas un plateau de leçon",
    ),
    _rule(
        r"missing \(the position to show, in notation\)",
        lambda m: "absent (la position à montrer, en notation)",
    ),
    _rule(r"no solution given", lambda m: "aucune solution donnée"),
    _rule(r"only review=1 opens the review", lambda m: "seul review=1 ouvre l’analyse"),
    _rule(
        r"a whole number of positions from (\d+) to (\d+)",
        lambda m: f"un nombre entier de positions, de {m[1]} à {m[2]}",
    ),
    _rule(
        r"the solution is longer than (\d+) characters",
        lambda m: f"la solution dépasse {m[1]} caractères",
    ),
    _rule(
        r"the link is longer than (\d+) characters",
        lambda m: f"le lien dépasse {m[1]} caractères",
    ),
    _rule(r"the mistakes link is empty", lambda m: "le lien est vide"),
    _rule(r"the mistakes link is too long", lambda m: "le lien est trop long"),
    _rule(r"the mistakes link is damaged", lambda m: "le lien est abîmé"),
    _rule(r"no moves given", lambda m: "aucun coup donné"),
    _rule(
        r"give either moves or (task|interactive), not both",
        lambda m: f"donnez soit moves, soit {m[1]}, pas les deux",
    ),
    _rule(r"needs moves to play", lambda m: "il faut des coups (moves) à jouer"),
    _rule(r"needs moves to step through", lambda m: "il faut des coups (moves) à parcourir"),
    _rule(rf"({_SQ}) holds no die that can act now", lambda m: f"aucun dé en {m[1]} ne peut jouer"),
    _rule(r"'(.*)' is not a whole number", lambda m: f"« {m[1]} » n’est pas un nombre entier"),
    _rule(
        r"(\d+) is beyond the last move \((\d+)\)",
        lambda m: f"{m[1]} dépasse le dernier coup ({m[2]})",
    ),
    _rule(
        r"AI seats '(.*)': empty entry \(expected e\.g\. y:hard,b:easy\)",
        lambda m: f"sièges ordinateur « {m[1]} » : entrée vide (attendu par ex. y:hard,b:easy)",
    ),
    _rule(
        r"AI seats '(.*)': '(.*)' is not a colour \(r b y g\)",
        lambda m: f"sièges ordinateur « {m[1]} » : « {m[2]} » n’est pas une couleur (r b y g)",
    ),
    _rule(
        r"AI seats '(.*)': (\S+) is given twice",
        lambda m: f"sièges ordinateur « {m[1]} » : {m[2]} est donné deux fois",
    ),
    _rule(
        r"AI seats '(.*)': unknown level '(.*)' \(one of (.*)\)",
        lambda m: f"sièges ordinateur « {m[1]} » : niveau « {m[2]} » inconnu (au choix : {m[3]})",
    ),
)


def _version(number: str | None) -> str:
    return f"la version {number} du relevé" if number else "la version du relevé"


def _number_or_kind(text: str) -> str:
    return text if text.lstrip("-").isdigit() else _kind(text)


_ADJECTIVE: Final = {"red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert"}


def _adj(name: str) -> str:
    return _ADJECTIVE.get(name, name)


def find(message: str) -> Rule | None:
    """The rule that translates ``message``, if any."""
    for rule in RULES:
        if rule[0].fullmatch(message):
            return rule
    return None


_misses: list[str] | None = None
"""While ``untranslated`` runs: the parts no rule knew."""


def _apply(rules: tuple[Rule, ...], text: str) -> str:
    for pattern, build in rules:
        match = pattern.fullmatch(text)
        if match:
            return build(match)
    if _misses is not None:
        _misses.append(text)
    return text


def translate(message: str) -> str:
    """``message`` in French (``french_spaces``); unchanged if no rule knows it."""
    return french_spaces(_apply(RULES, message))


def untranslated(message: str) -> list[str]:
    """The parts of ``message`` that would stay English: itself if no rule knows it,
    or a reason it wraps ("move 3 (c1-d2): <reason>") that none knows (for tests)."""
    global _misses
    saved, _misses = _misses, []
    try:
        translate(message)
        return _misses
    finally:
        _misses = saved


# The AI's hint reasons (derive.ai.hint.reason): short clauses joined by ", ".
_POSSESSIVE: Final = r"(red|blue|yellow|green)'s (\d)"
#: A die's move in a hint: a step goes any way, diagonally, so it is not always "avance".
_MOVES_FR: Final = {"steps": "avance", "steps back": "recule", "jumps": "saute"}

HINT_RULES: Final[tuple[Rule, ...]] = (
    _rule(
        rf"wins: reaches the goal rive on ({_SQ})",
        lambda m: f"gagne : atteint la rive opposée en {m[1]}",
    ),
    _rule(
        r"wins: completes the well-formed chain (\S+)",
        lambda m: f"gagne : complète la chaîne bien formée {m[1]}",
    ),
    _rule(
        r"stops (.+) from winning next turn",
        lambda m: (
            "empêche "
            + " et ".join(_c(n) for n in m[1].split(" and "))
            + " de gagner au prochain tour"
        ),
    ),
    _rule(
        r"makes a well-formed chain of (\d+)",
        lambda m: f"forme une chaîne bien formée de {m[1]}",
    ),
    _rule(r"puts the die out of reach", lambda m: "met le dé hors de portée"),
    _rule(r"though it can be taken", lambda m: "mais il peut être pris"),
    _rule(
        rf"captures {_POSSESSIVE} on ({_SQ})",
        lambda m: f"prend le {m[2]} {_adj(m[1])} en {m[3]}",
    ),
    _rule(rf"brings a new die in on ({_SQ})", lambda m: f"entre un nouveau dé en {m[1]}"),
    _rule(
        rf"(steps|steps back|jumps) from ({_SQ}) to ({_SQ})",
        lambda m: f"{_MOVES_FR[m[1]]} de {m[2]} en {m[3]}",
    ),
    _rule(
        r"(\d+) rows? (nearer|farther from) the goal rive",
        lambda m: (
            f"{m[1]} rangée{'s' if m[1] != '1' else ''} "
            f"{'plus près de' if m[2] == 'nearer' else 'plus loin de'} la rive opposée"
        ),
    ),
    _rule(rf"turns ({_SQ}) into a (\d)", lambda m: f"passe {m[1]} à {m[2]}"),
    _rule(rf"re-rolls ({_SQ}) for a new value", lambda m: f"relance {m[1]} pour une autre valeur"),
    _rule(
        r"passes: there is nothing else to do",
        lambda m: "passe : il n’y a rien d’autre à faire",
    ),
)


def translate_hint(reason: str) -> str:
    """A hint's reason in French, clause by clause; unknown clauses stay as they are."""
    return french_spaces(", ".join(_apply(HINT_RULES, clause) for clause in reason.split(", ")))
