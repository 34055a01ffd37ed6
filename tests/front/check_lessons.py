# Run under MicroPython by tests/test_front.py (tests/front/run.mjs): the page side's
# lesson boards with a page and a worker of the test's own. Prints "ok" at the end.
import asyncio

from front import keys, learn, lessons


class Data:
    pass


class Classes:
    def __init__(self):
        self.names = set()

    def add(self, name):
        self.names.add(name)

    def remove(self, name):
        self.names.discard(name)


class Node:
    def __init__(self, parent=None, **data):
        self.dataset = Data()
        for name, value in data.items():
            setattr(self.dataset, name, value)
        self.parent = parent
        self.attributes = {}
        self.children = {}
        self.classList = Classes()
        self.disabled = False
        self.hidden = False
        self.textContent = ""
        self.innerHTML = ""
        self.className = ""
        self.found = {}

    def closest(self, selector):
        node = self
        while node is not None:
            if selector in node.found:
                return node.found[selector]
            node = node.parent
        return None

    def querySelector(self, selector):
        return self.children.get(selector)

    def querySelectorAll(self, selector):
        got = self.children.get(selector)
        return got if isinstance(got, list) else []

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def removeAttribute(self, name):
        self.attributes.pop(name, None)

    def append(self, child):
        pass

    def focus(self, options=None):
        pass


class Board:
    def __init__(self):
        self.calls = []

    def step(self, element, step, picker):
        do = step["do"]
        if do in ("draw", "show"):
            self.calls.append(("draw", step["markup"]))
            return None
        assert do in ("fly", "roll"), do
        self.calls.append((do, step["square"]))
        return self.flown()

    async def flown(self):
        pass

    def placeBeside(self, box, left, top, above):
        self.calls.append(("beside", left, top, above))


class Document:
    def createElement(self, tag):
        return Node()


class Media:
    matches = False


class Window:
    def __init__(self):
        self.deriveBoard = Board()
        self.document = Document()
        self.deriveQueue = []

    def matchMedia(self, query):
        return Media()


def show(markup, **more):
    step = {
        "do": "show",
        "markup": markup,
        "mode": "try",
        "active": "",
        "status": "",
        "words": "",
        "solved": "",
        "notice_kind": "",
        "notice": "",
        "notice_quiet": False,
        "controls": {
            "prev": False,
            "next": True,
            "up": True,
            "down": False,
            "reroll": False,
            "reset": True,
            "solution": False,
        },
        "counter": "",
        "ply": 0,
        "picking": "",
        "picker": "",
        "picker_at": {},
    }
    step.update(more)
    return step


class Desk:
    def __init__(self):
        self.asked = []

    async def gesture(self, ident, kind, value, animate):
        self.asked.append((kind, value, animate))
        if kind == "square":
            return [
                show("moved"),
                {"do": "fly", "square": value, "end": [0, 0], "hops": [], "ms": 10},
            ]
        return [show(kind + ":" + value)]


def lesson_element():
    root = Node(lesson="lesson-one")
    figure = Node(root, live="false")
    wrap = Node(figure)
    figure.children[".board-wrap"] = wrap
    root.children[".lesson-board"] = figure
    root.children[".lesson-message"] = Node(root)
    up = Node(root, action="up")
    up.disabled = True
    root.children["button[data-action]"] = [up]
    return root, figure, wrap, up


# ----- the key table: every board's keys, one table
assert keys.lesson_key("watch", False, "ArrowRight") == ("action", "next")
assert keys.lesson_key("watch", False, "Home") == ("action", "first")
assert keys.lesson_key("watch", False, "d") is None
assert keys.lesson_key("try", False, "ArrowUp") == ("key", "cursor:up-right")
assert keys.lesson_key("try", False, "Enter") == ("key", "Enter")
assert keys.lesson_key("try", False, "=") == ("action", "up")
assert keys.lesson_key("exercise", False, "D") == ("action", "reroll")
assert keys.lesson_key("try", False, "u") is None  # undo is the game page's, not a lesson's
assert keys.lesson_key("try", False, "3") is None
assert keys.lesson_key("try", True, "3") == ("value", "3")
assert keys.maybe_lesson_key("5") and not keys.maybe_lesson_key("x")

# ----- a click: a button, a value of the picker, a square, nothing
root = Node()
button = Node(root, action="next")
root.found["[data-lesson]"] = root
button.found["button[data-action]"] = button
assert lessons.click_gesture(button) == ("action", "next")
button.disabled = True
assert lessons.click_gesture(button) is None
square = Node(root, square="c3")
square.found["[data-square]"] = square
assert lessons.click_gesture(square) == ("square", "c3")
assert lessons.click_gesture(Node(root)) is None
assert lessons.click_gesture(None) is None
assert lessons.closest("a text node", "x") is None


class Event:
    pass


