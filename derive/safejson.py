"""JSON read within bounds: size and nesting are checked before parsing.

``json.loads`` recurses once per level of nesting.  In CPython a deep document raises
``RecursionError``; in Pyodide it overflows the JavaScript stack and kills the whole
runtime before Python can catch anything.  So the nesting depth is measured first, by
a linear scan that skips JSON strings (a ``[`` inside a string is not nesting), and
nothing too deep is ever handed to the parser.  Every failure is a ``JSONError``, a
``ValueError`` whose message is written for players.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from .limits import MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_RECORD_CHARS, kind_of


class JSONError(ValueError):
    """JSON text or data the engine will not read; the message says why."""


class TooLarge(JSONError):
    """Too long, too deeply nested or holding too many values: refused unread."""


_STRING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A JSON string (unrolled, so that matching it never backtracks more than once)."""
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_MAX_DIGITS: Final = 100


def depth(text: str, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``text``'s arrays and objects nest, counting up to ``limit + 1`` at
    most (the scan stops there: that is already too deep)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    level = deepest = 0
    for char in brackets:
        if char in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest > limit:
                    break
        else:
            level -= 1
    return deepest


def loads(
    text: str | bytes,
    *,
    max_chars: int = MAX_RECORD_CHARS,
    max_depth: int = MAX_JSON_DEPTH,
) -> Any:
    """``json.loads`` of ``text`` (UTF-8 if bytes) after checking its length (characters,
    or bytes) and its nesting depth; ``TooLarge`` or ``JSONError`` otherwise.  ``NaN``,
    ``Infinity`` and numbers of more than 100 digits are refused as not JSON."""
    if not isinstance(text, str | bytes):
        raise JSONError(f"the data is not text but {kind_of(text)}")
    if len(text) > max_chars:
        raise TooLarge(f"the data is too large (more than {max_chars} characters)")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONError("the data is not UTF-8 text") from None
    if depth(text, max_depth) > max_depth:
        raise TooLarge(f"the data is nested too deeply (more than {max_depth} levels)")
    try:
        return json.loads(text, parse_constant=_constant, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise JSONError(f"the JSON is malformed (line {error.lineno}: {error.msg})") from None
    except RecursionError:  # cannot happen below the depth limit; kept as a last guard
        raise TooLarge(f"the data is nested too deeply (more than {max_depth} levels)") from None


def _constant(name: str) -> Any:
    raise JSONError(f"the JSON is malformed ({name} is not a JSON number)")


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_DIGITS:
        raise JSONError(f"the JSON is malformed (a number has more than {_MAX_DIGITS} digits)")
    return int(digits)


def check(
    data: Any,
    *,
    max_depth: int = MAX_JSON_DEPTH,
    max_items: int = MAX_JSON_ITEMS,
    max_chars: int = MAX_RECORD_CHARS,
) -> None:
    """Check data already parsed (or built by a program) before anything reads it:
    only JSON's kinds of value (objects with text keys, lists, text, numbers, true,
    false, null), nested at most ``max_depth`` deep, at most ``max_items`` values and
    ``max_chars`` characters of text in all.  The walk keeps its own stack (no
    recursion) and stops at the first excess, so a cycle or a huge list costs little."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    # Values are counted as they are pushed, so the stack never outgrows the limit,
    # even for one list repeated inside itself a thousand times.
    items = 1
    chars = 0
    while stack:
        value, level = stack.pop()
        if isinstance(value, str):
            chars += len(value)
        elif isinstance(value, dict | list | tuple):
            if level > max_depth:
                raise TooLarge(f"the data is nested too deeply (more than {max_depth} levels)")
            items += len(value)
            if items > max_items:
                raise TooLarge(f"the data holds too many values (more than {max_items})")
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str):
                        raise JSONError(f"the data has a key that is {kind_of(key)}, not text")
                    chars += len(key)
                stack.extend((child, level + 1) for child in value.values())
            else:
                stack.extend((child, level + 1) for child in value)
        elif not (value is None or isinstance(value, bool | int | float)):
            raise JSONError("the data holds a value JSON cannot hold")
        if chars > max_chars:
            raise TooLarge(f"the data is too large (more than {max_chars} characters)")
