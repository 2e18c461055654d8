"""What the shared test suites ask of the toy game (companion.core.game.GameTesting)."""

from __future__ import annotations

from random import Random
from typing import Any

from .moves import ToySetup


class ToyTesting:
    def short_setup(self, seed: int) -> tuple[None, ToySetup]:
        """A short game: 2 to 6 players, one or two rounds, teams when the count allows (the toy has no pack)."""
        rng = Random(seed)
        players = rng.randint(2, 6)
        return None, ToySetup(players, rng.randint(1, 2), players % 2 == 0 and rng.random() < 0.5, seed)

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any:
        return rng.choice(choice.enumerate())

    def forbidden(self, view: dict[str, Any], reader: str, match: Any) -> list[str]:
        """What a view shows that its reader may not know: another seat's hand, or its bid before the reveal, or
        a reveal shown to other seats."""
        me = int(reader.removeprefix("seat:")) if reader.startswith("seat:") else None
        found = []
        for p in view["players"]:
            if reader == "referee" or p["seat"] == me:
                continue
            for secret in ("hand", "bid"):
                if secret in p:
                    found.append(f"seat {p['seat']}'s {secret}")
        # Reveals (companion/table/reveals.py) in a table's view: only those shown to this reader, and the cards
        # a seat may block a roll with (T-11) to that seat alone.
        for reveal in (view.get("table") or {}).get("reveals") or ():
            if reader == "referee":
                continue
            to, key = reveal.get("to"), str(reveal.get("key"))
            if (to is not None and me not in to) or (key.startswith("block:") and key.split(":")[-1] != str(me)):
                found.append(f"the reveal {key} shown to {to}")
        return found
