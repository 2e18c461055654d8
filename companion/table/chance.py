"""Chance in a game's history (companion.core.game.ChanceNode): who resolves a pending node, and how.

Each game under way has a policy, kept in its table state: "pi", the Pi draws the outcome itself, seeded by
the game's seed and how many moves it holds (the same outcome after a crash and a resume), in the same
store transaction as the move that led to it; "table", the table tells what its own dice, cards or tiles
say (`Tell`). Who may tell is the node's word: anyone seated or the referee for a public node (`told_by`
None), only that seat (or the referee) for a secret draw. An outcome is stored as a log entry
`{"type": "chance", "outcome": …, "by": …}` and replayed with `Match.resolve`.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core.registry import DEFAULT
from companion.i18n import N_

from .commands import REFEREE, Refused

KEY = "chance"  # the table state's key in the store
ENTRY = "chance"  # a log entry's type
PI = "pi"
TABLE = "table"
POLICIES = (PI, TABLE)
# Xidit's tiles lie face up on the physical board: only the table can say which one it turned over.
DEFAULTS = {DEFAULT: TABLE}


def policy(requested: str | None, game: str) -> dict[str, str]:
    """The policy of a new game: the one asked for, else the game's default ("table", else "pi")."""
    chosen = requested if requested is not None else DEFAULTS.get(game, PI)
    if chosen not in POLICIES:
        raise Refused(N_("Chance is drawn by one of {policies}."), params={"policies": ", ".join(POLICIES)})
    return {"policy": chosen}


def to_json(found: dict[str, str]) -> dict[str, str]:
    return dict(found)


def from_json(saved: Any, game: str) -> dict[str, str]:
    if isinstance(saved, dict) and saved.get("policy") in POLICIES:
        return {"policy": str(saved["policy"])}
    return policy(None, game)


def by_pi(found: dict[str, str], node: Any, folded: bool) -> bool:
    """Whether the Pi resolves this node: its policy says so, and the game does not fold the table's answers
    into its setup (an answer about what lies on the physical board is the table's alone)."""
    return found.get("policy") == PI and not folded


def seed(setup: Any) -> Any:
    """The game's seed (a setup's `seed`), or 0."""
    return getattr(setup, "seed", 0)


def draw(rng: random.Random, node: Any) -> Any:
    outcomes = list(node.outcomes)
    if node.weights is None:
        return rng.choice(outcomes)
    return rng.choices(outcomes, weights=list(node.weights))[0]


def entry(outcome: Any, by: str) -> dict[str, Any]:
    return {"type": ENTRY, "outcome": outcome, "by": by}


def outcome(found: dict[str, Any]) -> Any:
    value = found.get("outcome")
    return tuple(value) if isinstance(value, list) else value


TOLD_BY_SEAT = N_("Only seat {seat} may say what it drew: it is secret.")


def check_teller(node: Any, by: str, referee_seat: int | None = None) -> None:
    """Who may tell this node: the referee always; for a public node any seat; for a secret draw only its seat.
    `by` is "referee", "seat:N", or "player"/"table" (a seat's own box, before seats named themselves)."""
    if by == REFEREE:
        return
    seat = int(by.split(":", 1)[1]) if by.startswith("seat:") and by.split(":", 1)[1].isdigit() else None
    if node.told_by is None:
        return
    if seat != node.told_by:
        raise Refused(TOLD_BY_SEAT, params={"seat": node.told_by})
