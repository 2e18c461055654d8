"""Xidit's agents as the agents harness sees them (`GameModule.agents`, a companion.core.agents.AgentKit)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.agents import AgentKit
from companion.core.game import Rules
from companion.games.xidit.module import RULES
from companion.games.xidit.rules import Action, Game, Program, Setup
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice

from .levels import LEVELS, Agent, make_agent
from .random_player import decide
from .simulation import Summary, random_setup


class XiditAgents(AgentKit):
    levels = LEVELS
    rules: Rules = RULES

    def make(self, level: str, pack: Board, seed: int) -> Agent:
        return make_agent(level, pack, seed)

    def random_action(self, rng: random.Random, choice: Choice, match: Any = None) -> Action:
        # The table lends its game's state (Table.decide_for), a simulation its game: either lets programs
        # be planned toward tiles.
        return decide(rng, choice, match.state if isinstance(match, Game) else match)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Setup:
        return random_setup(players, options.get("length") == "short", seed, options.get("neutral", "normal"))

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, options.get("length") == "short", agents=tuple(levels))

    def draft(self, action: Action, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        if not isinstance(action, Program):
            raise ValueError(f"only a program is keyed in piece by piece, not {action!r}")
        # The changes companion.games.xidit.table.drafts reads: a slot's order, or the whole program.
        if piece_by_piece:
            return tuple({"slot": slot, "order": order} for slot, order in enumerate(action.orders))
        return ({"orders": list(action.orders)},)


AGENTS = XiditAgents()
