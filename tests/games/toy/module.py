"""The toy game as the framework sees it: its rules behind companion.core.game's contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.errors import N_
from companion.core.game import Option, Rules
from companion.core.records import setup_and_moves

from .moves import RECORD_FORMAT, Chance, Move, ToySetup, move_from_json, move_to_json, setup_from_json, setup_to_json
from .rules import VIEW_FORMAT, ToyMatch


class ToyRules(Rules):
    key = "toy"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(2, 7)
    first_seat = 0  # the toy numbers its seats from 0, as Zargos does: people read them from 1
    colours = ("red", "blue", "green", "yellow", "purple", "white")
    options = (
        Option("rounds", ("1", "2", "3"), "2", N_("Rounds")),
        Option("teams", ("no", "yes"), "no", N_("Teams (an even number of players)")),
        Option("omens", ("no", "yes"), "no", N_("Omen cards typed in at each round")),
    )

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> ToySetup:
        """One entry per seat: only the count matters to the toy game."""
        return ToySetup(len(players), int(options.get("rounds", "2")), options.get("teams", "no") == "yes", seed,
                        options.get("omens", "no") == "yes")

    def players(self, setup: ToySetup) -> list[tuple[int, str, str | None]]:
        return [(seat, self.colours[seat], None) for seat in setup.seats]

    def seed(self, setup: ToySetup) -> int:
        return setup.seed

    def seat_of(self, move: Move) -> int | None:
        return None if isinstance(move, Chance) else move.seat

    def start(self, pack: Any, setup: ToySetup) -> ToyMatch:
        return ToyMatch(setup)  # the toy game has no pack

    def setup_to_json(self, setup: ToySetup) -> dict[str, Any]:
        return setup_to_json(setup)

    def setup_from_json(self, data: Any) -> ToySetup:
        return setup_from_json(data)

    def move_to_json(self, move: Move) -> dict[str, Any]:
        return move_to_json(move)

    def move_from_json(self, data: Any) -> Move:
        return move_from_json(data)

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[ToySetup, list[Move]]:
        return setup_and_moves(data, RECORD_FORMAT, setup_from_json, move_from_json, "a toy")
