"""What every game's packs (`GameModule.packs`) say alike: their format, the pack shipped with the game, as
text and read, and how a pack's text is read. A game adds the rest the owner's pages and commands ask of
it (web.game_parts.GamePacks: its walk-through, its check, its files beside the store)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

P = TypeVar("P")


class ShippedPacks(Generic[P]):
    def __init__(self, format: str, text: Callable[[], str], pack: Callable[[], P],
                 parse: Callable[[str], P]) -> None:
        self.format = format  # the pack format's name and version, as a pack's text declares it
        self._text, self._pack, self._parse = text, pack, parse

    def shipped_text(self) -> str:
        return self._text()

    def shipped(self) -> P:
        return self._pack()

    def parse(self, text: str) -> P:
        return self._parse(text)
