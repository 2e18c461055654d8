"""The Laboratory as the framework sees it (companion.core.game's `Rules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from companion.core.errors import N_, BadRecord
from companion.core.game import Option, Rules
from companion.core.records import setup_and_moves

from ..common.rules.gems import COLOURS
from .rules import PROVISIONAL, RECORD_FORMAT, VIEW_FORMAT, LabMatch, LabSetup, Pack
from .rules.moves import (
    CARD_MODES,
    OBJECTS,
    ROTATIONS,
    TEAM_PLAY,
    Move,
    move_from_json,
    move_to_json,
    setup_from_json,
    setup_to_json,
)


class LaboratoryRules(Rules):
    key = "astoria-laboratory"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(2, 7, 2)  # L2.1: 2, 4 or 6
    first_seat = 1
    colours = COLOURS  # a seat's colour is the Character dealt to it (L2.3)
    options: tuple[Option, ...] = (
        Option("team_play", TEAM_PLAY, "cooperative", N_("Team play"),
               (N_("Cooperative: teammates do not discuss"), N_("Collective: teammates discuss each action"))),
        Option("rotations", ROTATIONS, "moves", N_("The orange reaction's rotations"),
               (N_("Moves to a neighbour or the opposite slot"), N_("Moves to a neighbouring slot only"))),
        Option("objects", OBJECTS, "one", N_("Objects made at each check"),
               (N_("One at most"), N_("Any number, one after another"))),
        Option("cards", CARD_MODES, "catalogue", N_("Artefact cards"),
               (N_("Known by their number (the pack's catalogue)"), N_("Typed when laid: pattern and Glyphs"))),
    )

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> LabSetup:
        """Seat colours are the Characters dealt (L2.3) when they are six distinct colours of the box; others are
        drawn from `seed`. The spare Characters are shared out at random, three per team in all (A-04)."""
        rng, n = Random(seed), len(players)
        characters = [colour for _, colour, _ in players]
        if len(set(characters)) != n or not set(characters) <= set(COLOURS):
            characters = rng.sample(COLOURS, n)
        rest = [c for c in COLOURS if c not in characters]
        rng.shuffle(rest)
        per_team = 3 - n // 2
        setup = LabSetup(n, tuple(characters), (tuple(rest[:per_team]), tuple(rest[per_team:])),
                         options.get("team_play", "cooperative"), options.get("rotations", "moves"), seed,
                         options.get("objects", "one"), options.get("cards", "catalogue"))
        problem = setup.problem()
        if problem is not None:
            raise BadRecord(f"setup: {problem}")
        return setup

    def players(self, setup: LabSetup) -> list[tuple[int, str, str | None]]:
        return [(seat, setup.characters[seat - 1], None) for seat in setup.seats]

    def start(self, pack: Pack | None, setup: LabSetup) -> LabMatch:
        return LabMatch(pack or PROVISIONAL, setup)

    def setup_to_json(self, setup: LabSetup) -> dict[str, Any]:
        return setup_to_json(setup)

    def setup_from_json(self, data: Any) -> LabSetup:
        return setup_from_json(data)

    def move_to_json(self, move: Move) -> dict[str, Any]:
        return move_to_json(move)

    def move_from_json(self, data: Any) -> Move:
        return move_from_json(data)

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[LabSetup, list[Move]]:
        return setup_and_moves(data, RECORD_FORMAT, setup_from_json, move_from_json, "an Astoria Laboratory")


RULES = LaboratoryRules()
