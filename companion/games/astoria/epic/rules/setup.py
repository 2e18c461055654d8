"""An Epic game's set-up (E2): the players' Characters, the Objectives the Pi deals from a seed (A-43, A-57:
the removals of E2.2 and E13.1 made before dealing, never shown), the first player (E2.7) and, at 5 or 6
players, the Grand Alchimiste variant's roles (E14.1, A-52)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from companion.core.errors import BadRecord

from .pack import InvasionCard, card_from_json
from .terms import COLOURS, ROLES, objective_cards

FIRST_SEAT = 1


@dataclass(frozen=True)
class EpicSetup:
    players: int
    characters: tuple[str, ...]  # each seat's Character colour, seat 1 first (E2.1)
    objectives: tuple[str, ...]  # each seat's Objective, seat 1 first: secret (E2.1, E3)
    first: int = FIRST_SEAT  # the first player of the first round (E2.7)
    roles: tuple[str, ...] = ()  # the variant's role per seat (E14), empty when not played or chosen in play
    seed: int = 0  # what the table's Pi draws by; the engine itself never draws
    # The catalogue of Invasion cards the game is played with (the pack's, E1.5), by number: written in the
    # record's set-up so that a record replays on any pack. Empty: the pack's, or typed at the table.
    invasion: tuple[tuple[int, InvasionCard], ...] = ()
    # E14.1: the variant played with its roles chosen in turn at the table, before anyone reads his Objective.
    choose_roles: bool = False

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(FIRST_SEAT, FIRST_SEAT + self.players))

    def character(self, seat: int) -> str:
        return self.characters[seat - FIRST_SEAT]

    def objective(self, seat: int) -> str:
        return self.objectives[seat - FIRST_SEAT]

    def role(self, seat: int) -> str | None:
        return self.roles[seat - FIRST_SEAT] if self.roles else None


def deal(players: int, seed: int, characters: Sequence[str] | None = None, roles: Sequence[str] = (),
         choose_roles: bool = False) -> EpicSetup:
    """A new game's set-up drawn from `seed`: the Characters (unless the table dealt them), the Objectives
    from the cards E2.2/E13.1 leave, and the first player (E2.7: the Pi draws him instead of the Artefact
    deck's backs)."""
    rng = Random(f"astoria-epic/{seed}")
    if characters is None or len(set(characters)) != players or not set(characters) <= set(COLOURS):
        characters = rng.sample(COLOURS, players)
    objectives = rng.sample(objective_cards(players), players)
    first = rng.randrange(players) + FIRST_SEAT
    return check(EpicSetup(players, tuple(characters), tuple(objectives), first, tuple(roles), seed,
                           choose_roles=choose_roles))


def check(setup: EpicSetup) -> EpicSetup:
    """The set-up, or BadRecord saying what does not hold."""
    if not 2 <= setup.players <= 6:
        raise BadRecord("an Epic game has 2 to 6 players (E2)")
    if len(setup.characters) != setup.players or len(set(setup.characters)) != setup.players or \
            not set(setup.characters) <= set(COLOURS):
        raise BadRecord("each player has a Character of his own colour, one of " + ", ".join(COLOURS))
    cards = list(objective_cards(setup.players))
    for one in setup.objectives:
        if one not in cards:
            raise BadRecord("the Objectives dealt are not among the cards of that many players (E2.2, E13.1)")
        cards.remove(one)
    if len(setup.objectives) != setup.players:
        raise BadRecord("one Objective per player")
    if setup.first not in setup.seats:
        raise BadRecord("the first player is one of the seats")
    if setup.roles and (setup.players < 5 or len(setup.roles) != setup.players or not set(setup.roles) <= set(ROLES)):
        raise BadRecord("the Grand Alchimiste variant is played at 5 or 6 players, a role per player (E2.9, E14)")
    if setup.choose_roles and (setup.players < 5 or setup.roles):
        raise BadRecord("roles are chosen in the Grand Alchimiste variant, at 5 or 6 players (E2.9, E14.1)")
    return setup


def setup_to_json(setup: EpicSetup) -> dict[str, Any]:
    found: dict[str, Any] = {"players": setup.players, "characters": list(setup.characters),
                             "objectives": list(setup.objectives), "first": setup.first, "seed": setup.seed}
    if setup.roles:
        found["roles"] = list(setup.roles)
    if setup.choose_roles:
        found["choose_roles"] = True
    if setup.invasion:
        found["invasion"] = [{"number": n, **card.to_json()} for n, card in setup.invasion]
    return found


def setup_from_json(data: Any) -> EpicSetup:
    if not isinstance(data, dict):
        raise BadRecord("an Epic set-up is an object")
    try:
        players, first, seed = data["players"], data.get("first", FIRST_SEAT), data.get("seed", 0)
        characters, objectives, roles = data["characters"], data["objectives"], data.get("roles", [])
    except KeyError as missing:
        raise BadRecord(f"an Epic set-up needs {missing}") from None
    if not all(type(v) is int for v in (players, first, seed)):
        raise BadRecord("an Epic set-up's players, first and seed are whole numbers")
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in (characters, objectives, roles)):
        raise BadRecord("an Epic set-up's characters, objectives and roles are lists of words")
    choose = data.get("choose_roles", False)
    if type(choose) is not bool:
        raise BadRecord("an Epic set-up's choose_roles is true or false")
    invasion = data.get("invasion", [])
    if not isinstance(invasion, list):
        raise BadRecord("an Epic set-up's invasion is a list of cards")
    cards = []
    for n, card in enumerate(invasion):
        try:
            cards.append(card_from_json(card))
        except ValueError as error:
            raise BadRecord(f"invasion card {n + 1}: {error}") from None
    if len({n for n, _ in cards}) != len(cards):
        raise BadRecord("two invasion cards have the same number")
    return check(EpicSetup(players, tuple(characters), tuple(objectives), first, tuple(roles), seed,
                           tuple(sorted(cards, key=lambda c: c[0])), choose))
