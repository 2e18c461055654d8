"""The lines of the table's steps, in plain words (docs/style.md), from what the game did.

Each line has a public form and, when it involves something behind a player's screen, a private form shown
only to that player (and the referee). A game writes its lines (its `table` part); steps (steps.py) group
them the way a table plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.i18n import translate

Message = str | tuple[str, str]  # a text, or its singular and plural forms (chosen by the field `n`)


@dataclass(frozen=True)
class Instruction:
    message: Message
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # the player it concerns, if any
    private: Message | None = None  # the form with the player's secrets, for that player only
    physical: bool = True  # False for news that moves no piece

    def text(self, language: str, reader: int | None) -> str:
        """`reader` is a seat, None for the public, -1 for the referee."""
        if self.private is not None and (reader == -1 or reader == self.seat):
            return translate(language, self.private, self.params)
        return translate(language, self.message, self.params)

    def to_json(self, language: str, reader: int | None) -> dict[str, Any]:
        return {"text": self.text(language, reader), "seat": self.seat, "physical": self.physical}
