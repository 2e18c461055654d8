"""First pass over a parsed pack: every table read into a typed entry, type problems noted.

A field that is missing or of the wrong type becomes ``None`` in its entry; the second pass
(`validate`) then skips the checks that field would feed, so one typo yields one problem.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS

from .fields import Table, describe, entries, plain, quote, suggest
from .problems import Problem, Problems
from .schema import FORMAT, RECRUIT_LENGTH, STATUSES, TOP_KEYS, VARIANT_SET


@dataclass(frozen=True)
class CityEntry:
    index: int
    label: str
    id: int | None
    name: str | None
    position: tuple[float, float] | None = None  # optional x, y on the drawn map (pages only)


@dataclass(frozen=True)
class RoadEntry:
    index: int
    label: str
    ends: tuple[int, int] | None
    colour: str | None


@dataclass(frozen=True)
class RegionEntry:
    index: int
    label: str
    id: int | None
    fame: tuple[int, int] | None
    cities: tuple[int, ...] | None
    bastion: bool | None
    pack_label: str | None = None  # its `label`: how the owner finds it on the board (the walk's screens)


@dataclass(frozen=True)
class TileEntry:
    index: int
    label: str
    set: str | None
    number: int | None
    recruit: tuple[str, ...] | None
    needs: tuple[str, ...] | None
    gold: int | None
    bards: int | None
    guild: int | None


@dataclass(frozen=True)
class ColossusEntry:
    index: int
    label: str
    needs: int | None
    gold: int | None
    bards: int | None
    guild: int | None
    pack_label: str | None = None  # its `label`: how the owner finds it among the colossus tiles


@dataclass(frozen=True)
class VariantEntry:
    key: str
    label: str
    void: tuple[int, ...] | None
    remove: tuple[int, ...] | None


@dataclass(frozen=True)
class Entries:
    name: str | None
    status: str | None
    cities: list[CityEntry]
    roads: list[RoadEntry]
    regions: list[RegionEntry]
    tiles: list[TileEntry]
    colossi: list[ColossusEntry]
    variants: dict[str, VariantEntry]
    present: frozenset[str]  # the arrays of tables the pack has, even if empty


def read_pack(data: Mapping[str, Any], problems: Problems) -> Entries:
    top = Table("pack", data, problems)
    top.check_keys(TOP_KEYS)
    fmt = top.string("format")
    if fmt is not None and fmt != FORMAT:
        top.problem(f'format must be "{FORMAT}", got {quote(fmt)}', "format")
    name = top.string("name")
    if name is not None and not name.strip():
        top.problem("name must not be empty", "name")
    status = top.string("status")
    if status is not None and status not in STATUSES:
        top.problem(f'status must be "provisional" or "verified", got {quote(status)}{suggest(status, STATUSES)}',
                    "status")
    return Entries(
        name=name,
        status=status,
        cities=[_city(i, d, problems) for i, d in entries(top, "city")],
        roads=[_road(i, d, problems) for i, d in entries(top, "road")],
        regions=[_region(i, d, problems) for i, d in entries(top, "region")],
        tiles=[_tile(i, d, problems) for i, d in entries(top, "tile")],
        colossi=[_colossus(i, d, problems) for i, d in entries(top, "colossus")],
        variants=_variants(top),
        present=frozenset(k for k in ("city", "road", "region", "tile", "colossus") if isinstance(data.get(k), list)),
    )


def _city(index: int, data: Mapping[str, Any], problems: Problems) -> CityEntry:
    table = Table("city", data, problems, index=index)
    city = table.id = table.integer("id")
    if city is not None:
        table.label = f"city[{index}] (id {city})"
    table.check_keys(["id"], ["name", "x", "y"])
    x, y = _coordinate(table, "x"), _coordinate(table, "y")
    if ("x" in data) != ("y" in data):
        table.problem("x and y go together: give both (the city's place on the drawn map) or neither")
    position = (x, y) if x is not None and y is not None else None
    return CityEntry(index, table.label, city, table.string("name"), position)


def _coordinate(table: Table, key: str) -> float | None:
    """An optional map coordinate: any finite number (the pages scale the map to fit)."""
    value = table.data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        table.problem(f"{key} must be a number (a place on the drawn map), got {describe(value)}", key)
        return None
    return float(value)


def _road(index: int, data: Mapping[str, Any], problems: Problems) -> RoadEntry:
    table = Table("road", data, problems, index=index)
    ends = table.pair("between", "the two cities it joins")
    if ends is not None:
        table.label = f"road[{index}] (between {ends[0]} and {ends[1]})"
    table.check_keys(["between", "colour"])
    colour = table.string("colour")
    if colour is not None and colour not in ROAD_COLOURS:
        table.problem(f"colour must be black, red or blue, got {quote(colour)}{suggest(colour, ROAD_COLOURS)}",
                      "colour")
        colour = None
    return RoadEntry(index, table.label, ends, colour)


def _region(index: int, data: Mapping[str, Any], problems: Problems) -> RegionEntry:
    table = Table("region", data, problems, index=index)
    region = table.id = table.integer("id")
    if region is not None:
        table.label = f"region[{index}] (id {region})"
    table.check_keys(["id", "fame", "cities"], ["bastion", "label"])
    fame = table.pair("fame", "high, low")
    if fame is not None and (min(fame) < 0 or fame[0] < fame[1]):
        table.problem(f"fame must be [high, low], both 0 or more and high >= low, got [{fame[0]}, {fame[1]}]", "fame")
        fame = None
    bastion = table.boolean("bastion")
    return RegionEntry(index, table.label, region, fame, table.integers("cities"),
                       False if "bastion" not in data else bastion, _label(table))


def _tile(index: int, data: Mapping[str, Any], problems: Problems) -> TileEntry:
    table = Table("tile", data, problems, index=index)
    tile_set = table.string("set")
    number = table.integer("city")
    if tile_set is not None and number is not None:
        table.label = f"tile[set {plain(tile_set)}, city {number}]"
    table.check_keys(["set", "city", "recruit", "needs", "gold", "bards", "guild"])
    if tile_set is not None and tile_set not in RECRUIT_LENGTH:
        table.problem(f'set must be "3" or "4-5", got {quote(tile_set)}', "set")
        tile_set = None
    recruit = table.strings("recruit")
    if recruit is not None and tile_set is not None and len(recruit) != RECRUIT_LENGTH[tile_set]:
        table.problem(f"recruitment side has {len(recruit)} units, "
                      f"the {tile_set} set needs {RECRUIT_LENGTH[tile_set]}", "recruit")
    needs = table.strings("needs")
    if needs == ():
        table.problem("threat side needs no units; it must need at least one", "needs")
    return TileEntry(index, table.label, tile_set, number, _units(table, "recruit", recruit),
                     _units(table, "needs", needs),
                     table.positive("gold"), table.positive("bards"), table.positive("guild"))


def _units(table: Table, key: str, names: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """The names if all are units; a misspelt one is reported (once) and voids the list."""
    if names is None:
        return None
    unknown = [n for n in names if n not in UNITS]
    for name in dict.fromkeys(unknown):
        table.problem(f"unknown unit {quote(name)} in {key}{suggest(name, UNITS)}", key)
    return None if unknown else names


def _colossus(index: int, data: Mapping[str, Any], problems: Problems) -> ColossusEntry:
    table = Table("colossus", data, problems, index=index)
    needs = table.integer("needs")
    if needs is not None:
        table.label = f"colossus[{index}] (needs {needs})"
    table.check_keys(["needs", "gold", "bards", "guild"], ["label"])
    if needs is not None and needs not in (3, 4, 5):
        table.problem(f"needs must be 3, 4 or 5 units, got {needs}", "needs")
    return ColossusEntry(index, table.label, needs,
                         table.positive("gold"), table.positive("bards"), table.positive("guild"), _label(table))


def _label(table: Table) -> str | None:
    """An optional `label`: free text, one line, not empty (it names the entry on a screen)."""
    label = table.string("label")
    if label is not None and (not label.strip() or "\n" in label):
        table.problem("label must be one line of text, not empty", "label")
        return None
    return label


def _variants(top: Table) -> dict[str, VariantEntry]:
    data = top.data.get("variants")
    if data is None:
        return {}
    if not isinstance(data, dict):
        top.problem(f'"variants" must be a table, got {describe(data)}', "variants")
        return {}
    table = Table("variants", data, top.problems)
    table.check_keys(VARIANT_SET)
    found: dict[str, VariantEntry] = {}
    for key in VARIANT_SET:
        value = data.get(key)
        if value is None:
            continue
        label = f'variants["{key}"]'
        if not isinstance(value, dict):
            top.problems.add(Problem("variants", label, "must be a table such as { void = [], remove = [] }, "
                                     f"got {describe(value)}", field=key))
            continue
        entry = Table("variants", value, top.problems, label=label)
        entry.check_keys(["void", "remove"])
        found[key] = VariantEntry(key, label, entry.integers("void"), entry.integers("remove"))
    return found

