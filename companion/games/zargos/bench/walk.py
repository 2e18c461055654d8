"""The owner's walk-through of the map (boards/verify): how many screens, and an estimate of the owner's
time at stated seconds a screen (a person does it, so it is counted, not timed)."""

from __future__ import annotations

from companion.bench.figure import Figure
from companion.games.zargos.boards.verify.screens import GOAL_MINUTES, SECONDS, estimate
from companion.games.zargos.rules import Board


def walk_figures(board: Board, runs: int) -> list[Figure]:
    """The screens of the walk over `board`'s sea spaces (the real board's counts are the rules': 10 kingdoms,
    57 provinces; only the number of sea spaces is the pack's)."""
    del runs
    screens, seconds = estimate(len(board.seas))
    note = (f"{SECONDS['kingdom']} s a kingdom, {SECONDS['zargos']} s Zargos, {SECONDS['seas']} s naming the seas, "
            f"{SECONDS['province']} s a province, {SECONDS['sea']} s a sea space, {SECONDS['count']} s the counts")
    return [Figure("walk-through of the Zargos map: screens", screens, "screens", 1),
            Figure("walk-through of the Zargos map: estimated time", seconds / 60, "minutes", 1,
                   f"≤ {GOAL_MINUTES} minutes", note)]
