"""Zargos's agents as the agents harness sees them (`GameModule.agents`, a companion.core.agents.AgentKit).

Zargos numbers its seats from 0 (`first_seat`); its chance nodes (dice, draws, printed values) are made by
the harness as the Pi makes them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Action, Board, Game, Setup, action_to_json
from companion.games.zargos.rules.actions import EndAttacks, Reorganise
from companion.games.zargos.rules.choices import AttackChoice, Choice, ReorganiseChoice
from companion.games.zargos.rules.setup import OPTIONS, setup_to_json

from .levels import LEVELS, Agent, lent_game, make_agent
from .random_agent import RandomAgent
from .summary import Summary


def _setup(players: int, options: Mapping[str, str]) -> Setup:
    return Setup(players, 0, tuple(sorted((k, v) for k, v in options.items() if k in OPTIONS)))


class ZargosAgents:
    levels = LEVELS
    first_seat = 0

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
        # Nothing lent: the moves that need the holdings are the plainest legal ones (4.4, 7.1).
        if isinstance(choice, AttackChoice):
            return EndAttacks(choice.seat, choice.people)
        if isinstance(choice, ReorganiseChoice):
            return Reorganise(choice.seat, choice.people, ())
        return RandomAgent(rng).move(lent_game(board, {}, frozenset()), choice)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Setup:
        del seed  # nothing of a Zargos set-up is drawn before play: the order is rolled in the game (2.3)
        return _setup(players, options)

    def setup_json(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                   seed: int) -> dict[str, Any]:
        return setup_to_json(_setup(len(players), options))

    def start(self, pack: Board, setup: Setup) -> Game:
        return Game(pack, setup)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels))

    def action_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def draft(self, action: Action) -> tuple[Any, ...]:
        raise ValueError(f"Zargos has no sealed choice to key in piece by piece: {action!r}")


AGENTS = ZargosAgents()
