"""The test-only hook to a table's live engine: tests check it against a replay of the table's
record, or scan views for what the engine knows and a reader must not. Nothing outside the table
reaches the engine; this one function is where the tests do, on purpose."""

from __future__ import annotations

from companion.rules import Game
from companion.table import Table


def engine(table: Table) -> Game:
    game = table._game
    assert game is not None, "no game under way"
    return game
