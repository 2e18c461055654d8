"""Xidit's SVG: the board map from a state view and the final scoring chart.

Everything drawn from a view shows only what that view holds, so the public map cannot show a secret
the public view leaves out. Nothing relies on colour alone: roads have a dash pattern and a letter,
players a number in their colour, tiles a shape, categories a hatching.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any

from companion.games.xidit.rules.board import Board
from companion.i18n import N_, NP_
from companion.players import name_or_colour

from .layout import Layout, inside, layout

Translate = Callable[..., str]

PLAYER_FILL = {"blue": "#1f5fbf", "red": "#c62828", "green": "#2e7d32", "yellow": "#f4c20d", "black": "#212121"}
PLAYER_TEXT = {"yellow": "#000", "blue": "#fff", "red": "#fff", "green": "#fff", "black": "#fff"}
ROAD_STYLE = {  # colour: (stroke, width, dash pattern, letter) -- the letters of the boxes' screens
    "black": ("#1b1b1b", 7, "", N_("K")),  # translated: N in French (noir), as on every page and box
    "red": ("#c62828", 7, "22 12", "R"),
    "blue": ("#1565c0", 8, "0.1 14", "B"),
}
UNIT_ABBR = {"militia": "Mi", "archer": "Ar", "infantry": "In", "priest": "Pr", "mage": "Ma"}
REWARD_SIGN = {"gold": "◉", "bards": "♪", "guild": "⌂"}
REGION_FILL = ["#e9f1dc", "#f4ead4", "#e3edf3", "#f1e3e6", "#e8e4f3", "#f3efd9", "#dff0ea", "#f2e6da", "#e6e6e6"]
CITY_R = 24
# The smallest text on the map, in map units: every label is at least this large, so that a phone can open
# the map zoomed just enough for all of them to read (web/static/map.js zooms for this size to be 10 px).
LABEL = 16
MARK = 13  # half the room a road's letter takes (its 22-unit badge and a margin)
ROAD_MARK_WEIGHT = 8.0  # covering a road's letter costs this many times covering as much of a city


def attr(value: Any) -> str:
    return escape(str(value), quote=True)


def fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def players_of(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {p["seat"]: p for p in view.get("players", [])}


def chip(x: float, y: float, player: dict[str, Any], t: Translate, r: float = 13, label: str | None = None) -> str:
    """A round token in the player's colour carrying their seat number: never colour alone."""
    colour = player["colour"]
    text = label if label is not None else str(player["seat"])
    size = max(r * 1.25, LABEL)
    return (f'<g class="chip"><title>{attr(name_or_colour(player, t))}</title>'
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="{PLAYER_FILL.get(colour, "#888")}" '
            f'stroke="#000" stroke-width="2"/>'
            f'<text x="{fmt(x)}" y="{fmt(y + size * 0.35)}" text-anchor="middle" font-size="{fmt(size)}" '
            f'font-weight="bold" fill="{PLAYER_TEXT.get(colour, "#000")}">{attr(text)}</text></g>')


