"""Turns on one I²C bus shared by several screens (issue 37): a key's frame goes before other screens'
redraws.

Linux serves an I²C bus first come, first served, and one page of a frame is one transfer: a key's frame
and another screen's redraw (both often made for the same table change) would go page by page in
turn, and the key would wait for a whole redraw it does not need. Screens of one bus take a turn for
each page instead; while a screen sends a key's frame, from its first page to its last, only screens
that send a key's frame get a turn, so a key waits for at most one page of a redraw already on the wire.
Between keys, redraws go as before.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager


class SharedBus:
    """Who sends next on one bus: one screen at a time, a key's frame before a redraw."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._busy = False
        self._keys: Counter[object] = Counter()  # screens sending a key's frame, and how many keys each

    @contextmanager
    def key_frame(self, screen: object) -> Iterator[None]:
        """While inside, `screen` is sending a key's frame: its turns go first, whichever thread asks."""
        with self._changed:
            self._keys[screen] += 1
            self._changed.notify_all()  # its own redraw, waiting for a turn, now goes first too
        try:
            yield
        finally:
            with self._changed:
                self._keys[screen] -= 1
                if not self._keys[screen]:
                    del self._keys[screen]
                self._changed.notify_all()

    @contextmanager
    def turn(self, screen: object) -> Iterator[None]:
        """Holds the bus for one page (its address and its data), or a frame luma sends whole."""
        with self._changed:
            self._changed.wait_for(lambda: not self._busy and (not self._keys or screen in self._keys))
            self._busy = True
        try:
            yield
        finally:
            with self._changed:
                self._busy = False
                self._changed.notify_all()


_BUSES: dict[int, SharedBus] = {}
_BUSES_LOCK = threading.Lock()


def shared_bus(number: int) -> SharedBus:
    """The turns of /dev/i2c-<number>, shared by every screen on it in this process."""
    with _BUSES_LOCK:
        return _BUSES.setdefault(number, SharedBus())
