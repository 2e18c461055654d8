"""Setting up a game from what lies face up on the table (§2 step 3 as a table plays it): the tiles
typed in are placed, the rest of the layout is a guess the game corrects as the table answers (hidden.py)."""

from __future__ import annotations

from dataclasses import replace

from .board import Board
from .deal import COLOSSUS_STACKS, tiles_in_play
from .errors import BadRecord
from .setup import Hidden, Setup


def from_sight(board: Board, setup: Setup, board_tiles: tuple[tuple[int, ...], tuple[int, ...]],
               next_tiles: tuple[int, int], colossi: tuple[int | None, ...]) -> Setup:
    """A game set up from what lies face up: the recruitment and threat tiles on the board, the Next
    recruitment and Next threat tiles, and for each colossus stack (3, 4, 5) the one on top if the table
    told it by its print. The piles and the other colossi are guessed until the game meets them.
    The scoring order is the setup's own."""
    recruit, threat = board_tiles
    typed = [*recruit, *threat, *next_tiles]
    in_play = tiles_in_play(board, setup)
    k = 4 if len(setup.players) == 3 else 5
    if len(recruit) != k or len(threat) != k or len(set(typed)) != len(typed) or \
            any(t not in in_play for t in typed):
        raise BadRecord(f"the table shows {k} recruitment and {k} threat tiles and two Next tiles, each in play once")
    unseen = [t for t in in_play if t not in typed]
    stacks = []
    for needs, top in zip(COLOSSUS_STACKS, colossi, strict=True):
        stack = sorted(c.index for c in board.colossi if c.needs == needs)
        if top is not None:
            if top not in stack:
                raise BadRecord(f"colossus {top} is not in the stack of {needs}")
            stack = [top, *(c for c in stack if c != top)]
        stacks.append(tuple(stack))
    layout = replace(setup.layout, recruit=tuple(recruit), threat=tuple(threat),
                     recruit_pile=(next_tiles[0], *unseen[:k - 1]), threat_pile=(next_tiles[1], *unseen[k - 1:]),
                     colossi=tuple(stacks), reinforcements=None,
                     hidden=Hidden(0, frozenset(c for c in colossi if c is not None)))
    return replace(setup, layout=layout)
