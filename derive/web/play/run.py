"""The game page's Python in its worker (``assets/python-worker.mjs``).

The worker calls ``main`` with the function that posts a text to the page, and hands every
text the page posts to the function ``main`` returns. The game asks the page's view
(``assets/view.js``) for its ``hello`` first: the page is made from it and started, and
from then on the view's messages are the page's (``Page.receive``).
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable

from ..link import ViewError
from ..postlink import PostLink
from .hello import hello_from
from .page import Page


def main(post: Callable[[str], object]) -> Callable[[object], None]:
    """The link to the page over ``post``; what to call with each of the page's texts."""
    link = PostLink(post)
    link.send("stamp", "importedMs")  # for the start-up benchmark
    asyncio.ensure_future(greet(link))
    return link.take


async def greet(link: PostLink) -> Page | None:
    """The view's hello asked for, and the page started with it."""
    try:
        data = await link.ask("hello")
    except ViewError:
        data = None  # a page with its defaults: the link's game is lost, not the game
    return start(link, data)


def start(link: PostLink, data: object) -> Page | None:
    """The page made from the view's hello, and started; ``None`` if it could not be
    (the view then says so in the page's words)."""
    page = None
    try:
        page = Page(hello_from(data), link)
        link.receive = page.receive
        page.start()
    except Exception:  # noqa: BLE001 - said in words, never a traceback
        traceback.print_exc()
        words = page.ctrl.t("error.generic") if page is not None else ""
        link.send("failed", words)
        return None
    return page
