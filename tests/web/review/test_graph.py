"""The evaluation graph: one point per ply reviewed, lines per player, mistakes marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from derive.web.review.graph import Point, graph_svg, lines_for

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
    assert "Coup 1 : Rouge 90 %, Jaune 10 %" in svg


def test_a_partial_review_is_drawn_on_the_whole_game_axis() -> None:
    root = ET.fromstring(graph_svg(_points(3, "ry"), "ry", total=60))
    assert len([el for el in root.iter() if el.get("data-ply")]) == 3
    xs = [float(c.get("cx", 0)) for c in root.iter(NS + "circle")]
    assert max(xs) < 100  # 2 of 60 plies: far left
