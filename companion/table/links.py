"""Seat links the referee can renew during a game.

A seat's secret link is made from the table's key, the game and the seat (web/auth.py), and a number kept
here: 0 when the game starts, one more each time the referee renews that seat's link (a phone lost or
lent, a link read over a shoulder). The old link, and every sign-in made with it, stops working at once
(web/api.py compares a sign-in's number with the seat's); the referee hands out the new one. Saved with
the game, so a restart does not bring an old link back.
"""

from __future__ import annotations

from typing import Any

KEY = "links"  # the table state's key in the store


def from_json(saved: Any) -> dict[int, int]:
    return {int(seat): int(n) for seat, n in saved.items()} if isinstance(saved, dict) else {}


def to_json(links: dict[int, int]) -> dict[str, int]:
    return {str(seat): n for seat, n in sorted(links.items())}


def renewed(links: dict[int, int], seat: int) -> dict[int, int]:
    return {**links, seat: links.get(seat, 0) + 1}
