"""Games between agents: each decision is asked of the agent of the awaited seat, with that seat's view
and awaited choice only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.agents import Agent, AgentKit
from companion.core.game import Match, seat_reader


def ask(match: Match, agent: Agent, seat: int) -> Any:
    """What `agent`, sitting at `seat`, does now: it is shown that seat's view and choice, nothing else."""
    return agent.decide(match.view(seat_reader(seat)), match.awaited(seat)[0])


def agents_for(kit: AgentKit, pack: Any, levels: Sequence[str], seed: int) -> dict[int, Agent]:
    """One agent per seat (seats from 1), each with its own seed drawn from `seed`."""
    return {seat: kit.make(level, pack, seed * 7919 + seat) for seat, level in enumerate(levels, start=1)}


def play_match(kit: AgentKit, pack: Any, setup: Any, agents: dict[int, Agent]) -> Match:
    """Plays one game to its end; when several seats are awaited (Xidit's programs, its census), the first
    in turn order decides first."""
    match = kit.start(pack, setup)
    while match.result() is None:
        seat = match.awaited()[0].seat
        match.push(ask(match, agents[seat], seat))
    return match
