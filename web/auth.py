"""Who is asking: the public, a player (by the secret link of their seat), or the referee (by PIN).

Roles live in Flask's signed session cookie. Seat links carry a token derived from the table's secret
key, the game and the seat, so a link works for one seat of one game only. Failed PINs are counted
per address and refused for a while after too many (`PIN_TRIES` in `PIN_WINDOW` seconds).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

PIN_TRIES = 5
SHORT = 12  # hex digits of the seat token in a short link: 48 bits, enough against guessing
PIN_WINDOW = 60.0


@dataclass(frozen=True)
class Role:
    kind: str  # public, seat, referee
    seat: int | None = None
    blind: bool = False  # a referee who also plays: manages the game without seeing secrets

    @property
    def reader(self) -> str:
        if self.kind == "seat":
            return f"seat:{self.seat}"
        if self.kind == "referee" and not self.blind:
            return "referee"
        return "public"


def new_secret() -> str:
    return secrets.token_hex(32)


def new_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


def seat_token(secret: str, game: int | None, seat: int, link: int = 0) -> str:
    """The token of a seat's link; `link` is the seat's link number (companion/table/links.py): a renewed
    link has another token (the first one's token is as it always was)."""
    name = f"seat:{game}:{seat}" if link == 0 else f"seat:{game}:{seat}:{link}"
    digest = hmac.new(secret.encode(), name.encode(), hashlib.sha256).hexdigest()
    return digest[:20]


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class PinGuard:
    """Counts failed PIN attempts per address; `clock` is injectable so tests need no waiting."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def blocked(self, address: str) -> float:
        """Seconds until this address may try again (0 when it may)."""
        with self._lock:
            now = self._clock()
            failures = self._failures.get(address, deque())
            while failures and now - failures[0] > PIN_WINDOW:
                failures.popleft()
            if len(failures) < PIN_TRIES:
                return 0.0
            return PIN_WINDOW - (now - failures[0])

    def failed(self, address: str) -> None:
        with self._lock:
            self._failures.setdefault(address, deque()).append(self._clock())

    def passed(self, address: str) -> None:
        with self._lock:
            self._failures.pop(address, None)
