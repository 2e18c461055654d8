"""A player's box at the table: key events in, frames out, one lock so that keys from a hardware
thread and redraws after a table change never interleave."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from companion.table.table import Table

from .controller import SeatController
from .frame import KEYS, Frame

log = logging.getLogger("companion.boxes")


class Box:
    def __init__(self, seat: int, table: Table, show: Callable[[Frame], object], *,
                 clock: Callable[[], float] | None = None) -> None:
        self.seat = seat
        self.table = table
        self._show = show
        self._lock = threading.Lock()
        options = {"clock": clock} if clock is not None else {}
        self.controller = SeatController(seat, lambda: table.seat_snapshot(seat),
                                         lambda command: table.submit(command).result(timeout=30),
                                         language=lambda: table.language, **options)
        self.connected = True
        self._dirty = False

    def key(self, key: str, kind: str = "press") -> Frame | None:
        """One key event from the hardware; unknown keys are ignored (a garbled line is not a key)."""
        if key not in KEYS:
            log.info("seat %s: ignored unknown key %r", self.seat, key)
            return None
        with self._lock:
            frame = self.controller.press(key, kind)
            self._show(frame)
        self._settle()
        return frame

    def refresh(self) -> None:
        """Redraws after a change at the table. Never waits: if a key is being handled, that
        handler redraws once it is done, so the table's loop is never held up by a box."""
        self._dirty = True
        self._settle()

    def _settle(self) -> None:
        while self._dirty and self._lock.acquire(blocking=False):
            try:
                self._dirty = False
                self._show(self.controller.frame())
            finally:
                self._lock.release()

    def show_final(self, frame: Frame) -> None:
        """The last picture before the power goes: keys are no longer taken."""
        with self._lock:
            self._show(frame)

    def attach(self) -> Callable[[], None]:
        """Follows the table: every published change refreshes this box."""
        unsubscribe = self.table.subscribe(f"seat:{self.seat}", lambda view: self.refresh())
        self.refresh()
        return unsubscribe
