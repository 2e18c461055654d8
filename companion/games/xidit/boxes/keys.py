"""Key-level virtual players: turn a decision the random agent wants into the keys a person would
press on a box. The benchmarks and the tests drive boxes with it exactly as players would."""

from __future__ import annotations

import random

from companion.boxes.box import Box

from ..agents.random_player import decide


def keys_for(box: Box, rng: random.Random, six_keys: bool) -> list[str]:
    """The keys that enter one decision the random agent would take; [] when nothing is awaited."""
    decided = box.table.decide_for(lambda choice, state: decide(rng, choice, state), {box.seat})
    if decided is None:
        return []
    return box.controller.keys_for(decided[1], six_keys)
