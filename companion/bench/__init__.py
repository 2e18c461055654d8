"""`companion bench`: the performance figures the issues name, measured here and now, for one game.

The harness runs the benchmarks a game lists (`GameModule.bench`, a `companion.core.bench.BenchKit`) and
prints them; the figures themselves are the game's. Nothing here is asserted by a test.
"""

from __future__ import annotations

from typing import Any

from companion.core.bench import BenchKit, Figure

from .figure import machine


def run(kit: BenchKit, pack: Any, scale: float = 1.0) -> dict[str, Any]:
    """Every figure of the game; `scale` shrinks the run counts (tests use a small one to check the plumbing)."""
    figures: list[Figure] = []
    for bench, runs in kit.benchmarks:
        found = bench(pack, max(1, round(runs * scale)))
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
