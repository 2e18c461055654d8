"""Each campaign records what it tried, what survived and what was lost, for docs/reliability.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).parent / "artifacts"


def record(name: str, **figures: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(figures, indent=2))
