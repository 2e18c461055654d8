"""`companion bench`: the performance figures the issues name, measured here and now.

Figures come from repeated runs on this machine; nothing here is asserted by a test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.xidit.rules.board import Board

from .agents import decision_times
from .boxes import key_to_frame
from .engine import engine_games_per_second, planned_games_per_second, replay_time
from .face_up import answer_times
from .figure import Figure, machine
from .glass import key_to_glass
from .presses import key_presses
from .steps import steps_per_year
from .tables import input_to_views, resume_time
from .walk import walk_figures
from .web import web_figures

Bench = Callable[[Board, int], "Figure | list[Figure]"]
BENCHMARKS: list[tuple[Bench, int]] = [
    (engine_games_per_second, 300), (planned_games_per_second, 200), (replay_time, 50),
    (input_to_views, 3), (resume_time, 20), (key_to_frame, 2), (key_to_glass, 600), (key_presses, 20),
    (web_figures, 200), (decision_times, 4), (walk_figures, 1), (steps_per_year, 20), (answer_times, 4),
]


def run(board: Board, scale: float = 1.0) -> dict[str, Any]:
    """Every figure; `scale` shrinks the run counts (tests use a small one to check the plumbing)."""
    figures: list[Figure] = []
    for bench, runs in BENCHMARKS:
        found = bench(board, max(1, round(runs * scale)))
        figures.extend(found if isinstance(found, list) else [found])
    return {"machine": machine(), "figures": [f.to_json() for f in figures]}


def table(result: dict[str, Any]) -> list[str]:
    m = result["machine"]
    lines = [f"machine: {m['platform']} ({m['cpus']} cpus), Python {m['python']}"]
    for f in result["figures"]:
        goal = f"  goal {f['goal']}" if f["goal"] else ""
        note = f"  ({f['note']})" if f["note"] else ""
        lines.append(f"{f['name']}: {f['value']} {f['unit']} over {f['runs']} runs{goal}{note}")
    return lines
