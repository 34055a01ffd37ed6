"""The Markdown that RULES.md uses, as HTML: headings, paragraphs, bullet lists, pipe tables,
``**bold**``, ``*italic*``, `` `code` `` and ``[links](url)``.

Anything else (quotes, fenced code, numbered or nested lists, raw HTML) raises
``MarkdownError`` instead of being drawn wrong: if RULES.md starts using it, the rules page's
build fails and says which line, and this module learns it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape


class MarkdownError(ValueError):
    pass


@dataclass
class Block:
    kind: str  # "heading" | "paragraph" | "list" | "table"
    lines: list[str] = field(default_factory=list)
    level: int = 0


_UNSUPPORTED = re.compile(r"^(>|```|~~~|\d+[.)] |<|\s+[-*] )")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def inline(text: str) -> str:
    """One line (or joined lines) of Markdown text as HTML."""
    parts = _CODE.split(text)
    out = []
    for index, part in enumerate(parts):
        if index % 2:  # inside backticks: literal
            out.append(f"<code>{escape(part, quote=False)}</code>")
            continue
        html = escape(part, quote=False)
        html = _LINK.sub(lambda m: f'<a href="{escape(m.group(2))}">{m.group(1)}</a>', html)
        html = _BOLD.sub(r"<strong>\1</strong>", html)
        html = _ITALIC.sub(r"<em>\1</em>", html)
        out.append(html)
    return "".join(out)


def blocks(text: str) -> Iterator[Block]:
    """Split Markdown into blocks; list items keep their continuation lines joined."""
    current: Block | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line:
            if current:
                yield current
            current = None
            continue
        if _UNSUPPORTED.match(line):
            raise MarkdownError(f"line {number}: unsupported Markdown: {line.strip()[:40]}")
        heading = re.match(r"(#{1,6}) (.+)", line)
        if heading:
            if current:
                yield current
            yield Block("heading", [heading.group(2)], level=len(heading.group(1)))
            current = None
        elif line.startswith("- "):
            if current and current.kind != "list":
                yield current
                current = None
            current = current or Block("list")
            current.lines.append(line[2:])
        elif line.startswith("|"):
            if current and current.kind != "table":
                yield current
                current = None
            current = current or Block("table")
            current.lines.append(line)
        elif current and current.kind == "list" and raw.startswith("  "):
            current.lines[-1] += " " + line.strip()
        elif current and current.kind == "paragraph":
            current.lines.append(line)
        else:
            if current:
                yield current
            current = Block("paragraph", [line])
    if current:
        yield current


def _cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def table(block: Block) -> str:
    head, rule, *rows = block.lines
    if not re.fullmatch(r"\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?", rule):
        raise MarkdownError(f"table without a header rule: {head}")
    header = "".join(f"<th>{inline(c)}</th>" for c in _cells(head))
    body = "".join(
        "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in _cells(row)) + "</tr>" for row in rows
    )
    return f"<table>\n<thead><tr>{header}</tr></thead>\n<tbody>{body}</tbody>\n</table>"


def slug(text: str) -> str:
    """A heading's anchor: lower case words joined by dashes (``a-turn-exactly-one-action``)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", re.sub(r"\(.*?\)", "", plain.lower()))
    return "-".join(words)


def render(
    text: str,
    *,
    item_id: Callable[[str], str | None] = lambda item: None,
    after_item: Callable[[str], str] = lambda item: "",
    heading_html: Callable[[int, str], str | None] = lambda level, text: None,
) -> str:
    """The whole document as HTML.

    ``item_id(item)`` gives a list item its ``id``; ``after_item(item)`` is HTML to show
    right after that item (the list is closed around it and goes on after);
    ``heading_html(level, text)`` may replace a heading.
    """
    out = []
    for block in blocks(text):
        if block.kind == "heading":
            replaced = heading_html(block.level, block.lines[0])
            if replaced is not None:
                out.append(replaced)
                continue
            level, title = block.level, block.lines[0]
            out.append(f'<h{level} id="{slug(title)}">{inline(title)}</h{level}>')
        elif block.kind == "paragraph":
            out.append(f"<p>{inline(' '.join(block.lines))}</p>")
        elif block.kind == "table":
            out.append(table(block))
        else:
            items = ["<ul>"]
            for item in block.lines:
                anchor = item_id(item)
                attribute = f' id="{anchor}"' if anchor else ""
                items.append(f"<li{attribute}>{inline(item)}</li>")
                extra = after_item(item)
                if extra:
                    items += ["</ul>", extra, "<ul>"]
            items.append("</ul>")
            out.append("\n".join(items).replace("<ul>\n</ul>", "").strip())
    return "\n".join(part for part in out if part)
