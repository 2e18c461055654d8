"""The walk-through's length as `companion bench` reports it, within the issue's goals, and the same in
the README and docs/performance.md."""

from __future__ import annotations

from pathlib import Path

from companion.games.xidit.bench.walk import walk_figures
from companion.games.xidit.boards import default_pack

ROOT = Path(__file__).parents[4]


def test_the_4_5_player_walk_is_at_most_90_screens_and_30_minutes_as_the_docs_say() -> None:
    screens, minutes, three = walk_figures(default_pack(), 1)
    assert screens.unit == "screens" and screens.value == 61 <= 90
    assert minutes.unit == "minutes" and minutes.value <= 30
    assert "20 s a city" in minutes.note  # the assumption is stated with the figure
    readme = (ROOT / "README.md").read_text("utf-8")
    assert f"in about {round(minutes.value)} minutes" in readme and f"({int(screens.value)} screens" in readme
    assert f"(about {round(three.value)}\nminutes)" in readme or f"(about {round(three.value)} minutes)" in readme
    performance = (ROOT / "docs" / "performance.md").read_text("utf-8")
    assert f"| {int(screens.value)} screens | 1 | ≤ 90 screens |" in performance
    assert f"| {round(minutes.value)} minutes | 1 | ≤ 30 minutes |" in performance
