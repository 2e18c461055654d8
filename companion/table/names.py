"""Players' names as the table takes them: short and printable, since every page, box screen and log
line shows them (a 5,000-character name widened pages to 60,000 px; a newline in a name forged log lines)."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_

from .commands import Refused

LONGEST = 20


def check_names(setup: dict[str, Any]) -> None:
    """Refuses a setup (its JSON form) naming a player with anything but 1 to 20 printable characters."""
    players = setup.get("players")
    if not isinstance(players, list):
        return  # the setup's own check says what is wrong with it
    for player in players:
        name = player.get("name") if isinstance(player, dict) else None
        if name is None or not isinstance(name, str):
            continue
        if not 1 <= len(name) <= LONGEST or not name.isprintable() or not name.strip():
            raise Refused(N_("A name is 1 to {n} printable characters."), params={"n": LONGEST})


KEY = "names"  # the table state's key of the names a game's setup does not hold


def checked(names: Any, seats: list[int]) -> dict[int, str]:
    """The names typed for a game's seats, each checked as `check_names` checks a setup's; a seat of no
    such game is refused."""
    if names is None:
        return {}
    out: dict[int, str] = {}
    for seat, name in dict(names).items():
        if int(seat) not in seats:
            raise Refused(N_("There is no seat {seat} in this game."), params={"seat": seat})
        check_names({"players": [{"name": name}]})
        out[int(seat)] = name
    return out


def from_json(saved: Any) -> dict[int, str]:
    if not isinstance(saved, dict):
        return {}
    return {int(seat): name for seat, name in saved.items() if str(seat).isdigit() and isinstance(name, str)}


def named(players: list[tuple[int, str, str | None]], names: dict[int, str]) -> list[tuple[int, str, str | None]]:
    """The players of a game with the names the table keeps for it, where its setup names nobody."""
    return [(seat, colour, name if name is not None else names.get(seat)) for seat, colour, name in players]


def escape_controls(text: str) -> str:
    """The text with its control characters written out (\\n, \\x1b...): one log line stays one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)