class Boxes:
    """The rectangles already drawn around cities, to put each label where it hides least."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.taken: list[tuple[float, float, float, float, float]] = []  # a rectangle and how much covering it costs

    def add(self, box: tuple[float, float, float, float], weight: float = 1.0) -> None:
        self.taken.append((*box, weight))

    def cost(self, box: tuple[float, float, float, float]) -> float:
        x0, y0, x1, y1 = box
        cost = 0.0
        for a0, b0, a1, b1, weight in self.taken:
            # Plain comparisons first: most rectangles are nowhere near, and this runs for every label spot.
            if a0 >= x1 or a1 <= x0 or b0 >= y1 or b1 <= y0:
                continue
            cost += (min(x1, a1) - max(x0, a0)) * (min(y1, b1) - max(y0, b0)) * weight
        outside = max(0.0, -x0) + max(0.0, x1 - self.width) + max(0.0, -y0) + max(0.0, y1 - self.height)
        return cost + outside * 400

    def place(self, x: float, y: float, w: float, h: float, gap: float = CITY_R + 6,
              corners_first: bool = False) -> tuple[float, float]:
        """The top-left corner of a w x h label beside the point (x, y), the least covered spot."""
        sides = [(x - w / 2, y + gap), (x + gap, y - h / 2), (x - w - gap, y - h / 2), (x - w / 2, y - gap - h)]
        corners = [(x + gap * 0.7, y - gap * 0.7 - h), (x - w - gap * 0.7, y - gap * 0.7 - h),
                   (x + gap * 0.7, y + gap * 0.7), (x - w - gap * 0.7, y + gap * 0.7)]
        best, least = (x, y), float("inf")
        for spot in corners + sides if corners_first else sides + corners:
            cost = self.cost((spot[0], spot[1], spot[0] + w, spot[1] + h))
            if cost < least:  # the first of the least covered spots, as min() would pick
                best, least = spot, cost
                if cost == 0:  # nothing does better than a free spot
                    break
        self.add((best[0], best[1], best[0] + w, best[1] + h))
        return best


def text_width(text: str, size: float) -> float:
    return len(text) * size * 0.62


def map_svg(view: dict[str, Any], board: Board, t: Translate, *, language: str) -> str:
    """The board as the view shows it: regions, roads, cities, tiles, guilds, bards and Idrakys.
    `language` is the one `t` speaks: the roads, a third of the work, are drawn once in each."""
    lay = layout(board)
    players = players_of(view)
    cities = {c["id"]: c for c in view.get("cities", [])}
    regions = {r["id"]: r for r in view.get("regions", [])}
    title = t(N_("The board"))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {fmt(lay.width)} {fmt(lay.height)}" '
           f'role="img" aria-labelledby="map-title" font-family="DejaVu Sans, Verdana, sans-serif" '
           f'data-version="{attr(view.get("version", ""))}">',
           f'<title id="map-title">{attr(title)}</title>',
           '<defs><pattern id="void-hatch" width="14" height="14" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(45)"><rect width="14" height="14" fill="#d6d6d6"/>'
           '<line x1="0" y1="0" x2="0" y2="14" stroke="#9e9e9e" stroke-width="5"/></pattern></defs>']
    out += _regions(lay, board, regions)
    roads = lay.drawn.get(language)
    if roads is None:  # the same on every map of a board: a third of the work, done once per language
        roads = lay.drawn.setdefault(language, _roads(lay, board, t))
    out += roads
    boxes = Boxes(lay.width, lay.height)
    for x, y in lay.cities.values():
        boxes.add((x - CITY_R - 4, y - CITY_R - 4, x + CITY_R + 4, y + CITY_R + 4))
    for x, y in road_marks(lay, board):  # a road's letter is its only sign besides colour: nothing covers it
        boxes.add((x - MARK, y - MARK, x + MARK, y + MARK), ROAD_MARK_WEIGHT)
    labels = _region_labels(lay, board, regions, players, t, boxes)
    out += _cities(lay, board, cities, players, t, boxes)
    out += labels
    out.append("</svg>")
    return "".join(out)


def _regions(lay: Layout, board: Board, regions: dict[int, dict[str, Any]]) -> list[str]:
    out = []
    for rid, polygon in lay.regions.items():
        seen = regions.get(rid, {})
        void = bool(seen.get("void"))
        points = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in polygon)
        fill = "url(#void-hatch)" if void else REGION_FILL[(rid - 1) % len(REGION_FILL)]
        css = "region void" if void else "region bastion" if board.regions[rid].bastion else "region"
        stroke = ' stroke="#6d4c41" stroke-width="10" stroke-opacity="0.35"' if board.regions[rid].bastion else ""
        out.append(f'<polygon class="{css}" data-region="{rid}" points="{points}" fill="{fill}"{stroke}/>')
    return out


def road_marks(lay: Layout, board: Board) -> list[tuple[float, float]]:
    """Where each road's letter stands: the middle of the road, once a road."""
    marks: dict[tuple[int, int, str], tuple[float, float]] = {}
    for (a, colour), b in sorted(board.roads.items()):
        (x0, y0), (x1, y1) = lay.cities[a], lay.cities[b]
        marks.setdefault((min(a, b), max(a, b), colour), ((x0 + x1) / 2, (y0 + y1) / 2))
    return list(marks.values())


