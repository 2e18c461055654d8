"""How people call a player, on every screen, page and instruction: by their name, else by their
colour (in the reader's words when a translation is given)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def name_or_colour(player: Mapping[str, Any], colour_word: Callable[[str], str] = str) -> str:
    """`player` as a view shows it (its "name" may be missing or empty)."""
    return str(player.get("name") or colour_word(player["colour"]))
