"""What one player's box may know, read from the table in one go."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.preview import Slot


@dataclass(frozen=True)
class SeatSnapshot:
    view: dict[str, Any]  # the table's view for this seat
    choice: Choice | None  # the decision awaited from this seat, if any
    preview: tuple[Slot, ...]  # programming: where the draft would take the Idrakys
    draft: tuple[str | None, ...]
    locked: bool
