"""The live parts of the pages, rendered once per reader and state version however many phones ask.

After each change every open page fetches its live part again: ten phones on the table page would
otherwise render the same part ten times, which on a Pi Zero costs more than the change itself. A part
depends only on what its key holds (the page, who reads it and so which view, the language, the
address it was asked at, whether the seat has a phone box) and on the view of that version, so a kept
part is exactly what a new render would give. The table's version only ever rises (spec: one more with
each change, and more again after a restart), so the kept parts are dropped as soon as it moves on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

KEPT = 64  # parts kept per version: enough for every reader of a table, never more (the address a
# request names is part of the key, and a hostile client could name a new one with every request)


class Parts:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version: int | None = None
        self._kept: dict[Hashable, str] = {}

    def get(self, version: int, key: Hashable, render: Callable[[], str]) -> str:
        with self._lock:
            if version == self._version and key in self._kept:
                return self._kept[key]
        # Rendered outside the lock: two phones asking at once may both render, but never wait on
        # each other, and the table's loop never waits on a render at all.
        text = render()
        with self._lock:
            if self._version is None or version > self._version:
                self._version, self._kept = version, {}
            if version == self._version and len(self._kept) < KEPT:
                self._kept[key] = text
        return text
