"""Who is asking: the public, a player (by the secret link of their seat), or the referee (by PIN).

Roles live in Flask's signed session cookie. Seat links carry a token derived from the table's secret
key, the game and the seat, so a link works for one seat of one game only. PIN tries are limited in
web/pin_tries.py.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

SHORT = 12  # hex digits of the seat token in a short link: 48 bits, enough against guessing


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
