"""Whether the table can save: a store that cannot be written (a full card, a read-only file, a write
that never returns) must not cost a game.

The loop counts each write that fails: the command fails alone, with these words for whoever sent it,
and the table's memory stays as the store holds it (table.py puts back what the command had changed).
While the store refuses, every view carries the words too (`table.saving`), so that every page and box
tells the table what is wrong and what to do, and the service's health (`/api/health`, systemd's
status) says so. A command in hand for longer than STALL seconds is a stalled write: health says that
too, read without the table's lock, which the stalled loop holds.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from companion.i18n import N_
from companion.store import StoreError

from .commands import Refused

CANNOT_SAVE = N_("The table cannot save: its memory card is full or cannot be written, and nothing done since "
                 "is kept. Tell the referee: free space on the card, or stop the table and start it on a card "
                 "that works.")
STILL_SAVING = N_("The table is still saving and does not answer: wait a moment. If it lasts, tell the referee: "
                  "stop the table and start it again.")
STALL = 5.0  # seconds a command may be in hand before the table counts as stalled

# What a store that cannot be written raises: SQLite's errors (disk full, read-only, I/O error, locked
# for too long) and the operating system's.
STORE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error, OSError, StoreError)


class CannotSave(Refused):
    """A command the table could not save: it changed nothing."""

    def __init__(self, message: str = CANNOT_SAVE) -> None:
        super().__init__(message)


class Saving:
    """The state of the table's writes, read by any thread without the table's lock."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self.error: str | None = None  # what the store said at the last failed write, while writes fail
        self._failing_since: float | None = None
        self._busy_since: float | None = None

    @property
    def failing(self) -> bool:
        return self.error is not None

    def begin(self) -> None:
        """A command is in hand."""
        with self._lock:
            self._busy_since = self._clock()

    def end(self) -> None:
        with self._lock:
            self._busy_since = None

    def failed(self, error: BaseException) -> bool:
        """A write failed; True when the table was saving until now."""
        with self._lock:
            was = self.error is None
            self.error = f"{type(error).__name__}: {error}"
            if was:
                self._failing_since = self._clock()
            return was

    def saved(self) -> bool:
        """A write went through; True when writes were failing until now."""
        with self._lock:
            was = self.error is not None
            self.error, self._failing_since = None, None
            return was

    def stalled(self) -> float:
        """How long the command in hand has waited, when that is past STALL seconds (else 0)."""
        with self._lock:
            waited = 0.0 if self._busy_since is None else self._clock() - self._busy_since
        return waited if waited >= STALL else 0.0

    def health(self) -> dict[str, Any]:
        """`ok`, or what is wrong: `cannot_save` (since how many seconds, and what the store said) or
        `stalled` (a write in hand for how many seconds)."""
        stalled = self.stalled()
        with self._lock:
            if self.error is not None:
                return {"saving": "cannot_save", "seconds": round(self._clock() - (self._failing_since or 0), 1),
                        "error": self.error}
        if stalled:
            return {"saving": "stalled", "seconds": round(stalled, 1)}
        return {"saving": "ok"}
