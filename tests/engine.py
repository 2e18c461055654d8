"""The test-only hook to a table's live engine: tests check it against a replay of the table's
record, or scan views for what the engine knows and a reader must not. Nothing outside the table
reaches the engine; this one function is where the tests do, on purpose."""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules import Game
from companion.table import Instruction, Table


def engine(table: Table) -> Game:
    game = table._game
    assert game is not None, "no game under way"
    return game


def stored_log(table: Table) -> list[dict[str, Any]]:
    """The table's log of the game under way as it holds it: what it has stored, actions and markers."""
    return list(table._entries)


def instructions(table: Table) -> list[Instruction]:
    """Every line of every step of the game under way, done or not, in order."""
    return [line for step in table.steps() for line in step.lines]
