"""What the engine did, one small value per kind, in the order it happened (`State.events`).

The table turns them into instructions for the physical pieces; nothing in the rules reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import UnitCount


@dataclass(frozen=True)
class Placed:
    seat: int
    city: int


@dataclass(frozen=True)
class Locked:
    seat: int


@dataclass(frozen=True)
class YearBegan:
    year: int
    first: int  # the first-player marker's holder


@dataclass(frozen=True)
class Revealed:
    """Every program is locked: they are revealed and resolution begins."""


@dataclass(frozen=True)
class Moved:
    seat: int
    src: int
    dst: int
    road: str


@dataclass(frozen=True)
class NoRoad:
    seat: int
    city: int
    road: str


@dataclass(frozen=True)
class Waited:
    seat: int


@dataclass(frozen=True)
class NoEffect:
    seat: int
    city: int
    rule: str  # the ruling or section that voids the action


@dataclass(frozen=True)
class Recruited:
    seat: int
    city: int
    unit: str


@dataclass(frozen=True)
class ThreatEliminated:
    seat: int
    city: int
    tile: int
    needs: tuple[str, ...]


@dataclass(frozen=True)
class ColossusDefeated:
    seat: int
    city: int
    index: int  # the colossus's pack index
    units: UnitCount


@dataclass(frozen=True)
class ColossusDeclined:
    seat: int
    city: int


@dataclass(frozen=True)
class GoldTaken:
    seat: int
    amount: int


@dataclass(frozen=True)
class BardsPlaced:
    seat: int
    region: int
    count: int


@dataclass(frozen=True)
class FloorsBuilt:
    seat: int
    city: int
    floors: int
    pending: bool  # the floors came from behind the screen, not from the reserve


@dataclass(frozen=True)
class FloorPending:
    seat: int


@dataclass(frozen=True)
class NeutralAdvanced:
    seat: int
    track: str


@dataclass(frozen=True)
class CensusBegan:
    year: int


@dataclass(frozen=True)
class CensusChosen:
    seat: int


@dataclass(frozen=True)
class CensusCounted:
    unit: str
    reveals: tuple[tuple[int, int], ...]  # (seat, count) by seat
    winners: tuple[int, ...]


@dataclass(frozen=True)
class TileOut:
    city: int
    discard: str  # "recruit_discard" or "threat_discard"


@dataclass(frozen=True)
class TileIn:
    number: int
    side: str  # "recruit" or "threat"
    units: tuple[str, ...]  # what a recruitment side holds, weakest first


@dataclass(frozen=True)
class NextTile:
    ladder: str  # "recruit" or "threat": the slot it goes to
    tile: int
    source: str  # "recruit_pile" or "threat_pile"


@dataclass(frozen=True)
class PileRebuilt:
    ladder: str  # the pile rebuilt: "recruit" or "threat"
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class Awakened:
    colossi: tuple[int, ...]  # the pack indexes now awake on top of their stacks


@dataclass(frozen=True)
class Reinforced:
    recruit: tuple[int, ...]
    threat: tuple[int, ...]


@dataclass(frozen=True)
class Scored:
    category: str
    ranking: tuple[int, ...]
    eliminated: tuple[int, ...]
    neutral_eliminated: bool


Event = (Placed | Locked | YearBegan | Revealed | Moved | NoRoad | Waited | NoEffect | Recruited
         | ThreatEliminated | ColossusDefeated | ColossusDeclined | GoldTaken | BardsPlaced | FloorsBuilt
         | FloorPending | NeutralAdvanced | CensusBegan | CensusChosen | CensusCounted | TileOut | TileIn
         | NextTile | PileRebuilt | Awakened | Reinforced | Scored)
