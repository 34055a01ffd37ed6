# Run under MicroPython by tests/test_front.py (tests/front/run.mjs): the game page's
# handlers (front/game.py) with a page and a view of the test's own. Prints "ok" at the end.
from front import game, keys


class Element:
    """An element: ``around`` maps a selector to the element around it that matches."""

    def __init__(self, tag="div", ident="", disabled=False, **attributes):
        self.tagName = tag.upper()
        self.id = ident
        self.disabled = disabled
        self.attributes = dict(attributes)
        self.around = {}
        self.inside = []
        self.open = True

    def closest(self, selector):
        return self.around.get(selector)

    def getAttribute(self, name):
        return self.attributes.get(name)

    def hasAttribute(self, name):
        return name in self.attributes

    def contains(self, other):
        return other is self or other in self.inside


class Document:
    def __init__(self):
        self.ids = {}
        self.open_dialog = None
        self.menus = []

    def getElementById(self, ident):
        return self.ids.get(ident)

    def querySelector(self, selector):
        return self.open_dialog if selector == "dialog[open]" else None

    def querySelectorAll(self, selector):
        return self.menus if selector == "details.menu[open]" else []


class Event:
    def __init__(self, target, key="", **mods):
        self.target = target
        self.key = key
        self.ctrlKey = mods.get("ctrl", False)
        self.shiftKey = mods.get("shift", False)
        self.altKey = mods.get("alt", False)
        self.metaKey = mods.get("meta", False)
        self.prevented = False

    def preventDefault(self):
        self.prevented = True


class View:
    def __init__(self, taken=()):
        self.heard_ = []
        self.taken = set(taken)

    def heard(self, kind, data):
        self.heard_.append((kind, data))

    def takes(self, signature):
        return signature in self.taken


class Window:
    def __init__(self, document):
        self.document = document


document = Document()
board = Element(ident="board")
document.ids["board"] = board

# A square on the board: only the square's field.
square = Element(tag="g")
square.around["#board [data-square]"] = Element(tag="g", **{"data-square": "c3"})
assert game.click_of(document, square) == {"square": "c3"}

# A button over the board: its action, and a disabled one is no action at all.
button = Element(tag="button", **{"data-action": "undo"})
button.around["[data-action]"] = button
assert game.click_of(document, button) == {"action": "undo"}
dead = Element(tag="button", disabled=True, **{"data-action": "undo"})
dead.around["[data-action]"] = dead
assert game.click_of(document, dead) == {}

# The review's buttons count only inside the review's section.
step = Element(tag="button", **{"data-review-step": "next"})
step.around[game.REVIEW] = step
assert game.click_of(document, step) == {}
section = Element(tag="section", ident="review")
section.inside.append(step)
document.ids["review"] = section
assert game.click_of(document, step) == {"review": {"step": "next"}}
closer = Element(tag="button", **{"data-review-close": ""})
closer.around[game.REVIEW] = closer
section.inside.append(closer)
assert game.click_of(document, closer) == {"review": {"close": True}}
assert game.click_of(document, None) == {}

# Keys: typed into a field or under an open dialog, the game leaves them alone.
field = Element(tag="input")
assert game.press_of(document, Event(field, "u")) is None
press = game.press_of(document, Event(board, "ArrowUp", shift=True))
assert press == {
    "key": "ArrowUp",
    "ctrl": False,
    "shift": True,
    "alt": False,
    "meta": False,
    "on_board": True,
}, press
document.open_dialog = Element(tag="dialog")
assert game.press_of(document, Event(board, "u")) is None
document.open_dialog = None

# A press the game takes now is kept from the browser at once, and told either way.
assert keys.signature("ArrowUp", shift=True, on_board=True) == "board:shift+ArrowUp"
view = View(taken=["board:shift+ArrowUp"])
page = game.Page(Window(document), view, lambda data: data)
taken = Event(board, "ArrowUp", shift=True)
page.keydown(taken)
assert taken.prevented and view.heard_[-1][0] == "key"
left = Event(board, "q")
page.keydown(left)
assert not left.prevented and view.heard_[-1] == ("key", game.press_of(document, left))

# A click elsewhere closes an open menu; a click inside it leaves it open.
menu = Element(tag="details")
document.menus = [menu]
game.close_menus(document, square)
assert menu.open is False
menu.open = True
summary = Element(tag="summary")
menu.inside.append(summary)
game.close_menus(document, summary)
assert menu.open is True
# A button in the menu closes the menu it is in.
pick = Element(tag="button", **{"data-action": "new"})
pick.around["[data-action], [data-shelf]"] = pick
pick.around["details"] = menu
menu.inside.append(pick)
game.close_menus(document, pick)
assert menu.open is False


# What the game asks of the page that carries little (Shown): carried out on the page.
class Box:
    def __init__(self):
        self.open = False
        self.hidden = False
        self.innerHTML = ""
        self.textContent = ""
        self.disabled = True
        self.checked = True
        self.value = ""
        self.shown = 0

    def showModal(self):
        self.open = True
        self.shown += 1

    def close(self):
        self.open = False


class Data:
    pass


class Root:
    def __init__(self):
        self.dataset = Data()


class Page:
    def __init__(self):
        self.boxes = {}
        self.documentElement = Root()

    def box(self, name):
        return self.boxes.setdefault(name, Box())

    def getElementById(self, ident):
        return self.boxes.get("#" + ident)

    def querySelector(self, selector):
        return self.box(selector)


paper = Page()
shown = game.Shown(Window(paper))
setup = paper.box("#setup")
setup_body = paper.box("#setup-body")
shown.dialog("setup", True, "<p>form</p>")
assert setup.open and setup_body.innerHTML == "<p>form</p>"
shown.dialog("setup", True)  # already open: not opened twice, its body kept
assert setup.shown == 1 and setup_body.innerHTML == "<p>form</p>"
shown.dialog("setup", False, None)
assert not setup.open
shown.dialog("nowhere", True)  # no such dialog: nothing

shown.setupState(False, True, "Choose a level.")
teams = paper.box('#setup-form [name="teams"]')
assert teams.disabled and not teams.checked
assert not paper.box('#setup-form [name="pairing"]').disabled
assert paper.box("#setup-form .setup-error").textContent == "Choose a level."

shown.startRoll("")
assert paper.box("#start-roll").hidden
shown.startRoll("<span class='roll-die'>4</span>")
assert not paper.box("#start-roll").hidden

shown.thinking(3, "Yellow is thinking…")
assert paper.documentElement.dataset.depth == "3"
assert paper.box("#status").textContent == "Yellow is thinking…"
shown.settings(True, "fast")
assert paper.box('[data-setting="sound"]').checked is True
assert paper.box('[data-setting="speed"]').value == "fast"
shown.sound([[440, 0, 0.1, 0.2]])  # no Web Audio here: silence, no error
for name in game.Shown.NAMES:
    assert callable(getattr(shown, name)), name

print("ok")
