"""Zargos's names on a box: peoples, magic cards, placement cards and provinces as the rulebook says them
(never a wire key or a pack id), and the board the box reads the map from."""

from __future__ import annotations

from typing import Any

from companion.boxes.game_parts import Translate
from companion.i18n import N_

from ..rules import Board
from ..rules.terms import CARDS, PEOPLES

JSON = dict[str, Any]


def people(t: Translate, key: str) -> str:
    return t(PEOPLES[key]) if key in PEOPLES else key


def card(t: Translate, key: str) -> str:
    return t(CARDS[key][0]) if key in CARDS else key


def province(board: Board | None, key: str) -> str:
    """A province by its name on the board (the pack's, as printed): the id only when the box has no board."""
    if board is not None and key in board.provinces:
        return board.provinces[key].name
    return key


def kingdom(board: Board | None, key: str) -> str:
    if board is not None and key in board.kingdoms:
        return board.kingdoms[key].name
    return key


def placement(t: Translate, board: Board | None, key: str) -> str:
    """A placement card (2.7): a reinforcement, a boat, a capital's card or a province's card."""
    kind, _, where = key.partition(":")
    match kind:
        case "reinforcement":
            return t(N_("Reinforcement"))
        case "boat":
            return t(N_("Boat"))
        case "capital":
            return t(N_("Capital of {kingdom}"), {"kingdom": kingdom(board, where)})
        case "province":
            return province(board, where)
    return key


def mine(view: JSON, seat: int) -> list[str]:
    """The peoples this seat runs, in the order they were chosen."""
    return [k for k, p in view.get("peoples", {}).items() if p["seat"] == seat]


def typed_name(view: JSON, seat: int) -> str | None:
    """The name kept for the game of this seat's player (the view's `name`, typed in the wizard), if any."""
    me: JSON = next((p for p in view.get("players", ()) if p.get("seat") == seat), {})
    return str(me["name"]) if me.get("name") else None


def player(view: JSON, seat: int, t: Translate) -> str:
    """A player by the name kept for the game, else as people count them: "Player 1" for seat 0."""
    return typed_name(view, seat) or t(N_("Player {n}"), {"n": seat + 1})


def seat_name(view: JSON, seat: int, t: Translate) -> str:
    """A player by the peoples he runs (a seat is shown by its peoples), or by name before he has any."""
    peoples = mine(view, seat)
    if peoples:
        return " / ".join(people(t, k) for k in peoples)
    return player(view, seat, t)
