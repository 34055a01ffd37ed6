"""The game page's own Python (``index.html``), on the page's thread: its events.

Started by ``assets/view.js`` beside the game's worker. What the player does is read here
off the page, as plain data, and handed to the game's Python through the view
(``window.deriveEvents.heard(kind, data)``, posted to the worker in order): a click as the
fields of what it was inside (decoded and bounded by ``derive/web/table/clicks.py``), a key
press (``derive/web/play/keys.py``; one the game takes now is kept from the browser here,
at once), the pointer's kind, a typed move, the setup form's changes and its submit, a
dialog closed however it was, a file chosen to import, a setting, another tab's change to
the saved games. What needs no rule is done here, at once: a click elsewhere closes an
open menu, a button closes the menu it is in, a square takes the board's focus. (A jump's
route shown while its end is under the pointer is the board drawing's own style rule:
``derive/web/board/svg.py``.) Nothing here decides a rule.

The worker's answers are put on the page by ``assets/view.js``, not here. Measured under
Node with the MicroPython PyScript loads (1.28.0-6): a string crossing into MicroPython is
copied and re-encoded, about 2 ms for a 93 KB board drawing each way, and MicroPython's
``json`` takes 37 ms to read and write one such drawing (the browser's, well under 1 ms),
3 s for 1 MB and 27 s for 3 MB (the saved games the game reads at its start reach 2.5 M
characters): the game's drawings and saved texts would cost the player a frame per click,
and seconds at the start, on the way through here (``bench/bench_micropython.mjs``, its
figures in ``bench/journal/micropython.md``).
"""

from .dom import field, guarded, present

MYPY = False
if MYPY:  # pragma: no cover - read by mypy only
    from typing import Any

REVIEW = (
    "[data-ply], [data-review-ply], [data-review-step], [data-review-stop], [data-review-close]"
)
TYPED = ("input", "select", "textarea")
"""Fields a key is typed into: the game leaves those presses to them."""
PREFIX = "derive."
"""The game's keys in local storage (``shelf/saved.py``'s, ``assets/view.js``'s ``PREFIX``:
``tests/test_front.py`` holds the three to it): another tab's change to any other key is
not the game's."""


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
        if key is not None and not str(key).startswith(PREFIX):
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


