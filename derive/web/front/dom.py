"""Reading the page's objects from MicroPython without surprises: what every page's
handlers share (``lessons`` for the lesson boards, ``game`` for the game page), kept apart
so that a page imports only what it runs (the game page's MicroPython never compiles the
lesson boards').

MicroPython (``front``'s docstring): JavaScript's ``null`` and ``undefined`` reach it as
proxies, and a missing field raises where JavaScript reads ``undefined``.
"""

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any


def field(event: "Any", name: str) -> "Any":
    """An event's field, ``None`` where it has none: a script, an extension or a screen
    reader may dispatch a bare ``Event('keydown')`` with no key, no modifiers."""
    return present(getattr(event, name, None))


def closest(target: "Any", selector: str) -> "Any":
    """``target.closest(selector)``, ``None`` for none and for a target that is not an
    element (the document, a text node)."""
    if target is None or not hasattr(target, "closest"):
        return None
    return present(target.closest(selector))


def present(value: "Any") -> "Any":
    """JavaScript's ``null`` and ``undefined`` as ``None``."""
    if value is None:
        return None
    kind = str(type(value))
    if "JsProxy" in kind and str(value) in ("null", "undefined", "<undefined>"):
        return None
    return value


def guarded(window: "Any", handler: "Any", event: "Any") -> None:
    """A bug in a handler is logged, never raised into the browser's event loop."""
    try:
        handler(event)
    except Exception as error:  # noqa: BLE001 - the last line of defence
        window.console.error("A handler on the page failed: " + repr(error))
