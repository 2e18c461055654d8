"""What the awaited player may do now: the legal choices that screens, the web and the random agent
build their menus from, and that `Game.push` checks actions against. One copy of every rule."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, assert_never, get_args

from companion.core.game import Choice as Contract

from .pending import CensusBardsDue, ColossusDue, FloorDue, NeutralDue, Pending, RewardDue
from .state import Phase, State
from .terms import CATEGORIES, GUILD_HEIGHT, ORDERS, PROGRAM_LENGTH, UNITS


@dataclass(frozen=True)
class PlaceChoice(Contract):
    seat: int
    cities: tuple[int, ...]  # free cities
    taken: tuple[int, ...]
    decision = "place"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "cities": list(self.cities),
                "taken": list(self.taken)}


@dataclass(frozen=True)
class ProgramChoice(Contract):
    seat: int
    city: int
    decision = "program"
    sealed = True  # simultaneous and secret (§4): the table holds it until every program is in
    orders: tuple[str, ...] = ORDERS
    length: int = PROGRAM_LENGTH

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "city": self.city,
                "orders": list(self.orders), "length": self.length}


@dataclass(frozen=True)
class RewardChoice(Contract):
    seat: int
    city: int
    source: str  # "threat" or "colossus"
    number: int  # tile number or colossus index
    takes: tuple[tuple[str, ...], ...]  # the allowed combinations
    gold: int
    bards: int  # how many bards a bard reward places (fewer when the player has fewer left)
    regions: tuple[int, ...]  # where they may go
    bastion: int | None  # the region among them whose bards go secretly into the Bastion
    floors: int  # how many floors a guild reward builds
    decision = "reward"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "city": self.city, "source": self.source,
                "number": self.number, "takes": [list(t) for t in self.takes], "gold": self.gold,
                "bards": self.bards, "regions": list(self.regions), "bastion": self.bastion,
                "floors": self.floors}


@dataclass(frozen=True)
class ColossusChoice(Contract):
    seat: int
    city: int
    colossi: tuple[tuple[int, int], ...]  # (needs, pack index) of the awake colossi the player can pay
    units: tuple[int, ...]  # the player's units by type, to choose which to give
    decision = "colossus"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "city": self.city,
                "colossi": [{"needs": n, "index": i} for n, i in self.colossi],
                "units": dict(zip(UNITS, self.units, strict=True)), "may_decline": True}


@dataclass(frozen=True)
class NeutralChoice(Contract):
    seat: int
    decision = "neutral"
    sealed = False
    tracks: tuple[str, ...] = CATEGORIES

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "tracks": list(self.tracks)}


@dataclass(frozen=True)
class CensusChoice(Contract):
    seat: int
    unit: str
    most: int  # reveal 0..most
    decision = "census"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "unit": self.unit, "min": 0, "max": self.most}


@dataclass(frozen=True)
class CensusBardsChoice(Contract):
    seat: int
    bards: int
    regions: tuple[int, ...]
    bastion: int | None
    decision = "census_bards"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "bards": self.bards,
                "regions": list(self.regions), "bastion": self.bastion}


@dataclass(frozen=True)
class FloorChoice(Contract):
    seat: int
    cities: tuple[int, ...]
    decision = "floor"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "cities": list(self.cities)}


Choice = (PlaceChoice | ProgramChoice | RewardChoice | ColossusChoice | NeutralChoice | CensusChoice
          | CensusBardsChoice | FloorChoice)

# Every decision kind the engine can await. Each concern that tells kinds apart (the engine's checks, the
# agents, the seat page, the boxes) keeps one table keyed by these names, and its test holds it to this list.
KINDS: tuple[str, ...] = tuple(kind.decision for kind in get_args(Choice))


def can_build(state: State, seat: int, city: int) -> bool:
    """A guild reward is allowed on a city with no guild or the player's own with room, floors left (R-07)."""
    if state.players[seat].floors_left <= 0:
        return False
    guild = state.guilds.get(city)
    return guild is None or (guild.seat == seat and guild.floors < GUILD_HEIGHT)


