"""A store whose writes can be made to fail as a full card does, or to hang as a dying one does: the
table's own Store, with a fault put in front of every write (the table sees only Store's methods)."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.store import Store

WRITES = ("new_game", "append", "set_setup", "set_table_state", "set_setting", "finish", "reopen", "set_aside")


class FaultyStore(Store):
    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self.fault: str | None = None  # None, "full", "stall", or "sometimes" (full, at `rate`, by `rng`)
        self.rng = random.Random(0)
        self.rate = 0.0
        self.writes = self.refused = 0
        self.failed = threading.Event()  # set at each write refused
        self.entered = threading.Event()  # set when a write starts to hang
        self.release = threading.Event()  # lets hanging writes go on

    def _fault(self) -> None:
        self.writes += 1
        if self.fault == "full" or (self.fault == "sometimes" and self.rng.random() < self.rate):
            self.refused += 1
            self.failed.set()
            raise sqlite3.OperationalError("database or disk is full")
        if self.fault == "stall":
            self.entered.set()
            self.release.wait(60)


def _faulty(name: str) -> Any:
    def write(self: FaultyStore, *args: Any, **kwargs: Any) -> Any:
        self._fault()
        return getattr(Store, name)(self, *args, **kwargs)
    write.__name__ = name
    return write


for _name in WRITES:
    setattr(FaultyStore, _name, _faulty(_name))


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Makes a file read-only, for the table's user: for root (who writes through file modes) by the
    immutable attribute. The test using it is skipped where neither works."""
    import pytest

    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    try:
        made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False).returncode == 0
    except FileNotFoundError:  # no e2fsprogs (a minimal Debian root)
        made = False
    if not made:
        pytest.skip("cannot make a file read-only for root here (no chattr)")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=False)
