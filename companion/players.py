"""How people call a player, on every screen, page and instruction: by their name, else by their
colour (in the reader's words when a translation is given)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol


class Named(Protocol):
    @property
    def name(self) -> str | None: ...

    @property
    def colour(self) -> str: ...


def name_or_colour(player: Mapping[str, Any] | Named, colour_word: Callable[[str], str] = str) -> str:
    """`player` as a view shows it (its "name" may be missing or empty), or the engine's player."""
    if isinstance(player, Mapping):
        return str(player.get("name") or colour_word(player["colour"]))
    return player.name or colour_word(player.colour)
