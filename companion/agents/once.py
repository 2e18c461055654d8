"""The referee's "let the virtual player decide this once": the move the game's normal-level virtual player
would take for one seat now, keyed in by the referee. The agent sees only what that seat's phone shows (its
view and its awaited choice), as a seated virtual player does (bots.py); the move is the referee's, recorded
like any decision they take for a player."""

from __future__ import annotations

from dataclasses import replace

from companion.table import Table
from companion.table.commands import REFEREE, Command, Decide
from companion.table.seats import DEFAULT_LEVEL

from .bots import commands_for
from .levels import kit as kit_of


def decide_once(table: Table, seat: int, *, blind: bool = False) -> list[Command]:
    """The commands that key in the virtual player's move for `seat` now (empty when nothing is awaited from
    it). Seeded from the game, the seat and the table's version: asked twice at one moment, it decides the
    same."""
    awaited = table.awaited_in_game({seat})
    if awaited is None:
        return []
    kit = kit_of(awaited.game)
    level = DEFAULT_LEVEL if DEFAULT_LEVEL in tuple(kit.levels) else tuple(kit.levels)[-1]
    seed = table.version * 7919 + seat + 104729 * (awaited.game_id or 0)
    action = kit.make(level, awaited.board, seed).decide(awaited.view, awaited.choice)
    return [replace(command, by=REFEREE, blind=blind) if isinstance(command, Decide) else command
            for command in commands_for(awaited.choice, action, kit=kit)]
