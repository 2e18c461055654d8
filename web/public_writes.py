"""How often pages that are not signed in may send a command (only `acknowledge`, the table view's Done).

A person taps Done once a step, every few seconds at most; a client looping on it with no link and no PIN
made the table's loop work for nobody. Its taps are counted per address and in all (an attacker may have
many addresses), each a token bucket: a burst a person could make, then a steady few per second. A
refused tap is answered 429 at once, before the table sees it. Seats and the referee are not counted.

The table view (the TV) taps Done without a sign-in too, so a flood from other addresses spending the
taps in all refused its Done 22 times out of 22 (issue 36). A tap that comes as a person's do, from an
address heard from before but not for PAUSE seconds (tapped or refused: a refused tap counts as heard),
goes in a lane of its own, the table's: TABLE in all, apart from the flood's. A flood taps faster than
that and stays in the lane of everyone else, whatever the number of its addresses; what it cannot do is
take the TV's Done from the table's lane without tapping like a person from several addresses at once
(then both lanes are shared, and the loop still gets no more than both lanes' rates: it is never
flooded). A TV's very first tap of the night goes in the common lane: a new address is not yet known.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .bucket import Bucket, Buckets

PER_ADDRESS = (6, 2.0)  # burst, then taps per second, from one address
IN_ALL = (20, 10.0)  # from every address not signed in together
TABLE = (10, 2.0)  # taps that come as a person's do (the TV's Done), in all, apart from the flood's
PAUSE = 3.0  # seconds without a tap (or a refused one) after which an address's tap is a person's
FORGET = 600  # addresses kept at most: the oldest full ones are dropped first


class PublicWrites:
    def __init__(self, clock: Callable[[], float] = time.monotonic, per_address: tuple[int, float] = PER_ADDRESS,
                 in_all: tuple[int, float] = IN_ALL, table: tuple[int, float] = TABLE) -> None:
        self._clock = clock
        self._all = Bucket(*in_all, clock())
        self._table = Bucket(*table, clock())
        self._addresses = Buckets(*per_address, keep=FORGET)
        self._lock = threading.Lock()

    def take(self, address: str) -> float:
        """Counts one command from this address: 0 when it may go on, else the seconds to wait."""
        with self._lock:
            now = self._clock()
            heard = self._addresses.last(address)
            mine = self._addresses.get(address, now)
            if mine.wait() > 0:
                return mine.wait()
            self._all.refill(now)
            self._table.refill(now)
            person = heard is not None and now - heard >= PAUSE
            lanes = [self._table, self._all] if person else [self._all]  # a person's tap: the table's lane first
            lane = next((lane for lane in lanes if lane.wait() == 0), None)
            if lane is None:
                return min(lane.wait() for lane in lanes)
            mine.level -= 1
            lane.level -= 1
            return 0.0
