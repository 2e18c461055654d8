"""What the secrecy scans share: which views a reader's pages are drawn from."""

from __future__ import annotations

from typing import Any

from companion.table import Table
from companion.table.envelope import Envelope


class Readers:
    """Records which views are asked of the table while one reader's pages are drawn."""

    def __init__(self, table: Table) -> None:
        self.asked: set[str] = set()
        self._view = table.view
        self._enveloped = table.enveloped

    def __call__(self, reader: str = "referee") -> dict[str, Any]:
        self.asked.add(reader)
        return self._view(reader)

    def enveloped(self, reader: str = "referee") -> tuple[dict[str, Any], Envelope]:
        """The view with its envelope, as the pages ask for it."""
        self.asked.add(reader)
        return self._enveloped(reader)
