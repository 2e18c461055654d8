"""The decisions the resolution waits for (`State.pending`, first in line first), one kind per class.

Each names what it needs: the choice offered to the player is built from it when it comes first.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RewardDue:
    """The rewards of a threat or colossus the player just eliminated (§5)."""

    seat: int
    city: int
    source: str  # "threat" or "colossus"
    number: int  # the threat tile's number, or the colossus's pack index
    kind = "reward"


@dataclass(frozen=True)
class ColossusDue:
    """An action on a city without a tile while a colossus is awake: fight it or not (§4)."""

    seat: int
    city: int
    kind = "colossus"


@dataclass(frozen=True)
class NeutralDue:
    """The eliminator advances a track of the neutral player (R-08)."""

    seat: int
    kind = "neutral"


@dataclass(frozen=True)
class CensusBardsDue:
    """A census reward in bards (§7)."""

    seat: int
    bards: int
    kind = "census_bards"


@dataclass(frozen=True)
class FloorDue:
    """A floor waiting behind the screen goes on a guild of the player's with room (R-09)."""

    seat: int
    kind = "floor"


Pending = RewardDue | ColossusDue | NeutralDue | CensusBardsDue | FloorDue
