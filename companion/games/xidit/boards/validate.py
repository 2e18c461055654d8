"""Second pass: the checks that span entries or tables (ids, the road graph, set sizes, variants).

Entries whose fields failed the first pass carry ``None`` there and are skipped, so a problem is
reported once, where it is, rather than again as each of its consequences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .fields import numbers
from .problems import CUT_OFF, DUPLICATE, UNREACHED, Problem, Problems
from .read import CityEntry, Entries, RegionEntry, RoadEntry, TileEntry, VariantEntry
from .schema import CITY_IDS, COLOSSUS_NEEDS, REGION_IDS, SET_NUMBERS, VARIANT_SET


def validate(entries: Entries, problems: Problems) -> None:
    cities = _ids(entries, "city", [(c.label, c.index, c.id) for c in entries.cities], CITY_IDS, problems)
    by_id = {c.id: c for c in entries.cities if c.id is not None}
    _road_graph(entries, cities, by_id, problems)
    _positions(entries, problems)
    regions = _ids(entries, "region", [(r.label, r.index, r.id) for r in entries.regions], REGION_IDS, problems)
    for region in entries.regions:
        _region_cities(region, cities, problems)
    _bastion(entries.regions, problems)
    _tile_sets(entries, problems)
    _colossi(entries, problems)
    _variants(entries, regions, problems)


def _ids(entries: Entries, table: str, found: list[tuple[str, int, int | None]], expected: frozenset[int],
         problems: Problems) -> frozenset[int]:
    """Reports duplicate, missing and unexpected ids; returns the ids other tables may refer to."""
    first: dict[int, int] = {}
    for label, index, entry_id in found:
        if entry_id is None:
            continue
        if entry_id in first:
            problems.add(Problem(table, label, f"duplicate id, {table}[{first[entry_id]}] already has id {entry_id}",
                                 index, entry_id, "id", DUPLICATE, first[entry_id]))
        else:
            first[entry_id] = index
    # An entry whose id could not be read is already reported, and is most likely the missing id.
    unsure = any(entry_id is None for _label, _index, entry_id in found)
    missing = set() if unsure or table not in entries.present else expected - first.keys()
    extra = first.keys() - expected
    if missing or extra:
        detail = [f"missing {numbers(missing)}"] if missing else []
        detail += [f"unexpected {numbers(extra)}"] if extra else []
        problems.add(Problem(table, table, f"ids must be exactly {min(expected)}..{max(expected)}; {'; '.join(detail)}",
                             field="id"))
    # A reference to an id the board must have is fine even when its entry is missing: that is
    # reported once above, not again at every road or region naming it.
    return frozenset(first) | expected


def _positions(entries: Entries, problems: Problems) -> None:
    """Map coordinates are optional, but a map needs them on every city or on none, one city a place."""
    placed = [c for c in entries.cities if c.position is not None]
    if not placed:
        return
    missing = [c.id for c in entries.cities if c.position is None and c.id is not None]
    if missing:
        problems.add(Problem("city", "city", f"x, y are given for some cities only: missing on {numbers(missing)}"))
    first: dict[tuple[float, float], CityEntry] = {}
    for city in placed:
        assert city.position is not None
        if city.position in first:
            problems.add(Problem("city", city.label, f"drawn at the same place as {first[city.position].label}",
                                 city.index, city.id, other=first[city.position].index))
        first.setdefault(city.position, city)


def _road_graph(entries: Entries, cities: frozenset[int], by_id: dict[int, CityEntry], problems: Problems) -> None:
    joined: dict[frozenset[int], int] = {}
    colour_at: dict[tuple[int, str], int] = {}
    neighbours: dict[int, set[int]] = {c: set() for c in cities}
    for road in entries.roads:
        if road.ends is None:
            continue
        a, b = road.ends
        if a == b:
            problems.add(_road(road, f"joins city {a} to itself"))
            continue
        unknown = [c for c in (a, b) if c not in cities]
        for city in unknown:
            problems.add(_road(road, f"unknown city {city}"))
        if unknown:
            continue
        pair = frozenset((a, b))
        if pair in joined:
            problems.add(_road(road, f"duplicate road, road[{joined[pair]}] already joins {a} and {b}",
                               kind=DUPLICATE, other=joined[pair]))
            continue
        joined[pair] = road.index
        neighbours[a].add(b)
        neighbours[b].add(a)
        if road.colour is None:
            continue
        for city in (a, b):
            if (city, road.colour) in colour_at:
                problems.add(_road(road, f"city {city} already has a {road.colour} road "
                                         f"(road[{colour_at[city, road.colour]}])", field="colour",
                                   other=colour_at[city, road.colour]))
            else:
                colour_at[city, road.colour] = road.index
    if joined:
        _connected(neighbours, by_id, problems)
    elif not entries.roads and "road" in entries.present:
        problems.add(Problem("road", "road", "there are no roads; every city needs at least one"))


def _connected(neighbours: dict[int, set[int]], by_id: dict[int, CityEntry], problems: Problems) -> None:
    for city in sorted(c for c, near in neighbours.items() if not near):
        entry = by_id.get(city)
        problems.add(Problem("city", entry.label if entry else f"city {city}", "no road reaches it",
                             entry.index if entry else None, city, kind=UNREACHED))
    groups: list[set[int]] = []
    seen: set[int] = set()
    for start in sorted(c for c, near in neighbours.items() if near):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for near in neighbours[todo.pop()] - group:
                group.add(near)
                todo.append(near)
        seen |= group
        groups.append(group)
    for group in groups[1:]:
        problems.add(Problem("road", "road", f"cities {numbers(group)} are cut off from city {min(groups[0])}: "
                             "no road joins the two groups", kind=CUT_OFF, other=min(groups[0]),
                             cities=tuple(sorted(group))))


def _region_cities(region: RegionEntry, cities: frozenset[int], problems: Problems) -> None:
    if region.cities is None:
        return
    for city, count in Counter(region.cities).items():
        if count > 1:
            problems.add(_region(region, f"city {city} is listed {count} times"))
    for city in dict.fromkeys(region.cities):
        if city not in cities:
            problems.add(_region(region, f"unknown city {city}"))
    distinct = len(set(region.cities))
    if distinct < 2:
        problems.add(_region(region, f"borders {distinct} {'city' if distinct == 1 else 'cities'}; "
                                     "a region needs at least 2"))


def _bastion(regions: list[RegionEntry], problems: Problems) -> None:
    if not regions or any(r.bastion is None for r in regions):
        return  # a bastion flag of the wrong type is already reported; counting would mislead
    marked = [r.id if r.id is not None else f"region[{r.index}]" for r in regions if r.bastion]
    if len(marked) != 1:
        which = f" (regions {', '.join(str(m) for m in marked)})" if marked else ""
        problems.add(Problem("region", "region", f"exactly one region must have bastion = true, "
                             f"found {len(marked)}{which}", field="bastion"))


def _tile_sets(entries: Entries, problems: Problems) -> None:
    placed: dict[str, dict[int, int]] = {s: {} for s in SET_NUMBERS}
    for tile in entries.tiles:
        if tile.set is None or tile.number is None:
            continue
        allowed = SET_NUMBERS[tile.set]
        if tile.number not in allowed:
            problems.add(_tile(tile, f"the {tile.set} set has tiles {min(allowed)}..{max(allowed)} only, "
                                     f"no tile {tile.number}"))
        elif tile.number in placed[tile.set]:
            problems.add(_tile(tile, f"duplicate, tile[{placed[tile.set][tile.number]}] is already "
                                     f"tile {tile.number} of the {tile.set} set",
                               kind=DUPLICATE, other=placed[tile.set][tile.number]))
        else:
            placed[tile.set][tile.number] = tile.index
    if "tile" not in entries.present or any(t.set is None or t.number is None for t in entries.tiles):
        return  # as for ids: the unreadable tile is already reported and likely the missing one
    for tile_set, allowed in SET_NUMBERS.items():
        missing = allowed - placed[tile_set].keys()
        if missing:
            problems.add(Problem("tile", "tile", f'set "{tile_set}" must have {len(allowed)} tiles numbered '
                                 f"{min(allowed)}..{max(allowed)}, has {len(placed[tile_set])}; "
                                 f"missing {numbers(missing)}"))


def _colossi(entries: Entries, problems: Problems) -> None:
    needs = [c.needs for c in entries.colossi]
    shown = ", ".join("?" if n is None else str(n) for n in needs)
    expected = ", ".join(str(n) for n in COLOSSUS_NEEDS)
    if "colossus" not in entries.present:
        return
    if len(needs) != len(COLOSSUS_NEEDS):
        problems.add(Problem("colossus", "colossus", f"there must be {len(COLOSSUS_NEEDS)} colossi (needs {expected}), "
                             f"found {len(needs)}" + (f" (needs {shown})" if needs else "")))
    elif set(needs) <= {3, 4, 5} and sorted(n for n in needs if n is not None) != list(COLOSSUS_NEEDS):
        problems.add(Problem("colossus", "colossus", f"needs must be {expected} (two of each), got {shown}",
                             field="needs"))


def _variants(entries: Entries, regions: frozenset[int], problems: Problems) -> None:
    for key, variant in entries.variants.items():
        if variant.void is not None:
            _listed(variant, "void", "voids", "region", variant.void, problems)
            for region in dict.fromkeys(variant.void):
                if region not in regions:
                    problems.add(Problem("variants", variant.label, f"voids unknown region {region}", field="void"))
        if variant.remove is not None:
            _listed(variant, "remove", "removes", "tile", variant.remove, problems)
            tile_set = VARIANT_SET[key]
            allowed = SET_NUMBERS[tile_set]
            for number in dict.fromkeys(variant.remove):
                if number not in allowed:
                    problems.add(Problem("variants", variant.label, f"removes tile {number}, which is not in the "
                                         f"{tile_set} set (tiles {min(allowed)}..{max(allowed)})", field="remove"))


def _listed(variant: VariantEntry, key: str, verb: str, what: str, values: Iterable[int],
            problems: Problems) -> None:
    for value, count in Counter(values).items():
        if count > 1:
            problems.add(Problem("variants", variant.label, f"{verb} {what} {value} {count} times", field=key))


def _road(road: RoadEntry, message: str, *, field: str | None = "between", kind: str | None = None,
          other: int | None = None) -> Problem:
    return Problem("road", road.label, message, road.index, field=field, kind=kind, other=other)


def _region(region: RegionEntry, message: str) -> Problem:
    return Problem("region", region.label, message, region.index, region.id, "cities")


def _tile(tile: TileEntry, message: str, *, kind: str | None = None, other: int | None = None) -> Problem:
    return Problem("tile", tile.label, message, tile.index, field="city", kind=kind, other=other)
