"""Zargos's agents as the agents harness sees them (`GameModule.agents`, a companion.core.agents.AgentKit).

Zargos numbers its seats from 0 (`first_seat`); its chance nodes (dice, draws, printed values) are made by
the harness as the Pi makes them."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from companion.core.agents import AgentKit
from companion.core.game import Rules
from companion.games.zargos.boards import default_pack
from companion.games.zargos.module import RULES
from companion.games.zargos.rules import Action, Board, Game, Setup
from companion.games.zargos.rules import actions as a
from companion.games.zargos.rules import choices as ch
from companion.games.zargos.rules.choices import Choice
from companion.games.zargos.rules.setup import OPTIONS

from .levels import LEVELS, Agent, lent_game, make_agent
from .random_agent import RandomAgent
from .summary import Summary


def _on_an_empty_map(rng: random.Random, board: Board, choice: Choice) -> Action:
    return RandomAgent(rng).move(lent_game(board, {}, frozenset()), choice)


def _end_attacks(rng: random.Random, board: Board, choice: ch.AttackChoice) -> Action:
    return a.EndAttacks(choice.seat, choice.people)


def _stay(rng: random.Random, board: Board, choice: ch.ReorganiseChoice) -> Action:
    return a.Reorganise(choice.seat, choice.people, ())


# A random move with nothing of the game lent, by decision kind: the moves that need the holdings are the
# plainest legal ones (4.4: end the attacks; 7.1: move nothing); the others are the random player's, read on
# an empty map.
UNLENT: dict[str, Callable[[random.Random, Board, Any], Action]] = {
    "people": _on_an_empty_map, "draft": _on_an_empty_map, "trade": _on_an_empty_map, "swords": _on_an_empty_map,
    "place": _on_an_empty_map, "red_window": _on_an_empty_map, "attack": _end_attacks, "fight": _on_an_empty_map,
    "combat_card": _on_an_empty_map, "reorganise": _stay, "keep": _on_an_empty_map, "reinforce": _on_an_empty_map,
}


def _setup(players: int, options: Mapping[str, str]) -> Setup:
    return Setup(players, 0, tuple(sorted((k, v) for k, v in options.items() if k in OPTIONS)))


class ZargosAgents(AgentKit):
    levels = LEVELS
    rules: Rules = RULES
    first_seat = RULES.first_seat

    def __init__(self) -> None:
        self._board: Board | None = None  # the last pack agents were made for: what a lent state is read on

    def make(self, level: str, pack: Board, seed: int) -> Agent:
        self._board = pack
        return make_agent(level, pack, seed)

    def random_action(self, rng: random.Random, choice: Choice, match: Any = None) -> Action:
        if isinstance(match, Game):
            return RandomAgent(rng).move(match, choice)
        # The table lends its game's state: read on the pack its agents play on (the shipped one before any).
        board = self._board or default_pack()
        if match is not None and hasattr(match, "window_played"):
            return RandomAgent(rng).move(SimpleNamespace(board=board, state=match), choice)  # type: ignore[arg-type]
        return UNLENT[choice.decision](rng, board, choice)  # nothing lent

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Setup:
        del seed  # nothing of a Zargos set-up is drawn before play: the order is rolled in the game (2.3)
        return _setup(players, options)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels))

    def draft(self, action: Action, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        raise ValueError(f"Zargos has no sealed choice to key in piece by piece: {action!r}")


AGENTS = ZargosAgents()
