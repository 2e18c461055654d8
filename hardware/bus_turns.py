"""Turns on one I²C bus shared by several screens: a key's frame goes before other screens' redraws.

Linux serves an I²C bus first come, first served, so a key's frame would wait for a whole redraw of the
other screen on its bus (a full frame is 23 ms at 400 kHz, the largest part of a key's time to the glass,
docs/performance.md). Screens take a turn for each page they send instead; while a key's frame is being
sent no redraw gets a turn, even between two of its pages, so a key waits for one page of another screen
at most (about 3 ms). A redraw is only held up while a key's frame is being sent: between key presses it
goes on as before.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class BusTurns:
    """Who sends next on one bus: one sender at a time, a key's frame before a redraw."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._busy = False
        self._first_frames = 0  # keys' frames being sent: redraws wait for them all
        self._waiting = 0  # every turn asked, not yet given
        self.turns = 0  # turns given, for tests and the bench

    @contextmanager
    def first_frame(self) -> Iterator[None]:
        """While inside, a key's frame is being sent: turns asked with `first` go, others wait."""
        with self._changed:
            self._first_frames += 1
        try:
            yield
        finally:
            with self._changed:
                self._first_frames -= 1
                self._changed.notify_all()

    @contextmanager
    def turn(self, first: bool = False) -> Iterator[None]:
        """Holds the bus for one transfer (or a few that belong together, e.g. a page's address and data);
        `first` for a key's frame, asked inside `first_frame`."""
        with self._changed:
            self._waiting += 1
            self._changed.notify_all()  # for `until_waiting`
            try:
                self._changed.wait_for(lambda: not self._busy and (first or not self._first_frames))
            finally:
                self._waiting -= 1
            self._busy = True
            self.turns += 1
        try:
            yield
        finally:
            with self._changed:
                self._busy = False
                self._changed.notify_all()


    def until_waiting(self, count: int, timeout: float) -> bool:
        """Waits until `count` turns are asked for and not given yet (for tests)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._waiting >= count, timeout)


_BUSES: dict[int, BusTurns] = {}
_BUSES_LOCK = threading.Lock()


def bus_turns(number: int) -> BusTurns:
    """The turns of /dev/i2c-<number>, shared by every screen on it in this process."""
    with _BUSES_LOCK:
        return _BUSES.setdefault(number, BusTurns())
