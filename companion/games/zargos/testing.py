"""What the shared test suites ask of Zargos (companion.core.game's `GameTesting` on main): a short seeded
game, a random legal move for an awaited choice, and the secrecy oracle that says what a view shows its
reader that the reader may not know (12.2, 2.9, the drawing seat's draws)."""

from __future__ import annotations

from random import Random
from typing import Any

from companion.core.game import PUBLIC, REFEREE

from .agents import RandomAgent
from .boards import default_pack
from .rules import Board, Game, Setup
from .rules.views import SECRET_KINDS


class ZargosTesting:
    def __init__(self, board: Board | None = None) -> None:
        self.board = board or default_pack()

    def start(self, seed: int) -> Game:
        """2 to 6 players by the seed (at 2 players, three peoples each on every third 2-player game)."""
        players = 2 + seed % 5
        each = 3 if players == 2 and seed % 3 == 0 else 0  # 2.4
        return Game(self.board, Setup(players, each))

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any:
        return RandomAgent(rng).move(match, choice)

    def forbidden(self, view: dict[str, Any], reader: str, match: Any = None) -> list[str]:
        """Every place where `view` shows `reader` a secret of another seat; empty when there is none."""
        if reader == REFEREE:
            return []
        seat = None if reader == PUBLIC else int(reader.partition(":")[2])
        found: list[str] = []
        owners = {key: people["seat"] for key, people in view.get("peoples", {}).items()}
        for player in view.get("players", []):
            if "hand" in player and player["seat"] != seat:
                found.append(f"the magic hand of seat {player['seat']}")
        for key, people in view.get("peoples", {}).items():
            if people["seat"] != seat:
                if set(SECRET_KINDS) & set(people.get("cards", [])):
                    found.append(f"the secret placement cards of {key}")
                if "extra" in people:
                    found.append(f"the swords of {key}")
        for index, entry in enumerate(view.get("log", [])):
            if entry.get("event") in ("drew", "drafted") and entry.get("secret") and entry.get("seat") != seat \
                    and "card" in entry:
                found.append(f"log {index}: a card drawn by seat {entry.get('seat')}")
            if entry.get("event") in ("trade", "magic_trade") and "a_gives" in entry:
                parties = {owners.get(entry["a"]), owners.get(entry["b"])} if entry["event"] == "trade" \
                    else {entry["a"], entry["b"]}
                if seat not in parties:
                    found.append(f"log {index}: the cards of a trade between others")
        for offer in view.get("offers", []):
            if seat not in (offer.get("a"), offer.get("b")):
                found.append(f"a magic trade proposed between seats {offer.get('a')} and {offer.get('b')}")
        deck = view.get("deck", {})
        if "unseen" in deck or "under" in deck:
            found.append("the content of the magic deck")
        chance = view.get("chance")
        if chance and chance.get("kind") == "draw" and chance.get("told_by") != seat and "outcomes" in chance:
            found.append("the cards that may be drawn")
        return found
