"""The seat page's small map: the board as the seat's view shows it, with the path the seat's own draft
would take drawn over it (numbered stops, a mark where an action would find something to do).

Only the reader's own forecast is drawn, and only while they program: nobody else's orders are ever
on it (the program itself is secret until the reveal, §3)."""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.preview import Slot

from .layout import layout
from .svg import PLAYER_FILL, Translate, attr, fmt, map_svg

DOING = {"recruit", "threat", "colossus"}  # an action that would do something: marked on the path


def path_svg(board: Board, start: int, slots: tuple[Slot, ...], seat: int, colour: str) -> str:
    """The path of a forecast: a line through the cities it passes and each slot's number at its city."""
    lay = layout(board)
    if start not in lay.cities:
        return ""
    stroke = PLAYER_FILL.get(colour, "#444")
    points = [lay.cities[start]]
    for slot in slots:
        if slot.effect == "move" and slot.city in lay.cities:
            points.append(lay.cities[slot.city])
    out = [f'<g class="seat-path" data-path-seat="{seat}" pointer-events="none">']
    if len(points) > 1:
        line = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        # Wide and see-through, unlike any road (narrow and opaque): the roads stay readable under it.
        out.append(f'<polyline points="{line}" fill="none" stroke="{stroke}" stroke-width="20" '
                   f'stroke-linejoin="round" stroke-linecap="round" opacity="0.35"/>')
    # The numbers of the slots that end on each city, in a badge above it.
    stops: dict[int, list[str]] = {}
    for n, slot in enumerate(slots, start=1):
        if slot.city in lay.cities and (slot.effect == "move" or slot.order == "action"):
            stops.setdefault(slot.city, []).append(f"{n}{'!' if slot.effect in DOING else ''}")
    for city, labels in stops.items():
        x, y = lay.cities[city]
        text = " ".join(labels)
        width = 16 + 18 * len(text)  # large enough to read on a phone, where the map is a third of its size
        out.append(f'<g class="stop" data-city-stop="{city}"><rect x="{fmt(x - width / 2)}" y="{fmt(y - 72)}" '
                   f'width="{fmt(width)}" height="40" rx="9" fill="#fff" stroke="{stroke}" stroke-width="4"/>'
                   f'<text x="{fmt(x)}" y="{fmt(y - 42)}" text-anchor="middle" font-size="30" font-weight="bold" '
                   f'fill="#000">{attr(text)}</text></g>')
    out.append("</g>")
    return "".join(out)


def seat_map_svg(view: dict[str, Any], board: Board, t: Translate, *, language: str, seat: int,
                 slots: tuple[Slot, ...]) -> str:
    """The map of the seat's view, with the path of its own draft while it programs."""
    base = map_svg(view, board, t, language=language)
    me = next((p for p in view.get("players", []) if p["seat"] == seat), None)
    if me is None or not me.get("city") or not slots:
        return base
    return base[:-len("</svg>")] + path_svg(board, me["city"], slots, seat, me["colour"]) + "</svg>"
