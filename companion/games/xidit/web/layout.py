"""Where the map draws each city and region: the pack's coordinates when it has them, otherwise a
deterministic layout of the road graph. Computed once per board.

Regions are faces of the road map: each is drawn as the polygon through its border cities in the
order of the shortest closed tour, which never crosses itself, so a face comes out as a face.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from itertools import permutations

from companion.games.xidit.rules.board import Board

WIDTH = 1000.0  # the map's drawing width; its height follows the layout's proportions
MARGIN = 90.0  # room for the tiles, guilds and Idrakys drawn around the outer cities

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    width: float
    height: float
    cities: dict[int, Point]
    regions: dict[int, list[Point]]  # region id -> polygon
    anchors: dict[int, Point]  # region id -> where its label goes
    from_pack: bool
    # What every map of this board draws alike (its roads, by language): made once, kept with the layout.
    drawn: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)


_cache: dict[str, Layout] = {}  # by the pack's sha256: a board is known by its pack
_lock = threading.Lock()


def layout(board: Board) -> Layout:
    """The layout of a board, computed once per pack (a board built in code, with no pack, each time)."""
    if not board.sha256:
        return _make(board)
    with _lock:
        found = _cache.get(board.sha256)
    if found is None:
        found = _make(board)
        with _lock:
            found = _cache.setdefault(board.sha256, found)
    return found


def _make(board: Board) -> Layout:
    raw = dict(board.positions) if len(board.positions) == len(board.cities) else {}
    from_pack = bool(raw)
    faces = face_cycles(board)
    if not raw:
        raw = planar_layout(board, faces) or spring_layout(board)
    cities, width, height = _fit(raw)
    regions: dict[int, list[Point]] = {}
    anchors: dict[int, Point] = {}
    for rid, region in sorted(board.regions.items()):
        tour = faces.get(rid) or shortest_tour(sorted(region.cities), cities)
        polygon = [cities[c] for c in tour]
        if not from_pack and len(polygon) > 3 and not simple(polygon):
            polygon = [cities[c] for c in shortest_tour(sorted(region.cities), cities)]
        regions[rid] = polygon
        anchors[rid] = label_point(polygon)
    return Layout(width, height, cities, regions, anchors, from_pack)


def _fit(raw: dict[int, Point]) -> tuple[dict[int, Point], float, float]:
    """Scales the positions to the drawing width, keeping their proportions, inside a margin."""
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span_x = max(xs) - min(xs) or 1.0
    span_y = max(ys) - min(ys) or 1.0
    scale = (WIDTH - 2 * MARGIN) / span_x
    if span_y * scale > 1.4 * WIDTH:  # a very tall map: fit its height instead
        scale = 1.4 * WIDTH / span_y
    cities = {c: (round(MARGIN + (x - min(xs)) * scale, 1), round(MARGIN + (y - min(ys)) * scale, 1))
              for c, (x, y) in raw.items()}
    return cities, WIDTH, round(span_y * scale + 2 * MARGIN, 1)


def neighbours(board: Board) -> dict[int, set[int]]:
    near: dict[int, set[int]] = {c: set() for c in board.cities}
    for (city, _colour), other in board.roads.items():
        near.setdefault(city, set()).add(other)
    return near


def face_cycles(board: Board) -> dict[int, list[int]]:
    """Each region's border cities in the order of the roads around it (the face of the road map),
    for the regions whose cities are joined by one closed loop of roads."""
    near = neighbours(board)
    found: dict[int, list[int]] = {}
    for rid, region in board.regions.items():
        loop = closed_loop(region.cities, near)
        if loop is not None:
            found[rid] = loop
    return found


def closed_loop(cities: frozenset[int], near: dict[int, set[int]]) -> list[int] | None:
    """A cycle of roads through every one of the cities and no other (a small search: a region
    borders a handful of cities, each on at most three roads)."""
    if len(cities) < 3:
        return None
    inside_ = {c: near.get(c, set()) & cities for c in cities}
    start = min(cities)
    path = [start]

    def extend() -> bool:
        if len(path) == len(cities):
            return start in inside_[path[-1]]
        for nxt in sorted(inside_[path[-1]] - set(path)):
            path.append(nxt)
            if extend():
                return True
            path.pop()
        return False

    return path if extend() else None


def planar_layout(board: Board, faces: dict[int, list[int]]) -> dict[int, Point] | None:
    """Tutte's drawing: the cities around the outside of the map on a circle, every other city at the
    mean of its neighbours. For a map whose regions are its faces, no two roads cross. None when the
    regions do not close the map (the spring layout then stands in)."""
    if len(faces) != len(board.regions):
        return None
    count: dict[frozenset[int], int] = {}
    for cycle in faces.values():
        for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            count[frozenset((a, b))] = count.get(frozenset((a, b)), 0) + 1
    outer: dict[int, list[int]] = {}
    for edge, n in count.items():
        if n == 1:
            a, b = sorted(edge)
            outer.setdefault(a, []).append(b)
            outer.setdefault(b, []).append(a)
    if len(outer) < 3 or any(len(v) != 2 for v in outer.values()):
        return None
    ring = [min(outer)]
    while len(ring) < len(outer):
        step = [c for c in outer[ring[-1]] if c not in ring]
        if not step:
            return None
        ring.append(step[0])
    if ring[0] not in outer[ring[-1]]:
        return None
    pos = {c: (math.cos(2 * math.pi * i / len(ring)), math.sin(2 * math.pi * i / len(ring)))
           for i, c in enumerate(ring)}
    near = neighbours(board)
    free = sorted(c for c in board.cities if c not in pos)
    for c in free:
        pos[c] = (0.0, 0.0)
    for _ in range(500):
        for c in free:
            around = [pos[n] for n in near[c]] or [(0.0, 0.0)]
            pos[c] = (sum(p[0] for p in around) / len(around), sum(p[1] for p in around) / len(around))
    if len({(round(x, 3), round(y, 3)) for x, y in pos.values()}) < len(pos):
        return None  # two cities on one spot (a city with no road, say)
    return {c: (round(x, 4), round(y, 4)) for c, (x, y) in pos.items()}


def simple(polygon: list[Point]) -> bool:
    """Whether no two sides of the polygon cross."""
    sides = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    for i, (a, b) in enumerate(sides):
        for c, d in sides[i + 1:]:
            if {a, b} & {c, d}:
                continue
            if _side(a, b, c) * _side(a, b, d) < 0 and _side(c, d, a) * _side(c, d, b) < 0:
                return False
    return True


def _side(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def spring_layout(board: Board, rounds: int = 400) -> dict[int, Point]:
    """A force-directed layout with no randomness: cities start on a circle in id order, roads pull
    their ends together, cities of one region pull gently, every pair pushes apart."""
    ids = sorted(board.cities)
    n = len(ids)
    pos = {c: [math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)] for i, c in enumerate(ids)}
    edges = {tuple(sorted((a, b))) for (a, _colour), b in board.roads.items()}
    together = {tuple(sorted((a, b))) for r in board.regions.values() for a in r.cities for b in r.cities if a < b}
    ideal = 1.0 / math.sqrt(n)
    step = 0.1
    for _ in range(rounds):
        move = {c: [0.0, 0.0] for c in ids}
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = math.hypot(dx, dy) or 1e-6
                push = ideal * ideal / d
                pull = 0.0
                if (a, b) in edges:
                    pull += d * d / ideal
                if (a, b) in together:
                    pull += 0.15 * d * d / ideal
                force = (push - pull) / d
                move[a][0] += dx * force
                move[a][1] += dy * force
                move[b][0] -= dx * force
                move[b][1] -= dy * force
        for c in ids:
            mx, my = move[c]
            length = math.hypot(mx, my) or 1e-6
            pos[c][0] += mx / length * min(length, step)
            pos[c][1] += my / length * min(length, step)
        step = max(0.002, step * 0.985)
    return {c: (round(p[0], 4), round(p[1], 4)) for c, p in pos.items()}


def shortest_tour(cities: list[int], pos: dict[int, Point]) -> list[int]:
    """The closed tour through the cities with the least length (a small region borders at most a
    handful of cities, so every order is tried); more than nine: ordered by angle around the centre."""
    if len(cities) <= 3:
        return list(cities)
    if len(cities) > 9:
        cx = sum(pos[c][0] for c in cities) / len(cities)
        cy = sum(pos[c][1] for c in cities) / len(cities)
        return sorted(cities, key=lambda c: math.atan2(pos[c][1] - cy, pos[c][0] - cx))
    first, rest = cities[0], cities[1:]
    best: tuple[float, list[int]] | None = None
    for order in permutations(rest):
        if order[0] > order[-1]:
            continue  # the same tour the other way round
        tour = [first, *order]
        length = sum(math.dist(pos[tour[i]], pos[tour[(i + 1) % len(tour)]]) for i in range(len(tour)))
        if best is None or length < best[0] - 1e-9:
            best = (length, tour)
    assert best is not None
    return best[1]


def label_point(polygon: list[Point]) -> Point:
    """The polygon's centroid, or the mean of its corners when the centroid falls outside it."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    mean = (sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon))
    if abs(area) < 1e-9:
        return mean
    centroid = (cx / (3 * area), cy / (3 * area))
    return centroid if inside(centroid, polygon) else mean


def inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found
