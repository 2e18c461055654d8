"""The board walk-through's length: how many screens the 4-5-player set takes, and an estimate of the
owner's time at stated seconds a screen (the walk is done by a person, so this is counted, not timed).

The seconds are our assumptions for an owner with the game open and the phone in hand: a city's three
roads 20 s, a region (tap its border cities, type two numbers) or a tile (both sides) 30 s, a colossus
15 s; a count at the end of a section takes what counting the material takes.
"""

from __future__ import annotations

from typing import Final

from companion.bench.figure import Figure
from companion.games.xidit.boards.verify.screens import FOR_EVERY_GAME, in_section, screens_for
from companion.games.xidit.rules.board import Board

SECONDS: Final = {"city": 20, "region": 30, "tile": 30, "colossus": 15}
COUNT_SECONDS: Final = {"roads": 60, "regions": 60, "tiles-4-5": 120, "colossi": 30, "tiles-3": 100}
GOAL_MINUTES: Final = 30


def seconds(sections: tuple[str, ...]) -> int:
    return sum(COUNT_SECONDS[s.section] if s.kind == "count" else SECONDS[s.kind] for s in screens_for(sections))


def walk_figures(board: Board, runs: int) -> list[Figure]:
    """`board` and `runs` are unused: the screens are the same for every pack."""
    del board, runs
    every_game = screens_for(FOR_EVERY_GAME)
    counts = ", ".join(f"{section} {n} s" for section, n in COUNT_SECONDS.items() if section in FOR_EVERY_GAME)
    note = (f"{SECONDS['city']} s a city, {SECONDS['region']} s a region or tile, {SECONDS['colossus']} s a "
            f"colossus; counts: {counts}")
    return [
        Figure("walk-through: screens for the 4-5-player set (board, tiles, colossi, counts)", len(every_game),
               "screens", 1, "≤ 90 screens"),
        Figure("walk-through: estimated time for the 4-5-player set", seconds(FOR_EVERY_GAME) / 60, "minutes", 1,
               f"≤ {GOAL_MINUTES} minutes", note),
        Figure("walk-through: the 3-player tiles, before the first 3-player game", seconds(("tiles-3",)) / 60,
               "minutes", 1, "", f"{len(in_section('tiles-3'))} screens"),
    ]
