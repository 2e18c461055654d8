"""Every SQLite connection opened in the tests' process is known, so that none is left to the garbage
collector: Python 3.13 warns of each connection collected unclosed (a ResourceWarning, which the suite turns
into an error, in whichever test the collector happens to run). The product closes its own (the table's store
with `Table.stop`, the web's sign-ins with it); a test that keys a table in by hand and drops it leaves its
store to this guard, which closes, at the end of each test, what was opened since that test's start (its body
and its function fixtures: wider fixtures are set up before it and stay open for the next tests), and closes
a connection collected before then (a table dropped in the middle of a test) as it is collected.

`XIDIT_OPEN_CONNECTIONS=fail` turns a connection left open into the test's failure, naming where it was
opened: to find what should close its own.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import traceback
import weakref
from typing import Any

_connect = sqlite3.connect


class Connection(sqlite3.Connection):
    """sqlite3's connection, which cannot be referred to weakly; this one can."""

    opened_at: list[str]

    def __del__(self) -> None:
        # A table a test drops in the middle (one game of a loop, replaced by the next) is collected whenever
        # the collector runs, perhaps during another test: closed here, before sqlite3 would warn of it. In
        # the strict mode it is left to warn (an error), to be found.
        if not strict():
            with contextlib.suppress(sqlite3.ProgrammingError):
                self.close()


_opened: list[weakref.ref[Connection]] = []
_lock = threading.Lock()


def _tracked_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    kwargs.setdefault("factory", Connection)
    db: sqlite3.Connection = _connect(*args, **kwargs)
    if isinstance(db, Connection):
        db.opened_at = traceback.format_stack(limit=8)[:-1]
        with _lock:
            _opened.append(weakref.ref(db))
    return db


def install() -> None:
    sqlite3.connect = _tracked_connect  # type: ignore[assignment]


def _is_open(db: sqlite3.Connection) -> bool:
    try:
        db.total_changes  # noqa: B018 (raises on a closed connection)
    except sqlite3.ProgrammingError:
        return False
    return True


class Since:
    """The connections opened from now on."""

    def __init__(self) -> None:
        with _lock:
            self.start = len(_opened)

    def close_left_open(self) -> list[Connection]:
        """Closes those still open and says which they were; forgets them all."""
        with _lock:
            mine = _opened[self.start:]
            del _opened[self.start:]
        found = [db for db in (ref() for ref in mine) if db is not None and _is_open(db)]
        for db in found:
            with contextlib.suppress(sqlite3.ProgrammingError):  # opened in another thread, check_same_thread
                db.close()
        return found


def strict() -> bool:
    return os.environ.get("XIDIT_OPEN_CONNECTIONS") == "fail"
