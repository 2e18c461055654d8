"""How often the referee's PIN may be tried: per address, and from all addresses together.

A limit per address alone let 60 addresses have 300 guesses checked in 0.3 s (an attacker on the table's
Wi-Fi may take as many addresses as they like), and parallel tries from one address got past a check
made before the comparison and a count made after it. So a try is counted, per address and in all, in
one step under a lock *before* the PIN is compared, and refused (429) when either bucket is empty; a
right PIN gives its tries back. In all: IN_ALL tries, then one every 6 s, whoever sends them, which
bounds a night of guessing (docs/reliability.md). The machine itself (127.0.0.1, ::1: no packet from the
Wi-Fi can carry those) is not counted in all, so that the Pi's own screen can always sign the referee in
while someone guesses; it keeps its own limit per address.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .bucket import Bucket, Buckets
from .guard import this_machine

PER_ADDRESS = (5, 1 / 12)  # five tries, then one every 12 s: five a minute from one address
IN_ALL = (10, 1 / 6)  # ten tries, then one every 6 s, from every address but the machine's own


class PinTries:
    def __init__(self, clock: Callable[[], float] = time.monotonic, per_address: tuple[int, float] = PER_ADDRESS,
                 in_all: tuple[int, float] = IN_ALL) -> None:
        self._clock = clock
        self._all = Bucket(*in_all, clock())
        self._addresses = Buckets(*per_address)
        self._lock = threading.Lock()

    def attempt(self, address: str) -> float:
        """Counts one try from this address: 0 when the PIN may be compared, else the seconds to wait."""
        with self._lock:
            now = self._clock()
            mine = self._addresses.get(address, now)
            counted = not this_machine(address)
            self._all.refill(now)
            wait = max(mine.wait(), self._all.wait() if counted else 0.0)
            if wait > 0:
                return wait
            mine.level -= 1
            if counted:
                self._all.level -= 1
            return 0.0

    def passed(self, address: str) -> None:
        """The PIN was right: the try is given back (the referee who mistyped is not held up after)."""
        with self._lock:
            now = self._clock()
            mine = self._addresses.get(address, now)
            mine.level = mine.burst
            if not this_machine(address):
                self._all.level = min(self._all.burst, self._all.level + 1)


def guesses_in(seconds: float, in_all: tuple[int, float] = IN_ALL) -> int:
    """The most PINs the whole Wi-Fi can have compared in `seconds`."""
    return int(in_all[0] + seconds * in_all[1])
