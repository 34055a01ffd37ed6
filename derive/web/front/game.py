"""The game page's own Python (``index.html``), on the page's thread: its events.

Started by ``assets/view.js`` beside the game's worker. What the player does is read here
off the page, as plain data, and handed to the game's Python through the view
(``window.deriveEvents.heard(kind, data)``, posted to the worker in order): a click as the
fields of what it was inside (decoded and bounded by ``derive/web/table/clicks.py``), a key
press (``derive/web/play/keys.py``; one the game takes now is kept from the browser here,
at once), the pointer's kind, a typed move, the setup form's changes and its submit, a
dialog closed however it was, a file chosen to import, a setting, another tab's change to
the saved games. What needs no rule is done here, at once: a click elsewhere closes an
open menu, a button closes the menu it is in, a square takes the board's focus, a jump's
route is shown while its end is under the pointer. Nothing here decides a rule.

The worker's answers are put on the page by ``assets/view.js``, not here. Measured under
Node with the MicroPython PyScript loads (1.28.0-6): a string crossing into MicroPython is
copied and re-encoded, about 2 ms for a 93 KB board drawing each way, and MicroPython's
``json`` takes 37 ms to read and write one such drawing (the browser's, well under 1 ms),
3 s for 1 MB and 27 s for 3 MB (the saved games the game reads at its start reach 2.5 M
characters): the game's drawings and saved texts would cost the player a frame per click,
and seconds at the start, on the way through here (``bench/bench_micropython.mjs``, its
figures in ``bench/journal/micropython.md``).
"""

from . import lessons

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any

REVIEW = (
    "[data-ply], [data-review-ply], [data-review-step], [data-review-stop], [data-review-close]"
)
TYPED = ("input", "select", "textarea")
"""Fields a key is typed into: the game leaves those presses to them."""
present = lessons.present


def field(thing: "Any", name: str) -> "Any":
    """``thing.name``, or ``None`` where it has none: an event made by a script (``new
    Event("keydown")``) has no ``key``, and MicroPython raises where JavaScript reads
    ``undefined``."""
    return present(getattr(thing, name, None))


def live(target: "Any", selector: str) -> "Any":
    """The nearest element around ``target`` matching ``selector`` and not disabled."""
    found = present(target.closest(selector))
    return found if found is not None and not found.disabled else None


def attribute(element: "Any", name: str) -> str:
    value = present(element.getAttribute(name))
    return "" if value is None else str(value)


def review_of(document: "Any", target: "Any") -> "dict[str, Any] | None":
    found = present(target.closest(REVIEW))
    section = present(document.getElementById("review"))
    if found is None or section is None or not section.contains(found):
        return None
    if found.hasAttribute("data-review-close"):
        return {"close": True}
    if found.hasAttribute("data-review-stop"):
        return {"stop": True}
    if found.hasAttribute("data-review-step"):
        return {"step": attribute(found, "data-review-step")}
    return {"ply": attribute(found, "data-ply") or attribute(found, "data-review-ply")}


def click_of(document: "Any", target: "Any") -> "dict[str, Any]":
    """A click as the fields of what it was inside, each only when it was: the game's
    Python decides which counts, and bounds every value."""
    click: dict[str, Any] = {}
    if target is None or field(target, "closest") is None:
        return click
    review = review_of(document, target)
    if review is not None:
        click["review"] = review
    shelf = live(target, "[data-shelf]")
    if shelf is not None:
        click["shelf"] = attribute(shelf, "data-shelf")
        click["arg"] = attribute(shelf, "data-arg")
    for kind, selector, name, alive in (
        ("action", "[data-action]", "data-action", True),
        ("step", "#history-steps [data-step]", "data-step", True),
        ("ply", "#moves [data-ply]", "data-ply", False),
        ("pick", "#picker .pick[data-value]", "data-value", False),
        ("square", "#board [data-square]", "data-square", False),
    ):
        found = live(target, selector) if alive else present(target.closest(selector))
        if found is not None:
            click[kind] = attribute(found, name)
    return click


