"""The map of Zargos as SVG from a pack and a view: each province a disc with its name, the strength of the
people holding it in that people's colour, the capitals ringed, the Forbidden City in gold, the demons of
Zargos's unoccupied provinces, the sea spaces and the lake with their links, the combat in progress and the
forces moved and not yet fought. Every province and sea carries `data-province` / `data-sea`, so the seat
page's script can build a move in taps on the same drawing."""

from __future__ import annotations

from html import escape
from typing import Any

from companion.i18n import N_

from ..rules import Board
from ..rules.board import ZARGOS
from . import words
from .layout import SIZE, Layout, layout
from .words import PEOPLE_COLOURS, Translate

JSON = dict[str, Any]
DISC = 24


def _text(x: float, y: float, body: str, cls: str, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}" class="{cls}"{extra}>{escape(body)}</text>'


def short_name(board: Board, province: str, language: str = "en") -> str:
    """A province's name under its kingdom's heading: a name that repeats its kingdom's ("KORI, province 1",
    as the provisional pack has them) is shown without it, the heading already says it."""
    name = words.province(board, province, language)
    kingdom = words.kingdom(board, board.kingdom_of(province), language)
    for sep in (", ", " - ", " "):
        if name.startswith(kingdom + sep) and len(name) > len(kingdom + sep):
            return name[len(kingdom + sep):]
    return name


# The drawing of a pack that no view changes (the seas, the coasts, the borders, the kingdoms' names, the
# provinces' labels), made once per pack and language: a seat page draws the map again after every move.
_DRAWN: dict[tuple[int, str], tuple[Board, Layout, str, dict[str, str]]] = {}


def _fixed(board: Board, t: Translate, language: str) -> tuple[Layout, str, dict[str, str]]:
    found = _DRAWN.get((id(board), language))
    if found is not None and found[0] is board:
        return found[1], found[2], found[3]
    at = layout(board)
    # Outside the f-string: Python 3.11's tokenizer shows an f-string to the catalog's extractor as one string
    # (3.12 and later show its parts), so a message marked inside one was never in the catalog, never French.
    label = escape(t(N_("The map of Zargos")))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" class="map zargos-map" role="img" '
           f'aria-label="{label}" data-lang="{escape(language)}">',
           "<style>.pn{font:600 15px sans-serif;text-anchor:middle;fill:#222;paint-order:stroke;stroke:#fff;"
           "stroke-width:4px}.st{font:700 20px sans-serif;text-anchor:middle;dominant-baseline:central}"
           ".kn{font:700 19px serif;text-anchor:middle;fill:#5d4037;opacity:.85}.sn{font:italic 15px serif;"
           "text-anchor:middle;fill:#0d47a1}.fight{font:700 15px sans-serif;text-anchor:middle;fill:#b71c1c}</style>",
           f'<rect width="{SIZE}" height="{SIZE}" fill="#f3ecd9"/>']
    for sea in board.seas.values():  # links between seas, then coasts
        x, y = at.seas[sea.id]
        for other in sea.links:
            if other in at.seas and other > sea.id:
                ox, oy = at.seas[other]
                out.append(f'<line x1="{x:.0f}" y1="{y:.0f}" x2="{ox:.0f}" y2="{oy:.0f}" stroke="#64b5f6" '
                           'stroke-width="6" stroke-dasharray="10 6"/>')
    for p in board.provinces.values():
        px, py = at.provinces[p.id]
        for s in p.seas:
            sx, sy = at.seas[s]
            out.append(f'<line x1="{px:.0f}" y1="{py:.0f}" x2="{sx:.0f}" y2="{sy:.0f}" stroke="#90caf9" '
                       'stroke-width="2" stroke-dasharray="2 4"/>')
    drawn: set[tuple[str, str]] = set()
    for a, others in board.borders.items():
        for b in others:
            if (b, a) in drawn:
                continue
            drawn.add((a, b))
            (ax, ay), (bx, by) = at.provinces[a], at.provinces[b]
            out.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#a1887f" '
                       'stroke-width="2.5"/>')
    for k, (x, y) in at.kingdoms.items():
        name = t(N_("Kingdom of Zargos")) if k == ZARGOS else words.kingdom(board, k, language)
        dy = -DISC - 118 if k != ZARGOS else 0
        out.append(_text(x, y + dy, name, "kn"))
    for sea in board.seas.values():
        x, y = at.seas[sea.id]
        fill = "#bbdefb" if not sea.lake else "#b2ebf2"
        out.append(f'<g class="sea" data-sea="{escape(sea.id)}"><ellipse cx="{x:.0f}" cy="{y:.0f}" rx="58" ry="26" '
                   f'fill="{fill}" stroke="#1e88e5" stroke-width="2"/>'
                   f'{_text(x, y + 5, words.sea(board, sea.id, language), "sn")}</g>')
    labels = {p: _text(x, y + DISC + 16, short_name(board, p, language), "pn") for p, (x, y) in at.provinces.items()}
    if len(_DRAWN) >= 16:  # packs and languages seen by one process: a few
        _DRAWN.clear()
    _DRAWN[(id(board), language)] = (board, at, "".join(out), labels)
    return at, "".join(out), labels


