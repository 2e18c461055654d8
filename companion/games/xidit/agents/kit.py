"""Xidit's agents as the agents harness sees them (`GameModule.agents`, a companion.core.agents.AgentKit)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.agents import AgentKit
from companion.games.xidit.rules import Action, Game, Program, Setup, action_to_json
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice

from .levels import LEVELS, Agent, make_agent
from .random_player import decide
from .simulation import Summary, random_setup


class XiditAgents(AgentKit):
    levels = LEVELS

    def make(self, level: str, pack: Board, seed: int) -> Agent:
        return make_agent(level, pack, seed)

    def random_action(self, rng: random.Random, choice: Choice, match: Any = None) -> Action:
        # The table lends its game's state (Table.decide_for), a simulation its game: either lets programs
        # be planned toward tiles.
        return decide(rng, choice, match.state if isinstance(match, Game) else match)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Setup:
        return random_setup(players, options.get("length") == "short", seed, options.get("neutral", "normal"))

    def setup_json(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                   seed: int) -> dict[str, Any]:
        setup: dict[str, Any] = {
            "players": [{"seat": s, "colour": c, **({"name": n} if n else {})} for s, c, n in players],
            "length": options.get("length", "long"), "first_player": players[0][0], "seed": seed}
        if len(players) == 3:
            setup["neutral"] = options.get("neutral", "normal")
        return setup

    def start(self, pack: Board, setup: Setup) -> Game:
        return Game(pack, setup)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, options.get("length") == "short", agents=tuple(levels))

    def action_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def draft(self, action: Action, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        if not isinstance(action, Program):
            raise ValueError(f"only a program is keyed in piece by piece, not {action!r}")
        # The changes companion.games.xidit.table.drafts reads: a slot's order, or the whole program.
        if piece_by_piece:
            return tuple({"slot": slot, "order": order} for slot, order in enumerate(action.orders))
        return ({"orders": list(action.orders)},)


AGENTS = XiditAgents()
