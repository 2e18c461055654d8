"""The mutable state of one game. Only `Game` changes it; views and scoring read it."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .board import Board
from .events import Event
from .pending import Pending
from .setup import Setup
from .terms import BARDS_PER_PLAYER, FLOORS_PER_PLAYER, GUILD_HEIGHT, UNITS


class Phase(StrEnum):
    """Where the year stands. The state view shows `census_done` as `census`: the census is over but
    its rewards' decisions are still awaited."""

    PLACE = "place"
    PROGRAM = "program"
    RESOLUTION = "resolution"
    CENSUS = "census"
    CENSUS_DONE = "census_done"
    OVER = "over"


@dataclass
class PlayerState:
    seat: int
    colour: str
    name: str | None
    city: int | None = None
    gold: int = 0
    units: list[int] = field(default_factory=lambda: [0] * len(UNITS))
    bards_left: int = BARDS_PER_PLAYER
    floors_left: int = FLOORS_PER_PLAYER
    pending_floors: int = 0
    program: tuple[str, ...] | None = None
    eliminated: int | None = None  # the scoring round (1..3) that eliminated the player


@dataclass
class CityTile:
    number: int
    side: str  # "recruit" or "threat"
    units: list[str] = field(default_factory=list)  # what is left on a recruitment side, weakest first


@dataclass
class Guild:
    seat: int  # the owner
    floors: int


@dataclass
class StackedColossus:
    index: int  # the colossus's pack index
    awake: bool = False


@dataclass(frozen=True)
class Tie:
    """Two players next to each other in a ranking with the same value, and what put `high` above (R-11)."""

    high: int
    low: int
    by: str  # "units": more units behind the screen; "seat": as many, but sitting farther from the marker
    after_marker: tuple[int, int]  # how many seats after the first-player marker's holder high and low sit


@dataclass
class Round:
    category: str
    values: dict[int, int]
    ranking: list[int]
    eliminated: list[int]
    ties: list[Tie] = field(default_factory=list)
    neutral_value: int | None = None
    neutral_position: int | None = None
    neutral_eliminated: bool = False


@dataclass(frozen=True)
class Question:
    """What the table must say before the game goes on (hidden.py): the tile that was on top of a pile and
    went to a Next slot, or the colossus that awoke on top of a stack. `drawn` is the engine's guess."""

    kind: str  # "tile" or "colossus"
    slot: str  # the Next slot ("recruit", "threat") or the stack ("3", "4", "5")
    drawn: int
    candidates: tuple[int, ...]  # tile numbers, or colossus pack indexes
    event: int  # how many events came before it: the table's steps stop there until it is answered
    bag: tuple[int, ...] = ()  # the tiles that lay in that pile in an order nobody knew, the drawn one too
    fresh: bool = False  # the drawn tile had never been seen


@dataclass
class Sight:
    """What the table has not seen in a game set up from what lies face up."""

    unseen: set[int] = field(default_factory=set)  # tiles whose face the table never saw
    hidden: set[int] = field(default_factory=set)  # tiles whose place in a pile the table does not know
    colossi: set[int] = field(default_factory=set)  # colossi not told apart yet
    asked: int = 0  # questions met so far, answered or not
    questions: list[Question] = field(default_factory=list)  # unanswered: the game waits for them


@dataclass
class State:
    board: Board
    setup: Setup
    rng: random.Random
    players: dict[int, PlayerState]
    seats: tuple[int, ...]  # clockwise
    void: frozenset[int]
    scoring_order: tuple[str, ...]
    first: int
    phase: Phase = Phase.PLACE
    year: int = 1
    step: int = 0
    turn: int = 0  # index in the turn order of the order being resolved next
    resolving: tuple[int, int] = (0, 0)  # (step, seat) of the order resolved last
    tiles: dict[int, CityTile] = field(default_factory=dict)
    guilds: dict[int, Guild] = field(default_factory=dict)  # by city
    bards: dict[int, dict[int, int]] = field(default_factory=dict)  # region -> seat -> count
    recruit_pile: list[int] = field(default_factory=list)  # top first
    next_recruit: int | None = None
    recruit_discard: list[int] = field(default_factory=list)  # top first
    threat_pile: list[int] = field(default_factory=list)
    next_threat: int | None = None
    threat_discard: list[int] = field(default_factory=list)
    colossi: list[list[StackedColossus]] = field(default_factory=list)  # the stacks of 3, 4 and 5, each top first
    barracks: list[int] = field(default_factory=list)
    neutral: dict[str, int] | None = None
    acted: set[tuple[int, int]] = field(default_factory=set)  # (seat, city) this year, R-06
    cleared: set[int] = field(default_factory=set)  # cities where a threat or colossus fell this year, R-05, R-13
    pending: list[Pending] = field(default_factory=list)
    census_unit: int = 0
    census_reveals: dict[int, int] = field(default_factory=dict)
    census_auto: set[int] = field(default_factory=set)  # reveals the engine made: the player owns none
    census_log: list[dict[str, Any]] = field(default_factory=list)
    awakenings: int = 0
    sight: Sight | None = None  # a game whose piles the table does not see (hidden.py)
    rounds: list[Round] = field(default_factory=list)
    winner: int | None = None
    fame_scored: bool = False
    events: list[Event] = field(default_factory=list)
    _order: tuple[int, tuple[int, ...]] = (0, ())

    def turn_order(self) -> tuple[int, ...]:
        if self._order[0] != self.first:  # asked for every order resolved: worth keeping
            i = self.seats.index(self.first)
            self._order = (self.first, self.seats[i:] + self.seats[:i])
        return self._order[1]

    def in_play(self) -> list[int]:
        return [s for s in self.seats if self.players[s].eliminated is None]

    def guild_rooms(self, seat: int) -> list[int]:
        """Cities whose guild is the player's and has room for a floor."""
        return sorted(c for c, guild in self.guilds.items() if guild.seat == seat and guild.floors < GUILD_HEIGHT)

    def bard_regions(self, city: int) -> tuple[int, ...]:
        """The regions bards may go to from this city: the ones it borders, never a void one (R-02)."""
        return tuple(r for r in self.board.regions_of(city) if r not in self.void)
