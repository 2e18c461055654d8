"""One measured figure, the machine it was measured on, and percentiles."""

from __future__ import annotations

import os
import platform
from typing import Any

from companion.core.bench import Figure

__all__ = ["Figure", "machine", "percentile"]


def machine() -> dict[str, Any]:
    return {"platform": platform.platform(), "machine": platform.machine(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "processor": platform.processor() or platform.machine()}


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
