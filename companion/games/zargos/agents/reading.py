"""What an agent reads off its seat's view (`zargos-state/1`) and the map: who holds what, its friends,
and which cards were already played in this turn's window (12.8, Z-20). Nothing here reads the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.zargos.rules import Board
from companion.games.zargos.rules.terms import POINTS


@dataclass(frozen=True)
class Seen:
    """One seat's view, as the agents use it."""

    board: Board
    seat: int
    land: dict[str, tuple[str, int]]  # province → (people, strength)
    friends: frozenset[str]  # the seat's own peoples (15.2: independent, but one player's)
    hand: tuple[str, ...]
    attacks: dict[str, int]  # the active people's forces already moved, by target (4.4)
    master: int | None
    round: int
    played: frozenset[tuple[int, str, str]]  # (seat, card, target) since this turn began

    @classmethod
    def of(cls, board: Board, view: dict[str, Any], seat: int) -> Seen:
        land = {p: (str(v["people"]), int(v["strength"])) for p, v in view.get("provinces", {}).items()}
        friends = frozenset(k for k, p in view.get("peoples", {}).items() if p["seat"] == seat)
        hand = next((tuple(p.get("hand", ())) for p in view.get("players", []) if p["seat"] == seat), ())
        return cls(board, seat, land, friends, hand, {str(k): int(v) for k, v in view.get("attacks", {}).items()},
                   view.get("master"), int(view.get("round", 0)), played_this_turn(view))

    def holder(self, province: str) -> str | None:
        held = self.land.get(province)
        return None if held is None else held[0]

    def strength(self, province: str) -> int:
        return self.land.get(province, ("", 0))[1]

    def held(self, people: str) -> list[str]:
        return sorted(p for p, (q, _) in self.land.items() if q == people)

    def foe(self, province: str) -> bool:
        holder = self.holder(province)
        return holder is not None and holder not in self.friends


def played_this_turn(view: dict[str, Any]) -> frozenset[tuple[int, str, str]]:
    """The cards played since the current turn began: a turn ends with its reorganisation (logged even
    when nothing moves), and the view's log starts with the round."""
    found: set[tuple[int, str, str]] = set()
    for entry in view.get("log", []):
        if entry.get("event") == "reorganised":
            found = set()
        elif entry.get("event") == "played":
            found.add((int(entry["seat"]), str(entry["card"]), str(entry.get("target", ""))))
    return frozenset(found)


def points_of(board: Board, province: str) -> int:
    """10.1: what holding one province scores at the count (a completed kingdom aside)."""
    if province == board.forbidden_city:
        return POINTS["forbidden_city"]
    if board.in_zargos(province):
        return POINTS["zargos"]
    return POINTS["capital"] if board.is_capital(province) else POINTS["province"]
