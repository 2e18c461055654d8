"""The Grand Alchimiste variant's roles (E14.1): what a role changes of a mage's set-up, whether dealt with the
set-up or chosen in turn at the table."""

from __future__ import annotations

from .pack import EpicPack
from .setup import EpicSetup
from .state import State
from .terms import GRAND_ALCHEMIST, PREPARER, STOCK


def take_role(pack: EpicPack, s: State, seat: int, role: str) -> None:
    """E14.5, E14.6, E14.8, A-55: what a role changes of a mage's set-up."""
    mage = s.mages[seat]
    s.roles[seat] = role
    mage.has_flask = role in (GRAND_ALCHEMIST, PREPARER)  # E14.5
    if role == PREPARER:
        mage.stock[mage.colour] = STOCK + 1  # E14.6: no Power marker
    if role == GRAND_ALCHEMIST:  # E14.8: 5 gems: 4 in Stock, one the marker on 20; five to the Reserve
        mage.stock[mage.colour], mage.power = 4, min(20, pack.power_max)
        s.reserve[mage.colour] += 5


def clockwise_from(setup: EpicSetup, first: int) -> list[int]:
    seats = list(setup.seats)
    at = seats.index(first)
    return seats[at:] + seats[:at]
