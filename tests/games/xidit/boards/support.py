"""Helpers for the walk-through's tests: an owner who answers each screen from their own board, reading
only the screen's prompt, and ways to compare what they end with against that board."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from typing import Any

from companion.games.xidit.boards import default_pack_text, parse_pack
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS

# The owner's board differs from the shipped pack in its roads (four roads of the 1-2-7-8 square change
# colour), its regions (two fame values), its tiles (both sets, both sides) and its colossi (rewards).
THEIR_CHANGES = [
    ("between = [2, 1]\ncolour = \"blue\"", "between = [2, 1]\ncolour = \"black\""),
    ("between = [1, 7]\ncolour = \"black\"", "between = [1, 7]\ncolour = \"blue\""),
    ("between = [2, 8]\ncolour = \"black\"", "between = [2, 8]\ncolour = \"blue\""),
    ("between = [8, 7]\ncolour = \"blue\"", "between = [8, 7]\ncolour = \"black\""),
    ("id = 4\nfame = [3, 2]", "id = 4\nfame = [4, 1]"),
    ("id = 6\nfame = [4, 2]", "id = 6\nfame = [5, 1]"),
    ("needs = 3\ngold = 2\nbards = 2\nguild = 2", "needs = 3\ngold = 1\nbards = 4\nguild = 2"),
    ("needs = 5\ngold = 5\nbards = 3\nguild = 4", "needs = 5\ngold = 5\nbards = 5\nguild = 5"),
]
THEIR_TILES = {("4-5", 1): {"recruit": ["militia", "archer", "infantry", "priest", "mage"]},
               ("4-5", 2): {"needs": ["mage", "mage"], "gold": 4},
               ("3", 4): {"recruit": ["priest", "priest", "mage", "mage"], "bards": 5}}


def their_board_text() -> str:
    text = default_pack_text()
    for old, new in THEIR_CHANGES:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    data = tomllib.loads(text)
    for (tile_set, number), change in THEIR_TILES.items():
        start = text.index(f'[[tile]]\nset = "{tile_set}"\ncity = {number}\n')
        end = text.index("source", start)
        block = text[start:end]
        for key, value in change.items():
            shown = "[" + ", ".join(f'"{u}"' for u in value) + "]" if isinstance(value, list) else str(value)
            block = re.sub(rf"^{key} = .*$", f"{key} = {shown}", block, count=1, flags=re.M)
        text = text[:start] + block + text[end:]
    assert data["status"] == "provisional"
    return text


class Owner:
    """Answers each screen by looking at `board` (their copy of the game), reading only the prompt.

    Regions 3-9 have no number on the board and the colossi no order: where a screen asks for "another
    region" or "one of the two colossi needing 3 units", the owner takes one they have not entered yet
    (the last one first, to differ from the pack's order)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.regions: dict[str, int] = {}  # screen -> the region of their board entered there
        self.colossi: dict[str, int] = {}

    def see(self, key: str, prompt: str) -> dict[str, Any]:
        kind, _, rest = key.partition(":")
        board = self.board
        if kind == "city":
            return {colour: board.road(int(rest), colour) for colour in ROAD_COLOURS}
        if kind == "tile":
            tile_set, number = rest.split(":")
            tile = board.tiles[tile_set][int(number)]
            return {"recruit": list(tile.recruit), "needs": list(tile.needs),
                    "rewards": [tile.gold, tile.bards, tile.guild]}
        if kind == "region":
            region = board.regions[self._region(key, prompt)]
            return {"cities": sorted(region.cities), "fame": list(region.fame)}
        if kind == "colossus":
            colossus = board.colossi[self._colossus(key, prompt)]
            return {"needs": colossus.needs, "rewards": [colossus.gold, colossus.bards, colossus.guild]}
        return counts(board, rest)

    def _region(self, key: str, prompt: str) -> int:
        if key in self.regions:
            return self.regions[key]
        taken = set(self.regions.values())
        regions = sorted(self.board.regions.values(), key=lambda r: -r.id)
        if prompt.startswith("Region 1 "):
            found = 1
        elif prompt.startswith("Region 2 "):
            found = 2
        elif "Bastion" in prompt:
            found = next(r.id for r in regions if r.bastion)
        elif "bounded by cities 1, 2, 7 and 8" in prompt:
            found = next(r.id for r in regions if r.cities == frozenset({1, 2, 7, 8}))
        elif "snowy" in prompt:
            found = next(r.id for r in regions if 17 in r.cities and not r.bastion and r.id not in taken)
        else:
            assert prompt.startswith("Another region"), prompt
            special = {1, 2} | {r.id for r in regions if r.bastion or r.cities == frozenset({1, 2, 7, 8})}
            found = next(r.id for r in regions if r.id not in taken | special)
        self.regions[key] = found
        return found

    def _colossus(self, key: str, prompt: str) -> int:
        if key not in self.colossi:
            match = re.search(r"needing (\d) units", prompt)
            assert match, prompt
            taken = set(self.colossi.values())
            self.colossi[key] = next(c.index for c in reversed(self.board.colossi)
                                     if c.needs == int(match.group(1)) and c.index not in taken)
        return self.colossi[key]


def counts(board: Board, section: str) -> dict[str, int]:
    """What the owner counts on their material at the end of a section."""
    if section == "roads":
        found = Counter(colour for (_city, colour) in board.roads)
        return {colour: found[colour] // 2 for colour in ROAD_COLOURS}
    if section == "regions":
        return {"high": sum(r.fame[0] for r in board.regions.values()),
                "low": sum(r.fame[1] for r in board.regions.values())}
    if section == "colossi":
        return {"gold": sum(c.gold for c in board.colossi), "bards": sum(c.bards for c in board.colossi),
                "guild": sum(c.guild for c in board.colossi)}
    units = Counter(u for tile in board.tiles[section.removeprefix("tiles-")].values() for u in tile.recruit)
    return {u: units[u] for u in UNITS}


def typed(key: str, name: str, value: Any) -> str:
    """A field as the owner types it in the terminal."""
    if value is None:
        return "none"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


def same_board(board: Board, other: Board) -> list[str]:
    """What differs between two boards, region ids 3-9 and the colossi's order aside: neither is printed
    on the board, so a walk may number them otherwise. Empty when they are the same board."""
    found = []
    if board.roads != other.roads:
        found.append("roads")
    if board.tiles != other.tiles:
        found.append("tiles")
    for region in (1, 2):
        if board.regions[region] != other.regions[region]:
            found.append(f"region {region}")

    def shape(b: Board) -> Counter[tuple[Any, ...]]:
        return Counter((r.fame, r.cities, r.bastion) for r in b.regions.values())

    if shape(board) != shape(other):
        found.append("regions")
    if Counter((c.needs, c.gold, c.bards, c.guild) for c in board.colossi) != \
            Counter((c.needs, c.gold, c.bards, c.guild) for c in other.colossi):
        found.append("colossi")
    if board.variants != other.variants or board.cities != other.cities:
        found.append("the rest")
    return found


def their_board() -> Board:
    return parse_pack(their_board_text())


def sources(text: str) -> set[str]:
    """The `source` of every city, road, region, tile and colossus table of a pack."""
    data = tomllib.loads(text)
    return {table.get("source", "<none>") for kind in ("city", "road", "region", "tile", "colossus")
            for table in data[kind]}