def _roads(lay: Layout, board: Board, t: Translate) -> list[str]:
    out = []
    done: set[tuple[int, int, str]] = set()
    for (a, colour), b in sorted(board.roads.items()):
        if (min(a, b), max(a, b), colour) in done:
            continue
        done.add((min(a, b), max(a, b), colour))
        (x0, y0), (x1, y1) = lay.cities[a], lay.cities[b]
        stroke, width, dash, letter = ROAD_STYLE[colour]
        letter = t(letter) if colour == "black" else letter
        title = t(N_("{road} road between cities {a} and {b}"), road=colour, a=a, b=b)
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="road road-{colour}" data-between="{min(a, b)}-{max(a, b)}">'
                   f'<title>{attr(title)}</title>'
                   f'<line x1="{fmt(x0)}" y1="{fmt(y0)}" x2="{fmt(x1)}" y2="{fmt(y1)}" stroke="#fff" '
                   f'stroke-width="{width + 6}" stroke-linecap="round"/>'
                   f'<line x1="{fmt(x0)}" y1="{fmt(y0)}" x2="{fmt(x1)}" y2="{fmt(y1)}" stroke="{stroke}" '
                   f'stroke-width="{width}" stroke-linecap="round"{dashing}/>')
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        out.append(f'<rect x="{fmt(mx - 11)}" y="{fmt(my - 11)}" width="22" height="22" rx="4" fill="#fff" '
                   f'stroke="{stroke}" stroke-width="2"/><text x="{fmt(mx)}" y="{fmt(my + 6)}" text-anchor="middle" '
                   f'font-size="16" font-weight="bold" fill="{stroke}">{letter}</text></g>')
    return out


def _region_labels(lay: Layout, board: Board, regions: dict[int, dict[str, Any]],
                   players: dict[int, dict[str, Any]], t: Translate, boxes: Boxes) -> list[str]:
    out = []
    for rid, (x, y) in lay.anchors.items():
        region = board.regions[rid]
        seen = regions.get(rid, {})
        high, low = region.fame
        title = t(N_("Bastion")) if region.bastion else t(N_("Region {region}"), region=rid)
        head = f"{title} ★{high}/{low}"
        parts: list[str] = []
        if seen.get("void"):
            second = t(N_("void: no bards"))
        elif "bards" in seen:
            second = ""
            parts = [f"{s}:{n}" for s, n in seen["bards"].items()]
        elif "bards_count" in seen:
            second = t(N_("hidden bards: {n}"), n=seen["bards_count"])
            if "own_bards" in seen:
                second += " · " + t(N_("yours: {n}"), n=seen["own_bards"])
        else:
            second = ""
        size = 19
        width = max(text_width(head, size), text_width(second, 16), 30 * len(parts) + 36 * len(parts)) + 16
        height = 30 + (24 if second or parts else 0)
        x, y = label_spot(lay.regions[rid], (x, y), width, height, boxes)
        x0, y0 = x - width / 2, y - height / 2
        boxes.add((x0, y0, x0 + width, y0 + height))
        out.append(f'<g class="region-label" data-region="{rid}">'
                   f'<rect x="{fmt(x0)}" y="{fmt(y0)}" width="{fmt(width)}" height="{fmt(height)}" rx="8" '
                   f'fill="#fff" fill-opacity="0.85" stroke="#8d6e63"/>'
                   f'<text x="{fmt(x)}" y="{fmt(y0 + 22)}" text-anchor="middle" font-size="{size}" '
                   f'font-weight="bold">{attr(head)}</text>')
        if second:
            out.append(f'<text x="{fmt(x)}" y="{fmt(y0 + 46)}" text-anchor="middle" font-size="16">'
                       f'{attr(second)}</text>')
        if parts:
            bards = seen["bards"]
            cx = x - (66 * len(bards)) / 2 + 16
            for seat, count in bards.items():
                player = players.get(int(seat))
                if player is not None:
                    out.append(chip(cx, y0 + 41, player, t, r=11))
                out.append(f'<text x="{fmt(cx + 14)}" y="{fmt(y0 + 47)}" font-size="17" class="bard-count" '
                           f'data-seat="{attr(seat)}">×{attr(count)}</text>')
                cx += 66
        out.append("</g>")
    return out


