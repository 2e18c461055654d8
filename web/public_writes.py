"""How often pages that are not signed in may send a command (only `acknowledge`, the table view's Done).

A person taps Done once a step, every few seconds at most; a client looping on it with no link and no PIN
made the table's loop work for nobody. Its taps are counted per address and in all (an attacker may have
many addresses), each a token bucket: a burst a person could make, then a steady few per second. A
refused tap is answered 429 at once, before the table sees it. Seats and the referee are not counted.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .bucket import Bucket, Buckets

PER_ADDRESS = (6, 2.0)  # burst, then taps per second, from one address
IN_ALL = (20, 10.0)  # from every address not signed in together
FORGET = 600  # addresses kept at most: the oldest full ones are dropped first


class PublicWrites:
    def __init__(self, clock: Callable[[], float] = time.monotonic, per_address: tuple[int, float] = PER_ADDRESS,
                 in_all: tuple[int, float] = IN_ALL) -> None:
        self._clock = clock
        self._all = Bucket(*in_all, clock())
        self._addresses = Buckets(*per_address, keep=FORGET)
        self._lock = threading.Lock()

    def take(self, address: str) -> float:
        """Counts one command from this address: 0 when it may go on, else the seconds to wait."""
        with self._lock:
            now = self._clock()
            mine = self._addresses.get(address, now)
            self._all.refill(now)
            wait = max(mine.wait(), self._all.wait())
            if wait > 0:
                return wait
            mine.level -= 1
            self._all.level -= 1
            return 0.0
