"""Xidit's benchmarks, in the order `companion bench` prints them, each with its runs at full scale."""

from __future__ import annotations

from collections.abc import Callable

from companion.bench.figure import Figure
from companion.games.xidit.rules.board import Board

from .agents import decision_times
from .boxes import key_to_frame
from .engine import engine_games_per_second, planned_games_per_second, replay_time
from .face_up import answer_times
from .glass import key_to_glass
from .presses import key_presses
from .steps import steps_per_year
from .tables import input_to_views, resume_time
from .walk import walk_figures
from .web import web_figures

# A game night's changes on the table (a long evening of a 5-player game, with the referee's own): the web
# figures make them all, with 10 pages open throughout.
NIGHT = 1600

Bench = Callable[[Board, int], "Figure | list[Figure]"]
BENCHMARKS: list[tuple[Bench, int]] = [
    (engine_games_per_second, 300), (planned_games_per_second, 200), (replay_time, 50),
    (input_to_views, 3), (resume_time, 20), (key_to_frame, 2), (key_to_glass, 600), (key_presses, 20),
    (web_figures, NIGHT), (decision_times, 4), (walk_figures, 1), (steps_per_year, 20), (answer_times, 4),
]
