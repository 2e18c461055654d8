"""A random player: picks uniformly among the legal choices the engine lists, and samples bard splits
rather than enumerating them (a split of 5 bards over 3 regions has 21 forms, and the engine need not
list them)."""

from __future__ import annotations

import random
from collections import Counter

from companion.rules import actions as a
from companion.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    Choice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from companion.rules.units import ORDERS, PROGRAM_LENGTH, UNITS

# Orders drawn with these weights make lively games: more actions, fewer waits.
ORDER_WEIGHTS = (2, 2, 2, 4, 1)


def random_split(rng: random.Random, count: int, regions: tuple[int, ...]) -> a.Split:
    if count == 0 or not regions:
        return ()
    return a.split(Counter(rng.choice(regions) for _ in range(count)))


def random_units(rng: random.Random, owned: tuple[int, ...], needs: int) -> a.UnitCount:
    pool = [unit for unit, n in zip(UNITS, owned, strict=True) for _ in range(n)]
    return a.unit_count(Counter(rng.sample(pool, needs)))


def decide(rng: random.Random, choice: Choice) -> a.Action:
    """One legal action for the choice, at random."""
    match choice:
        case PlaceChoice(seat=seat, cities=cities):
            return a.Place(seat, rng.choice(cities))
        case ProgramChoice(seat=seat):
            return a.Program(seat, tuple(rng.choices(ORDERS, ORDER_WEIGHTS, k=PROGRAM_LENGTH)))
        case RewardChoice(seat=seat, takes=takes, bards=bards, regions=regions):
            take = rng.choice(takes)
            split = random_split(rng, bards, regions) if "bards" in take else ()
            return a.Reward(seat, take, split)
        case ColossusChoice(seat=seat, colossi=colossi, units=units):
            if rng.random() < 0.2:
                return a.Colossus(seat, False)
            needs, _ = rng.choice(colossi)
            return a.Colossus(seat, True, needs, random_units(rng, units, needs))
        case NeutralChoice(seat=seat, tracks=tracks):
            return a.Neutral(seat, rng.choice(tracks))
        case CensusChoice(seat=seat, unit=unit, most=most):
            return a.Census(seat, unit, rng.randint(0, most))
        case CensusBardsChoice(seat=seat, bards=bards, regions=regions):
            return a.CensusBards(seat, random_split(rng, bards, regions))
        case FloorChoice(seat=seat, cities=cities):
            return a.Floor(seat, rng.choice(cities))
    raise AssertionError(f"no agent move for {choice!r}")
