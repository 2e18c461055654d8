"""Helpers for table tests: a table on a temporary store, and a seeded scripted player."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.agents.bots import new_game, next_commands
from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Command, NewGame, Table

PLAYERS = [(1, "blue", "Ann"), (2, "red", None), (3, "green", None), (4, "yellow", None), (5, "black", None)]


def new_game_command(players: list[tuple[int, str, str | None]], length: str, neutral: str, seed: int,
                     seats: dict[str, Any] | None = None) -> NewGame:
    """A game of Lords of Xidit with its two options (the framework names no game's options)."""
    return new_game(registry.load("xidit"), players, {"length": length, "neutral": neutral}, seed, seats)


def new_table(path: Path, players: int = 4, length: str = "short", seed: int = 5, **options: Any) -> Table:
    table = Table.open(Store(path), default_pack_text(), **options)
    table.handle(new_game_command(PLAYERS[:players], length, "normal", seed))
    return table


def next_inputs(table: Table, rng: random.Random) -> list[Command]:
    """What the awaited players would key in next: a program slot by slot then a lock, or a decision."""
    return next_commands(table, rng, piece_by_piece=True)


def advance(table: Table, rng: random.Random, *, actions: int | None = None, past_placement: bool = False) -> None:
    """Keys in the random players' inputs until the game holds `actions` actions, or until the
    Idrakys are all placed."""
    def going() -> bool:
        if not table.playing():
            return False
        return table.phase() == "place" if past_placement else table.actions() < (actions or 0)

    while going():
        for command in next_inputs(table, rng):
            table.handle(command)


def new_toy_table(path: Path, players: int = 6, rounds: int = 3, seed: int = 5, store: Store | None = None,
                  **options: Any) -> Table:
    """A table playing the tests' toy game (tests/games/toy, with its agents: the `toy_with_agents` fixture
    registers it), for tests of the table that are about no game in particular."""
    game = registry.load("toy")
    table = Table.open(store or Store(path), "", game="toy", **options)
    seats = [(seat, colour, None) for seat, colour in enumerate(game.rules.colours[:players])]
    table.handle(new_game(game, seats, {"rounds": str(rounds)}, seed))
    return table


def toy_inputs(table: Table, rng: random.Random) -> list[Command]:
    """What the toy's awaited seats would key in next, at random (a bid keyed in then locked)."""
    return next_commands(table, rng, game="toy")


def advance_toy(table: Table, rng: random.Random, actions: int) -> None:
    """Keys in the toy's random inputs until the game holds `actions` actions or is over."""
    while table.playing() and table.actions() < actions:
        for command in toy_inputs(table, rng):
            table.handle(command)


def decide_and_apply(table: Table, bots: Any, times: int) -> None:
    """`times` rounds of the virtual players' decisions, each round's commands applied: every round must
    bring some (someone is always awaited while they all play)."""
    for _ in range(times):
        commands = bots.decide()
        assert commands
        for command in commands:
            table.handle(command)
