"""The embed kit under CPython: an embed's parameters (good and bad, in both languages), the
lesson board they make, the generated frame and authors' pages, and the live boards'
own PyScript config."""

from __future__ import annotations

import json
import re
import tomllib
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from derive import RULE_SETS, Game
from derive.board import COLOURS, parse_square
from derive.web.board.orientation import default_bottom
from derive.web.learn import embed
from derive.web.learn.lesson import LessonBoard
from derive.web.learn.lessons import BY_ID
from derive.web.table import params
from derive.web.words import engine_fr
from tests.web.learn.test_rules_page import _Nesting
from tests.web_helpers import plain
from tools import site_files
from tools.pages import build_embed, build_learn, build_live, build_web
from tools.pages.site_url import SERVE_URL

ROOT = Path(__file__).resolve().parents[3]
FRAME = (ROOT / "embed.html").read_text(encoding="utf-8")
JUMP = "r3c3,y5d4,y4f6 r ry L2"


def q(**given: str) -> dict[str, list[str]]:
    return {name: [value] for name, value in given.items()}


def setup(lang: str = "en", **given: str) -> embed.EmbedSetup:
    return embed.parse(q(**given), lang)


# --------------------------------------------------------------------------- parameters


def test_each_mode_from_its_parameters() -> None:
    view = setup(position=JUMP, select="c3")
    assert (view.mode, view.select, view.moves, view.lang) == ("watch", "c3", (), "en")
    watch = setup(position=JUMP, moves="c3-g7  f6-h8", ply="1", autoplay="1", lang="fr")
    assert watch.moves == ("c3-g7", "f6-h8") and watch.ply == 1 and watch.autoplay
    assert watch.lang == "fr"
    assert setup(position=JUMP, interactive="1", flip="1").mode == "try"
    task = setup(position=JUMP, task=" c3-g7 |c3-e5 ")
    assert task.mode == "exercise" and task.task == "c3-g7 |c3-e5"


def test_the_frame_speaks_the_link_s_language_else_the_reader_s() -> None:
    assert embed.language(q(lang="fr"), "en-GB") == "fr"
    assert embed.language(q(lang="de"), "fr-CA") == "fr"  # the error is then said in French
    assert embed.language({}, "en-US") == "en"
    assert setup("fr", position=JUMP).lang == "fr"


BAD = [
    ({}, "position"),
    # Copied whole into the board's attributes before: 1 M characters were.
    (q(position=JUMP, task="c3-g7 " * 100), "task"),
    (q(position="zz"), "position"),
    (q(position="r9c3 r ry L2"), "position"),
    (q(position=JUMP, lang="de"), "lang"),
    (q(position=JUMP, flip="2"), "flip"),
    (q(position=JUMP, interactive="yes"), "interactive"),
    (q(position=JUMP, select="z9"), "select"),
    (q(position=JUMP, moves=" "), "moves"),
    (q(position=JUMP, task=" "), "task"),
    (q(position=JUMP, moves="c3-g7", task="c3-g7"), "task"),
    (q(position=JUMP, moves="c3-g7", interactive="1"), "interactive"),
    (q(position=JUMP, autoplay="1"), "autoplay"),
    (q(position=JUMP, ply="1"), "ply"),
    (q(position=JUMP, moves="c3-g7", ply="x"), "ply"),
    (q(position=JUMP, moves="c3-g7", ply="2"), "ply"),
    (q(position=JUMP, ai="y"), "ai"),
    (q(position=JUMP, game="abc"), "game"),
    ({"position": [JUMP, JUMP]}, "position"),
    ({"position": [JUMP], "moves": ["c3-g7", "c3-g7"]}, "moves"),
]


