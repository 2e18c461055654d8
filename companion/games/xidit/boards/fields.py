"""Typed reading of one TOML table, collecting problems instead of raising.

A pack author fixes a pack in one go only if every problem is reported at once, so each reader
returns ``None`` for a bad value and notes why, and the caller carries on with the next field.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from .problems import Problem, Problems


def quote(text: str) -> str:
    """A pack's string in double quotes, escaped: a problem must stay one line whatever it holds."""
    return json.dumps(text, ensure_ascii=False)


def plain(text: str) -> str:
    """As `quote`, without the quotes (for labels such as ``tile[set 4-5, city 6]``)."""
    return quote(text)[1:-1]


def describe(value: object) -> str:
    """How a wrong value reads in a message: its TOML type and, when short, the value itself."""
    if isinstance(value, bool):
        return f"boolean {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"integer {value}"
    if isinstance(value, float):
        return f"float {value}"
    if isinstance(value, str):
        return f"string {quote(value)}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"  # dates and times


def suggest(word: str, choices: Iterable[str]) -> str:
    """A ` (did you mean "x"?)` tail for a misspelt key or name, or nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""


def numbers(values: Iterable[int]) -> str:
    """Sorted, with runs of three or more folded: ``1, 4-9, 12``."""
    ordered = sorted(set(values))
    parts: list[str] = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{ordered[start]}-{ordered[end]}")
        else:
            parts.extend(str(v) for v in ordered[start : end + 1])
        start = end + 1
    return ", ".join(parts)


def is_int(value: object) -> bool:
    # TOML booleans arrive as Python bools, which are ints: `id = true` must not pass as 1.
    return isinstance(value, int) and not isinstance(value, bool)


class Table:
    """One TOML table of the pack with the label its problems are reported under.

    The label may be refined once the table's identifying fields are read (``road[4]`` becomes
    ``road[4] (between 5 and 12)``), so later problems name the entry the way its author knows it.
    """

    def __init__(self, table: str, data: Mapping[str, Any], problems: Problems, *, index: int | None = None,
                 label: str | None = None) -> None:
        self.table = table
        self.index = index
        self.id: int | None = None  # set once read, for the tables whose entries have an id
        self.label = label or (table if index is None else f"{table}[{index}]")
        self.data = data
        self.problems = problems

    def problem(self, message: str, field: str | None = None) -> None:
        self.problems.add(Problem(self.table, self.label, message, self.index, self.id, field))

    def check_keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        required = tuple(required)
        known = (*required, *optional, "source")
        for key in self.data:
            if key not in known:
                self.problem(f"unknown key {quote(key)}{suggest(key, known)}", key)
        for key in required:
            if key not in self.data:
                self.problem(f'missing key "{key}"', key)
        self.string("source")

    def _get(self, key: str) -> Any:
        return self.data.get(key)

    def integer(self, key: str) -> int | None:
        value = self._get(key)
        if value is None:
            return None
        if not is_int(value):
            self.problem(f"{key} must be an integer, got {describe(value)}", key)
            return None
        return int(value)

    def positive(self, key: str) -> int | None:
        value = self.integer(key)
        if value is not None and value < 1:
            self.problem(f"{key} must be a positive integer, got {value}", key)
            return None
        return value

    def string(self, key: str) -> str | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.problem(f"{key} must be a string, got {describe(value)}", key)
            return None
        return value

    def boolean(self, key: str) -> bool | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, bool):
            self.problem(f"{key} must be true or false, got {describe(value)}", key)
            return None
        return value

    def integers(self, key: str) -> tuple[int, ...] | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            self.problem(f"{key} must be an array of integers, got {describe(value)}", key)
            return None
        bad = [item for item in value if not is_int(item)]
        if bad:
            self.problem(f"{key} must hold only integers, got {describe(bad[0])}", key)
            return None
        return tuple(int(item) for item in value)

    def strings(self, key: str) -> tuple[str, ...] | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            self.problem(f"{key} must be an array of strings, got {describe(value)}", key)
            return None
        bad = [item for item in value if not isinstance(item, str)]
        if bad:
            self.problem(f"{key} must hold only strings, got {describe(bad[0])}", key)
            return None
        return tuple(value)

    def pair(self, key: str, what: str) -> tuple[int, int] | None:
        """Exactly two integers, e.g. a road's ends or a region's fame; `what` says what they mean."""
        value = self.integers(key)
        if value is None:
            return None
        if len(value) != 2:
            self.problem(f"{key} must be two integers ({what}), got {len(value)}", key)
            return None
        return value[0], value[1]

    def tables(self, key: str) -> list[Mapping[str, Any]] | None:
        """An array of tables such as ``[[road]]``; a missing key is for `check_keys` to report."""
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            self.problem(f'"{key}" must be an array of tables ([[{key}]]), got {describe(value)}', key)
            return None
        return value


def entries(owner: Table, key: str) -> list[tuple[int, Mapping[str, Any]]]:
    """The tables of an array of tables with their 0-based positions; non-tables are reported."""
    found: list[tuple[int, Mapping[str, Any]]] = []
    for index, item in enumerate(owner.tables(key) or []):
        if isinstance(item, dict):
            found.append((index, item))
        else:
            owner.problems.add(Problem(key, f"{key}[{index}]", f"must be a table, got {describe(item)}", index))
    return found
