"""Zargos's benchmarks for `companion bench --game zargos` (`BENCH`, a companion.core.bench.BenchKit)."""

from __future__ import annotations

from .figures import BENCH, BENCHMARKS, ZargosBench

__all__ = ["BENCH", "BENCHMARKS", "ZargosBench"]