async def flow():
    window = Window()
    window.deriveQueue = [
        {"lesson": "lesson-one", "kind": "square", "value": "e5"},
        {"lesson": "other", "kind": "square", "value": "a1"},
    ]
    desk = Desk()
    page = lessons.Lessons(window, desk)
    element, figure, wrap, up = lesson_element()
    lesson = page.add(element)
    assert lesson.ident == "lesson-one" and not lesson.live
    await page.wake(lesson, [show("first")])
    assert lesson.live and figure.dataset.live == "true"
    assert not up.disabled  # the show step said the button is usable
    # A key on the focused board, and a click, while the kept tap is being applied:
    event = Event()
    event.key = "ArrowDown"
    event.target = wrap
    wrap.found[".board-wrap"] = wrap
    wrap.found["[data-lesson]"] = element
    prevented = []
    event.preventDefault = lambda: prevented.append(True)
    page.keydown(event)
    assert prevented == [True]
    bare = Event()  # a bare event: no key, no target
    page.keydown(bare)
    page.click(bare)
    for _ in range(20):
        await asyncio.sleep(0)
    # The kept tap first, not animated (the key waited behind it), then the key, animated.
    assert desk.asked == [("square", "e5", False), ("key", "cursor:down-left", True)], desk.asked
    calls = window.deriveBoard.calls
    assert calls[0] == ("draw", "first") and ("fly", "e5") in calls, calls
    assert calls[-1] == ("draw", "key:cursor:down-left"), calls
    assert not lesson.running and lesson.pending == []


await flow()  # noqa: F704 - run by runPythonAsync, which awaits at the top level


class Console:
    def __init__(self):
        self.said = []

    def error(self, text):
        self.said.append(text)


class RestingWindow(Window):
    """A page whose worker can be given back and started again (``deriveRelease``,
    ``deriveWorker``: ``assets/live-boards.js``)."""

    def __init__(self):
        super().__init__()
        self.document.documentElement = Node()
        self.document.body = Node(lost="Could not start again.", waiting="One moment.")
        self.console = Console()
        self.released = []
        self.started = []
        self.broken = False

    def deriveRelease(self, name):
        self.released.append(name)

    async def deriveWorker(self, name):
        if self.broken:
            raise OSError("the network is gone")
        self.started.append(name)


class FreshDesk(Desk):
    async def embed_board(self, search, fallback, touch, reduced):
        return {"error": ""}

    async def replay(self, ident, gestures):
        self.asked.append(("replay", ident, gestures))
        return [show("restored")]


async def left_alone(rest):
    """The reader's minute, passed at once (the timer is the one a gesture set going)."""
    rest.after_s = 0
    rest.touched()
    await asyncio.sleep(0.01)
    rest.after_s = 1000.0


async def rest_flow():
    window = RestingWindow()
    window.deriveQueue = []
    first, fresh = Desk(), FreshDesk()
    page = lessons.Lessons(window, first)

    async def start(name):
        return fresh

    async def reopen(desk):
        await desk.embed_board("?", "en", page.touch, False)

    page.rest = lessons.Rest(window, page, start, reopen, 1000.0)
    element, figure, wrap, up = lesson_element()
    lesson = page.add(element)
    await page.wake(lesson, [show("first")])
    lesson.push("square", "c3")
    lesson.push("action", "up")
    for _ in range(20):
        await asyncio.sleep(0)
    assert window.released == []  # not before its time
    await left_alone(page.rest)
    # Left alone: the worker is given back, the board keeps its picture.
    assert window.released == ["lessons"] and page.desk is None and lesson.desk is None
    assert window.document.documentElement.dataset.python == "resting"
    drawn = list(window.deriveBoard.calls)
    # The next gesture starts one again, which replays what the board did, then goes on.
    lesson.push("square", "d4")
    for _ in range(40):
        await asyncio.sleep(0)
    assert window.started == ["lessons-2"], window.started
    replayed = ("replay", "lesson-one", '[["square", "c3"], ["action", "up"]]')
    assert fresh.asked == [replayed, ("square", "d4", True)], fresh.asked
    assert window.deriveBoard.calls[len(drawn)] == ("draw", "restored")
    assert page.desk is fresh and lesson.desk is fresh, (page.desk, lesson.desk)
    assert window.document.documentElement.dataset.python == "live"
    # Left alone again, then a start that fails: the board says so, keeps its picture
    # and its gestures, and the next gesture tries again.
    await left_alone(page.rest)
    assert window.released == ["lessons", "lessons-2"], window.released
    window.broken = True
    before = list(window.deriveBoard.calls)
    lesson.push("square", "e5")
    for _ in range(40):
        await asyncio.sleep(0)
    box = element.children[".lesson-message"]
    assert box.textContent == "Could not start again." and "error" in box.className
    assert window.document.documentElement.dataset.python == "lost"
    assert window.deriveBoard.calls == before and not lesson.running and lesson.pending == []
    assert window.console.said and lesson.done[-1] == ["square", "d4"]
    window.broken = False
    lesson.push("square", "e5")
    for _ in range(40):
        await asyncio.sleep(0)
    assert window.started == ["lessons-2", "lessons-4"], window.started
    assert fresh.asked[-2][2] == '[["square", "c3"], ["action", "up"], ["square", "d4"]]'
    assert fresh.asked[-1] == ("square", "e5", True)
    page.rest.timer.cancel()  # the runner ends when nothing is left to wait for
    await asyncio.sleep(0)


await rest_flow()  # noqa: F704

# ----- the Learn page wakes the boards used, then those in sight, then the rest
a, b, c = Node(lesson="a"), Node(lesson="b"), Node(lesson="c")
woken = learn.order([a, b, c], ["c"], lambda s: s is b)
assert [s.dataset.lesson for s in woken] == ["c", "b", "a"]


# ----- the page marks itself ready in one place (the embed's and the puzzles' start)
class Clock:
    def now(self):
        return 1234.4


ready = Window()
ready.document.documentElement = Node()
ready.performance = Clock()
lessons.mark_ready(ready)
marks = ready.document.documentElement.dataset
assert (marks.ready, marks.python, marks.readyMs) == ("true", "live", "1234"), marks.readyMs
print("ok")
