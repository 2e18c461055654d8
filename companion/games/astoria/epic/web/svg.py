"""The Epic's board on the table view, drawn from the public view: each track as a row of spaces with its
marker (E1.1), the round's Flux beneath. The physical board stays the game's: this is where its markers are."""

from __future__ import annotations

from html import escape
from typing import Any

from ..rules.terms import COLOURS
from . import words
from .words import JSON, Translate

FILL = {"red": "#c62828", "blue": "#1565c0", "yellow": "#fdd835", "green": "#2e7d32", "violet": "#6a1b9a",
        "orange": "#ef6c00"}
INK = {"yellow": "#000", "orange": "#000"}
REINFORCEMENTS_MAX = 4  # E5.2


def _spaces(view: JSON) -> list[tuple[str, int, int]]:
    tr = view["tracks"]
    unrest_most = max(tr["force_max"], tr["unrest"])
    return [("health", tr["health"], tr["health_max"]), ("populace", tr["populace"], tr["force_max"]),
            ("unrest", tr["unrest"], unrest_most), ("barbarians", tr["barbarians"], tr["force_max"]),
            ("reinforcements", tr["reinforcements"], REINFORCEMENTS_MAX), ("dragon", tr["dragon"], tr["dragon_head"])]


def board_svg(view: JSON, t: Translate) -> str:
    if not isinstance(view.get("tracks"), dict):
        return ('<svg xmlns="http://www.w3.org/2000/svg" class="no-map" viewBox="0 0 400 40" role="img"><text x="200" '
                f'y="25" text-anchor="middle" font-size="13">{escape(t("No game yet"))}</text></svg>')
    rows, size, left = _spaces(view), 34, 260
    width = left + (max(most for _, _, most in rows) + 1) * size + 20
    height = 80 + len(rows) * (size + 14) + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="epic-board" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(t("The board"))}" font-family="sans-serif">']
    for n, (key, value, most) in enumerate(rows):
        y = 70 + n * (size + 14)
        out.append(f'<text x="10" y="{y + size * 0.7:.0f}" font-size="18" data-track="{key}">'
                   f'{escape(words.track(t, key))}</text>')
        for space in range(most + 1):
            x = left + space * size
            here = space == value
            out.append(f'<rect x="{x}" y="{y}" width="{size - 4}" height="{size - 4}" rx="4" '
                       f'fill="{"#4a148c" if here else "#f5f0e6"}" stroke="#8d6e63"/>')
            out.append(f'<text x="{x + (size - 4) / 2:.0f}" y="{y + size * 0.62:.0f}" font-size="14" '
                       f'text-anchor="middle" fill="{"#fff" if here else "#6d4c41"}">{space}</text>')
    card: Any = view.get("invasion")
    if card:
        y = 80 + len(rows) * (size + 14)
        out.append(f'<text x="10" y="{y + 22}" font-size="18">{escape(t("Flux:"))}</text>')
        for i, colour in enumerate(COLOURS):
            x = left + i * 110
            out.append(f'<rect x="{x}" y="{y}" width="104" height="34" rx="6" fill="{FILL[colour]}"/>')
            out.append(f'<text x="{x + 52}" y="{y + 23}" font-size="16" font-weight="700" text-anchor="middle" '
                       f'fill="{INK.get(colour, "#fff")}">{escape(words.domain(t, colour))} {card["flux"][i]}</text>')
    out.append("</svg>")
    return "".join(out)
