"""A random player: picks uniformly among the legal choices the engine lists, and samples bard splits
rather than enumerating them (a split of 5 bards over 3 regions has 21 forms, and the engine need not
list them)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules import choices as ch
from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.preview import action_at
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import ORDERS, PROGRAM_LENGTH, ROAD_COLOURS, UNITS

# Orders drawn with these weights make lively games: more actions, fewer waits.
ORDER_WEIGHTS = (2, 2, 2, 4, 1)
# How often a program is planned toward tiles rather than drawn at random: a purely random player
# almost never holds the exact units a threat needs, so its games would never reach the late rules.
PLANNED = 0.75
USEFUL = ("recruit", "threat")


def routes(state: State, start: int, depth: int) -> list[tuple[int, tuple[str, ...]]]:
    """Cities reachable from `start` in at most `depth` moves, nearest first, with a road path."""
    seen: dict[int, tuple[str, ...]] = {start: ()}
    frontier = [start]
    found: list[tuple[int, tuple[str, ...]]] = []
    for _ in range(depth):
        nxt = []
        for city in frontier:
            for colour in ROAD_COLOURS:
                to = state.board.road(city, colour)
                if to is not None and to not in seen:
                    seen[to] = seen[city] + (colour,)
                    found.append((to, seen[to]))
                    nxt.append(to)
        frontier = nxt
    return found


def planned_program(rng: random.Random, state: State, seat: int) -> tuple[str, ...]:
    """Orders that walk toward the nearest tile an action could use, acting on arrival."""
    player = state.players[seat]
    city = player.city or 0
    units = list(player.units)
    acted = {c for s, c in state.acted if s == seat}
    orders: list[str] = []
    while len(orders) < PROGRAM_LENGTH:
        trial_units, trial_acted = list(units), set(acted)
        if action_at(state, city, trial_units, trial_acted).effect in USEFUL:
            orders.append("action")
            units, acted = trial_units, trial_acted
            continue
        for target, path in routes(state, city, PROGRAM_LENGTH - len(orders) - 1):
            if action_at(state, target, list(units), set(acted)).effect in USEFUL:
                orders.extend(path)
                city = target
                break
        else:
            order = rng.choices(ORDERS, ORDER_WEIGHTS)[0]
            orders.append(order)
            if order in ROAD_COLOURS:
                city = state.board.road(city, order) or city
            elif order == "action":
                action_at(state, city, units, acted)
    return tuple(orders[:PROGRAM_LENGTH])


def random_split(rng: random.Random, count: int, regions: tuple[int, ...]) -> a.Split:
    if count == 0 or not regions:
        return ()
    return a.split(Counter(rng.choice(regions) for _ in range(count)))


def random_units(rng: random.Random, owned: tuple[int, ...], needs: int) -> a.UnitCount:
    pool = [unit for unit, n in zip(UNITS, owned, strict=True) for _ in range(n)]
    return a.unit_count(Counter(rng.sample(pool, needs)))


def _place(rng: random.Random, choice: ch.PlaceChoice, state: State | None) -> a.Action:
    return a.Place(choice.seat, rng.choice(choice.cities))


def _program(rng: random.Random, choice: ch.ProgramChoice, state: State | None) -> a.Action:
    if state is not None and rng.random() < PLANNED:
        return a.Program(choice.seat, planned_program(rng, state, choice.seat))
    return a.Program(choice.seat, tuple(rng.choices(ORDERS, ORDER_WEIGHTS, k=PROGRAM_LENGTH)))


def _reward(rng: random.Random, choice: ch.RewardChoice, state: State | None) -> a.Action:
    take = rng.choice(choice.takes)
    split = random_split(rng, choice.bards, choice.regions) if "bards" in take else ()
    return a.Reward(choice.seat, take, split)


def _colossus(rng: random.Random, choice: ch.ColossusChoice, state: State | None) -> a.Action:
    if rng.random() < 0.2:
        return a.Colossus(choice.seat, False)
    needs, _ = rng.choice(choice.colossi)
    return a.Colossus(choice.seat, True, needs, random_units(rng, choice.units, needs))


def _neutral(rng: random.Random, choice: ch.NeutralChoice, state: State | None) -> a.Action:
    return a.Neutral(choice.seat, rng.choice(choice.tracks))


def _census(rng: random.Random, choice: ch.CensusChoice, state: State | None) -> a.Action:
    most = choice.most
    return a.Census(choice.seat, choice.unit, most if rng.random() < 0.5 else rng.randint(0, most))


def _census_bards(rng: random.Random, choice: ch.CensusBardsChoice, state: State | None) -> a.Action:
    return a.CensusBards(choice.seat, random_split(rng, choice.bards, choice.regions))


def _floor(rng: random.Random, choice: ch.FloorChoice, state: State | None) -> a.Action:
    return a.Floor(choice.seat, rng.choice(choice.cities))


# The random move of each decision kind (`choices.KINDS`).
MOVES: dict[str, Callable[[random.Random, Any, State | None], a.Action]] = {
    "place": _place, "program": _program, "reward": _reward, "colossus": _colossus, "neutral": _neutral,
    "census": _census, "census_bards": _census_bards, "floor": _floor,
}


def decide(rng: random.Random, choice: Choice, state: State | None = None) -> a.Action:
    """One legal action for the choice, at random; with the state, programs are often planned."""
    return MOVES[choice.decision](rng, choice, state)