def label_spot(polygon: list[tuple[float, float]], anchor: tuple[float, float], w: float, h: float,
               boxes: Boxes) -> tuple[float, float]:
    """The centre of a region's w x h label: its anchor, unless the label would cover a road's letter or a
    city there; then the nearest spot inside the region that covers least."""
    best, least = anchor, float("inf")
    for cx, cy in _spots(tuple(polygon), anchor):
        cost = boxes.cost((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        if cost < least - 1e-9:
            best, least = (cx, cy), cost
            if cost == 0:
                break
    return best


# Where a region's label may go, nearest first: the board does not move, so once per region (every map
# drawn for every reader at every change asks again).
_SHIFTS = sorted(((dx, dy) for dx in range(-120, 121, 15) for dy in range(-80, 81, 10)), key=lambda d: math.hypot(*d))


@lru_cache(maxsize=256)
def _spots(polygon: tuple[tuple[float, float], ...], anchor: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    ax, ay = anchor
    return tuple((ax + dx, ay + dy) for dx, dy in _SHIFTS
                 if (dx, dy) == (0, 0) or inside((ax + dx, ay + dy), list(polygon)))


def tile_lines(tile: dict[str, Any]) -> list[str]:
    if tile["side"] == "recruit":
        return [" ".join(UNIT_ABBR[u] for u in tile["units"]) or "–"]
    rewards = " ".join(f"{REWARD_SIGN[r]}{tile[r]}" for r in ("gold", "bards", "guild"))
    return [" ".join(UNIT_ABBR[u] for u in tile["needs"]), rewards]


def _cities(lay: Layout, board: Board, cities: dict[int, dict[str, Any]], players: dict[int, dict[str, Any]],
            t: Translate, boxes: Boxes) -> list[str]:
    out = []
    here: dict[int, list[dict[str, Any]]] = {}
    for player in players.values():
        if player.get("city") is not None:
            here.setdefault(player["city"], []).append(player)
    for cid, (x, y) in sorted(lay.cities.items()):
        city = cities.get(cid, {})
        name = city.get("name") or board.cities.get(cid)
        title = t(N_("City {city}"), city=cid)
        out.append(f'<g class="city" data-city="{cid}"><title>{attr(title)}'
                   f'{attr(" — " + name) if name else ""}</title>'
                   f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{CITY_R}" fill="#fffdf5" stroke="#3e2723" '
                   f'stroke-width="3"/><text x="{fmt(x)}" y="{fmt(y + 8)}" text-anchor="middle" font-size="22" '
                   f'font-weight="bold">{cid}</text></g>')
        standing = here.get(cid, [])
        if standing:
            px, py = boxes.place(x, y, 28.0 * len(standing), 40, gap=CITY_R * 0.6, corners_first=True)
            for k, player in enumerate(standing):
                out.append(_idrakys(px + 14 + 28 * k, py + 18, player, t))
        guild = city.get("guild")
        if guild:
            gh = 8 * int(guild["floors"]) + 22
            gx, gy = boxes.place(x, y, 40, gh, gap=CITY_R * 0.6, corners_first=True)
            out.append(_guild(gx, gy + gh - 38, guild, players, t))
        tile = city.get("tile")
        if tile:
            out.append(_tile(x, y, cid, tile, t, boxes))
        if name:
            w = text_width(name, LABEL)
            nx, ny = boxes.place(x, y, w, LABEL + 4)
            out.append(f'<text class="city-name" x="{fmt(nx + w / 2)}" y="{fmt(ny + LABEL)}" text-anchor="middle" '
                       f'font-size="{LABEL}" font-style="italic">{attr(name)}</text>')
    return out


def _tile(x: float, y: float, cid: int, tile: dict[str, Any], t: Translate, boxes: Boxes) -> str:
    lines = tile_lines(tile)
    size = 16
    width = max(text_width(line, size) for line in lines) + 34
    height = 8 + 21 * len(lines)
    x0, y0 = boxes.place(x, y, width, height)
    recruit = tile["side"] == "recruit"
    kind = t(N_("recruitment")) if recruit else t(N_("threat"))
    if recruit:
        words = ", ".join(t(u) for u in tile["units"])
        title = t(N_("Recruitment tile {n}: {units}"), n=tile["number"], units=words)
        sign = (f'<rect x="{fmt(x0 + 6)}" y="{fmt(y0 + 7)}" width="16" height="16" fill="#fff" stroke="#2e7d32" '
                f'stroke-width="3"/><path d="M{fmt(x0 + 14)} {fmt(y0 + 10)}v10M{fmt(x0 + 9)} {fmt(y0 + 15)}h10" '
                f'stroke="#2e7d32" stroke-width="3"/>')
        fill, stroke = "#f1f8e9", "#2e7d32"
    else:
        words = ", ".join(t(u) for u in tile["needs"])
        title = t(N_("Threat {n}: needs {units}; rewards gold {gold}, bards {bards}, guild floors {guild}"),
                  n=tile["number"], units=words, gold=tile["gold"], bards=tile["bards"], guild=tile["guild"])
        sign = (f'<path d="M{fmt(x0 + 14)} {fmt(y0 + 5)}l9 17h-18z" fill="#fff" stroke="#b71c1c" '
                f'stroke-width="2.5"/><text x="{fmt(x0 + 14)}" y="{fmt(y0 + 21)}" text-anchor="middle" '
                f'font-size="{LABEL}" font-weight="bold" fill="#b71c1c">!</text>')
        fill, stroke = "#fdecea", "#b71c1c"
    texts = "".join(f'<text x="{fmt(x0 + 28)}" y="{fmt(y0 + 21 + 21 * i)}" font-size="{size}">{attr(line)}</text>'
                    for i, line in enumerate(lines))
    return (f'<g class="tile tile-{tile["side"]}" data-city="{cid}" data-kind="{attr(kind)}"><title>{attr(title)}'
            f'</title><rect x="{fmt(x0)}" y="{fmt(y0)}" width="{fmt(width)}" height="{fmt(height)}" rx="5" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>{sign}{texts}</g>')


def _guild(x: float, y: float, guild: dict[str, Any], players: dict[int, dict[str, Any]], t: Translate) -> str:
    """A tower: one block per floor (the count is a shape too), the owner's chip on its roof."""
    owner = players.get(guild["seat"], {"seat": guild["seat"], "colour": "black", "name": None})
    floors = int(guild["floors"])
    title = t(NP_("Guild of {player}: {n} floor", "Guild of {player}: {n} floors"), player=name_or_colour(owner, t),
              n=floors)
    fill = PLAYER_FILL.get(owner["colour"], "#888")
    parts = [f'<g class="guild" data-seat="{owner["seat"]}" data-floors="{floors}"><title>{attr(title)}</title>']
    for k in range(floors):
        parts.append(f'<rect x="{fmt(x)}" y="{fmt(y + 30 - 8 * k)}" width="22" height="7" fill="{fill}" '
                     f'stroke="#000" stroke-width="1.5"/>')
    parts.append(chip(x + 11, y + 30 - 8 * floors - 8, owner, t, r=10))
    parts.append(f'<text x="{fmt(x + 26)}" y="{fmt(y + 36)}" font-size="{LABEL}" font-weight="bold">{floors}</text>'
                 '</g>')
    return "".join(parts)


def _idrakys(x: float, y: float, player: dict[str, Any], t: Translate) -> str:
    """A pin-shaped Idrakys in the player's colour with their seat number (the bards are round)."""
    colour = player["colour"]
    fill = PLAYER_FILL.get(colour, "#888")
    text = PLAYER_TEXT.get(colour, "#000")
    title = t(N_("Idrakys of {player}"), player=name_or_colour(player, t))
    return (f'<g class="idrakys" data-seat="{player["seat"]}"><title>'
            f'{attr(title)}</title>'
            f'<path d="M{fmt(x)} {fmt(y + 16)}L{fmt(x - 12)} {fmt(y)}A13 13 0 1 1 {fmt(x + 12)} {fmt(y)}Z" '
            f'fill="{fill}" stroke="#000" stroke-width="2.5"/>'
            f'<text x="{fmt(x)}" y="{fmt(y + 2)}" text-anchor="middle" font-size="16" font-weight="bold" '
            f'fill="{text}">{player["seat"]}</text></g>')


# ---------------------------------------------------------------------------------- the scoring chart

CATEGORY_FILL = {"wealth": "#c9a227", "influence": "#7e57c2", "fame": "#00897b"}


def chart_svg(view: dict[str, Any], t: Translate) -> str:
    """Each player's wealth, influence and fame (and the neutral player's), as grouped bars. The
    categories differ by hatching as well as colour, and every bar carries its value."""
    rounds = {r["category"]: r for r in view.get("scoring", {}).get("rounds", [])}
    groups: list[tuple[str, dict[str, Any] | None, dict[str, int]]] = []
    for p in view.get("players", []):
        values = {c: int(r["values"].get(str(p["seat"]), 0)) for c, r in rounds.items()}
        groups.append((name_or_colour(p, t), p, values))
    if any("neutral" in r for r in rounds.values()):
        groups.append((t("neutral"), None, {c: int(r["neutral"]["value"]) for c, r in rounds.items()
                                                    if "neutral" in r}))
    order = ("wealth", "influence", "fame")
    top = max([v for _, _, vals in groups for v in vals.values()] + [1])
    bar, gap, left, base, height = 26, 34, 50, 300, 240
    width = left + len(groups) * (3 * bar + gap) + 20
    title = t(N_("Wealth, influence and fame of each player"))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} 400" role="img" '
           f'aria-labelledby="chart-title" font-family="DejaVu Sans, Verdana, sans-serif">',
           f'<title id="chart-title">{attr(title)}</title><defs>',
           '<pattern id="p-wealth" width="8" height="8" patternUnits="userSpaceOnUse">'
           f'<rect width="8" height="8" fill="{CATEGORY_FILL["wealth"]}"/></pattern>',
           '<pattern id="p-influence" width="10" height="10" patternUnits="userSpaceOnUse" '
           f'patternTransform="rotate(45)"><rect width="10" height="10" fill="{CATEGORY_FILL["influence"]}"/>'
           '<line x1="0" y1="0" x2="0" y2="10" stroke="#fff" stroke-width="4"/></pattern>',
           '<pattern id="p-fame" width="10" height="10" patternUnits="userSpaceOnUse">'
           f'<rect width="10" height="10" fill="{CATEGORY_FILL["fame"]}"/>'
           '<circle cx="5" cy="5" r="2.2" fill="#fff"/></pattern></defs>',
           f'<line x1="{left - 6}" y1="{base}" x2="{width - 10}" y2="{base}" stroke="#000" stroke-width="2"/>']
    for gi, (label, player, vals) in enumerate(groups):
        gx = left + gi * (3 * bar + gap)
        for ci, category in enumerate(order):
            if category not in vals:
                continue
            value = vals[category]
            h = height * value / top
            x = gx + ci * bar
            out.append(f'<g class="bar" data-category="{category}" data-value="{value}"><title>'
                       f'{attr(label)}: {attr(t(category))} {value}</title>'
                       f'<rect x="{x}" y="{fmt(base - h)}" width="{bar - 3}" height="{fmt(h)}" '
                       f'fill="url(#p-{category})" stroke="#000" stroke-width="1.5"/>'
                       f'<text x="{x + (bar - 3) / 2}" y="{fmt(base - h - 6)}" text-anchor="middle" '
                       f'font-size="16" font-weight="bold">{value}</text></g>')
        centre = gx + 3 * bar / 2
        if player is not None:
            out.append(chip(centre, base + 24, player, t, r=13))
        else:
            out.append(f'<rect x="{centre - 13}" y="{base + 11}" width="26" height="26" fill="#bbb" stroke="#000"/>'
                       f'<text x="{centre}" y="{base + 30}" text-anchor="middle" font-size="16">N</text>')
        out.append(f'<text x="{centre}" y="{base + 60}" text-anchor="middle" font-size="15">{attr(label[:13])}</text>')
    lx = left
    for category in order:
        out.append(f'<rect x="{lx}" y="366" width="22" height="22" fill="url(#p-{category})" stroke="#000"/>'
                   f'<text x="{lx + 28}" y="384" font-size="17">{attr(t(category))}</text>')
        lx += 34 + int(text_width(t(category), 17))
    out.append("</svg>")
    return "".join(out)
