"""Candidate programs: a beam search over the orders, scoring what each `action` would gain if nobody
else interfered (the same forecast the screens show). The rollouts then judge the best few against
what the other players may do."""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.xidit.rules.preview import action_at
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import PROGRAM_LENGTH, ROAD_COLOURS

from .random_player import planned_program

BEAM = 48
LATER = 0.04  # an action later in the program is worth a little less: someone may get there first


@dataclass(frozen=True)
class Partial:
    orders: tuple[str, ...]
    city: int
    units: tuple[int, ...]
    acted: frozenset[int]
    score: float


def _best_two(*amounts: int) -> int:
    return sum(sorted(amounts)[-2:])


def _gain(state: State, partial: Partial) -> Partial | None:
    """The partial program followed by `action`, if the action would do something."""
    units, acted = list(partial.units), set(partial.acted)
    slot = action_at(state, partial.city, units, acted)
    if slot.effect == "recruit":
        value = 1.0
    elif slot.effect == "threat":
        tile = state.board.tiles[state.setup.tile_set][state.tiles[partial.city].number]
        value = 1.0 + _best_two(tile.gold, tile.bards, tile.guild)
    elif slot.effect == "colossus":
        awake = [state.board.colossi[stack[0].index] for stack in state.colossi if stack and stack[0].awake]
        payable = [c for c in awake if c.needs <= sum(units)]
        if not payable:
            return None
        best = max(payable, key=lambda c: _best_two(c.gold, c.bards, c.guild) - c.needs * 0.5)
        value = 1.0 + _best_two(best.gold, best.bards, best.guild) - best.needs * 0.5
        acted.add(partial.city)
    else:
        return None
    value *= 1 - LATER * len(partial.orders)
    return Partial(partial.orders + ("action",), partial.city, tuple(units), frozenset(acted),
                   partial.score + value)


def beam(state: State, me: int, count: int) -> list[tuple[str, ...]]:
    """Up to `count` distinct programs, best forecast first."""
    player = state.players[me]
    start = Partial((), player.city or 0, tuple(player.units),
                    frozenset(c for s, c in state.acted if s == me), 0.0)
    layer = [start]
    for _ in range(PROGRAM_LENGTH):
        grown: dict[tuple[int, tuple[int, ...], frozenset[int]], Partial] = {}
        for partial in layer:
            nexts = [p for p in [_gain(state, partial)] if p is not None]
            for colour in ROAD_COLOURS:
                to = state.board.road(partial.city, colour)
                if to is not None:
                    nexts.append(Partial(partial.orders + (colour,), to, partial.units, partial.acted,
                                         partial.score))
            if not nexts:
                nexts.append(Partial(partial.orders + ("wait",), partial.city, partial.units, partial.acted,
                                     partial.score))
            for p in nexts:
                key = (p.city, p.units, p.acted)  # same place, same hand: keep the better way there
                if key not in grown or p.score > grown[key].score:
                    grown[key] = p
        layer = sorted(grown.values(), key=lambda p: (-p.score, p.orders))[:BEAM]
    return [p.orders for p in layer[:count]]


def candidates(state: State, me: int, rng: random.Random, count: int) -> list[tuple[str, ...]]:
    """The beam's best, and the planning agent's own program so a search never does worse than it."""
    found = beam(state, me, count)
    planned = planned_program(rng, state, me)
    if planned not in found:
        found = found[: max(1, count - 1)] + [planned]
    return found
