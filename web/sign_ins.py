"""How often a seat's link may sign a new browser in.

Every sign-in is a row of the store (so that it can be ended), and a client looping on a seat's link
made 6,586 of them in 20 s, 63 MB of log, and slowed every other seat's moves tenfold. A browser that
signs in again to the seat it is already signed in to keeps its sign-in (no new row); a new sign-in of
a seat is counted, per seat (however many addresses it comes from): a few at once, as when a player opens
the link on a phone and a tablet, then one every 10 s. A refused one is answered 429 at once.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .bucket import Buckets

PER_SEAT = (6, 1 / 10)  # six sign-ins, then one every 10 s, for one seat of one game


class SignIns:
    def __init__(self, clock: Callable[[], float] = time.monotonic, per_seat: tuple[int, float] = PER_SEAT) -> None:
        self._clock = clock
        self._seats = Buckets(*per_seat, keep=64)
        self._lock = threading.Lock()

    def take(self, game: int | None, seat: int) -> float:
        """Counts one new sign-in to this seat: 0 when it may be made, else the seconds to wait."""
        with self._lock:
            mine = self._seats.get(f"{game}:{seat}", self._clock())
            wait = mine.wait()
            if wait == 0:
                mine.level -= 1
            return wait
