"""Program search: each candidate program is played through the rest of the year in several sampled
worlds (the other seats' secrets and programs drawn as `world` and the planning agent would), and the
one whose year ends best on average, by the evaluation, is chosen.

The budget is a count of worlds and candidates, never a clock, so a decision is the same for a seed on
any machine; the counts are chosen so the slowest decision stays within its time (docs/agents.md).
Every candidate meets the same worlds (common random numbers), so the comparison is fair.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.xidit.rules import Game, Phase
from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules import choices as ch
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.state import State

from . import random_player as easy
from .evaluation import Delta, utility
from .programs import candidates
from .random_player import planned_program
from .world import sample_world


@dataclass(frozen=True)
class Budget:
    worlds: int  # sampled worlds each candidate is played in
    candidates: int  # programs judged by rollouts


def quick_reward(state: State, choice: ch.RewardChoice) -> a.Reward:
    """The reward a seat takes inside a rollout: each take with its bards all in one region."""
    best: tuple[float, a.Reward] | None = None
    for take in choice.takes:
        gold = choice.gold if "gold" in take else 0
        floors = choice.floors if "guild" in take else 0
        regions = choice.regions if "bards" in take else (0,)
        for region in regions:
            split = ((region, choice.bards),) if "bards" in take and choice.bards else ()
            value = utility(state, choice.seat, Delta(gold, floors, 0, split))
            if best is None or value > best[0]:
                best = (value, a.Reward(choice.seat, take, split))
    assert best is not None
    return best[1]


def _quick_reward(rng: random.Random, choice: ch.RewardChoice, state: State) -> a.Action:
    return quick_reward(state, choice)


def _reveal_all(rng: random.Random, choice: ch.CensusChoice, state: State) -> a.Action:
    return a.Census(choice.seat, choice.unit, choice.most)


# The searching seat's own move in a rollout, by decision kind (`choices.KINDS`): sensible where it
# matters cheaply, the planning agent's elsewhere.
OWN_MOVES: dict[str, Callable[[random.Random, Any, State], a.Action]] = {
    "place": easy.decide, "program": easy.decide, "reward": _quick_reward, "colossus": easy.decide,
    "neutral": easy.decide, "census": _reveal_all, "census_bards": easy.decide, "floor": easy.decide,
}


def _own_move(rng: random.Random, choice: Choice, state: State) -> a.Action:
    return OWN_MOVES[choice.decision](rng, choice, state)


def rollout(game: Game, me: int, rng: random.Random) -> None:
    """Plays on to the next programming (or the end): `me` sensibly, the others as the planning agent."""
    state = game.state
    year = state.year
    while state.phase != Phase.OVER and not (state.phase == Phase.PROGRAM and state.year != year):
        choice = game.legal()[0]
        game.push(_own_move(rng, choice, state) if choice.seat == me else easy.decide(rng, choice, state))


def choose_program(board: Board, view: dict[str, Any], choice: ch.ProgramChoice, rng: random.Random,
                   budget: Budget) -> tuple[str, ...]:
    me = choice.seat
    if budget.worlds == 0:  # no search: the planning agent's walk to the nearest useful tile
        return planned_program(rng, sample_world(board, view, me, random.Random(rng.getrandbits(64))).state, me)
    seeds = [rng.getrandbits(64) for _ in range(budget.worlds)]
    first = sample_world(board, view, me, random.Random(seeds[0]))
    programs = candidates(first.state, me, random.Random(seeds[0]), budget.candidates)
    if len(programs) == 1:
        return programs[0]
    totals = [0.0] * len(programs)
    for seed in seeds:
        sampled = sample_world(board, view, me, random.Random(seed)).state
        locked = {s: p.program for s, p in sampled.players.items() if s != me and p.program is not None}
        plan = random.Random(seed ^ 0x0DD)
        others = [easy.decide(plan, ch.ProgramChoice(s, sampled.players[s].city or 0), sampled)
                  for s in sampled.seats if s != me and s not in locked]
        for i, program in enumerate(programs):
            game = sample_world(board, view, me, random.Random(seed), locked=locked)
            for action in others:
                game.push(action)
            game.push(a.Program(me, program))
            rollout(game, me, random.Random(seed ^ 0xBEE))
            totals[i] += utility(game.state, me)
    best = max(range(len(programs)), key=lambda i: (totals[i], -i))
    return programs[best]
