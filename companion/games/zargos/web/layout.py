"""Where each province and sea space is drawn: a schematic from the pack's graph, since a pack has no
coordinates (the provisional one is invented, the owner's real one gives none either). Zargos sits at the
centre (the Forbidden City, the three around it, its coastal ring), the ten kingdoms on a circle around
it in the pack's order, each kingdom's provinces on a small circle of their own, the capital first; a sea
space sits between the provinces it borders, pushed outwards so that it does not cover them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules import Board
from ..rules.board import ZARGOS

SIZE = 1500
CENTRE = SIZE / 2
RING = 570  # the kingdoms' circle
CLUSTER = 100
SEAS = 385  # the sea spaces' circle, between Zargos's coast and the kingdoms  # a kingdom's provinces around its centre


@dataclass(frozen=True)
class Layout:
    provinces: dict[str, tuple[float, float]]
    kingdoms: dict[str, tuple[float, float]]  # each kingdom's centre (its name is written there)
    seas: dict[str, tuple[float, float]]


def _on_circle(cx: float, cy: float, radius: float, n: int, k: int, turn: float = 0.0) -> tuple[float, float]:
    angle = turn + 2 * math.pi * k / max(n, 1) - math.pi / 2
    return cx + radius * math.cos(angle), cy + radius * math.sin(angle)


def layout(board: Board) -> Layout:
    provinces: dict[str, tuple[float, float]] = {}
    kingdoms: dict[str, tuple[float, float]] = {}
    provinces[board.forbidden_city] = (CENTRE, CENTRE)
    for k, p in enumerate(board.around):
        provinces[p] = _on_circle(CENTRE, CENTRE, 95, len(board.around), k)
    rest = [p for p in board.kingdoms[ZARGOS].provinces if p not in provinces] if ZARGOS in board.kingdoms else \
        [p for p in board.provinces if board.in_zargos(p) and p not in provinces]
    for k, p in enumerate(rest):
        provinces[p] = _on_circle(CENTRE, CENTRE, 225, len(rest), k, turn=math.pi / len(rest))
    kingdoms[ZARGOS] = (CENTRE, CENTRE - 300)
    outer = [k for k in board.kingdoms.values() if k.id != ZARGOS]
    for n, kingdom in enumerate(outer):
        cx, cy = _on_circle(CENTRE, CENTRE, RING, len(outer), n)
        kingdoms[kingdom.id] = (cx, cy)
        members = sorted(kingdom.provinces, key=lambda p: (p != kingdom.capital, p))
        provinces[members[0]] = (cx, cy)
        ring = members[1:]
        for k, p in enumerate(ring):
            provinces[p] = _on_circle(cx, cy, CLUSTER, len(ring), k, turn=2 * math.pi * n / len(outer))
    for p in board.provinces:  # a province of a kingdom the pack does not list (a checked pack has none)
        provinces.setdefault(p, (CENTRE, CENTRE))
    seas: dict[str, tuple[float, float]] = {}
    taken: list[float] = []
    for sea in board.seas.values():
        coast = [provinces[p.id] for p in board.provinces.values() if sea.id in p.seas and not board.in_zargos(p.id)]
        # On a circle between Zargos and the kingdoms, at the mean bearing of the kingdoms' coasts it touches.
        x = sum(c[0] - CENTRE for c in coast) if coast else 0.0
        y = sum(c[1] - CENTRE for c in coast) if coast else -1.0
        angle = math.atan2(y, x)
        while any(abs(math.remainder(angle - a, 2 * math.pi)) < 0.3 for a in taken):
            angle += 0.3
        taken.append(angle)
        radius = SEAS
        seas[sea.id] = (CENTRE + radius * math.cos(angle), CENTRE + radius * math.sin(angle))
    return Layout(provinces, kingdoms, seas)
