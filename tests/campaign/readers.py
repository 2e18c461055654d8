"""What the secrecy scans share: which views a reader's pages are drawn from."""

from __future__ import annotations

from typing import Any

from companion.table import Table


class Readers:
    """Records which views are asked of the table while one reader's pages are drawn."""

    def __init__(self, table: Table) -> None:
        self.asked: set[str] = set()
        self._view = table.view

    def __call__(self, reader: str = "referee") -> dict[str, Any]:
        self.asked.add(reader)
        return self._view(reader)
