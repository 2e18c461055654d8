"""`companion simulate`: games without people played to the end, and what they add up to.

The loops are the same for every game; the setups, the random player and the summary are the game's
(its `AgentKit`). Chance nodes are rolled and drawn as the Pi does, from the game's seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.agents import AgentKit, Summary
from companion.core.game import Match

from .match import agents_for, pi_chance, play_match


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def play(kit: AgentKit, pack: Any, setup: Any, agent_seed: int, *, planned: bool = True) -> Match:
    """Plays one game to its end with the game's random player: one of the awaited choices at random, and
    an action for it at random (`planned`: the random player is shown the game, and may plan)."""
    match = kit.rules.start(pack, setup)
    rng = random.Random(agent_seed)
    while match.result() is None:
        if pi_chance(match, rng):
            continue
        awaited = match.awaited()
        choice = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
        match.push(kit.random_action(rng, choice, match if planned else None))
    return match


def simulate(kit: AgentKit, pack: Any, players: int, options: Mapping[str, str], games: int, seed: int,
             on_game: Callable[[Match], None] = lambda match: None) -> Summary:
    """Random games; `on_game` is shown each game as it ends (`--records` writes it)."""
    summary = kit.summary(players, options)
    for game_seed in game_seeds(seed, games):
        match = play(kit, pack, kit.setup(players, options, game_seed), game_seed ^ 0x5EED)
        summary.add(match)
        on_game(match)
    return summary


def simulate_agents(kit: AgentKit, pack: Any, options: Mapping[str, str], games: int, seed: int,
                    levels: Sequence[str], on_game: Callable[[Match], None] = lambda match: None) -> Summary:
    """Games between agents, one level per seat in seat order."""
    summary = kit.summary(len(levels), options, tuple(levels))
    for game_seed in game_seeds(seed, games):
        setup = kit.setup(len(levels), options, game_seed)
        match = play_match(kit, pack, setup, agents_for(kit, pack, levels, game_seed), game_seed)
        summary.add(match)
        on_game(match)
    return summary
