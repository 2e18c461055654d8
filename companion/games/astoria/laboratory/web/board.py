"""The laboratory drawn twice (L9.3, A-17): once as team A sees it, once as team B sees it across the table,
each slot with its gems (at most 3, L4.1) and the table's slot number, the centre and its gem (L7.7). Team
B's drawing places at each position the slot the pack says it faces there (`facing`), so a card held upright
by a player of either team is read against the drawing of his side."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from companion.i18n import N_

from .words import FILL, INK, Translate, colour_name

RADIUS, SLOT, GEM = 92, 34, 10  # the circle of slots, a slot, a gem
WIDTH, HEIGHT = 560, 340


def _position(p: int, cx: float, cy: float) -> tuple[float, float]:
    """Position p (0 at the top, then clockwise) around a laboratory centred on (cx, cy)."""
    angle = math.radians(-90 + 60 * p)
    return cx + RADIUS * math.cos(angle), cy + RADIUS * math.sin(angle)


def _gems(colours: list[str], x: float, y: float, t: Translate) -> list[str]:
    offsets = {1: [(0, 0)], 2: [(-11, 0), (11, 0)], 3: [(-11, 7), (11, 7), (0, -11)]}.get(len(colours), [])
    out = []
    for (dx, dy), colour in zip(offsets, colours, strict=False):
        name = escape(colour_name(t, colour))
        out.append(f'<circle class="gem" cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="{GEM}" fill="{FILL[colour]}" '
                   f'stroke="#222" stroke-width="1"><title>{name}</title></circle>'
                   f'<text x="{x + dx:.1f}" y="{y + dy + 3.5:.1f}" font-size="10" text-anchor="middle" '
                   f'fill="{INK[colour]}" aria-hidden="true">{escape(name[:1].upper())}</text>')
    return out


def _laboratory(view: dict[str, Any], team: int, cx: float, cy: float, t: Translate) -> list[str]:
    lab, facing = view.get("laboratory") or [[] for _ in range(6)], view.get("facing") or list(range(6))
    side = t(N_("Team {team}'s side"), team="AB"[team])
    out = [f'<g class="lab" data-team="{"AB"[team]}"><text x="{cx}" y="{cy + RADIUS + SLOT + 22}" '
           f'text-anchor="middle" font-size="15" font-weight="bold">{escape(side)}</text>',
           f'<circle cx="{cx}" cy="{cy}" r="{RADIUS}" fill="none" stroke="#bbb" stroke-dasharray="4 4"/>']
    for p in range(6):
        slot = p if team == 0 else facing[p]
        x, y = _position(p, cx, cy)
        gems = lab[slot] if slot < len(lab) else []
        label = t(N_("Slot {slot}: {gems}"), slot=slot + 1,
                  gems=", ".join(colour_name(t, c) for c in gems) or t(N_("empty")))
        out.append(f'<g class="slot" data-slot="{slot + 1}"><title>{escape(label)}</title>'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SLOT}" fill="#f6f1e4" stroke="#6b5b3e" stroke-width="2"/>'
                   f'<text x="{x + SLOT * 0.72:.1f}" y="{y - SLOT * 0.62:.1f}" font-size="13" font-weight="bold" '
                   f'text-anchor="middle" fill="#6b5b3e">{slot + 1}</text>')
        out.extend(_gems(list(gems), x, y, t))
        out.append("</g>")
    centre = view.get("centre")
    # Named outside the f-string: the catalog's extractor reads no call inside one before Python 3.12.
    named = escape(t(N_("The centre")))
    out.append(f'<g class="centre"><title>{named}</title>'
               f'<circle cx="{cx}" cy="{cy}" r="22" fill="#e8e2f4" stroke="#554" stroke-width="1.5"/>')
    out.extend(_gems([centre], cx, cy, t) if centre else [])
    out.append("</g></g>")
    return out


def laboratory_svg(view: dict[str, Any], t: Translate, side: int | None = None) -> str:
    """Both sides (the table's page), or one team's side alone (a seat's page: the laboratory as its player
    sees it)."""
    title = escape(t(N_("The laboratory, from each team's side")) if side is None else
                   t(N_("Team {team}'s side"), team="AB"[side]))
    cy = 165  # room above the top slot for the page's buttons over the map
    if side is None:
        body = [*_laboratory(view, 0, WIDTH / 4, cy, t), *_laboratory(view, 1, 3 * WIDTH / 4, cy, t)]
        width = WIDTH
    else:
        body, width = _laboratory(view, side, WIDTH / 4, cy - 30, t), WIDTH // 2
    height = HEIGHT if side is None else HEIGHT - 40
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="laboratory-map" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{title}"><title>{title}</title>{"".join(body)}</svg>')