@pytest.mark.parametrize(("query", "name"), BAD, ids=lambda x: str(x)[:40])
def test_a_bad_parameter_is_named_with_its_reason_in_french_too(
    query: dict[str, list[str]], name: str
) -> None:
    with pytest.raises(params.ParamError) as caught:
        embed.board(embed.parse(query, "en"))
    assert caught.value.name == name
    assert engine_fr.untranslated(caught.value.reason) == [], caught.value.reason
    french = plain(embed.error_text(caught.value, "fr"))
    assert french.startswith("Ce lien ne peut pas être ouvert : ")
    assert f"paramètre « {name} »" in french


ENGINE_REFUSES = [
    (q(position=JUMP, moves="c3-g7 c3-e5"), "moves", "2. c3-e5"),
    (q(position=JUMP, task="c3-c5"), "task", "1. c3-c5"),
    (q(position=JUMP, select="d4"), "select", "d4"),
    (q(position="r3c3 r ry L2", select="e5"), "select", "e5"),
    (q(position="r3c3,y2d4 g ry L2"), "position", ""),
]


@pytest.mark.parametrize(("query", "name", "part"), ENGINE_REFUSES, ids=lambda x: str(x)[:40])
def test_what_the_engine_refuses_is_named_by_parameter(
    query: dict[str, list[str]], name: str, part: str
) -> None:
    for lang in ("en", "fr"):
        with pytest.raises(params.ParamError) as caught:
            embed.board(embed.parse(query, lang))
        assert caught.value.name == name and part in caught.value.reason
        text = plain(embed.error_text(caught.value, lang))
        assert ("paramètre « " if lang == "fr" else "parameter “") + name in text
        assert "(R" not in text  # players' words


def test_the_board_is_the_engine_s_for_each_mode() -> None:
    view = embed.board(setup(position=JUMP, select="c3"))
    picture = view.board_view()
    assert parse_square("g7") in picture.jumps and picture.selected == parse_square("c3")
    assert view.click("c3").result == "ignored"  # a picture, not a game
    watch = embed.board(setup(position=JUMP, moves="c3-g7 f6-h8", ply="1"))
    assert watch.ply == 1 and watch.position == "y5d4,y4f6,r3g7 y ry L2"
    assert watch.board_view().jumps == frozenset()  # select only shows the start
    played = embed.board(setup(position=JUMP, interactive="1"))
    assert played.click("c3").result == "selected"
    assert played.click("g7").result == "played"
    task = embed.board(setup(position=JUMP, task="c3-g7"))
    task.click("c3")
    assert task.click("e5").result == "wrong" and task.position == JUMP
    task.click("c3")
    assert task.click("g7").result == "solved" and task.solved


def test_flip_turns_every_mode_and_the_keyboard_cursor_with_it() -> None:
    for mode in ({}, {"interactive": "1"}, {"task": "c3-g7"}, {"moves": "c3-g7"}):
        flipped = embed.board(setup(position=JUMP, flip="1", **mode))
        assert flipped.board_view().bottom == "y"
    board = embed.board(setup(position=JUMP, flip="1", interactive="1"))
    board.move_cursor("up-right")  # seen from yellow's side, up-right goes down the ranks
    assert parse_square(board.cursor) // 10 < parse_square("e5") // 10
    assert board.board_view().cursor == parse_square(board.cursor)
    board.escape()
    assert board.message is None


def test_a_refusal_keeps_its_why_link() -> None:
    board = LessonBoard.custom("y2c1,r1g1,y4d2,r5e3 r ry L2C", mode="try", lang="fr")
    attempt = board.click("g1")
    assert attempt.result == "refused" and attempt.message is not None
    assert attempt.message.why == "regles.html#lesson-obligation"


# --------------------------------------------------------------------------- generated pages


def test_generated_files_are_up_to_date() -> None:
    assert build_embed.main(["--check"]) == 0, "run python3 tools/pages/build_embed.py"
    assert build_live.main(["--check"]) == 0, "run python3 tools/pages/build_live.py"


