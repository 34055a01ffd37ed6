"""The evaluation graph: one point per ply reviewed, lines per player, mistakes marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from derive.web.board.palette import SIDES
from derive.web.review.graph import MARKS, WIDTH, Point, graph_svg, lines_for
from tests.web_helpers import plain

NS = "{http://www.w3.org/2000/svg}"


def _points(n: int, colours: str) -> list[Point]:
    share = 1 / len(colours)
    return [
        Point(ply, {c: min(1.0, share + (0.01 * ply if c == colours[0] else 0)) for c in colours})
        for ply in range(n)
    ]


def test_one_element_per_ply_from_the_start() -> None:
    svg = graph_svg(_points(61, "ry"), "ry", total=60)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg" and "data-review" in root.attrib
    plies = [el.get("data-ply") for el in root.iter() if el.get("data-ply") is not None]
    assert plies == [str(n) for n in range(61)]


def test_two_players_share_one_line_and_more_get_one_each() -> None:
    assert lines_for("ry") == ("r",)
    assert lines_for("ryb") == ("r", "y", "b")
    for colours, expected in (("ry", ["r"]), ("ybr", ["y", "b", "r"]), ("rbyg", list("rbyg"))):
        root = ET.fromstring(graph_svg(_points(5, colours), colours, total=10))
        lines = [el.get("data-colour") for el in root.iter(NS + "polyline")]
        assert lines == expected
        for line in root.iter(NS + "polyline"):
            assert len(line.get("points", "").split()) == 5


def test_among_three_each_line_goes_through_its_own_moves() -> None:
    # Each side's chance is high when it is about to move: a line through every ply
    # would zig-zag with the turn, whoever is winning.
    colours = "rby"
    points = [Point(0, {c: 1 / 3 for c in colours})]
    for ply in range(1, 10):
        mover = colours[(ply - 1) % 3]
        after = colours[ply % 3]  # to move: the tempo's bump
        points.append(
            Point(ply, {c: 0.5 if c == after else 0.25 for c in colours}, None, mover, "a1+")
        )
    root = ET.fromstring(graph_svg(points, colours, total=9))
    lines = {
        el.get("data-colour"): el.get("points", "").split() for el in root.iter(NS + "polyline")
    }
    # The start, that side's own three moves and, for the two who did not make it, the end.
    assert {c: len(line) for c, line in lines.items()} == {"r": 5, "b": 5, "y": 4}
    for line in lines.values():
        # Flat through its own moves: nobody gained, only the turn went round.
        assert len({round(float(xy.split(",")[1]), 1) for xy in line[1:4]}) == 1
    # One dot a ply, the mover's, in its colour; the start's for everyone.
    dots = {
        g.get("data-ply"): [c.get("fill") for c in g.iter(NS + "circle")]
        for g in root.iter(NS + "g")
        if g.get("data-ply")
    }
    assert dots["0"] == [SIDES[c].pip for c in colours]
    assert dots["4"] == [SIDES["r"].pip]
    assert len(dots["9"]) == 3  # the end: every line's last point


def test_mistakes_are_marked_and_good_moves_not() -> None:
    points = _points(6, "ry")
    points[2] = Point(2, points[2].chances, "blunder", "y")
    points[4] = Point(4, points[4].chances, "inaccuracy", "r")
    points[5] = Point(5, points[5].chances, "unlucky", "y")  # luck is no mistake
    root = ET.fromstring(graph_svg(points, "ry", total=5, current=2))
    marked = {
        g.get("data-ply"): mark.get("data-mark")
        for g in root.iter(NS + "g")
        for mark in g.iter(NS + "circle")
        if mark.get("data-mark")
    }
    assert marked == {"2": "blunder", "4": "inaccuracy"}
    current = [
        g.get("data-ply") for g in root.iter(NS + "g") if "review-current" in g.get("class", "")
    ]
    assert current == ["2"]


def test_higher_chance_is_drawn_higher_and_titles_say_it() -> None:
    points = [Point(0, {"r": 0.5, "y": 0.5}), Point(1, {"r": 0.9, "y": 0.1})]
    svg = graph_svg(points, "ry", total=1, lang="fr")
    ys = [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]
    assert ys[1] < ys[0]
    assert "Coup 1 : Rouge 90 %, Jaune 10 %" in plain(svg)


def test_a_partial_review_is_drawn_on_the_whole_game_axis() -> None:
    root = ET.fromstring(graph_svg(_points(3, "ry"), "ry", total=60))
    assert len([el for el in root.iter() if el.get("data-ply")]) == 3
    dots = [c for g in root.iter(NS + "g") if g.get("data-ply") for c in g.iter(NS + "circle")]
    xs = [float(c.get("cx", 0)) for c in dots]
    assert max(xs) < WIDTH / 4  # 2 of 60 plies: far left


def _texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(NS + "text")]


def test_a_scale_of_0_to_100_percent_for_the_player_viewing_it() -> None:
    points = [Point(0, {"r": 0.5, "y": 0.5}), Point(1, {"r": 0.2, "y": 0.8}, None, "r", "c1-d2")]
    for viewer, other, name, seen in (("y", "r", "Yellow", 0.8), ("r", "y", "Red", 0.2)):
        root = ET.fromstring(graph_svg(points, "ry", total=1, viewer=viewer))
        texts = _texts(root)
        assert {"0%", "50%", "100%"} <= set(texts)
        assert f"{name}'s chance of winning" in texts
        assert name in root.get("aria-label", "")
        (line,) = root.iter(NS + "polyline")
        assert line.get("data-colour") == viewer
        assert line.get("stroke") == SIDES[viewer].pip
        # The line's last point stands at the viewer's chance on the figures' scale.
        guides = sorted(
            float(g.get("y1", 0)) for g in root.iter(NS + "line") if "tick" in g.get("class", "")
        )
        ys = {"100%": guides[0], "0%": guides[-1]}
        last_y = float((line.get("points") or "").split()[-1].split(",")[1])
        fraction = (ys["0%"] - last_y) / (ys["0%"] - ys["100%"])
        assert fraction == pytest.approx(seen, abs=0.03)
        # Under the line the viewer's colour, over it the other's.
        areas = {a.get("data-colour"): a.get("fill") for a in root.iter(NS + "polygon")}
        assert areas == {viewer: SIDES[viewer].pip, other: SIDES[other].pip}
    # Nobody in particular (two computers, or two people): the first side.
    assert lines_for("ry", None) == ("r",) and lines_for("ry", "g") == ("r",)


def test_the_legend_names_the_colours_and_the_marks_in_the_language() -> None:
    root = ET.fromstring(graph_svg(_points(4, "ry"), "ry", total=4, lang="fr"))
    legend = next(g for g in root.iter(NS + "g") if g.get("class") == "review-legend")
    words = _texts(legend)
    assert words == ["Chances de gain de Rouge", "Rouge", "Jaune", "imprécision", "erreur", "gaffe"]
    swatches = {r.get("data-legend"): r.get("fill") for r in legend.iter(NS + "rect")}
    assert swatches == {"r": SIDES["r"].pip, "y": SIDES["y"].pip}
    assert [c.get("data-legend") for c in legend.iter(NS + "circle")] == list(MARKS)
    # Each row's entries placed one after another, inside the graph, even with four.
    many = ET.fromstring(graph_svg(_points(4, "rbyg"), "rbyg", total=4))
    assert "Chance of winning" in _texts(many)
    for graph in (legend, many):
        rows: dict[str, list[tuple[float, str]]] = {}
        for t in graph.iter(NS + "text"):
            if t.get("text-anchor") != "end":  # not the scale's figures
                rows.setdefault(t.get("y", ""), []).append((float(t.get("x", 0)), t.text or ""))
        for row in rows.values():
            xs = [x for x, _ in row]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)
            last_x, last = row[-1]
            assert last_x + 0.55 * 11 * len(last) < WIDTH


def test_each_point_carries_its_figures_in_words_for_a_tap() -> None:
    points = [
        Point(0, {"r": 0.5, "y": 0.5}),
        Point(1, {"r": 0.62, "y": 0.38}, "blunder", "y", "f10-d8"),
    ]
    for lang, said in (
        ("en", "Move 1, Yellow played f10-d8 (blunder): Red 62%, Yellow 38%"),
        ("fr", "Coup 1, Jaune a joué f10-d8 (gaffe) : Rouge 62 %, Jaune 38 %"),
    ):
        root = ET.fromstring(graph_svg(points, "ry", total=1, lang=lang))
        plies = {g.get("data-ply"): g for g in root.iter(NS + "g") if g.get("data-ply")}
        assert plain(plies["1"].get("data-words") or "") == said
        assert plain(plies["1"].findtext(NS + "title") or "") == said
        first = plain(plies["0"].get("data-words", ""))
        assert first.startswith(("Move 0: Red 50%", "Coup 0 : Rouge 50 %"))
