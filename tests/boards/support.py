"""Helpers for the walk-through's tests: walking it to the end, and what a pack holds that the walk asks."""

from __future__ import annotations

import tomllib
from typing import Any

from companion.boards import parse_pack
from companion.boards.verify import Walk
from companion.boards.verify.questions import values_of


def walk_to_the_end(walk: Walk, planned: dict[str, Any] | None = None) -> list[str]:
    """Answers every question the walk asks, in its order: the planned value where there is one, else
    the value offered. Returns the keys asked, in order."""
    planned = dict(planned or {})
    asked = []
    while walk.question is not None:
        key = walk.question.key
        asked.append(key)
        walk.answer(key, planned.pop(key, walk.values[key]))
    assert planned == {}, f"never asked: {sorted(planned)}"
    return asked


def differences(text: str, other: str) -> dict[str, tuple[Any, Any]]:
    """The asked values that differ between two packs: key -> (in text, in other)."""
    a, b = values_of(parse_pack(text)), values_of(parse_pack(other))
    return {k: (a[k], b[k]) for k in a if a[k] != b[k]}


def sources(text: str) -> set[str]:
    """The `source` of every city, road, region, tile and colossus table of a pack."""
    data = tomllib.loads(text)
    return {table.get("source", "<none>") for kind in ("city", "road", "region", "tile", "colossus")
            for table in data[kind]}
