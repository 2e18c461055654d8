"""A walk's answers written out as a board pack (format xidit-board/1), the text `companion board check`
reads. What the walk does not ask (the pack's name, city names and map places, which region is the
Bastion, the labels, the game forms' variants) is kept from the pack the walk started from."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Final

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import ROAD_COLOURS

from ..pack import Labels
from ..schema import CITY_IDS, COLOSSUS_NEEDS, FORMAT, REGION_IDS, SET_NUMBERS, VARIANT_SET
from .facts import ROLES, roles_of
from .screens import SETS

CHECKED: Final = "checked against a physical copy on {date}"
RULEBOOK: Final = "rulebook (the game forms are not printed on the board)"


@dataclass(frozen=True)
class Kept:
    """The parts of a pack the walk keeps as they are, and how its screens name regions and colossi."""

    name: str
    cities: dict[int, dict[str, Any]]  # id -> {"name": str | None, "x": float | None, "y": float | None}
    bastion: int
    variants: dict[str, dict[str, list[int]]]
    # Region screens are slots: slot N (screen ``region:N``) asks for the region of pack id
    # region_ids[N - 1], and plays the part roles[N] (facts.py), the named regions first.
    region_ids: tuple[int, ...] = tuple(sorted(REGION_IDS))
    roles: dict[int, str] = field(default_factory=dict)
    sizes: dict[int, int] = field(default_factory=dict)  # colossus index -> the units it needs (F13)
    labels: Labels = field(default_factory=Labels)

    def slot_of(self, region: int) -> str:
        """The key of the screen that asks for the region of pack id `region`."""
        return f"region:{self.region_ids.index(region) + 1}"

    def region_of(self, slot: int) -> int:
        return self.region_ids[slot - 1]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cities": {str(c): dict(v) for c, v in sorted(self.cities.items())},
                "bastion": self.bastion, "variants": self.variants,
                "region_ids": list(self.region_ids), "roles": {str(r): role for r, role in sorted(self.roles.items())},
                "sizes": {str(i): n for i, n in sorted(self.sizes.items())},
                "labels": {"regions": {str(r): t for r, t in sorted(self.labels.regions.items())},
                           "colossi": {str(i): t for i, t in sorted(self.labels.colossi.items())}}}

    @classmethod
    def from_json(cls, data: Any) -> Kept:
        if not isinstance(data, dict):
            raise ValueError("kept: not an object")
        name, cities, bastion, variants = data["name"], data["cities"], data["bastion"], data["variants"]
        if not isinstance(name, str) or not isinstance(cities, dict) or not isinstance(variants, dict):
            raise ValueError("kept: wrong types")
        if not isinstance(bastion, int) or bastion not in REGION_IDS:
            raise ValueError("kept: bad bastion")
        parsed = {int(c): {"name": v.get("name"), "x": v.get("x"), "y": v.get("y")} for c, v in cities.items()}
        if set(parsed) != set(CITY_IDS):
            raise ValueError("kept: cities are not 1..21")
        for key, variant in variants.items():
            if key not in VARIANT_SET or not isinstance(variant, dict):
                raise ValueError("kept: bad variant")
        roles = {int(r): str(role) for r, role in dict(data["roles"]).items()}
        region_ids = tuple(int(r) for r in data["region_ids"])
        if sorted(region_ids) != sorted(REGION_IDS):
            raise ValueError("kept: bad region ids")
        sizes = {int(i): int(n) for i, n in dict(data["sizes"]).items()}
        if set(roles) != set(REGION_IDS) or sorted(sizes.values()) != list(COLOSSUS_NEEDS):
            raise ValueError("kept: bad roles or sizes")
        labels = dict(data["labels"])
        return cls(name, parsed, bastion, {k: {"void": list(v.get("void", [])), "remove": list(v.get("remove", []))}
                                           for k, v in variants.items()}, region_ids, roles, sizes,
                   Labels({int(r): str(t) for r, t in dict(labels["regions"]).items()},
                          {int(i): str(t) for i, t in dict(labels["colossi"]).items()}))


def kept_of(board: Board, labels: Labels) -> Kept:
    cities: dict[int, dict[str, Any]] = {}
    for city in sorted(board.cities):
        place = board.positions.get(city)
        cities[city] = {"name": board.cities[city], "x": place[0] if place else None,
                        "y": place[1] if place else None}
    bastion = board.bastion()
    assert bastion is not None  # a parsed pack has exactly one
    variants = {key: {"void": sorted(v.void), "remove": sorted(v.remove)}
                for key, v in sorted(board.variants.items(), key=lambda kv: list(VARIANT_SET).index(kv[0]))}
    roles = roles_of(board)
    region_ids = tuple(sorted(REGION_IDS, key=lambda r: (ROLES.index(roles[r]), r)))
    return Kept(board.name, cities, bastion, variants, region_ids,
                {slot: roles[r] for slot, r in enumerate(region_ids, 1)}, {c.index: c.needs for c in board.colossi},
                labels)


@dataclass(frozen=True)
class Rendered:
    text: str
    roads: list[tuple[int, int, str]]  # road[i] of the text: (a, b, colour), a < b
    tiles: list[tuple[str, int]]  # tile[i] of the text: (set, number)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _number(value: float) -> str:
    return str(int(value)) if math.isfinite(value) and value == int(value) else repr(value)


def _list(values: list[Any]) -> str:
    return "[" + ", ".join(_string(v) if isinstance(v, str) else str(v) for v in values) + "]"


def roads_of(values: dict[str, Any]) -> list[tuple[int, int, str]]:
    """Each road once, as (a, b, colour) with a < b, in the order of its first city then colour; a road
    is read from either of its cities' screens."""
    found: set[tuple[int, int, str]] = set()
    for a in sorted(CITY_IDS):
        for colour in ROAD_COLOURS:
            b = values[f"city:{a}"][colour]
            if isinstance(b, int):
                found.add((min(a, b), max(a, b), colour))
    return sorted(found, key=lambda road: (road[0], ROAD_COLOURS.index(road[2]), road[1]))


