"""The pure board SVG (derive.web.board.svg) and the mapping from explain() (highlights)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from derive import RIVES, SQUARES, Game, parse_square, square_name
from derive.board import NEIGHBOURS
from derive.web.board import palette
from derive.web.board.highlights import board_view, chain_links, move_squares
from derive.web.board.picture import main
from derive.web.board.svg import CELL, PIPS, BoardView, DieView, die_svg, render_board

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def squares_of(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-square", ""): g for g in root.iterfind(".//s:g[@data-square]", NS)}


def dice_of(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-die", ""): g for g in root.iterfind(".//s:g[@data-die]", NS)}


def view_of(position: str, **options: object) -> BoardView:
    game = Game.from_position(position)
    return board_view(game.explain(), **options)  # type: ignore[arg-type]


def test_fifty_playable_squares_each_with_its_name_and_label() -> None:
    root = parse(render_board(view_of("- r ry L2")))
    squares = squares_of(root)
    assert sorted(squares) == sorted(square_name(s) for s in SQUARES)
    for name, group in squares.items():
        assert group.get("id") == f"sq-{name}"
        assert group.get("role") == "button"
        assert (group.get("aria-label") or "").startswith(f"{name}, empty")


def test_light_squares_are_drawn_but_never_named() -> None:
    root = parse(render_board(view_of("- r ry L2")))
    light = root.find(".//s:path[@class='light']", NS)
    assert light is not None
    assert light.get("d", "").count("z") == 50
    assert "j1" not in squares_of(root) and "a10" not in squares_of(root)


def test_board_carries_the_position() -> None:
    position = "r3c3,y2d4 r ry L2"
    game = Game.from_position(position)
    root = parse(render_board(board_view(game.explain())))
    assert root.get("data-position") == game.to_position()
    assert parse(render_board(BoardView(position=""))).get("data-position") is None


@pytest.mark.parametrize("colour", ["r", "b", "y", "g"])
def test_rive_squares_in_their_colour(colour: str) -> None:
    squares = squares_of(parse(render_board(view_of("- r rbyg L2"))))
    for square in RIVES[colour]:
        if square in (0, 99):
            continue
        fill = squares[square_name(square)].find("s:rect", NS)
        assert fill is not None and fill.get("fill") == palette.SIDES[colour].rive


@pytest.mark.parametrize(("corner", "colours"), [("a1", "rb"), ("j10", "yg")])
def test_shared_corners_show_both_colours(corner: str, colours: str) -> None:
    group = squares_of(parse(render_board(view_of("- r ry L2"))))[corner]
    halves = {p.get("fill") for p in group.findall("s:path", NS)}
    assert halves == {palette.SIDES[c].rive for c in colours}


def test_plain_dark_squares_are_dark() -> None:
    group = squares_of(parse(render_board(view_of("- r ry L2"))))["e5"]
    rect = group.find("s:rect", NS)
    assert rect is not None and rect.get("fill") == palette.DARK_SQUARE


def test_dice_have_pips_in_their_owners_colour() -> None:
    position = "r1c1,b2a3,y6f10,g4j4,r5e5 r rbyg L3"
    root = parse(render_board(view_of(position)))
    dice = dice_of(root)
    expected = {"c1": ("r", 1), "a3": ("b", 2), "f10": ("y", 6), "j4": ("g", 4), "e5": ("r", 5)}
    assert set(dice) == set(expected)
    squares = squares_of(root)
    for name, (colour, value) in expected.items():
        die = dice[name]
        assert die in list(squares[name])  # nested in its square: a click on it is on the square
        assert die.get("data-colour") == colour and die.get("data-value") == str(value)
        pips = die.findall("s:circle", NS)
        assert len(pips) == value == len(PIPS[value])
        assert {p.get("fill") for p in pips} == {palette.SIDES[colour].pip}
        label = squares[name].get("aria-label") or ""
        assert f"die showing {value}" in label


def test_labels_follow_the_language() -> None:
    view = view_of("r3c3 r ry L2", lang="fr")
    label = squares_of(parse(render_board(view)))["c3"].get("aria-label") or ""
    assert label.startswith("c3, dé rouge de valeur 3")
    assert "rive rouge" in (squares_of(parse(render_board(view)))["e1"].get("aria-label") or "")


def test_selected_die_shows_steps_jumps_and_captures() -> None:
    # c3 can step, jump over d4 to e5, and capture d4 (2 <= 3).
    game = Game.from_position("r3c3,y2d4 r ry L2")
    explanation = game.explain()
    view = board_view(explanation, selected="c3")
    moves = explanation["moves"]["c3"]
    c3 = parse_square("c3")
    steps = {parse_square(t) for t in moves["destinations"] if parse_square(t) in NEIGHBOURS[c3]}
    jumps = {parse_square(t) for t in moves["destinations"]} - steps
    assert view.steps == steps and view.jumps == jumps == {parse_square("e5")}
    assert view.captures == {parse_square("d4")}
    assert view.enters == frozenset()  # a selection hides the enter marks
    root = parse(render_board(view))
    marked = {
        kind: {
            g.get("data-square")
            for g in squares_of(root).values()
            if g.find(f".//*[@class='mark-{kind}']", NS) is not None
        }
        for kind in ("step", "jump", "capture")
    }
    assert marked["step"] == {square_name(s) for s in steps}
    assert marked["jump"] == {"e5"}
    assert marked["capture"] == {"d4"}
    assert dice_of(root)["c3"].find("s:rect[@class='ring-selected']", NS) is not None


def test_jump_routes_drawn_hidden_until_hovered() -> None:
    view = view_of("r3c3,y2d4,y1f6 r ry L2", selected="c3", cursor="g7")
    assert view.paths[parse_square("g7")] == tuple(parse_square(s) for s in ("c3", "e5", "g7"))
    routes = {p.get("data-for"): p for p in parse(render_board(view)).iterfind(".//s:polyline", NS)}
    assert set(routes) == {"e5", "g7"}
    assert len((routes["g7"].get("points") or "").split()) == 3
    assert routes["g7"].get("class") == "jump-path shown"  # under the keyboard cursor
    assert routes["e5"].get("class") == "jump-path"
    # the pointer's hover is the drawing's own rule, one per route and each for its square
    style = parse(render_board(view)).find(".//s:g[@class='overlay']/s:style", NS)
    assert style is not None and style.text is not None
    selectors, _, declarations = style.text.partition("{")
    assert sorted(selectors.split(",")) == [
        f'.board:has([data-square="{name}"]:hover) .jump-path[data-for="{name}"]'
        for name in ("e5", "g7")
    ]
    assert declarations == "opacity:0.95}"


def test_a_board_with_no_jump_draws_no_route_style() -> None:
    svg = render_board(view_of("r3c3,y2d4,y1f6 r ry L2"))
    assert "<style" not in svg and "jump-path" not in svg


def test_enter_squares_marked_when_nothing_is_selected() -> None:
    view = view_of("y1c1 r ry L2")
    assert {square_name(s) for s in view.enters} == {"a1", "e1", "g1", "i1"}
    assert view_of("y1c1 r ry L2", interactive=False).enters == frozenset()


def test_protected_dice_wear_a_shield() -> None:
    root = parse(render_board(view_of("r3d10,r2e9,y1c3 r ry L2")))
    dice = dice_of(root)
    assert dice["d10"].find("s:path[@class='shield']", NS) is not None
    assert dice["e9"].find("s:path[@class='shield']", NS) is not None
    assert dice["c3"].find("s:path[@class='shield']", NS) is None


def test_obligation_marks_obliged_dice_and_targets() -> None:
    view = view_of("y2c1,y2b2,r3d2 r ry L3")
    assert [d.square for d in view.dice if d.obliged] == [parse_square("d2")]
    assert view.obliged_targets == {parse_square("c1")}
    root = parse(render_board(view))
    assert dice_of(root)["d2"].find("s:rect[@class='ring-obliged']", NS) is not None


def test_anchored_and_well_formed_chains_are_linked() -> None:
    explanation = Game.from_position("r3d10,r2e9,r5c9,r1b8 r ry L2").explain()
    links = chain_links(explanation["chains"], frozenset())
    pairs = {(square_name(a), square_name(b), kind) for a, b, kind in links}
    # d10-e9 (3-2) and c9 joined to d10: one anchored chain, not ordered (3-5): "anchored"
    assert pairs == {("e9", "d10", "anchored"), ("c9", "d10", "anchored"), ("b8", "c9", "anchored")}
    formed = chain_links(Game.from_position("r3d10,r2e9 r ry L2").explain()["chains"], frozenset())
    assert {kind for _, _, kind in formed} == {"formed"}


def test_last_move_and_winning_chain() -> None:
    game = Game.from_position("r1c9 r ry L1")
    game.play("c9-d10")
    view = board_view(game.explain())
    assert view.last == (parse_square("c9"), parse_square("d10"))
    assert view.to_move is None  # game over: no turn marker
    assert [d.square for d in view.dice if d.winning] == [parse_square("d10")]
    root = parse(render_board(view))
    assert root.find(".//s:rect[@class='turn-strip']", NS) is None
    assert dice_of(root)["d10"].find("s:rect[@class='ring-winning']", NS) is not None
    assert {"c9", "d10"} == {
        g.get("data-square")
        for g in squares_of(root).values()
        if g.find("s:g[@class='mark-last']", NS) is not None
    }


@pytest.mark.parametrize(
    ("move", "squares"),
    [
        ("+c1", ("c1",)),
        ("c1-d2", ("c1", "d2")),
        ("c3xd4", ("c3", "d4")),
        ("c3+", ("c3",)),
        ("c3?5", ("c3",)),
        ("pass", ()),
        (None, ()),
    ],
)
def test_move_squares(move: str | None, squares: tuple[str, ...]) -> None:
    assert move_squares(move) == tuple(parse_square(s) for s in squares)


def test_reserves_beside_the_board_and_turn_marker() -> None:
    root = parse(render_board(view_of("r1c1,r2e3 b rby L2")))
    trays = {t.get("data-reserve"): t for t in root.iterfind(".//s:g[@data-reserve]", NS)}
    assert set(trays) == {"r", "b", "y"}
    assert trays["r"].get("data-count") == "5" and trays["y"].get("data-count") == "7"
    assert trays["b"].get("class") == "tray turn"
    assert trays["r"].get("aria-label") == "Red: 5 dice in reserve"
    strip = root.find(".//s:rect[@class='turn-strip']", NS)
    assert strip is not None and strip.get("data-turn") == "b"


def test_hint_arrow_and_keyboard_cursor() -> None:
    view = view_of("r3c3 r ry L2", hint="c3-d4", cursor="e5")
    root = parse(render_board(view))
    assert root.find(".//s:g[@class='hint']", NS) is not None
    cursor = squares_of(root)["e5"].find("s:rect[@class='mark-cursor']", NS)
    assert cursor is not None
    enter_hint = parse(render_board(view_of("- r ry L2", hint="+c1")))
    assert enter_hint.find(".//s:circle[@class='hint']", NS) is not None


def test_die_icon_is_standalone_svg() -> None:
    icon = parse(die_svg("y", 5, size=30, label="Yellow 5"))
    assert icon.get("aria-label") == "Yellow 5" and icon.get("width") == "30"
    assert len(icon.findall("s:circle", NS)) == 5
    assert parse(die_svg("g", 2)).get("aria-hidden") == "true"


def test_standalone_file_and_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    view = BoardView(position="- r ry L2", dice=(DieView(0, "r", 4),), seated="ry")
    text = render_board(view, standalone=True, size=300)
    assert text.startswith('<?xml version="1.0"')
    assert parse(text.split("\n", 1)[1]).get("width") == "300"
    assert main(["r3c3,y2d4 r ry L2", "--select", "c3", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert parse(out.split("\n", 1)[1]).get("data-position") == "r3c3,y2d4 r ry L2"
    assert 'role="img"' in out and 'role="button"' not in out  # a picture, not controls
    assert main(["not a position"]) == 2
    assert "error:" in capsys.readouterr().err


def test_static_picture_has_no_controls_nor_ids() -> None:
    view = BoardView(position="r4c3 r ry L2", dice=(DieView(22, "r", 4),), seated="ry")
    live, picture = render_board(view), render_board(view, static=True)
    assert live.count('role="button"') == 50 and live.count(' id="sq-') == 50
    assert 'role="button"' not in picture and " id=" not in picture
    root = parse(picture)
    assert root.get("role") == "img" and root.get("aria-label")
    assert picture.count(" data-square=") == 50 and 'data-die="c3"' in picture


@pytest.mark.parametrize(
    ("bottom", "corner", "edges"),
    [
        # the square at the bottom-left corner of the picture, and where each rive is drawn
        ("r", "a1", {"r": "bottom", "b": "left", "y": "top", "g": "right"}),
        ("y", "j10", {"y": "bottom", "g": "left", "r": "top", "b": "right"}),
        ("b", "a10", {"b": "bottom", "y": "left", "g": "top", "r": "right"}),
        ("g", "j1", {"g": "bottom", "r": "left", "b": "top", "y": "right"}),
    ],
)
def test_the_board_turns_to_put_a_rive_at_the_bottom(
    bottom: str, corner: str, edges: dict[str, str]
) -> None:
    from derive.web.board.svg import MARGIN, SIZE, screen_edge, square_origin

    assert {c: screen_edge(c, bottom) for c in "rbyg"} == edges
    # a10 and j1 are light squares: indexed by file and rank, not parsed
    index = "abcdefghij".index(corner[0]) + SIZE * (int(corner[1:]) - 1)
    assert square_origin(index, bottom) == (MARGIN, MARGIN + (SIZE - 1) * CELL)
    origins = {square_origin(s, bottom) for s in range(SIZE * SIZE)}
    assert len(origins) == SIZE * SIZE  # a rotation: every square still has its own place
    game = Game.from_position("r2c3,y4d4 r rbyg L2")
    root = parse(render_board(replace(board_view(game.explain()), bottom=bottom)))
    assert root.get("data-bottom") == bottom
    assert set(dice_of(root)) == {"c3", "d4"}  # squares keep their names
    strip = root.find(".//s:rect[@class='turn-strip']", NS)
    assert strip is not None
    # red to move: its bar runs along red's rive, wherever that is drawn
    horizontal = float(strip.get("width", 0)) > float(strip.get("height", 0))
    assert horizontal == (edges["r"] in ("top", "bottom"))
