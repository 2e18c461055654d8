"""A game record's envelope read once for every game: `{"format": ..., "setup": ..., "moves": [...]}`
(docs/formats.md), its setup and moves decoded by the game's own codecs. Pure, like the rest of core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .errors import BadRecord

S = TypeVar("S")
M = TypeVar("M")


def setup_and_moves(data: Any, format: str, setup_from_json: Callable[[Any], S],
                    move_from_json: Callable[[Any], M], named: str = "a") -> tuple[S, list[M]]:
    """The record's setup and moves; BadRecord, naming the record (`named`: "an Astoria Epic"), when it is
    not of `format` or its moves are not a list."""
    if not isinstance(data, dict) or data.get("format") != format:
        raise BadRecord(f"not {named} record: format must be {format!r}")
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise BadRecord(f"{named} record's moves are a list")
    return setup_from_json(data.get("setup")), [move_from_json(m) for m in moves]
