"""Where the map draws things: the pack's optional city coordinates, else a deterministic layout."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from itertools import combinations
from pathlib import Path

from companion.games.xidit.boards import check_pack, default_pack, default_pack_text, parse_pack
from companion.games.xidit.web.layout import (
    Layout,
    face_cycles,
    inside,
    layout,
    planar_layout,
    shortest_tour,
    spring_layout,
)

ROOT = Path(__file__).parent.parent.parent.parent  # tests/
SCENARIO_PACK = (ROOT / "games" / "xidit" / "packs" / "scenario-board.toml").read_text("utf-8")


def crosses(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]) -> bool:
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def simple(polygon: list[tuple[float, float]]) -> bool:
    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    return not any(crosses(*e, *f) for e, f in combinations(edges, 2) if not set(e) & set(f))


def test_the_default_pack_places_every_city_on_its_drawn_map() -> None:
    board = default_pack()
    assert sorted(board.positions) == list(range(1, 22))
    drawn = layout(board)
    assert drawn.from_pack
    # The ASCII map: 14 top left, 18 top right, 1 bottom left, 7 bottom right; the Bastion in the middle.
    assert drawn.cities[14][0] < drawn.cities[19][0] < drawn.cities[18][0]
    assert drawn.cities[14][1] < drawn.cities[4][1] < drawn.cities[1][1]
    assert inside(drawn.anchors[9], drawn.regions[9])
    check_regions(drawn)


def check_regions(drawn: Layout) -> None:
    for rid, polygon in drawn.regions.items():
        assert simple(polygon), rid
        assert inside(drawn.anchors[rid], polygon), rid
    for a, b in combinations(drawn.cities.values(), 2):
        assert math.dist(a, b) > 20
    for x, y in drawn.cities.values():
        assert 0 < x < drawn.width and 0 < y < drawn.height


def test_a_pack_without_coordinates_gets_a_planar_deterministic_layout() -> None:
    board = parse_pack(SCENARIO_PACK)
    assert board.positions == {}
    faces = face_cycles(board)
    assert len(faces) == 9
    first = planar_layout(board, faces)
    assert first is not None and first == planar_layout(board, faces)  # no randomness
    drawn = layout(board)
    assert not drawn.from_pack and len(drawn.cities) == 21 and len(drawn.regions) == 9
    check_regions(drawn)
    roads = {tuple(sorted((a, b))) for (a, _colour), b in board.roads.items()}
    for (a, b), (c, d) in combinations(roads, 2):
        if not {a, b} & {c, d}:
            assert not crosses(drawn.cities[a], drawn.cities[b], drawn.cities[c], drawn.cities[d]), (a, b, c, d)


def test_a_map_whose_regions_do_not_close_falls_back_to_springs() -> None:
    board = parse_pack(SCENARIO_PACK)
    scattered = replace(board.regions[5], cities=frozenset({1, 9, 14}))  # not one loop of roads
    open_map = replace(board, regions={**board.regions, 5: scattered})
    assert planar_layout(open_map, face_cycles(open_map)) is None
    springs = spring_layout(open_map)
    assert springs == spring_layout(open_map) and len(set(springs.values())) == 21
    drawn = layout(open_map)
    assert len(drawn.cities) == 21 and len(drawn.regions) == 9


def test_the_shortest_tour_never_crosses_itself() -> None:
    square = {1: (0.0, 0.0), 2: (10.0, 10.0), 3: (10.0, 0.0), 4: (0.0, 10.0)}
    tour = shortest_tour([1, 2, 3, 4], square)
    assert simple([square[c] for c in tour]) and tour[0] == 1


def with_city_lines(text: str, edit: dict[int, str]) -> str:
    """The default pack with the coordinate lines of some cities replaced."""
    def replace(match: re.Match[str]) -> str:
        city = int(match.group(1))
        return f"[[city]]\nid = {city}\n{edit[city]}" if city in edit else match.group(0)
    return re.sub(r"\[\[city\]\]\nid = (\d+)\nx = -?[\d.]+\ny = -?[\d.]+", replace, text)


def lines(text: str) -> list[str]:
    return [problem.line for problem in check_pack(text)]


def test_coordinates_are_checked() -> None:
    text = default_pack_text()
    assert check_pack(text) == []
    missing = lines(with_city_lines(text, {3: "", 5: ""}))
    assert missing == ["city: x, y are given for some cities only: missing on 3, 5"]
    lonely = lines(with_city_lines(text, {4: "x = 50"}))
    assert any("city[3] (id 4): x and y go together" in line for line in lonely)
    word = lines(with_city_lines(text, {6: 'x = "left"\ny = 3'}))
    assert any("x must be a number" in line for line in word)
    twice = lines(with_city_lines(text, {2: "x = 50\ny = 50"}))
    assert any("drawn at the same place as" in line for line in twice)
    floats = parse_pack(with_city_lines(text, {2: "x = 260.5\ny = 780.25"}))
    assert floats.positions[2] == (260.5, 780.25)
