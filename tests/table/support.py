"""Helpers for table tests: a table on a temporary store, and a seeded scripted player."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.boards import default_pack_text
from companion.rules import Game, Program, action_to_json
from companion.rules.choices import ProgramChoice
from companion.sim.agent import decide
from companion.store import Store
from companion.table.bots import new_game_command
from companion.table.commands import Command, Decide, Lock, SetOrder
from companion.table.table import Table

PLAYERS = [(1, "blue", "Ann"), (2, "red", None), (3, "green", None), (4, "yellow", None), (5, "black", None)]


def new_table(path: Path, players: int = 4, length: str = "short", seed: int = 5, **options: Any) -> Table:
    table = Table.open(Store(path), default_pack_text(), **options)
    table.handle(new_game_command(PLAYERS[:players], length, "normal", seed))
    return table


def next_inputs(table: Table, rng: random.Random) -> list[Command]:
    """What the awaited players would key in next: a program slot by slot then a lock, or a decision."""
    game = table.game
    assert game is not None
    for choice in game.legal():
        if isinstance(choice, ProgramChoice):
            if choice.seat in table.locked:
                continue
            program = decide(rng, choice, game.state)
            assert isinstance(program, Program)
            orders = program.orders
            return [SetOrder(choice.seat, i, o) for i, o in enumerate(orders)] + [Lock(choice.seat)]
        return [Decide(choice.seat, action_to_json(decide(rng, choice, game.state)))]
    return []


def replayed(table: Table) -> Game:
    assert table.game is not None
    return Game.replay(table.board, table.game.setup, table.game.actions)


def advance(table: Table, rng: random.Random, *, actions: int | None = None, past_placement: bool = False) -> None:
    """Keys in the random players' inputs until the game holds `actions` actions, or until the
    Idrakys are all placed."""
    def going() -> bool:
        game = table.game
        if game is None or game.outcome() is not None:
            return False
        return game.state.phase == "place" if past_placement else game.version < (actions or 0)

    while going():
        for command in next_inputs(table, rng):
            table.handle(command)
