"""The review in words: each player's summary, the list of mistakes and each player's
costliest moves, as HTML.

The judgements and reasons are the analysis's (``derive.ai.review``); this module only
says them in the player's language.  A reason is structured (``{"code", "squares" or
"move"}``) so that no English sentence of the engine reaches a French reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from ...ai.facts import motion
from ...ai.review import COSTLIEST, COSTLY, accuracy
from ...ai.review import costliest as costliest_plies
from ..words import i18n

JUDGEMENTS: Final = ("inaccuracy", "mistake", "blunder")
LUCK: Final = ("lucky", "unlucky")
MARK_KEYS: Final = {
    "inaccuracy": "review.mark.inaccuracy",
    "mistake": "review.mark.mistake",
    "blunder": "review.mark.blunder",
    "lucky": "review.mark.lucky",
    "unlucky": "review.mark.unlucky",
}
COUNT_KEYS: Final = {
    "inaccuracy": "review.count.inaccuracy",
    "mistake": "review.count.mistake",
    "blunder": "review.count.blunder",
    "lucky": "review.count.lucky",
    "unlucky": "review.count.unlucky",
}
ALLOWS_KEYS: Final = {
    "allows_win": "review.reason.allows_win",
    "allows_forced_win": "review.reason.allows_forced_win",
}
WHAT_KEYS: Final = {
    "inaccuracy": "review.a.inaccuracy",
    "mistake": "review.a.mistake",
    "blunder": "review.a.blunder",
}
"""What a turning point was, with its article (an unlucky roll has words of its own)."""
DOES_KEYS: Final = {
    "capture": "review.does.capture",
    "step": "review.does.step",
    "jump": "review.does.jump",
    "enter": "review.does.enter",
    "adjust": "review.does.adjust",
    "reroll": "review.does.reroll",
    "pass": "review.does.pass",
    "stops_win": "review.does.stops_win",
    "holds": "review.does.holds",
    "forces": "review.does.forces",
    "forms": "review.does.forms",
    "safe": "review.does.safe",
    "hangs": "review.does.hangs",
}


@dataclass(frozen=True)
class Judged:
    """The move that led to ``ply``: who made it, what it was, and what the analysis
    thinks of it: ``judgement`` (one of ``JUDGEMENTS``) or ``None``, with ``loss`` (the
    win chance it gave away), ``best`` (the better move) and ``reason`` (why:
    ``derive.ai.review``'s reason data); ``luck`` (one of ``LUCK``) or ``None`` for a
    re-roll's result, with ``luck_by`` (its chance against the mean of the six results);
    ``before``, the mover's win chance with the best move, and ``chance``, after the
    move as played."""

    ply: int
    mover: str
    move: str
    judgement: str | None = None
    best: str | None = None
    reason: Mapping[str, Any] | None = None
    luck: str | None = None
    loss: float = 0.0
    luck_by: float = 0.0
    before: float | None = None
    chance: float | None = None
    did: Any = None
    """What the move played did, as facts (``derive.ai.facts``), for a costly move."""
    unconfirmed: bool = False
    """Costly enough for a mark, but its play-outs did not show the better move winning
    more often (``derive.ai.review``'s rollouts), so it is not marked."""

    @property
    def listed(self) -> bool:
        """Whether the list shows it: a judged move, or a roll's luck."""
        return self.judgement in JUDGEMENTS or self.luck in LUCK


def _cost(entry: Judged) -> int:
    """What a move cost, in whole percent.  A marked move's is the difference of the two
    figures the list says its chance fell between ("from 18% to 5%": 13, where the loss
    rounded alone, 13.8, read 14 beside them), and at least 1 for a cost the list names
    (``COSTLY``): a win let through from 0.7% is a blunder, not a cost of 0%.  An
    unmarked one's, said as an estimate, is its loss rounded."""
    if entry.before is None or entry.judgement not in JUDGEMENTS:
        return i18n.percent(entry.loss)
    shown = i18n.percent(entry.before) - i18n.percent(entry.before - entry.loss)
    return max(shown, 1) if entry.loss >= COSTLY else shown


def _and(lang: str, parts: Sequence[str]) -> str:
    """ "a, b and c"."""
    if len(parts) < 2:
        return "".join(parts)
    return i18n.t(lang, "review.and", first=", ".join(parts[:-1]), last=parts[-1])


def _die(reason: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """A die the reason names (``{"square", "colour", "value"}``), if it is whole."""
    found = reason.get(key)
    if (
        isinstance(found, Mapping)
        and isinstance(found.get("square"), str)
        and isinstance(found.get("colour"), str)
        and found["colour"][:1] in "rbyg"
        and type(found.get("value")) is int
    ):
        return found
    return None


def _side(value: Any) -> str | None:
    """A side's letters as a reason gives them, checked (a damaged one says nothing)."""
    if isinstance(value, str) and 1 <= len(value) <= 2 and all(c in "rbyg" for c in value):
        return value
    return None


def reason_words(lang: str, reason: Mapping[str, Any] | None, entry: Judged | None = None) -> str:
    """What the move played allowed or missed, as a phrase ("lets Yellow capture the 4
    on d5"), or "" when the reason says nothing a player can read.  Without what the
    reason names (an analysis kept before the words came), ``entry``'s chances say how
    much it cost."""
    code = reason.get("code") if reason else None
    if reason is not None:
        colour = _side(reason.get("colour"))
        taken = _die(reason, "taken")
        if code == "misses_win":
            key = (
                "review.reason.misses_forced_win"
                if reason.get("in") == 2
                else "review.reason.misses_win"
            )
            return i18n.t(lang, key)
        if code in ALLOWS_KEYS and colour:
            return i18n.t(lang, ALLOWS_KEYS[str(code)], colour=i18n.side(lang, colour))
        if code in ("allows_capture", "forced_capture") and colour and taken:
            return i18n.t(
                lang,
                "review.reason.allows_capture",
                colour=i18n.side(lang, colour),
                value=taken["value"],
                square=taken["square"],
            )
        if code == "misses_capture" and taken:
            return i18n.t(
                lang,
                "review.reason.misses_capture",
                adjective=i18n.colour_adjective(lang, taken["colour"][0]),
                value=taken["value"],
                square=taken["square"],
            )
        if code == "exposes":
            words = _exposes(lang, reason)
            if words:
                return words
    if entry is not None and entry.judgement in JUDGEMENTS and entry.before is not None:
        return i18n.t(
            lang,
            "review.reason.chance",
            colour=i18n.side(lang, entry.mover),
            before=i18n.percent(entry.before),
            after=i18n.percent(entry.before - entry.loss),
        )
    return ""


def _exposes(lang: str, reason: Mapping[str, Any]) -> str:
    dice = reason.get("dice")
    if isinstance(dice, list) and len(dice) == 1:
        one = _die({"die": dice[0]}, "die")
        if one is not None:
            return i18n.t(
                lang, "review.reason.exposes.one", value=one["value"], square=one["square"]
            )
    squares = [str(s) for s in reason.get("squares") or () if isinstance(s, str)]
    if not squares:
        return ""
    return i18n.t(lang, "review.reason.exposes.many", squares=_and(lang, squares))


def does_words(lang: str, facts: Any) -> str:
    """What a move does, from its facts (``derive.ai.facts``): "steps from b2 to c3, 1
    row nearer the goal rive and puts the die out of reach"; "" without facts."""
    if not isinstance(facts, list):
        return ""
    clauses: list[str] = []
    for fact in facts:
        if not isinstance(fact, Mapping):
            continue
        words = _fact_words(lang, fact)
        if not words:
            continue
        if fact.get("fact") == "hangs" and clauses:
            clauses[-1] += ", " + words  # a concession, not one more thing it does
        else:
            clauses.append(words)
    return _and(lang, clauses)


def _is_fact(fact: Any, code: str) -> bool:
    return isinstance(fact, Mapping) and fact.get("fact") == code


def _fact_words(lang: str, fact: Mapping[str, Any]) -> str:
    code = fact.get("fact")
    if code == "wins":
        chain = [str(s) for s in fact.get("chain") or () if isinstance(s, str)]
        if fact.get("goal") == 1 and chain:
            return i18n.t(lang, "review.does.wins_goal", square=chain[0])
        return i18n.t(lang, "review.does.wins", chain=i18n.join_squares(chain)) if chain else ""
    if code not in DOES_KEYS:
        return ""
    key = DOES_KEYS[str(code)]
    try:
        if code == "capture":
            taken = _die({"die": fact}, "die")
            if taken is None:
                return ""
            return i18n.t(
                lang,
                key,
                adjective=i18n.colour_adjective(lang, taken["colour"][0]),
                value=taken["value"],
                square=taken["square"],
            )
        if code in ("step", "jump"):
            told, rows = motion(fact)
            key = "review.does.step_back" if told == "step back" else key
            words = i18n.t(lang, key, start=str(fact["from"]), end=str(fact["to"]))
            if rows:
                counted = "review.does.rows" if rows > 0 else "review.does.back"
                words += ", " + i18n.counted(lang, counted, abs(rows))
            return words
        if code in ("stops_win", "holds"):
            colours = [i18n.side(lang, c) for c in fact["colours"] if _side(c)]
            return i18n.t(lang, key, colours=_and(lang, colours)) if colours else ""
        if code in ("enter", "reroll"):
            return i18n.t(lang, key, square=str(fact["square"]))
        if code == "adjust":
            return i18n.t(lang, key, square=str(fact["square"]), value=int(fact["value"]))
        if code == "forms":
            return i18n.t(lang, key, length=int(fact["length"]))
    except (KeyError, TypeError, ValueError):
        return ""  # a damaged fact: said by nothing rather than by half
    return i18n.t(lang, key)


def counts(judged: Sequence[Judged], colour: str) -> dict[str, int]:
    """How many of ``colour``'s moves the list shows, by judgement and by luck."""
    found = dict.fromkeys((*JUDGEMENTS, *LUCK), 0)
    for entry in judged:
        if entry.mover != colour:
            continue
        if entry.judgement in JUDGEMENTS:
            found[entry.judgement] += 1
        if entry.luck in LUCK:
            found[entry.luck] += 1
    return found


def turning_words(lang: str, entry: Judged, ref: Callable[[int], object] = int) -> str:
    """ "Turning point: move 12, a blunder that lets Red capture the 4 on e5." or "…,
    an unlucky roll: it left Yellow …": in words, never notation alone.  ``ref``: what
    stands for the move's number (``_ref``: a tap in the summary)."""
    what = turning_mark(lang, entry)
    if what is not None:
        return i18n.t(lang, "review.turning", ply=ref(entry.ply), what=what)
    if entry.chance is None:
        return i18n.t(lang, "review.turning.unlucky", ply=ref(entry.ply))
    return i18n.t(
        lang,
        "review.turning.roll",
        ply=ref(entry.ply),
        colour=i18n.side(lang, entry.mover),
        before=i18n.percent(entry.chance - entry.luck_by),
        after=i18n.percent(entry.chance),
    )


def turning_mark(lang: str, entry: Judged) -> str | None:
    """What a turning point that was a marked move was ("a blunder that lets Red …"),
    or ``None`` where the roll's luck cost more than the move's choice (an unlucky
    roll, said by ``turning_words``)."""
    if not _turned_by_choice(entry):
        return None
    what = i18n.t(lang, WHAT_KEYS[str(entry.judgement)])
    why = reason_words(lang, entry.reason, entry)
    return i18n.t(lang, "review.turning.what.why", what=what, why=why) if why else what


def summary_html(
    lang: str,
    colours: Sequence[str],
    judged: Sequence[Judged],
    turning: Mapping[str, int | None] | None = None,
    lost: Collection[str] = (),
) -> str:
    """One line per player: what the list shows of its moves, counted (luck apart), its
    accuracy (explained once, under the lines), how many costliest moves the list
    under it names (``costly_summary``), and its turning point (``turning``: each
    side's ply, from ``ReviewState.turning``: none for a winner), said as the list says it.

    A side in ``lost`` (``ReviewState.beaten``) with no move marked and no turning point,
    against no other side's lucky roll, is told how that can be (``_slipped_words``): on
    seeded L2 games between `medium` and `hard` 3 of the 9 losers had no costly move at
    all, the review's search playing as they had, and "No costly move." alone read as if
    the game had not been lost; and the costliest moves of losers that no mark names are
    within the review's margin of error (bench/journal/review_quality.md)."""
    at = {entry.ply: entry for entry in judged if entry.listed}
    figures = {colour: accuracy_of(judged, colour, len(colours)) for colour in colours}
    rows = []
    for colour in colours:
        found = counts(judged, colour)
        words = i18n.t(
            lang,
            "review.summary",
            **{
                field: i18n.counted(lang, COUNT_KEYS[label], found[label])
                for field, label in (
                    ("inaccuracies", "inaccuracy"),
                    ("mistakes", "mistake"),
                    ("blunders", "blunder"),
                )
            },
        )
        rolls = [i18n.counted(lang, COUNT_KEYS[k], found[k]) for k in LUCK if found[k]]
        if rolls:
            words += " " + i18n.t(lang, "review.summary.luck", rolls=_and(lang, rolls))
        figure = figures[colour]
        if figure is not None:
            words += " " + i18n.t(lang, "review.accuracy", accuracy=figure)
        point = at.get((turning or {}).get(colour) or -1)
        costly = costliest(judged, colour)
        if point is not None and point.mover == colour:
            if costly and costly[0].ply == point.ply and _turned_by_choice(point):
                # The costliest move turned the game: one sentence says both.
                words += " " + costly_summary(lang, costly, point, _ref)
            else:
                words += " " + costly_summary(lang, costly, ref=_ref)
                words += " " + turning_words(lang, point, _ref)
        elif (
            colour in lost
            and not any(found[label] for label in JUDGEMENTS)
            and not _others_lucky(judged, colour)
        ):
            words += " " + _slipped_words(lang, costly, _ref)
        else:
            words += " " + costly_summary(lang, costly, ref=_ref)
        rows.append(
            f'<li data-colour="{colour}"><strong>{escape(i18n.side(lang, colour))}</strong>'
            f" {_refs_html(lang, i18n.moves_html(words))}</li>"
        )
    listed = f'<ul class="review-summary">{"".join(rows)}</ul>'
    # Three or four sides: each side's chance is calibrated, but on seeded games the
    # accuracies of four levels came out of order (measured: AI.md, "Three or four sides"), which a
    # player is told.
    rough = (
        f'<p class="review-rough">{escape(i18n.t(lang, "review.rough"))}</p>'
        if len(colours) > 2
        else ""
    )
    if all(figure is None for figure in figures.values()):
        return listed + rough
    about = escape(i18n.t(lang, "review.accuracy.about"))
    return f'{listed}<p class="review-accuracy">{about}</p>{rough}'


def costly_summary(
    lang: str,
    found: Sequence[Judged],
    turning: Judged | None = None,
    ref: Callable[[int], object] = int,
) -> str:
    """How many costly moves of a side the list names, and the worst: what the costliest
    moves' list shows (``found``: the side's ``costliest``), counted as it shows it.
    ``turning``: the worst, where it is also the side's turning point and a marked move,
    which the one sentence then names as such, so that the line does not name the move
    twice.  ``ref``: what stands for the worst move's number (as ``turning_words``)."""
    if not found:
        return i18n.t(lang, "review.summary.costly.none")
    worst = found[0]
    fields = {"ply": ref(worst.ply), "percent": _cost(worst)}
    what = None if turning is None else turning_mark(lang, turning)
    if what is not None:
        return i18n.counted(lang, "review.summary.costly.turning", len(found), what=what, **fields)
    return i18n.counted(lang, "review.summary.costly", len(found), **fields)


HOLE: Final = "\x00"
"""Where HTML goes into a sentence that is escaped first (no translation contains it):
the repeats' moves (``_again_html``), a summary's move numbers (``_ref``)."""

_REF: Final = re.compile(f"{HOLE}(\\d+){HOLE}")
"""A move's number in the summary's words, to be a tap (``_ref``, ``_refs_html``)."""


def _ref(ply: int) -> str:
    """A move's number in the summary, marked to be a button once the words are escaped."""
    return f"{HOLE}{ply}{HOLE}"


def _refs_html(lang: str, escaped: str) -> str:
    """The summary's words, each move's number (``_ref``) a button that shows its
    position, named "Move 63" for a screen reader: a phone shows the worst move and the
    turning point from the line that names them, as the list's lines do."""
    return _REF.sub(
        lambda found: (
            f'<button type="button" class="review-ref" data-review-ply="{found[1]}"'
            f' aria-label="{escape(i18n.t(lang, "review.ply", ply=found[1]))}">{found[1]}'
            "</button>"
        ),
        escaped,
    )


def _slipped_words(lang: str, found: Sequence[Judged], ref: Callable[[int], object] = int) -> str:
    """How a side lost with no move marked: its costliest move, if any, within the
    review's margin of error (a cost under a mark's threshold), and the game slipping
    away.  Played out 24 times each way, the costliest moves of losers under 10% did as
    well as their better moves (bench/journal/review_quality.md): "3 costly moves, the
    worst 9%" read as the moves that lost the game."""
    if not found:
        return i18n.t(lang, "review.summary.costly.none.lost")
    worst = found[0]
    return i18n.t(lang, "review.summary.costly.slipped", ply=ref(worst.ply), percent=_cost(worst))


def _others_lucky(judged: Sequence[Judged], colour: str) -> bool:
    """Whether another side had a lucky roll: a game that turned on it did not slip away."""
    return any(entry.luck == "lucky" and entry.mover != colour for entry in judged)


def _turned_by_choice(entry: Judged) -> bool:
    """Whether a turning point was its move's choice (a mark) rather than its roll's luck."""
    by_roll = -entry.luck_by if entry.luck == "unlucky" else 0.0
    return entry.judgement in JUDGEMENTS and entry.loss >= by_roll


def accuracy_of(judged: Sequence[Judged], colour: str, sides: int) -> int | None:
    """``colour``'s accuracy, 0-100, over its moves judged so far in a game of ``sides``
    sides (``ai.review.accuracy``: lichess's, from the win chance each move gave away),
    ``None`` before its first."""
    losses = [entry.loss for entry in judged if entry.mover == colour]
    figure = accuracy(losses, sides)
    if figure is None:
        return None
    # 100 is promised for a player who gave nothing away ("review.accuracy.about"): one
    # inaccuracy in 117 moves rounds to 100, which read beside "1 inaccuracy" as a slip.
    gave = any(loss >= COSTLY for loss in losses)
    return min(round(figure), 99) if gave else round(figure)


def line_words(lang: str, entry: Judged) -> str:
    """A listed move in a sentence or two: "Move 12, Red: e5-d6, blunder: lets Yellow
    capture the 4 on d6. Better: e5-d4, which steps from e5 to d4 …"."""
    return _joined(line_parts(lang, entry))


def _joined(parts: tuple[str, str]) -> str:
    return " ".join(part for part in parts if part)


def line_parts(lang: str, entry: Judged) -> tuple[str, str]:
    """``line_words`` as its first sentence (the move and what was wrong with it) and
    the rest (the better move), which the list shows apart."""
    said = [
        i18n.t(lang, MARK_KEYS[name])
        for name in (entry.judgement, entry.luck)
        if name in JUDGEMENTS or name in LUCK
    ]
    fields = {
        "ply": entry.ply,
        "colour": i18n.side(lang, entry.mover),
        "move": entry.move,
        "judgement": ", ".join(said),
    }
    judged = entry.judgement in JUDGEMENTS
    why = reason_words(lang, entry.reason, entry) if judged else ""
    if why:
        head = i18n.t(lang, "review.line.why", why=why, **fields)
    else:
        head = i18n.t(lang, "review.line", **fields)
    return head, better_words(lang, entry) if judged and entry.best else ""


def better_words(lang: str, entry: Judged) -> str:
    """ "Better: e5-d4. It steps from e5 to d4 …": the better move, and what it does
    when the reason says it."""
    if not entry.best:
        return ""
    return better_sentence(lang, entry.best, does_words(lang, (entry.reason or {}).get("does")))


def better_sentence(lang: str, move: str, does: str = "") -> str:
    """ "Better: e5-d4." and, with what it does, " It steps …".  A re-roll's notation ends
    in its "?", which ends the sentence too: "Better: d4?." read as a typo."""
    stop = "" if move.endswith("?") else "."
    if does:
        return i18n.t(lang, "review.better.does", move=move, stop=stop, does=does)
    return i18n.t(lang, "review.better", move=move, stop=stop)


def costliest(judged: Sequence[Judged], colour: str) -> list[Judged]:
    """``colour``'s costliest moves (``ai.review.costliest``: at most three, each with a
    better move and a cost of at least 1%, a re-roll by its choice and never by its
    result), largest cost first; of a fault repeated turn after turn (``repeats``),
    the costliest time only, as the list of mistakes names it once (on an arena game
    Red's three were a win missed at move 64, then the one it missed again and again,
    at moves 96 and 100)."""
    mine = {entry.ply: entry for entry in judged if entry.mover == colour}
    run_of = repeated(judged)
    found, runs = [], set()
    for ply in costliest_plies(((e.ply, e.loss, e.best) for e in mine.values()), len(mine)):
        run = run_of.get(ply, ply)
        if run not in runs:
            runs.add(run)
            found.append(mine[ply])
    return found[:COSTLIEST]


def cost_words(lang: str, entry: Judged, *, you: bool = False) -> str:
    """A costly move in a few sentences: "Move 14: c3-d4 cost you about 7% of your winning
    chances. It steps from c3 to d4, but lets Yellow capture the 4 on d5. Better: e5-d6.
    It captures …" (``you``: said to the player who made it)."""
    return _joined(cost_parts(lang, entry, you=you))


def cost_parts(lang: str, entry: Judged, *, you: bool = False) -> tuple[str, str]:
    """``cost_words`` as its first sentence (the move and its cost) and the rest."""
    mark = ""
    if entry.judgement in JUDGEMENTS:
        mark = i18n.t(lang, "review.cost.mark", what=i18n.t(lang, WHAT_KEYS[str(entry.judgement)]))
    # A cost no mark names is within the review's margin of error (``_slipped_words``):
    # said as an estimate, not as a measured loss.
    about = "" if mark else i18n.t(lang, "review.cost.about")
    fields = {
        "ply": entry.ply,
        "move": entry.move,
        "about": about,
        "percent": _cost(entry),
        "mark": mark,
    }
    if you:
        head = i18n.t(lang, "review.cost.you", **fields)
    else:
        key = "review.cost.team" if len(entry.mover) == 2 else "review.cost.side"
        head = i18n.t(lang, key, colour=i18n.side(lang, entry.mover), **fields)
    rest = []
    why = reason_words(lang, entry.reason)
    facts = entry.did
    if why and isinstance(facts, list):
        # What went wrong is the reason's to say: the concession "though the die can
        # then be taken" before it said a capture twice, or muddled "though …, but …".
        facts = [fact for fact in facts if not _is_fact(fact, "hangs")]
    did = does_words(lang, facts)
    if did and why:
        rest.append(i18n.t(lang, "review.cost.did.why", did=did, why=why))
    elif did or why:
        rest.append(i18n.t(lang, "review.cost.did", did=did or why))
    if "?" in entry.move:  # a re-roll: its cost is its choice's, its result luck's
        rest.append(i18n.t(lang, "review.cost.reroll"))
    if entry.best:
        rest.append(better_words(lang, entry))
    if entry.unconfirmed and entry.judgement not in JUDGEMENTS:
        # A cost past a mark's threshold with no mark reads as a slip without this.
        rest.append(i18n.t(lang, "review.cost.unconfirmed"))
    return head, " ".join(rest)


def _button_words(parts: tuple[str, str]) -> str:
    """A listed move's words in its button: the first sentence stands out (underlined,
    as a link), the explanation after it reads as text; the whole is one target."""
    head, rest = parts
    words = f'<span class="review-lead">{i18n.moves_html(head)}</span>'
    return f"{words} {i18n.moves_html(rest)}" if rest else words


def costly_html(
    lang: str,
    colours: Sequence[str],
    judged: Sequence[Judged],
    current: int | None = None,
    viewer: str | None = None,
) -> str:
    """Each player's costliest moves (``costliest``), each a button that shows its
    position as the list of mistakes does, or in words that it made none; said to
    ``viewer`` (the side of the only person at the table) as "you"."""
    if not any(entry.mover in colours for entry in judged):
        return ""  # nothing judged yet: nothing to name, nor to say none of
    rows = []
    for colour in colours:
        found = costliest(judged, colour)
        items = "".join(
            f'<li><button type="button" data-review-ply="{entry.ply}"'
            f' aria-pressed="{"true" if entry.ply == current else "false"}">'
            f"{_button_words(cost_parts(lang, entry, you=colour == viewer))}</button></li>"
            for entry in found
        )
        listed = (
            f"<ol>{items}</ol>"
            if found
            else f'<p class="review-costly-none">{escape(i18n.t(lang, "review.costly.none"))}</p>'
        )
        rows.append(
            f'<li data-colour="{colour}"><strong>{escape(i18n.side(lang, colour))}</strong>'
            f"{listed}</li>"
        )
    # How the costs are counted is there when asked for, after the moves: read first, its
    # five sentences took 15 lines of a phone before the first move named.
    return (
        f'<h3 class="review-sub">{escape(i18n.t(lang, "review.costly"))}</h3>'
        f'<ul class="review-costly">{"".join(rows)}</ul>'
        f'<details class="review-costly-about">'
        f"<summary>{escape(i18n.t(lang, 'review.costly.how'))}</summary>"
        f"<p>{escape(i18n.t(lang, 'review.costly.about'))}</p></details>"
    )


def learn_html(lang: str, href: str, *, costly: bool = False) -> str:
    """ "Learn from your mistakes": the link to the puzzle board with the player's marked
    positions (``table.drills``), and what it does in one sentence (``costly``: the
    positions are the player's costliest moves, none of them a mistake)."""
    if not href:
        return ""
    about = "review.learn.about.costly" if costly else "review.learn.about"
    return (
        f'<p class="review-learn"><a href="{escape(href)}" data-review-learn>'
        f"{escape(i18n.t(lang, 'review.learn'))}</a> "
        f"<small>{escape(i18n.t(lang, about))}</small></p>"
    )


UNREPEATED: Final = ("better", "exposes")
"""Reasons not said again as "the same": the chance a move lowered is its own figure,
and the dice it leaves open are its own squares."""


def _repeat_key(entry: Judged) -> tuple[str, str, str] | None:
    """What makes a listed move the same fault as another: its judgement, and its reason
    with the move that reason names (the other side's winning move, the win or the
    capture missed); ``None`` for a roll's luck and a reason of its own (``UNREPEATED``)."""
    reason = entry.reason or {}
    code, move = reason.get("code"), reason.get("move")
    if entry.judgement not in JUDGEMENTS or entry.luck is not None:
        return None
    if not isinstance(code, str) or code in UNREPEATED or not isinstance(move, str):
        return None
    return entry.judgement, code, move


def repeats(judged: Sequence[Judged]) -> dict[int, list[Judged]]:
    """The listed moves that repeat the fault their player made on the turn before, by
    the ply of the first of each run, the repeats in order (``_repeat_key``).  Both
    sides can keep repeating one fault: on an L2 game of the arena's ``medium`` against
    ``easy`` (seed 31, game 9), Red let Yellow the same forced win through sixteen times,
    up to twelve turns running, and Yellow missed it seventeen times, up to thirteen
    running: 33 lines, each a near copy of the one before.  Listed once, with
    the repeats' moves after it, each a tap away (``mistakes_html``)."""
    runs: dict[int, list[Judged]] = {}
    last: dict[str, tuple[int, tuple[str, str, str] | None]] = {}  # a run: first ply, fault
    for entry in judged:
        key, run = _repeat_key(entry), last.get(entry.mover)
        if key is not None and run is not None and run[1] == key:
            runs.setdefault(run[0], []).append(entry)
        else:
            last[entry.mover] = (entry.ply, key)
    return runs


def repeated(judged: Sequence[Judged]) -> dict[int, int]:
    """Each repeat's ply (``repeats``), to the ply of the first move of its run."""
    return {entry.ply: first for first, run in repeats(judged).items() for entry in run}


def _again_html(lang: str, first: Judged, again: Sequence[Judged], current: int | None) -> str:
    """ "The same blunder again at moves 96 (a5-b6) and 98 (b6+).", each move a button."""
    name = i18n.t(lang, MARK_KEYS[str(first.judgement)])
    moves = [_again_button(lang, entry, name, current) for entry in again]
    # A button is a box of its own, and a line may break between it and the comma or
    # full stop after it: each is kept with its move.
    kept = [f'<span class="review-keep">{move},</span>' for move in moves[:-2]]
    kept += moves[-2:-1] + [f'<span class="review-keep">{moves[-1]}.</span>']
    listed = kept[0] if len(kept) == 1 else _and(lang, [" ".join(kept[:-1]), kept[-1]])
    # The sentence escaped around its moves, which are HTML already ("and", "et": no
    # character to escape).
    words = escape(i18n.counted(lang, "review.again", len(again), judgement=name, moves=HOLE))
    return '<p class="review-again">' + words.replace(HOLE, listed) + "</p>"


def _again_button(lang: str, entry: Judged, name: str, current: int | None) -> str:
    """A repeat's move, "95 (b4+)", a button that shows its position.  Its name says
    what it is when a screen reader goes from button to button, and holds its words,
    as a name must."""
    fields = {"ply": entry.ply, "move": entry.move}
    label = i18n.t(lang, "review.again.name", judgement=name, **fields)
    return (
        f'<button type="button" data-review-ply="{entry.ply}"'
        f' aria-pressed="{"true" if entry.ply == current else "false"}"'
        f' aria-label="{escape(label)}">'
        f"{i18n.moves_html(i18n.t(lang, 'review.again.move', **fields))}"
        "</button>"
    )


def mistakes_html(
    lang: str, judged: Sequence[Judged], current: int | None = None, learn: str = ""
) -> str:
    """Every listed move (mistakes and luck), each a button that shows its position, a
    run of one fault repeated listed once (``repeats``); then ``learn``, the link to
    replay the player's mistakes, if there is one."""
    items = []
    runs = repeats(judged)
    repeated = {entry.ply for run in runs.values() for entry in run}
    for entry in judged:
        if not entry.listed or entry.ply in repeated:
            continue
        pressed = "true" if entry.ply == current else "false"
        classes = " ".join(
            f"review-{name}" for name in (entry.judgement, entry.luck) if name is not None
        )
        again = _again_html(lang, entry, runs[entry.ply], current) if entry.ply in runs else ""
        items.append(
            f'<li class="{classes}"><button type="button"'
            f' data-review-ply="{entry.ply}" aria-pressed="{pressed}">'
            f"{_button_words(line_parts(lang, entry))}</button>{again}</li>"
        )
    if not items:
        return f'<p class="review-none">{escape(i18n.t(lang, "review.none"))}</p>'
    return f'<ol class="review-mistakes">{"".join(items)}</ol>' + learn_html(lang, learn)


def progress_words(lang: str, done: int, total: int, *, finished: bool = True) -> str:
    """How far the review is: the first pass's positions, then (every position done,
    the review not ``finished``) its second look at the moves that mattered."""
    if done >= total:
        return i18n.t(lang, "review.done" if finished else "review.deeper")
    return i18n.t(lang, "review.progress", done=done, total=total)
