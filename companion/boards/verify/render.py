"""A walk's answers written out as a board pack (format xidit-board/1), the text `companion board check`
reads. What the walk does not ask (the pack's name, city names and map places, which region is the
Bastion, the game forms' variants) is kept from the pack the walk started from."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Final

from companion.rules.board import Board
from companion.rules.units import ROAD_COLOURS

from ..schema import CITY_IDS, COLOSSUS_NEEDS, FORMAT, REGION_IDS, SET_NUMBERS, VARIANT_SET
from .questions import SETS

CHECKED: Final = "checked against a physical copy on {date}"
RULEBOOK: Final = "rulebook (the game forms are not printed on the board)"


@dataclass(frozen=True)
class Kept:
    """The parts of a pack the walk keeps as they are."""

    name: str
    cities: dict[int, dict[str, Any]]  # id -> {"name": str | None, "x": float | None, "y": float | None}
    bastion: int
    variants: dict[str, dict[str, list[int]]]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cities": {str(c): dict(v) for c, v in sorted(self.cities.items())},
                "bastion": self.bastion, "variants": self.variants}

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
        return cls(name, parsed, bastion, {k: {"void": list(v.get("void", [])), "remove": list(v.get("remove", []))}
                                           for k, v in variants.items()})


def kept_of(board: Board) -> Kept:
    cities: dict[int, dict[str, Any]] = {}
    for city in sorted(board.cities):
        place = board.positions.get(city)
        cities[city] = {"name": board.cities[city], "x": place[0] if place else None,
                        "y": place[1] if place else None}
    bastion = board.bastion()
    assert bastion is not None  # a parsed pack has exactly one
    variants = {key: {"void": sorted(v.void), "remove": sorted(v.remove)}
                for key, v in sorted(board.variants.items(), key=lambda kv: list(VARIANT_SET).index(kv[0]))}
    return Kept(board.name, cities, bastion, variants)


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
    """Each road once, as (a, b, colour) with a < b, in the order of its first city then colour."""
    found = []
    for a in sorted(CITY_IDS):
        for colour in ROAD_COLOURS:
            b = values.get(f"road:{a}:{colour}")
            if isinstance(b, int) and a < b:
                found.append((a, b, colour))
    return found


def render(values: dict[str, Any], kept: Kept, *, status: str, source: str, header: list[str]) -> Rendered:
    lines = [f"# {line}" if line else "#" for line in header]
    lines += ["", f"format = {_string(FORMAT)}", f"name = {_string(kept.name)}", f"status = {_string(status)}"]
    src = f"source = {_string(source)}"
    for city in sorted(CITY_IDS):
        info = kept.cities.get(city, {})
        lines += ["", "[[city]]", f"id = {city}"]
        if info.get("name") is not None:
            lines.append(f"name = {_string(str(info['name']))}")
        if info.get("x") is not None and info.get("y") is not None:
            lines += [f"x = {_number(float(info['x']))}", f"y = {_number(float(info['y']))}"]
        lines.append(src)
    roads = roads_of(values)
    for a, b, colour in roads:
        lines += ["", "[[road]]", f"between = [{a}, {b}]", f"colour = {_string(colour)}", src]
    for region in sorted(REGION_IDS):
        high, low = values[f"fame:{region}"]
        lines += ["", "[[region]]", f"id = {region}", f"fame = [{high}, {low}]",
                  f"cities = {_list(values[f'border:{region}'])}",
                  f"bastion = {'true' if region == kept.bastion else 'false'}", src]
    tiles = [(tile_set, number) for tile_set in SETS for number in sorted(SET_NUMBERS[tile_set])]
    for tile_set, number in tiles:
        gold, bards, guild = values[f"rewards:{tile_set}:{number}"]
        lines += ["", "[[tile]]", f"set = {_string(tile_set)}", f"city = {number}",
                  f"recruit = {_list(values[f'recruit:{tile_set}:{number}'])}",
                  f"needs = {_list(values[f'needs:{tile_set}:{number}'])}",
                  f"gold = {gold}", f"bards = {bards}", f"guild = {guild}", src]
    for index in range(len(COLOSSUS_NEEDS)):
        needs, gold, bards, guild = values[f"colossus:{index}"]
        lines += ["", "[[colossus]]", f"needs = {needs}", f"gold = {gold}", f"bards = {bards}", f"guild = {guild}",
                  src]
    if kept.variants:
        lines += ["", "[variants]", f"source = {_string(RULEBOOK)}"]
        for key in VARIANT_SET:
            if key in kept.variants:
                variant = kept.variants[key]
                lines.append(f"{_string(key)} = {{ void = {_list(variant['void'])}, "
                             f"remove = {_list(variant['remove'])} }}")
    return Rendered("\n".join(lines) + "\n", roads, tiles)
