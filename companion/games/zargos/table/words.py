"""How the table's lines name Zargos's pieces: a player, a people, a province, a magic card, a strength as
the tokens that make it (a large token is worth 5, 2.6), each translated when shown."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_, NP_, Joined, Text

from ..rules import Board, Game
from ..rules.terms import CARDS, LARGE, PEOPLES

Names = Mapping[int, str]  # the names the table keeps for a game's seats (companion.table.names), by seat


@dataclass(frozen=True)
class Named:
    """A player's name as typed: shown as it is, never looked up in a catalog (a player called "red")."""

    name: str

    def render(self, language: str) -> str:
        return self.name


def names_of(game: Game) -> dict[int, str]:
    """The names the table gave the game's setup (ZargosTable.with_names); none for a record's game."""
    return dict(getattr(game.setup, "names", ()))


def player(seat: int, names: Names | None = None) -> Text | Named:
    """A player by the name kept for the game, else as people count them: "Player 1" for seat 0."""
    name = (names or {}).get(seat)
    return Named(name) if name else Text(N_("Player {n}"), {"n": seat + 1})


def people(key: str) -> Text:
    return Text(PEOPLES.get(key, key))


def card(key: str) -> Text:
    return Text(CARDS[key][0]) if key in CARDS else Text(N_("a magic card"))


def province(board: Board, key: str) -> str:
    return board.province_name(key) if key in board.provinces else key


def kingdom(board: Board, key: str) -> str:
    return board.kingdoms[key].name if key in board.kingdoms else key


def tokens(strength: int) -> Text:
    """Strength as tokens, the large ones first: "strength 7 (1 large + 2 small)" (2.6, Z-01)."""
    large, small = divmod(strength, LARGE)
    if strength <= 0:
        return Text(N_("nothing"))
    if large and small:  # each count agrees with its own noun ("1 grand + 2 petits")
        return Text(N_("strength {n} ({large} + {small})"), {
            "n": strength, "large": Text(NP_("{n} large", "{n} large"), {"n": large}),
            "small": Text(NP_("{n} small", "{n} small"), {"n": small})})
    if large:
        return Text(NP_("strength {strength} ({n} large token)", "strength {strength} ({n} large tokens)"),
                    {"n": large, "strength": strength})
    return Text(NP_("strength {n} ({n} small token)", "strength {n} ({n} small tokens)"), {"n": strength})


def spread(board: Board, placed: Any) -> Joined:
    """Tokens put on several provinces: "strength 3 (3 small tokens) → KORI-1; …"."""
    return Joined(tuple(Text(N_("{tokens} → {province}"), {"tokens": tokens(int(n)), "province": province(board, p)})
                        for p, n in sorted(dict(placed).items()) if int(n)), "; ")


def stater(seat: int | None, names: Names | None = None) -> Text | Named:
    return Text(N_("the referee")) if seat is None else player(seat, names)


def reason(text: str) -> Text:
    kind, _, what = text.partition(":")
    if kind == "card":
        return Text(N_("the card {card}"), {"card": card(what)})
    if kind == "power":
        return Text(N_("the power of {people}"), {"people": people(what)})
    return Text(N_("the referee's decision"))