class Shown:
    """The game's calls that carry little (a dialog, the setup form's state, the share
    dialog, the start roll, a sound, the settings…), carried out here; the view hands
    them over by name (``assets/view.js``, ``frontUp``) and keeps those that carry the
    game's drawings and saved texts. Each is named as the game's Python calls it."""

    NAMES = (
        "aiReady",
        "clearMove",
        "copyLink",
        "dialog",
        "embedded",
        "enableControls",
        "pickFile",
        "placeHistory",
        "rollStart",
        "settings",
        "setupError",
        "setupState",
        "share",
        "sound",
        "startRoll",
        "thinking",
    )

    def __init__(self, window: "Any") -> None:
        self.window = window
        self.document = window.document
        self.audio: Any = None

    def one(self, selector: str) -> "Any":
        return self.document.querySelector(selector)

    def settings(self, sound: bool, speed: str) -> None:
        """The menu's settings as the game has them: sounds on or off, the animations'
        speed."""
        self.one('[data-setting="sound"]').checked = sound is True
        self.one('[data-setting="speed"]').value = str(speed)

    def dialog(self, ident: str, shown: bool, markup: "Any" = None) -> None:
        """A dialog opened (modal: the page behind it is inert) or closed; ``markup``, when
        given, is what its body (``#<id>-body``) shows."""
        element = present(self.document.getElementById(ident))
        if element is None:
            return
        body = present(self.document.getElementById(ident + "-body"))
        if body is not None and isinstance(markup, str):
            body.innerHTML = markup
        if shown and not element.open:
            element.showModal()
        if not shown and element.open:
            element.close()

    def pickFile(self) -> None:
        """The browser's file chooser, for a saved game's file (the shelf reads it)."""
        self.one("#import-file").click()

    def clearMove(self) -> None:
        self.one("#move-input").value = ""

    def setupState(self, teams: bool, pairing: bool, problem: str) -> None:
        """What the setup form says of its own state (``table/panel.py``): whether teams
        and the pairing apply, and what stops the game from starting."""
        box = self.one('#setup-form [name="teams"]')
        box.disabled = not teams
        if not teams:
            box.checked = False
        self.one('#setup-form [name="pairing"]').disabled = not pairing
        self.setupError(problem)

    def setupError(self, text: str) -> None:
        self.one("#setup-form .setup-error").textContent = text

    def embedded(self) -> None:
        self.document.documentElement.classList.add("embed")

    def placeHistory(self, markup: str) -> None:
        """The history banner in the page's flow under the board, with the steps
        (``markup``) beside it, named by the page's words (``data-i18n-aria``)."""
        bar = self.document.createElement("div")
        bar.className = "history-bar"
        steps = self.document.createElement("div")
        steps.id = "history-steps"
        steps.className = "history-steps"
        steps.setAttribute("role", "group")
        steps.setAttribute("data-i18n-aria", "panel.moves")
        steps.innerHTML = markup
        steps.hidden = True
        self.one(".board-box").after(bar)
        bar.append(steps, self.one("#history"))

    def enableControls(self) -> None:
        """The static page ships its controls disabled until the game is up."""
        for element in self.document.querySelectorAll("button[disabled], input[disabled]"):
            element.disabled = False

    def share(self, query: str, words: str) -> None:
        """The share dialog open with the link to the game (``query``: its parameters, on
        this page's address), selected for copying, and what the dialog says of it."""
        field = self.one("#share-url")
        location = self.window.location
        field.value = str(location.origin) + str(location.pathname) + query
        said = present(self.one('#share [data-i18n="share.manual"]'))
        if said is not None:
            said.textContent = words
        self.dialog("share", True)
        field.select()

    async def copyLink(self) -> bool:
        """The link to the clipboard: whether it went there (a refusal leaves it
        selected)."""
        field = self.one("#share-url")
        try:
            await self.window.navigator.clipboard.writeText(field.value)
        except Exception:  # noqa: BLE001 - refused, or no clipboard here
            field.select()
            return False
        return True

    async def rollStart(self, frames: "Any", frame_ms: int) -> None:
        """The start roll's dice (``#start-roll``, in the order drawn) tumble through
        ``frames`` (each die's faces, ``frame_ms`` each), then show what they rolled."""
        import asyncio

        dice = list(self.document.querySelectorAll("#start-roll .roll-die"))
        faces = [[str(face) for face in die] for die in frames]
        if len(dice) != len(faces):
            return
        rolled = [die.innerHTML for die in dice]
        for die in dice:
            die.classList.add("rolling")
        # Indexes, not zip: MicroPython's has no ``strict``.
        for step in range(max([0] + [len(shown) for shown in faces])):
            for at, die in enumerate(dice):
                if step < len(faces[at]):
                    die.innerHTML = faces[at][step]
            await asyncio.sleep(int(frame_ms) / 1000)
        for at, die in enumerate(dice):
            die.innerHTML = rolled[at]
            die.classList.remove("rolling")

    def startRoll(self, markup: str) -> None:
        """The start roll's box: ``markup`` shown, or hidden when there is none."""
        box = self.one("#start-roll")
        if markup:
            box.innerHTML = markup
        box.hidden = not markup

    def sound(self, notes: "Any") -> None:
        """A sound's notes (``play/sound.py``: frequency, start, length, loudness), with
        the Web Audio API; where there is none, the game is played in silence."""
        try:
            if self.audio is None:
                self.audio = self.window.AudioContext.new()
            audio = self.audio
            now = audio.currentTime
            for note in notes:
                frequency, start, length, loudness = note[0], note[1], note[2], note[3]
                tone = audio.createOscillator()
                gain = audio.createGain()
                tone.type = "triangle"
                tone.frequency.value = frequency
                gain.gain.setValueAtTime(loudness, now + start)
                gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
                tone.connect(gain)
                gain.connect(audio.destination)
                tone.start(now + start)
                tone.stop(now + start + length + 0.02)
        except Exception:  # noqa: BLE001 - no Web Audio here
            return

    def thinking(self, depth: int, status: str) -> None:
        """The search's depth is for developers and tests; the status is the players'."""
        self.document.documentElement.dataset.depth = str(depth)
        self.one("#status").textContent = status

    def aiReady(self) -> None:
        now = self.window.performance.now()
        self.document.documentElement.dataset.aiReadyMs = str(round(now))


def listen(window: "Any", when: "Any", page: "Page") -> None:
    """``page``'s handlers as PyScript's event handlers. Plain functions: MicroPython's
    ``when`` reads a handler's signature, which a bound method has not there."""
    import asyncio

    document = window.document
    guard = guarded

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


async def main() -> None:
    from pyscript import when, window
    from pyscript.ffi import to_js

    view = window.deriveEvents
    page = Page(window, view, to_js)
    listen(window, when, page)

    def tell_fields() -> None:
        guarded(window, lambda _: page.tell_fields(), None)

    shown = Shown(window)
    view.frontUp(tell_fields, to_js({name: getattr(shown, name) for name in Shown.NAMES}))
