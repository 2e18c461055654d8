"""Astoria's Epic version as the framework sees it (companion.core.game's `Rules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.errors import N_, BadRecord
from companion.core.game import Option, Rules
from companion.core.records import setup_and_moves

from .packs import shipped
from .rules import RECORD_FORMAT, VIEW_FORMAT, EpicMatch, EpicPack, EpicSetup, Move, deal
from .rules import move_from_json as _move_from_json
from .rules import move_to_json as _move_to_json
from .rules import setup_from_json as _setup_from_json
from .rules import setup_to_json as _setup_to_json
from .rules.moves import Chance
from .rules.terms import COLOURS, FACTION_WORDS, OBJECTIVE_WORDS


class EpicRules(Rules):
    key = "astoria-epic"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(2, 7)  # E2: 2 to 6 players
    first_seat = 1
    colours = COLOURS  # a seat's colour is its Character's (E2.1)
    # E2.9, E14.1, A-52: the Grand Alchimiste variant, at 5 or 6 players, its roles chosen in turn at the table
    # (dealing them would need the split of the six role cards, which the text does not give).
    options: tuple[Option, ...] = (
        Option("variant", ("none", "grand_alchimiste"), "none", N_("Variant"),
               (N_("No variant"), N_("Grand Alchimiste (5 or 6 players): each chooses a role in turn"))),)

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> EpicSetup:
        """The Objectives and the first player drawn from `seed` (A-43, A-57, E2.7); the Characters are the
        seats' colours when each is a gem colour of its own, else dealt too."""
        variant = options.get("variant", "none")
        if variant not in ("none", "grand_alchimiste"):
            raise BadRecord(f"variant must be none or grand_alchimiste, not {variant!r}")
        if variant == "grand_alchimiste" and len(players) < 5:
            raise BadRecord("the Grand Alchimiste variant is played at 5 or 6 players (E2.9)")
        return deal(len(players), seed, [colour for _, colour, _ in players],
                    choose_roles=variant == "grand_alchimiste")

    def players(self, setup: EpicSetup) -> list[tuple[int, str, str | None]]:
        return [(seat, setup.character(seat), None) for seat in setup.seats]

    def start(self, pack: EpicPack | None, setup: EpicSetup) -> EpicMatch:
        return EpicMatch(pack if pack is not None else shipped(), setup)

    def setup_to_json(self, setup: EpicSetup) -> dict[str, Any]:
        return _setup_to_json(setup)

    def setup_from_json(self, data: Any) -> EpicSetup:
        return _setup_from_json(data)

    def move_to_json(self, move: Move | Chance) -> dict[str, Any]:
        return _move_to_json(move)

    def move_from_json(self, data: Any) -> Move | Chance:
        return _move_from_json(data)

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[EpicSetup, list[Move | Chance]]:
        return setup_and_moves(data, RECORD_FORMAT, _setup_from_json, _move_from_json, "an Astoria Epic")


RULES = EpicRules()
TITLE = N_("Astoria: Epic version")
# Words that fill message fields: the objectives and factions an accusation or an end names.
WORDS = frozenset({*OBJECTIVE_WORDS.values(), *FACTION_WORDS.values()})
