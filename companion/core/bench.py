"""What a game gives the bench harness (companion.bench): its figures, measured on a pack."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Figure:
    """One measured figure: what, how much, in what unit, over how many runs, against which goal."""

    name: str
    value: float
    unit: str
    runs: int
    goal: str = ""
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": round(self.value, 3), "unit": self.unit, "runs": self.runs,
                "goal": self.goal, "note": self.note}


# One benchmark: given the pack and a number of runs, one figure or several.
Benchmark = Callable[[Any, int], "Figure | list[Figure]"]


class BenchKit(Protocol):
    """A game's benchmarks, each with its number of runs at full scale, in the order they are printed."""

    @property
    def benchmarks(self) -> Sequence[tuple[Benchmark, int]]: ...
