"""Kept live parts (web/parts.py): one render per key and version, never a stale one, never unbounded."""

from __future__ import annotations

from functools import partial

from web.parts import KEPT, Parts


def renders(parts: Parts, version: int, keys: range | list[int]) -> list[int]:
    """Asks for each key's part; returns the keys that had to be rendered."""
    made: list[int] = []

    def render(key: int) -> str:
        made.append(key)
        return f"part {key}"

    for key in keys:
        parts.get(version, key, partial(render, key))
    return made


def test_a_part_is_rendered_once_per_key_and_version() -> None:
    parts = Parts()
    assert renders(parts, 1, [1, 2, 1, 2]) == [1, 2]
    assert parts.get(1, 1, lambda: "never") == "part 1"
    assert renders(parts, 2, [1, 2]) == [1, 2]  # a new version: drawn again


def test_an_older_version_is_never_kept_over_a_newer_one() -> None:
    parts = Parts()
    renders(parts, 5, [1])
    assert parts.get(4, 1, lambda: "older") == "older"  # a slow request of before the change
    assert parts.get(5, 1, lambda: "never") == "part 1"


def test_hostile_addresses_cannot_make_it_keep_more_than_its_bound() -> None:
    parts = Parts()
    assert renders(parts, 1, range(KEPT + 100)) == list(range(KEPT + 100))
    assert renders(parts, 1, range(KEPT)) == []  # the first ones are kept
    assert renders(parts, 1, [KEPT + 50]) == [KEPT + 50]  # the rest are drawn every time, never kept