def render(values: dict[str, Any], kept: Kept, *, status: str, sources: dict[str, str],
           header: list[str]) -> Rendered:
    """`values`: every screen's answer by key; `sources`: the `source` line of each section's tables."""
    lines = [f"# {line}" if line else "#" for line in header]
    lines += ["", f"format = {_string(FORMAT)}", f"name = {_string(kept.name)}", f"status = {_string(status)}"]

    def src(section: str) -> str:
        return f"source = {_string(sources[section])}"

    for city in sorted(CITY_IDS):
        info = kept.cities.get(city, {})
        lines += ["", "[[city]]", f"id = {city}"]
        if info.get("name") is not None:
            lines.append(f"name = {_string(str(info['name']))}")
        if info.get("x") is not None and info.get("y") is not None:
            lines += [f"x = {_number(float(info['x']))}", f"y = {_number(float(info['y']))}"]
        lines.append(src("roads"))
    roads = roads_of(values)
    for a, b, colour in roads:
        lines += ["", "[[road]]", f"between = [{a}, {b}]", f"colour = {_string(colour)}", src("roads")]
    for region in sorted(REGION_IDS):
        answer = values[kept.slot_of(region)]
        high, low = answer["fame"]
        lines += ["", "[[region]]", f"id = {region}"]
        if region in kept.labels.regions:
            lines.append(f"label = {_string(kept.labels.regions[region])}")
        lines += [f"fame = [{high}, {low}]", f"cities = {_list(answer['cities'])}",
                  f"bastion = {'true' if region == kept.bastion else 'false'}", src("regions")]
    tiles = [(tile_set, number) for tile_set in SETS for number in sorted(SET_NUMBERS[tile_set])]
    for tile_set, number in tiles:
        answer = values[f"tile:{tile_set}:{number}"]
        gold, bards, guild = answer["rewards"]
        lines += ["", "[[tile]]", f"set = {_string(tile_set)}", f"city = {number}",
                  f"recruit = {_list(answer['recruit'])}", f"needs = {_list(answer['needs'])}",
                  f"gold = {gold}", f"bards = {bards}", f"guild = {guild}", src(f"tiles-{tile_set}")]
    for index in range(len(COLOSSUS_NEEDS)):
        answer = values[f"colossus:{index}"]
        gold, bards, guild = answer["rewards"]
        lines += ["", "[[colossus]]"]
        if index in kept.labels.colossi:
            lines.append(f"label = {_string(kept.labels.colossi[index])}")
        lines += [f"needs = {answer['needs']}", f"gold = {gold}", f"bards = {bards}", f"guild = {guild}",
                  src("colossi")]
    if kept.variants:
        lines += ["", "[variants]", f"source = {_string(RULEBOOK)}"]
        for key in VARIANT_SET:
            if key in kept.variants:
                variant = kept.variants[key]
                lines.append(f"{_string(key)} = {{ void = {_list(variant['void'])}, "
                             f"remove = {_list(variant['remove'])} }}")
    return Rendered("\n".join(lines) + "\n", roads, tiles)
