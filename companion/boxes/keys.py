"""Key-level virtual players: turn a decision the random agent wants into the keys a person would
press on a box. The benchmarks and the tests drive boxes with it exactly as players would."""

from __future__ import annotations

import random

from companion.boxes import sequences
from companion.boxes.box import Box
from companion.rules.choices import ProgramChoice
from companion.sim.agent import decide


def keys_for(box: Box, rng: random.Random, six_keys: bool) -> list[str]:
    """The keys that enter one decision the random agent would take; [] when nothing is awaited."""
    snap = box.table.seat_snapshot(box.seat)
    choice = snap.choice
    game = box.table.game
    assert game is not None
    if choice is None or (isinstance(choice, ProgramChoice) and snap.locked):
        return []
    action = decide(rng, choice, game.state)
    box.controller.frame()  # the box takes in the decision, and its defaults, as its screen does
    return sequences.decision(choice, action, box.controller.program, snap.draft, six_keys)
