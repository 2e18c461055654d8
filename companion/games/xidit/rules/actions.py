"""The decisions people take, as small immutable values with a JSON form (docs/formats.md, Game record).

Everything the rules decide alone is not an action. `action_from_json(action_to_json(a)) == a`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import shortened

from .errors import BadRecord
from .terms import BARDS_PER_PLAYER, BARRACKS, CATEGORIES, ORDERS, PLAYER_COLOURS, PROGRAM_LENGTH, REWARDS, UNITS

Split = tuple[tuple[int, int], ...]  # (region id, bards) sorted by region
UnitCount = tuple[tuple[str, int], ...]  # (unit, count) in strength order


@dataclass(frozen=True)
class Place:
    seat: int
    city: int
    type = "place"


@dataclass(frozen=True)
class Program:
    seat: int
    orders: tuple[str, ...]
    type = "program"


@dataclass(frozen=True)
class Reward:
    seat: int
    take: tuple[str, ...]
    bards: Split = ()
    type = "reward"


@dataclass(frozen=True)
class Colossus:
    seat: int
    fight: bool
    needs: int | None = None
    units: UnitCount = ()
    type = "colossus"


@dataclass(frozen=True)
class Neutral:
    seat: int
    track: str
    type = "neutral"


@dataclass(frozen=True)
class Census:
    seat: int
    unit: str
    reveal: int
    type = "census"


@dataclass(frozen=True)
class CensusBards:
    seat: int
    bards: Split
    type = "census_bards"


@dataclass(frozen=True)
class Floor:
    seat: int
    city: int
    type = "floor"


Action = Place | Program | Reward | Colossus | Neutral | Census | CensusBards | Floor


def split(mapping: Mapping[int, int] | Mapping[str, int]) -> Split:
    """A bard split in canonical form, from {region: count} with int or str keys."""
    return tuple(sorted((int(k), int(v)) for k, v in mapping.items() if int(v) != 0))


def unit_count(mapping: Mapping[str, int]) -> UnitCount:
    return tuple((u, int(mapping[u])) for u in UNITS if int(mapping.get(u, 0)) != 0)


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": action.type, "seat": action.seat}
    match action:
        case Place(city=city) | Floor(city=city):
            out["city"] = city
        case Program(orders=orders):
            out["orders"] = list(orders)
        case Reward(take=take, bards=bards):
            out["take"] = list(take)
            if "bards" in take:
                out["bards"] = {str(r): n for r, n in bards}
        case Colossus(fight=fight, needs=needs, units=units):
            out["fight"] = fight
            if fight:
                out["needs"] = needs
                out["units"] = dict(units)
        case Neutral(track=track):
            out["track"] = track
        case Census(unit=unit, reveal=reveal):
            out["unit"] = unit
            out["reveal"] = reveal
        case CensusBards(bards=bards):
            out["bards"] = {str(r): n for r, n in bards}
    return out


# What an action may carry is bounded by what the game holds (issue 36): a request past a bound is refused
# before the rules read it, and a refusal never echoes more than a few characters of what it refuses.
CITIES = 21  # the board's facts (boards/FACTS.md F1): cities 1 to 21
REGIONS = 9  # F3: nine numbered regions
UNITS_MOST = sum(BARRACKS)  # §1: every unit there is
BOUNDS: dict[str, tuple[int, int]] = {"seat": (0, len(PLAYER_COLOURS)), "city": (0, CITIES),  # seats from 1
                                      "needs": (0, UNITS_MOST), "reveal": (0, UNITS_MOST)}



def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    least, most = BOUNDS[key]
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise BadRecord(f"action {data.get('type')!r}: {key!r} must be a whole number from {least} to {most}, "
                        f"not {shortened(value)}")
    return value


def _str(data: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = data.get(key)
    if value not in allowed:
        raise BadRecord(f"action {data.get('type')!r}: {key!r} must be one of {', '.join(allowed)}, "
                        f"not {shortened(value)}")
    return str(value)


def _counts(data: Mapping[str, Any], key: str, keys: str, most: int, top: int) -> dict[str, int]:
    """At most `most` keys, each a count from 0 to `top`."""
    value = data.get(key, {})
    if not isinstance(value, dict) or len(value) > most:
        raise BadRecord(f"action {data.get('type')!r}: {key!r} must be an object of at most {most} {keys} to counts")
    for k, v in value.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= top:
            raise BadRecord(f"action {data.get('type')!r}: {key!r} has a bad count {shortened(v)} for {shortened(k)} "
                            f"(0 to {top})")
    return value


def _split(data: Mapping[str, Any], key: str) -> Split:
    counts = _counts(data, key, "region ids", REGIONS, BARDS_PER_PLAYER)
    try:
        return split(counts)
    except ValueError:
        raise BadRecord(f"action {data.get('type')!r}: {key!r} must map region ids to counts") from None


_FIELDS: dict[str, frozenset[str]] = {
    "place": frozenset({"city"}),
    "program": frozenset({"orders"}),
    "reward": frozenset({"take", "bards"}),
    "colossus": frozenset({"fight", "needs", "units"}),
    "neutral": frozenset({"track"}),
    "census": frozenset({"unit", "reveal"}),
    "census_bards": frozenset({"bards"}),
    "floor": frozenset({"city"}),
}


def action_from_json(data: Any) -> Action:
    """Reads one action; an unknown type or a malformed field is a BadRecord, never a silent skip."""
    if not isinstance(data, dict):
        raise BadRecord(f"an action must be a JSON object, not {shortened(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise BadRecord(f"unknown action type {shortened(kind)}")
    extra = set(data) - _FIELDS[kind] - {"type", "seat"}
    if extra:
        raise BadRecord(f"action {kind!r}: unknown field(s) {shortened(', '.join(sorted(extra)))}")
    seat = _int(data, "seat")
    match kind:
        case "place":
            return Place(seat, _int(data, "city"))
        case "floor":
            return Floor(seat, _int(data, "city"))
        case "program":
            orders = data.get("orders")
            if not isinstance(orders, list) or len(orders) != PROGRAM_LENGTH or any(
                o not in ORDERS for o in orders
            ):
                raise BadRecord(f"action 'program': 'orders' must be {PROGRAM_LENGTH} of {', '.join(ORDERS)}")
            return Program(seat, tuple(orders))
        case "reward":
            take = data.get("take")
            if not isinstance(take, list) or len(take) > len(REWARDS) or any(t not in REWARDS for t in take):
                raise BadRecord(f"action 'reward': 'take' must be a list of at most {len(REWARDS)} of "
                                f"{', '.join(REWARDS)}")
            return Reward(seat, tuple(take), _split(data, "bards"))
        case "colossus":
            fight = data.get("fight")
            if not isinstance(fight, bool):
                raise BadRecord("action 'colossus': 'fight' must be true or false")
            if not fight:
                return Colossus(seat, False)
            units = _counts(data, "units", "unit names", len(UNITS), UNITS_MOST)
            unknown = set(units) - set(UNITS)
            if unknown:
                raise BadRecord(f"action 'colossus': unknown unit(s) {shortened(', '.join(sorted(unknown)))}")
            return Colossus(seat, True, _int(data, "needs"), unit_count(units))
        case "neutral":
            return Neutral(seat, _str(data, "track", CATEGORIES))
        case "census":
            return Census(seat, _str(data, "unit", UNITS), _int(data, "reveal"))
        case _:  # census_bards
            return CensusBards(seat, _split(data, "bards"))
