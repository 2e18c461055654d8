"""`companion simulate --agents`, run as a process: one agent per seat, wins per seat, clear refusals."""

from __future__ import annotations

import json
import subprocess
import sys


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120)


def test_agents_per_seat_report_the_wins_of_each_seat() -> None:
    done = companion("simulate", "--players", "3", "--short", "--games", "3", "--seed", "5",
                     "--agents", "strong,easy,random", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["agents"] == ["strong", "easy", "random"]
    assert set(summary["wins_by_seat"]) == {"1", "2", "3", "neutral"}
    assert sum(summary["wins_by_seat"].values()) == 3
    assert "games_with_awakening" in summary
    again = companion("simulate", "--players", "3", "--short", "--games", "3", "--seed", "5",
                      "--agents", "strong,easy,random", "--json")
    assert again.stdout == done.stdout  # another process, another hash seed: the same games
    text = companion("simulate", "--players", "3", "--short", "--games", "3", "--seed", "5",
                     "--agents", "strong,easy,random")
    assert text.returncode == 0 and "strong, easy, random" in text.stdout


def test_without_agents_the_summary_is_as_before() -> None:
    done = companion("simulate", "--players", "4", "--games", "2", "--seed", "5", "--json")
    assert done.returncode == 0, done.stderr
    assert "wins_by_seat" not in json.loads(done.stdout)


def test_an_unknown_agent_or_a_wrong_count_is_refused() -> None:
    unknown = companion("simulate", "--players", "3", "--games", "1", "--seed", "1", "--agents", "strong,easy,hard")
    assert unknown.returncode == 2 and "'hard'" in unknown.stderr and "random, easy, normal, strong" in unknown.stderr
    assert unknown.stdout == ""
    short = companion("simulate", "--players", "4", "--games", "1", "--seed", "1", "--agents", "strong,easy")
    assert short.returncode == 2 and "2 agents for 4 players" in short.stderr
