"""Zargos on its boxes alone, for the tests (the driver is the package's `keyed`, which the bench uses)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from companion.core.game import GameModule
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack
from companion.games.zargos.boxes import BOXES
from companion.games.zargos.boxes.keyed import BoxTable, play_on_boxes
from companion.games.zargos.module import game_module
from companion.games.zargos.rules import Game, Setup

__all__ = ["BoxTable", "advance", "module", "new_table", "play_through_boxes"]


def module() -> GameModule:
    """Zargos's module with its box part, as the lead wires it at merge."""
    return dataclasses.replace(game_module(), boxes=BOXES)


def play_through_boxes(players: int, seed: int, *, language: str = "en", physical: bool = True,
                       peoples_each: int = 0) -> BoxTable:
    """A whole game keyed on the boxes of the module's box part (each move checked taken as keyed)."""
    return play_on_boxes(default_pack(), Setup(players, peoples_each), seed, language=language, physical=physical,
                         menus=module().boxes)


def advance(table: BoxTable, rng: random.Random, until: Callable[[Game], bool], limit: int = 3000) -> None:
    """Plays random moves on the engine (the Pi drawing and rolling) until `until(game)` holds."""
    game, agent = table.game, RandomAgent(rng)
    for _ in range(limit):
        if until(game):
            return
        assert game.result() is None, "the game ended first"
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    raise AssertionError("never reached")


def new_table(players: int = 4, language: str = "en", physical: bool = True) -> BoxTable:
    return BoxTable(Game(default_pack(), Setup(players)), language, physical)
