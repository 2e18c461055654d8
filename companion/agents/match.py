"""Games between agents: each decision is asked of the agent of the awaited seat, with that seat's view
and awaited choice only; a roll or a draw (a chance node) is made as the Pi makes it at a table, from a
seeded generator, weighted by the node's odds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.core.agents import Agent, AgentKit
from companion.core.game import Match, seat_reader


def ask(match: Match, agent: Agent, seat: int) -> Any:
    """What `agent`, sitting at `seat`, does now: it is shown that seat's view and choice, nothing else."""
    return agent.decide(match.view(seat_reader(seat)), match.awaited(seat)[0])


def first_seat(kit: AgentKit) -> int:
    """The number of a game's first seat: 1 unless its kit says otherwise (`first_seat`, Zargos's 0)."""
    return kit.first_seat


def agents_for(kit: AgentKit, pack: Any, levels: Sequence[str], seed: int) -> dict[int, Agent]:
    """One agent per seat (seats from the game's first), each with its own seed drawn from `seed`."""
    first = first_seat(kit)
    return {seat: kit.make(level, pack, seed * 7919 + seat) for seat, level in enumerate(levels, start=first)}


def pi_chance(match: Match, rng: random.Random) -> bool:
    """Makes the outcome of the chance node the game waits on, if any, as the Pi would: True when it did."""
    node = match.chance()
    if node is None:
        return False
    weights = list(node.weights) if node.weights is not None else None
    match.resolve(rng.choices(node.outcomes, weights=weights)[0])
    return True


def play_match(kit: AgentKit, pack: Any, setup: Any, agents: dict[int, Agent], seed: int = 0) -> Match:
    """Plays one game to its end; when several seats are awaited (Xidit's programs, its census), the first
    in turn order decides first. Chance nodes are rolled and drawn with `seed`."""
    match = kit.rules.start(pack, setup)
    dice = random.Random(seed ^ 0xD1CE)
    while match.result() is None:
        if pi_chance(match, dice):
            continue
        seat = match.awaited()[0].seat
        match.push(ask(match, agents[seat], seat))
    return match
