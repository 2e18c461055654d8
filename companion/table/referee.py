"""A referee who plays too (issue 26, item 8): the wizard says which seat the referee plays, and the table
keeps it with the game. Every referee page of that game is then blind (no secret shown) unless the referee
switches blind mode off, which the whole table is told: the table view lists it, with the year, so that
nobody plays against a referee who reads their screens without knowing it. Saved with the game."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_

KEY = "referee"  # the table state's key in the store
BLIND_OFF = N_("Year {year}: the referee switched blind mode off.")
BLIND_ON = N_("Year {year}: the referee switched blind mode on again.")
SAID = {"off": BLIND_OFF, "on": BLIND_ON}


def from_json(saved: Any) -> tuple[int | None, list[dict[str, Any]]]:
    """The seat the referee plays (None: nobody's) and what the table was told of blind mode, in order."""
    if not isinstance(saved, dict):
        return None, []
    seat = saved.get("seat")
    told = [dict(t) for t in saved.get("told", ()) if isinstance(t, dict) and t.get("blind") in SAID]
    return (seat if isinstance(seat, int) else None), told


def to_json(seat: int | None, told: list[dict[str, Any]]) -> dict[str, Any]:
    return {"seat": seat, "told": told}
