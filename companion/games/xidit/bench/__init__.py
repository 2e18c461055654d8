"""Xidit's performance figures, run and printed by the bench harness (companion.bench, `companion bench`).

Figures come from repeated runs on this machine; nothing here is asserted by a test.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.bench import Benchmark


class XiditBench:
    """`GameModule.bench`: a companion.core.bench.BenchKit."""

    @property
    def benchmarks(self) -> Sequence[tuple[Benchmark, int]]:
        # Imported when asked for: the figures drive a whole table, boxes and pages, which a game's module
        # must not load when the table merely looks the game up.
        from .figures import BENCHMARKS

        return BENCHMARKS


BENCH = XiditBench()  # what `GAME.bench` holds
