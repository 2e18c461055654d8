"""Phones carried into the next game (issue 26, item 6): when the referee starts a game whose seat is played by
the same player as in the game shown before (same seat, colour and name) on a phone both times, the phone that
played it may follow into the new game. Its old page, which says its game has ended, then offers the new
game's seat link: that browser proves it held the old seat (its signed cookie names the seat, the game and
the link number it signed in with), and nobody else's browser does. A seat with no name, another player, a
renewed link or another device gets no such link: its player asks the referee. Saved with the new game."""

from __future__ import annotations

from typing import Any

from .seats import PHONE

KEY = "carried"  # the table state's key in the store


Player = tuple[int, str, str | None]  # seat, colour, name


def carried(old_game: int | None, old_players: list[Player], old_devices: dict[int, dict[str, str]],
            old_links: dict[int, int], new_players: list[Player], new_devices: dict[int, dict[str, str]]
            ) -> dict[int, dict[str, int]]:
    """For each seat of the new game that the same named player plays on a phone in both games: the old game
    and the link number a phone signed in to it with."""
    if old_game is None:
        return {}
    before_by_seat = {seat: (colour, name) for seat, colour, name in old_players}
    out = {}
    for seat, colour, name in new_players:
        before = before_by_seat.get(seat)
        if before is None or not name or before != (colour, name):
            continue
        if old_devices.get(seat, {}).get("device") == PHONE == new_devices.get(seat, {}).get("device"):
            out[seat] = {"game": old_game, "link": old_links.get(seat, 0)}
    return out


def from_json(saved: Any) -> dict[int, dict[str, int]]:
    if not isinstance(saved, dict):
        return {}
    return {int(seat): {"game": int(d["game"]), "link": int(d["link"])} for seat, d in saved.items()
            if isinstance(d, dict) and isinstance(d.get("game"), int) and isinstance(d.get("link"), int)}


def to_json(found: dict[int, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {str(seat): dict(d) for seat, d in sorted(found.items())}
