"""One measured figure, the machine it was measured on, and percentiles."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str
    runs: int
    goal: str = ""
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": round(self.value, 3), "unit": self.unit, "runs": self.runs,
                "goal": self.goal, "note": self.note}


def machine() -> dict[str, Any]:
    return {"platform": platform.platform(), "machine": platform.machine(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()}


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
