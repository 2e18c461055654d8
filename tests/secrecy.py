"""What docs/formats.md's State view (and ruling P-07) forbid a seat or public reader to see: one check for every view,
endpoint and stream. The views' oracle (`forbidden_in`) is Xidit's own (companion/games/xidit/testing.py); the
pages' and texts' checks are here."""

from __future__ import annotations

import re

from companion.games.xidit.rules import Game, Phase
from companion.games.xidit.rules.terms import UNITS
from companion.games.xidit.testing import forbidden_in

__all__ = ["bastion_label", "census_choices_in", "forbidden_in", "forbidden_in_pages"]

# What the pages put around a secret (web/templates, web/svg.py): a player's gold and units behind
# their screen, an order of a program, a seat's secret link (long or short form).
GOLD = re.compile(r'<dd class="gold">(\d+)</dd>')
SEAT_PATH = re.compile(r'data-path-seat="(\d+)"')  # the seat map's path of a program (web/seatmap.py)
SEAT_LINKS = (re.compile(r"seat/\d+\?t="), re.compile(r"/[sS]/\d+/[0-9a-fA-F]{6,}"))


def census_choices_in(text: str, game: Game) -> list[str]:
    """The census choices still behind the players' screens that a text reads out ("Ann reveals 3 militia",
    the history's words): none for a blind referee."""
    state = game.state
    if state.phase != Phase.CENSUS:
        return []
    unit = UNITS[state.census_unit]
    return [f"seat {s} chose {n}" for s, n in state.census_reveals.items() if s not in state.census_auto
            and re.search(rf"{re.escape(state.players[s].name or state.players[s].colour)} reveals {n} {unit}", text)]


def bastion_label(svg: str, bastion: int) -> str:
    start = svg.index(f'<g class="region-label" data-region="{bastion}">')
    return svg[start:svg.index("</g>", start)]


def forbidden_in_pages(pages: dict[str, str], reader: int | None, game: Game, bastion: int) -> list[str]:
    """What a reader's pages show that docs/formats.md's State view forbids them: `pages` maps each address
    to the page a reader got there (the map's SVG among them), `reader` is a seat or None for the public."""
    found = []
    state = game.state
    before_reveal = state.phase in ("place", "program")
    for url, page in pages.items():
        if any(link.search(page) for link in SEAT_LINKS):
            found.append(f"{url}: a seat's secret link")
        golds = GOLD.findall(page)
        units = page.count('data-unit="')
        orders = page.count('class="order o-')
        if reader is None:
            if SEAT_PATH.search(page):
                found.append(f"{url}: the path of a seat's program")
            if golds or units:
                found.append(f"{url}: a player's gold or units")
            if before_reveal and orders:
                found.append(f"{url}: an order before the reveal")
        else:
            me = state.players[reader]
            own_page = url == "/part/seat" or url.startswith("/seat/")
            if golds != ([str(me.gold)] if own_page else []):
                found.append(f"{url}: not the reader's own gold alone, where it belongs")
            if units not in (0, len(me.units)):
                found.append(f"{url}: units other than the reader's own")
            # The seat's own page shows its draft as it fills (up to six orders), any other page at most
            # the reader's own whole program.
            if before_reveal and (orders > 6 if own_page else orders not in (0, 6)):
                found.append(f"{url}: orders other than the reader's own program")
            paths = SEAT_PATH.findall(page)
            if any(int(seat) != reader for seat in paths) or (paths and not own_page):
                found.append(f"{url}: the path of another seat's program")
        if url.endswith(".svg") and "map" in url and not state.fame_scored:
            label = bastion_label(page, bastion)
            if "bard-count" in label or 'class="chip"' in label:
                found.append(f"{url}: who has bards in the Bastion")
            if f"hidden bards: {sum(state.bards[bastion].values())}" not in label:
                found.append(f"{url}: the Bastion's bards are not shown hidden")
            if reader is not None and f"yours: {state.bards[bastion].get(reader, 0)}" not in label:
                found.append(f"{url}: the reader's own bards in the Bastion are missing")
    return found
