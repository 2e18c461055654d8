"""What one player's box may know, read from the table in one go."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatSnapshot:
    view: dict[str, Any]  # the table's view for this seat
    choice: Any  # the decision awaited from this seat, if any (a companion.core.game.Choice)
    preview: tuple[Any, ...]  # a sealed choice: what the draft would do (Xidit: where it takes the Idrakys)
    draft: Any  # the seat's draft of its sealed choice (Xidit: a tuple, its program's orders)
    locked: bool
    chance: Any = None  # the chance node the game waits on (companion.core.game.ChanceNode), if any
    sealed: bool = False  # the seat's awaited choice is sealed: it is keyed in as a draft and locked
    game: str = ""  # the key of the game the table plays: the box finds that game's menus by it
    envelope: Any = None  # what the framework knows of `view` (companion.table.envelope.Envelope); None in tests

    @property
    def forecast(self) -> tuple[Any, ...]:
        """The generic name of `preview`."""
        return self.preview