def press_of(document: "Any", event: "Any") -> "dict[str, Any] | None":
    """A key press as plain fields (``play/keys.py``'s ``Press``), or ``None`` for one the
    game leaves alone: typed in a form field, or made under an open dialog."""
    target = field(event, "target")
    tag = str(field(target, "tagName") or "").lower() if target is not None else ""
    if tag in TYPED or present(document.querySelector("dialog[open]")) is not None:
        return None
    key = field(event, "key")
    return {
        "key": key if isinstance(key, str) else "",
        "ctrl": field(event, "ctrlKey") is True,
        "shift": field(event, "shiftKey") is True,
        "alt": field(event, "altKey") is True,
        "meta": field(event, "metaKey") is True,
        "on_board": target is not None and target == present(document.getElementById("board")),
    }


def fields_of(window: "Any") -> "dict[str, str]":
    """The setup form's fields by name, as text, as the browser sends the form
    (``derive/web/table/panel.py`` reads them)."""
    form = present(window.document.getElementById("setup-form"))
    fields: dict[str, str] = {}
    if form is None:
        return fields
    for entry in getattr(window.Array, "from")(window.FormData.new(form)):
        fields[str(entry[0])] = str(entry[1])
    return fields


def close_menus(document: "Any", target: "Any") -> None:
    inside = field(target, "closest") is not None
    for menu in document.querySelectorAll("details.menu[open]"):
        if not inside or not menu.contains(target):
            menu.open = False
    if not inside:
        return
    pressed = live(target, "[data-action], [data-shelf]")
    menu = present(pressed.closest("details")) if pressed is not None else None
    if menu is not None:
        menu.open = False


def show_route(board: "Any", target: "Any") -> None:
    """A jump's route shown while its end is under the pointer (the board draws every
    route, hidden: ``derive/web/board/svg.py``)."""
    square = present(target.closest("[data-square]")) if field(target, "closest") else None
    name = attribute(square, "data-square") if square is not None else ""
    for path in board.querySelectorAll(".jump-path"):
        path.classList.toggle("shown", attribute(path, "data-for") == name)


class Page:
    """The page's events, told to the game through ``view`` (``window.deriveEvents``)."""

    def __init__(self, window: "Any", view: "Any", to_js: "Any") -> None:
        self.window = window
        self.document = window.document
        self.view = view
        self.to_js = to_js

    def tell(self, kind: str, data: "Any") -> None:
        self.view.heard(kind, self.to_js(data))

    def tell_fields(self) -> None:
        """The setup form's fields as a change of no field (after the form is drawn, and
        when the game starts with it open)."""
        self.tell("setup-change", {"name": "", "fields": fields_of(self.window)})

    def click(self, event: "Any") -> None:
        target = field(event, "target")
        if target is None:
            return
        close_menus(self.document, target)
        root = self.document.documentElement
        inside = field(target, "closest") is not None
        on_square = present(target.closest("#board [data-square]")) if inside else None
        if on_square is not None and attribute(root, "data-ready") == "true":
            self.document.getElementById("board").focus(self.to_js({"preventScroll": True}))
        self.tell("click", click_of(self.document, target))

    def keydown(self, event: "Any") -> None:
        press = press_of(self.document, event)
        if press is None:
            return
        if self.view.takes(self.signature(press)):
            event.preventDefault()
        self.tell("key", press)

    @staticmethod
    def signature(press: "dict[str, Any]") -> str:
        from .keys import signature

        return signature(
            press["key"],
            alt=press["alt"],
            ctrl=press["ctrl"],
            meta=press["meta"],
            shift=press["shift"],
            on_board=press["on_board"],
        )

    def move(self, event: "Any") -> None:
        event.preventDefault()
        self.tell("move", {"text": str(self.document.getElementById("move-input").value)})

    def setup_submit(self, event: "Any") -> None:
        event.preventDefault()
        self.tell("setup-submit", {"fields": fields_of(self.window)})

    def setup_change(self, event: "Any") -> None:
        name = field(field(event, "target"), "name")
        self.tell("setup-change", {"name": str(name or ""), "fields": fields_of(self.window)})

    def setting(self, event: "Any") -> None:
        setting = field(event, "target")
        if setting is None:
            return
        value = str(field(setting, "value") or "")
        if str(field(setting, "type")) == "checkbox":
            value = "on" if field(setting, "checked") is True else "off"
        self.tell("setting", {"name": attribute(setting, "data-setting"), "value": value})

    def storage(self, event: "Any") -> None:
        if field(event, "storageArea") != self.window.localStorage:
            return
        key = field(event, "key")
        if key is not None and not str(key).startswith("derive."):
            return
        text = field(event, "newValue")
        self.tell(
            "storage",
            {"key": None if key is None else str(key), "text": None if text is None else text},
        )

    async def file(self, event: "Any") -> None:
        chooser = self.document.getElementById("import-file")
        files = present(chooser.files)
        chosen = present(files.item(0)) if files is not None else None
        chooser.value = ""  # the same file can be chosen again
        if chosen is None:
            return
        if chosen.size > self.view.fileLimit():
            self.tell("file", {"trouble": "too-big"})
            return
        try:
            text = await chosen.text()
        except Exception:  # noqa: BLE001 - the browser could not read it
            self.tell("file", {"trouble": "unreadable"})
            return
        self.tell("file", {"text": text})


