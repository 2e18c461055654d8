"""The toy game's data: its setup, its moves (people's actions and chance outcomes), the choices awaited, and
their JSON in the record format "toy-record/1"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import N_, BadRecord
from companion.core.game import Choice as Contract
from companion.core.typed import Field, OutcomeForm

RECORD_FORMAT = "toy-record/1"
DIE = (1, 2, 3, 4, 5, 6)
CARDS = (1, 2, 3, 4, 5)
BIDS = (0, 1, 2)

# The omen cards (option "omens"): a physical pile the toy does not list. Each shows three numbers from 1 to 6,
# a sun or a moon, and maybe a crown; the table types the card drawn (a typed chance outcome,
# companion.core.typed), or picks its number when it is one of the catalogue's.
OMEN_FORM = OutcomeForm((
    Field.number("numbers", N_("Number"), 1, 6, repeat=3, labels=(N_("Left number"), N_("Middle number"),
                                                                 N_("Right number"))),
    Field.word("sky", N_("Sky"), (N_("sun"), N_("moon"))),
    Field.mark("crowned", N_("Crowned")),
), title=N_("Type the omen card"))
OMEN_CATALOGUE: dict[int, dict[str, Any]] = {
    1: {"numbers": [1, 2, 3], "sky": "sun", "crowned": False},
    2: {"numbers": [6, 5, 4], "sky": "moon", "crowned": True},
}


@dataclass(frozen=True)
class ToySetup:
    players: int
    rounds: int = 2
    teams: bool = False  # seats 0, 2, 4 against 1, 3, 5
    seed: int = 0  # for the table's Pi when it rolls or draws; the engine itself never draws
    omens: bool = False  # each round opens with an omen card the table types in (T-06)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.players))

    def team(self, seat: int) -> int | None:
        return seat % 2 if self.teams else None


# -- moves: the actions of people, and chance outcomes, all in the history -----------------------------

@dataclass(frozen=True)
class Bid:
    seat: int
    bid: int
    type = "bid"


@dataclass(frozen=True)
class Turn:
    seat: int
    do: str  # "roll", "draw" or "play"
    card: int | None = None  # the card played
    type = "turn"


@dataclass(frozen=True)
class Answer:
    seat: int
    card: int | None  # the card discarded to block the roll; None passes
    type = "answer"


@dataclass(frozen=True)
class Chance:
    outcome: Any  # a die, a card's number; an omen's catalogue number or the card typed in (an object)
    type = "chance"


Move = Bid | Turn | Answer | Chance


# -- what a seat may decide now --------------------------------------------------------------------

@dataclass(frozen=True)
class BidChoice(Contract):
    seat: int
    bids: tuple[int, ...] = BIDS
    decision = "bid"
    sealed = True

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "bids": list(self.bids)}

    def enumerate(self) -> list[Bid]:
        return [Bid(self.seat, b) for b in self.bids]


@dataclass(frozen=True)
class TurnChoice(Contract):
    seat: int
    hand: tuple[int, ...]
    decision = "turn"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "do": ["roll", "draw", "play"],
                "cards": sorted(set(self.hand))}

    def enumerate(self) -> list[Turn]:
        return [Turn(self.seat, "roll"), Turn(self.seat, "draw"),
                *(Turn(self.seat, "play", c) for c in sorted(set(self.hand)))]


@dataclass(frozen=True)
class AnswerChoice(Contract):
    seat: int
    hand: tuple[int, ...]
    roller: int
    decision = "answer"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "roller": self.roller,
                "cards": sorted(set(self.hand)), "may_pass": True}

    def enumerate(self) -> list[Answer]:
        return [Answer(self.seat, None), *(Answer(self.seat, c) for c in sorted(set(self.hand)))]


Choice = BidChoice | TurnChoice | AnswerChoice


# -- JSON ------------------------------------------------------------------------------------------

def setup_to_json(setup: ToySetup) -> dict[str, Any]:
    found: dict[str, Any] = {"players": setup.players, "rounds": setup.rounds, "teams": setup.teams,
                             "seed": setup.seed}
    if setup.omens:  # said only when on: a game without omens is written as before they were
        found["omens"] = True
    return found


def setup_from_json(data: Any) -> ToySetup:
    if not isinstance(data, dict):
        raise BadRecord("a toy setup is an object")
    if "players" not in data:
        raise BadRecord("a toy setup needs its number of players")
    players, rounds, teams, seed = data["players"], data.get("rounds", 2), data.get("teams", False), data.get("seed", 0)
    omens = data.get("omens", False)
    if not all(type(v) is int for v in (players, rounds, seed)) or type(teams) is not bool or type(omens) is not bool:
        raise BadRecord("a toy setup's players, rounds and seed are whole numbers, teams true or false")
    if not 2 <= players <= 6 or rounds < 1 or (teams and players % 2):
        raise BadRecord("a toy game has 2 to 6 players, at least one round, and an even number of players in teams")
    return ToySetup(players, rounds, teams, seed, omens)


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Chance):
        return {"type": "chance", "outcome": move.outcome}
    if isinstance(move, Bid):
        return {"type": "bid", "seat": move.seat, "bid": move.bid}
    if isinstance(move, Turn):
        return {"type": "turn", "seat": move.seat, "do": move.do, "card": move.card}
    return {"type": "answer", "seat": move.seat, "card": move.card}


def move_from_json(data: Any) -> Move:
    if not isinstance(data, dict):
        raise BadRecord(f"a toy move is an object, not {data!r}")
    kind = data.get("type")
    try:
        if kind == "chance":
            outcome = data["outcome"]  # an omen typed in is an object, checked when resolved
            return Chance(outcome if isinstance(outcome, dict) else _int(outcome))
        if kind == "bid":
            return Bid(_int(data["seat"]), _int(data["bid"]))
        if kind == "turn":
            card = data.get("card")
            return Turn(_int(data["seat"]), str(data["do"]), None if card is None else _int(card))
        if kind == "answer":
            card = data.get("card")
            return Answer(_int(data["seat"]), None if card is None else _int(card))
    except KeyError as missing:
        raise BadRecord(f"a toy {kind} move needs {missing}") from None
    raise BadRecord(f"no toy move of type {kind!r}")


def _int(value: Any) -> int:
    if type(value) is not int:
        raise BadRecord(f"{value!r} is not a whole number")
    return value