def reward_choice(state: State, p: RewardDue) -> RewardChoice:
    player = state.players[p.seat]
    if p.source == "threat":
        tile = state.board.tiles[state.setup.tile_set][p.number]
        gold, bards, guild = tile.gold, tile.bards, tile.guild
    else:
        colossus = state.board.colossi[p.number]
        gold, bards, guild = colossus.gold, colossus.bards, colossus.guild
    regions = state.bard_regions(p.city)
    possible = []
    if gold > 0:
        possible.append("gold")
    if bards > 0 and player.bards_left > 0 and regions:
        possible.append("bards")
    if guild > 0 and can_build(state, p.seat, p.city):
        possible.append("guild")
    takes = list(combinations(possible, 2)) if len(possible) >= 2 else [tuple(possible)]
    guild_there = state.guilds.get(p.city)
    height = guild_there.floors if guild_there is not None else 0
    floors = min(guild, GUILD_HEIGHT - height, player.floors_left) if "guild" in possible else 0
    bastion = state.board.bastion()
    return RewardChoice(
        seat=p.seat, city=p.city, source=p.source, number=p.number, takes=tuple(takes), gold=gold,
        bards=min(bards, player.bards_left) if "bards" in possible else 0, regions=regions,
        bastion=bastion if bastion in regions else None, floors=floors,
    )


def colossus_choice(state: State, p: ColossusDue) -> ColossusChoice:
    units = state.players[p.seat].units
    owned = sum(units)
    options = tuple(
        (state.board.colossi[stack[0].index].needs, stack[0].index)
        for stack in state.colossi
        if stack and stack[0].awake and state.board.colossi[stack[0].index].needs <= owned
    )
    return ColossusChoice(p.seat, p.city, options, tuple(units))


def census_bards_choice(state: State, p: CensusBardsDue) -> CensusBardsChoice:
    player = state.players[p.seat]
    regions = state.bard_regions(player.city or 0)
    bastion = state.board.bastion()
    count = min(p.bards, player.bards_left) if regions else 0
    return CensusBardsChoice(p.seat, count, regions, bastion if bastion in regions else None)


def pending_choice(state: State, p: Pending) -> Choice:
    match p:
        case RewardDue():
            return reward_choice(state, p)
        case ColossusDue():
            return colossus_choice(state, p)
        case NeutralDue():
            return NeutralChoice(p.seat)
        case CensusBardsDue():
            return census_bards_choice(state, p)
        case FloorDue():
            has_floors = state.players[p.seat].pending_floors > 0
            return FloorChoice(p.seat, tuple(state.guild_rooms(p.seat)) if has_floors else ())
        case _:
            assert_never(p)


def choices(state: State) -> list[Choice]:
    """Every decision awaited now, one per awaited player (none while the table is asked what it drew)."""
    if state.sight is not None and state.sight.questions:
        return []
    if state.pending:
        return [pending_choice(state, state.pending[0])]
    if state.phase == Phase.PLACE:
        taken = tuple(sorted(p.city for p in state.players.values() if p.city is not None))
        seat = next(s for s in state.turn_order() if state.players[s].city is None)
        free = tuple(c for c in sorted(state.board.cities) if c not in taken)
        return [PlaceChoice(seat, free, taken)]
    if state.phase == Phase.PROGRAM:
        return [ProgramChoice(s, state.players[s].city or 0) for s in state.turn_order()
                if state.players[s].program is None]
    if state.phase == Phase.CENSUS:
        unit = UNITS[state.census_unit]
        return [CensusChoice(s, unit, state.players[s].units[state.census_unit]) for s in state.turn_order()
                if s not in state.census_reveals]
    return []


def _never_forced(choice: Choice) -> bool:
    return False


def _reward_forced(choice: RewardChoice) -> bool:
    return len(choice.takes) == 1 and ("bards" not in choice.takes[0] or len(choice.regions) == 1)


def _colossus_forced(choice: ColossusChoice) -> bool:
    return not choice.colossi


def _census_forced(choice: CensusChoice) -> bool:
    return choice.most == 0


def _census_bards_forced(choice: CensusBardsChoice) -> bool:
    return choice.bards == 0 or len(choice.regions) <= 1


def _floor_forced(choice: FloorChoice) -> bool:
    return len(choice.cities) <= 1


# Whether a decision has a single legal option, by decision kind: the one place the engine tells them apart.
FORCED: dict[str, Callable[[Any], bool]] = {
    "place": _never_forced, "program": _never_forced, "reward": _reward_forced, "colossus": _colossus_forced,
    "neutral": _never_forced, "census": _census_forced, "census_bards": _census_bards_forced,
    "floor": _floor_forced,
}


def is_forced(choice: Choice) -> bool:
    """A choice with a single legal option: the engine takes it and records no action (docs/formats.md, Game record)."""
    return FORCED[choice.decision](choice)