def listen(window: "Any", when: "Any", page: "Page") -> None:
    """``page``'s handlers as PyScript's event handlers. Plain functions: MicroPython's
    ``when`` reads a handler's signature, which a bound method has not there."""
    import asyncio

    document = window.document
    guard = lessons.guarded

    def on_click(event: "Any") -> None:
        guard(window, page.click, event)

    def on_key(event: "Any") -> None:
        guard(window, page.keydown, event)

    def on_pointer(event: "Any") -> None:
        page.tell("pointer", {"kind": str(field(event, "pointerType") or "")})

    def on_move(event: "Any") -> None:
        guard(window, page.move, event)

    def on_setup(event: "Any") -> None:
        guard(window, page.setup_submit, event)

    def on_setup_change(event: "Any") -> None:
        guard(window, page.setup_change, event)

    def on_cancel(event: "Any") -> None:
        page.tell("setup-cancel", {})  # Escape closes the dialog by itself: a Cancel too

    def on_closed(event: "Any") -> None:
        page.tell("closed", {"id": str(field(field(event, "target"), "id") or "")})

    def on_file(event: "Any") -> None:
        asyncio.create_task(page.file(event))

    def on_setting(event: "Any") -> None:
        guard(window, page.setting, event)

    def on_storage(event: "Any") -> None:
        guard(window, page.storage, event)

    def on_over(event: "Any") -> None:
        target = field(event, "target")
        if target is not None:
            show_route(document.getElementById("board"), target)

    when("click", document)(on_click)
    when("keydown", document)(on_key)
    when("pointerdown", document)(on_pointer)
    when("submit", "#move-form")(on_move)
    when("submit", "#setup-form")(on_setup)
    when("change", "#setup-form")(on_setup_change)
    when("cancel", "#setup")(on_cancel)
    when("close", "dialog[id]")(on_closed)
    when("change", "#import-file")(on_file)
    when("change", "[data-setting]")(on_setting)
    # The window as the document's view (``front/puzzles.py``: on PyScript's own window
    # proxy, MicroPython's addEventListener throws "Illegal invocation").
    when("storage", document.defaultView)(on_storage)
    when("pointerover", "#board")(on_over)


async def main() -> None:
    from pyscript import when, window
    from pyscript.ffi import to_js

    view = window.deriveEvents
    page = Page(window, view, to_js)
    listen(window, when, page)

    def tell_fields() -> None:
        lessons.guarded(window, lambda _: page.tell_fields(), None)

    view.frontUp(tell_fields)