def test_the_live_boards_config_ships_their_modules_only() -> None:
    config = tomllib.loads((ROOT / "learn.toml").read_text(encoding="utf-8"))
    game = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == game["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert config["plugins"] == game["plugins"] and "packages" not in config
    shipped = {k.replace("{DERIVE}", "") for k in config["files"] if k != "{DERIVE}"}
    assert shipped == set(build_live.shipped())
    # The AI the puzzle boards' drill judge imports comes with the Python image, whose
    # sources a worker that boots without it is given first.
    held = {m for m in build_live.closure() if m.startswith(build_live.IMAGE_HELD)}
    assert "ai/answer.py" in held
    image = json.loads((ROOT / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    assert {f"derive/{m}" for m in held} <= set(image["files"])
    for needed in (
        "web/learn/worker.py",
        "web/learn/desk.py",
        "web/words/engine_fr.py",
        "web/learn/lesson.py",
    ):
        assert needed in shipped
    assert not any(m.startswith(("ai/", "web/shelf", "web/storage", "web/app")) for m in shipped)
    assert shipped >= build_live.LIVE_ONLY
    assert not build_live.LIVE_ONLY & set(build_web.browser_modules())  # not the game's


def test_the_page_side_configs_ship_the_front_package_on_micropython() -> None:
    """Each page's MicroPython gets exactly the modules of ``front`` its script imports
    (PyScript fetches every listed file before the script runs), together every one."""
    shipped_by: dict[str, set[str]] = {}
    for name in ("front.toml", "game-front.toml"):
        config = tomllib.loads((ROOT / name).read_text(encoding="utf-8"))
        assert config["interpreter"] == "./vendor/micropython/micropython.mjs"
        assert "packages" not in config
        shipped = {Path(k).name: Path(v) for k, v in config["files"].items()}
        assert all(v.parent.as_posix() == "front" for v in shipped.values())
        shipped_by[name] = set(shipped)
    assert shipped_by["game-front.toml"] == {"__init__.py", "dom.py", "game.py", "keys.py"}
    assert "game.py" not in shipped_by["front.toml"]
    assert {"learn.py", "embed.py", "puzzles.py", "lessons.py"} <= shipped_by["front.toml"]
    every = {Path(m).name for m in build_live.front_modules()}
    assert shipped_by["front.toml"] | shipped_by["game-front.toml"] == every
    assert not build_live.FRONT_ONLY & set(build_web.browser_modules())  # not the game's


def _data() -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="embed-data">(.*?)</script>', FRAME)
    assert found is not None
    data: dict[str, object] = json.loads(found.group(1))
    return data


def test_the_frame_draws_from_the_svg_function_s_fragments() -> None:
    data = _data()
    boards, dice = data["boards"], data["dice"]
    assert isinstance(boards, dict) and isinstance(dice, dict)
    for side in COLOURS:
        board = boards[side]
        assert board.count(" data-square=") == 50 and f'data-bottom="{side}"' in board
        assert "data-die=" not in board and "data-position" not in board
    assert sorted(dice) == sorted(f"{c}{v}" for c in COLOURS for v in range(1, 7))
    for key, face in dice.items():
        assert face.startswith(f'<g class="die die-{key[0]}" data-colour="{key[0]}" ')
        assert f'data-value="{key[1]}"' in face and "data-die" not in face
    assert data["chance"] == {ident: rules.chance for ident, rules in RULE_SETS.items()}
    bottoms = data["bottoms"]
    assert isinstance(bottoms, dict)
    assert bottoms["ry"] == ["r", "y"] and bottoms["bg"] == ["b", "g"]
    assert bottoms["rbyg"] == [default_bottom("rbyg", "rbyg"), "y"]
    words = data["words"]
    assert isinstance(words, dict) and words["fr"].keys() == words["en"].keys()
    assert words["fr"]["status.r"] == "À Rouge de jouer"


def test_the_frame_keeps_the_lesson_contract_before_python() -> None:
    assert (
        'data-lesson="embed"' in FRAME
        and '<figure class="lesson-board" data-live="false">' in FRAME
    )
    assert re.search(r'<button type="button" data-action="prev"[^>]* disabled>', FRAME)
    assert 'data-action="next"' in FRAME and 'class="embed-error" role="alert" hidden' in FRAME
    assert 'class="lesson-message" role="status" aria-live="polite"' in FRAME
    assert '<script src="assets/live-boards.js"></script>' in FRAME
    for text in (FRAME, *(p.read_text(encoding="utf-8") for p in _assets())):
        assert not re.search(r"""(?:src|href|url\()\s*=?\s*["']?(\w+:)?//""", text)
    parser = _Nesting()
    parser.feed(FRAME)
    assert parser.errors == [] and parser.open == []


def _assets() -> list[Path]:
    return [
        ROOT / "assets" / n
        for n in ("embed.js", "live-boards.js", "board.js", "kit.js", "embed.css")
    ]


def test_every_example_of_the_kit_is_a_board_the_engine_accepts() -> None:
    build_embed.check_examples()
    assert len({e.key for e in build_embed.EXAMPLES}) == len(build_embed.EXAMPLES) >= 6
    used = {name for e in build_embed.EXAMPLES for name, _ in e.params("en")}
    assert {"position", "select", "moves", "autoplay", "interactive", "task", "flip"} <= used


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_kit_pages_hold_a_snippet_and_a_live_example_of_each_mode(lang: str) -> None:
    page = (ROOT / build_embed.KIT[lang]).read_text(encoding="utf-8")
    other = "fr" if lang == "en" else "en"
    assert page.startswith(f'<!doctype html>\n<html lang="{lang}">')
    assert f'hreflang="{other}" href="{SERVE_URL}{build_embed.KIT[other]}"' in page
    for example in build_embed.EXAMPLES:
        src = example.src(lang).replace("&", "&amp;")
        assert f'<iframe class="kit-frame" src="{src}"' in page  # the live example
        pasted = src.replace("&amp;", "&amp;amp;")  # the snippet's HTML, shown as text
        assert f"&lt;iframe src=&quot;{pasted}" in page
    # A pasted frame gives way to a phone's column.
    assert "style=&quot;border: 0; max-width: 100%&quot;&gt;&lt;/iframe&gt;" in page
    assert 'id="kit-form"' in page and 'id="kit-preview"' in page
    for url in re.findall(r'(?:src|href)="([^"#?]+)', page):
        url = url.removeprefix(SERVE_URL)  # the head's canonical and hreflang links
        assert (ROOT / url).is_file(), url
    for word in ("tests/", "test_", ".py", "derive.", "tools/"):
        assert word not in page, word
    parser = _Nesting()
    parser.feed(page)
    assert parser.errors == [] and parser.open == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_learn_pages_start_their_boards_and_link_the_kit(lang: str) -> None:
    page = (ROOT / build_learn.PAGES[lang]).read_text(encoding="utf-8")
    assert '<script src="assets/live-boards.js"></script>' in page
    assert '<body data-entry="learn"' in page
    assert f'href="{build_learn.KIT[lang]}"' in page
    assert page.count('<div class="board-wrap">') == len(BY_ID)
    assert "index.html?embed=1" not in page  # the free board is the embed page itself
    for href in re.findall(r'href="embed\.html\?([^"]+)"', page):
        board = embed.board(embed.parse(parse_qs(unescape(href)), lang))
        assert board.mode == "try" and Game.from_position(board.position)


def test_the_documented_snippets_are_boards_the_engine_accepts() -> None:
    for name in ("README.md", "WEB.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        found = re.findall(r'embed\.html\?([^"\s]+)"', text)
        assert found, name
        for query in found:
            embed.board(embed.parse(parse_qs(query), "en"))


def test_the_site_copies_the_embed_kit() -> None:
    site = set(site_files.site_files())
    for name in ("learn.toml", "embed.html", *build_embed.KIT.values()):
        assert name in site, name