def map_svg(view: JSON, board: Board, t: Translate, language: str = "en", mine: tuple[str, ...] = ()) -> str:
    """The map as `view` shows it (an empty board from `{"version": ""}`); `mine`: the reader's peoples,
    whose provinces the seat page lets them tap first."""
    at, fixed, labels = _fixed(board, t, language)
    held: dict[str, JSON] = view.get("provinces") or {}
    demons = set(view.get("demons") or ())
    combat = view.get("combat") or {}
    attacks: dict[str, int] = view.get("attacks") or {}
    out = [fixed]
    for p in board.provinces.values():
        x, y = at.provinces[p.id]
        here = held.get(p.id)
        fill, ink = PEOPLE_COLOURS.get(here["people"], ("#fff", "#000")) if here else ("#fffdf6", "#000")
        if p.id in demons:
            fill, ink = "#4a148c", "#fff"
        ring = "#333"
        width = 2.0
        if board.is_capital(p.id):
            ring, width = ("#c9a100", 6.0) if p.id == board.forbidden_city else ("#5d4037", 5.0)
        if combat.get("province") == p.id:
            ring, width = "#d50000", 7.0
        classes = "prov" + (" mine" if here and here["people"] in mine else "")
        title = words.province(board, p.id, language)
        if here:
            title += f" · {words.people(t, here['people'])} {here['strength']}"
        elif p.id in demons:
            title += " · " + t(N_("demons"))
        out.append(f'<g class="{classes}" data-province="{escape(p.id)}"><title>{escape(title)}</title>'
                   f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{DISC}" fill="{fill}" stroke="{ring}" '
                   f'stroke-width="{width}"/>')
        if here:
            out.append(_text(x, y, str(here["strength"]), "st", fill=ink))
        elif p.id in demons:
            out.append(_text(x, y, "☠", "st", fill=ink))
        out.append(labels[p.id])
        if p.id in attacks:
            out.append(_text(x, y - DISC - 8, f"⚔ {attacks[p.id]}", "fight"))
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def chart_svg(view: JSON, t: Translate) -> str:
    """The last count as bars: each people's points (10.1-10.3), in its colour."""
    peoples: dict[str, JSON] = view.get("peoples") or {}
    rows = sorted(peoples.items(), key=lambda kv: -kv[1].get("points", 0))
    top = max([p.get("points", 0) for _, p in rows] + [1])
    height = 34 * len(rows) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 {height}" class="zargos-chart" role="img" '
           f'aria-label="{escape(t(N_("Points at the last count")))}">']
    for n, (key, p) in enumerate(rows):
        fill, _ink = PEOPLE_COLOURS.get(key, ("#999", "#000"))
        width = 360 * p.get("points", 0) / top
        y = 8 + 34 * n
        font = 'font-size="16" font-family="sans-serif"'
        out.append(f'<text x="0" y="{y + 20}" {font}>{escape(words.people(t, key))}</text>'
                   f'<rect x="170" y="{y}" width="{width:.0f}" height="26" fill="{fill}"/>'
                   f'<text x="{176 + width:.0f}" y="{y + 20}" {font}>{p.get("points", 0)}</text>')
    out.append("</svg>")
    return "".join(out)
