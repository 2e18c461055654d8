"""How often the referee's PIN may be tried: per address, and from all addresses together.

A limit per address alone let 60 addresses have 300 guesses checked in 0.3 s (an attacker on the table's
Wi-Fi may take as many addresses as they like), and parallel tries from one address got past a check
made before the comparison and a count made after it. So a try is counted, per address and in all, in
one step under a lock *before* the PIN is compared, and refused (429) when either bucket is empty; a
right PIN gives its tries back. In all: IN_ALL tries, then one every 6 s, whoever sends them, which
bounds a night of guessing (docs/reliability.md). The machine itself (127.0.0.1, ::1: no packet from the
Wi-Fi can carry those) is not counted in all, so that the Pi's own screen can always sign the referee in
while someone guesses; it keeps its own limit per address.

A limit in all alone let a guesser keep the real referee out (issue 36): one wrong PIN every 6 s from
anywhere on the Wi-Fi spent every try in all, and 0 of 24 sign-ins with the right PIN got through. So
each address also has OWN tries that are not counted in all (two, then one every 30 minutes): a referee's phone,
at an address that is not guessing, always has its PIN compared, whatever the rest of the Wi-Fi sends.
They are kept per IPv4 address and per IPv6 /64 (a phone can take any number of IPv6 addresses in its
/64, not of /64s), for at most KEEP of them: past that, a new one has none and only the limit in all
holds, as before (the Pi's own screen still signs in). What this adds to a night's guesses is bounded by
the addresses the network has (`guesses_in`): 10 in a 4-hour night for each of a /24's 254 addresses.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Callable

from .bucket import Bucket, Buckets
from .guard import this_machine

PER_ADDRESS = (5, 1 / 12)  # five tries, then one every 12 s: five a minute from one address
IN_ALL = (10, 1 / 6)  # ten tries, then one every 6 s, from every address but the machine's own
OWN = (2, 1 / 1800)  # tries of an address (an IPv6 /64) not counted in all: two, then one every 30 min
KEEP = 1024  # addresses whose own tries are kept (a /22's worth)


class PinTries:
    def __init__(self, clock: Callable[[], float] = time.monotonic, per_address: tuple[int, float] = PER_ADDRESS,
                 in_all: tuple[int, float] = IN_ALL, own: tuple[int, float] = OWN, keep: int = KEEP) -> None:
        self._clock = clock
        self._all = Bucket(*in_all, clock())
        self._addresses = Buckets(*per_address)
        self._own = Buckets(*own, keep=keep)
        self._lock = threading.Lock()

    def attempt(self, address: str) -> float:
        """Counts one try from this address: 0 when the PIN may be compared, else the seconds to wait."""
        with self._lock:
            now = self._clock()
            mine = self._addresses.get(address, now)
            if mine.wait() > 0:
                return mine.wait()
            machine = this_machine(address)
            own = None if machine else self._own_tries(address, now)
            counted = not machine and (own is None or own.wait() > 0)
            self._all.refill(now)
            if counted and self._all.wait() > 0:
                return self._all.wait()
            mine.level -= 1
            if counted:
                self._all.level -= 1
            elif own is not None:
                own.level -= 1
            return 0.0

    def passed(self, address: str) -> None:
        """The PIN was right: the try is given back (the referee who mistyped is not held up after)."""
        with self._lock:
            now = self._clock()
            mine = self._addresses.get(address, now)
            mine.level = mine.burst
            if this_machine(address):
                return
            own = self._own_tries(address, now)
            if own is not None and not own.full():
                own.level = min(own.burst, own.level + 1)
            else:
                self._all.level = min(self._all.burst, self._all.level + 1)

    def _own_tries(self, address: str, now: float) -> Bucket | None:
        """The address's tries not counted in all, or None when KEEP others hold them all."""
        key = network_of(address)
        if not self._own.has(key) and self._own.crowded(now):
            return None
        return self._own.get(key, now)


def network_of(address: str) -> str:
    """What the own tries are kept by: an IPv4 address, or an IPv6 address's /64."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


def guesses_in(seconds: float, in_all: tuple[int, float] = IN_ALL, addresses: int = 0,
               own: tuple[int, float] = OWN) -> int:
    """The most PINs the whole Wi-Fi can have compared in `seconds`, from `addresses` addresses (IPv4
    addresses and IPv6 /64s; at most KEEP of them have own tries)."""
    return int(in_all[0] + seconds * in_all[1]) + min(addresses, KEEP) * int(own[0] + seconds * own[1])
