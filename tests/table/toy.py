"""The smallest game the table framework must play without knowing it: "Bid and draw".

Each of two rounds: every seat bids 1 to 3 in secret (one sealed choice per seat, revealed at once); a die
is rolled (a public chance node: anyone at the table may tell it); the highest bidder (the lowest seat on a
tie) draws a card in secret (gold or lead: only that seat may tell it); then that seat alone decides whether
to keep the die's points (a turn-based choice). A kept gold card scores the die, a kept lead card scores
nothing, and a bid costs its points. Views leave out a card to everyone but its drawer and the referee, and
the bids until they are revealed.

It is registered under TOY (companion.core.registry.register), with its `table` part: the framework finds
it as it finds Xidit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import registry
from companion.core.errors import BadRecord, IllegalAction
from companion.core.game import ChanceNode, GameModule, Option, Progress, Result
from companion.i18n import Text
from companion.table import Refused
from companion.table.instructions import Instruction
from companion.table.steps import Step, StepBuilder

TOY = "tabletoy"
RECORD = "tabletoy-record/1"
ROUNDS = 2
FACES = (1, 2, 3, 4, 5, 6)
CARDS = ("gold", "lead")
COLOURS = ("red", "blue", "green", "yellow")


@dataclass(frozen=True)
class Setup:
    players: tuple[tuple[int, str, str | None], ...]
    seed: int


@dataclass(frozen=True)
class Bid:
    seat: int
    value: int
    type: str = "bid"


@dataclass(frozen=True)
class Keep:
    seat: int
    keep: bool
    type: str = "keep"


@dataclass(frozen=True)
class Outcome:
    """A chance outcome in the history."""

    value: Any


@dataclass(frozen=True)
class BidChoice:
    seat: int
    decision: str = "bid"
    sealed: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.decision, "values": [1, 2, 3]}


@dataclass(frozen=True)
class KeepChoice:
    seat: int
    decision: str = "keep"
    sealed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.decision}


@dataclass
class State:
    round: int = 1
    bids: dict[int, int] = field(default_factory=dict)
    revealed: dict[int, int] | None = None
    die: int | None = None
    drawer: int | None = None
    card: str | None = None
    scores: dict[int, int] = field(default_factory=dict)
    cards: list[tuple[int, int, str]] = field(default_factory=list)  # round, seat, card: secret
    events: list[tuple[Any, ...]] = field(default_factory=list)
    over: bool = False


class Match:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.seats = tuple(seat for seat, _, _ in setup.players)
        self.state = State(scores=dict.fromkeys(self.seats, 0))
        self.moves: list[Any] = []

    @property
    def version(self) -> int:
        return len(self.moves)

    def awaited(self, seat: int | None = None) -> list[Any]:
        state = self.state
        if state.over or self.chance() is not None:
            return []
        if state.revealed is None:
            found: list[Any] = [BidChoice(s) for s in self.seats if s not in state.bids]
        elif state.card is not None:
            found = [KeepChoice(state.drawer)] if state.drawer is not None else []
        else:
            found = []
        return [c for c in found if seat is None or c.seat == seat]

    def chance(self) -> ChanceNode | None:
        state = self.state
        if state.over or state.revealed is None:
            return None
        if state.die is None:
            return ChanceNode(kind="dice", outcomes=FACES)
        if state.card is None:
            return ChanceNode(kind="draw", outcomes=CARDS, told_by=state.drawer)
        return None

    def push(self, move: Any) -> None:
        if isinstance(move, Outcome):
            self.resolve(move.value)
            return
        state = self.state
        legal = self.awaited(move.seat)
        if not legal:
            raise IllegalAction("T-1", "It is not seat {seat}'s turn.", seat=move.seat)
        if isinstance(move, Bid) and isinstance(legal[0], BidChoice):
            if move.value not in (1, 2, 3):
                raise IllegalAction("T-2", "A bid is 1, 2 or 3.")
            state.bids[move.seat] = move.value
            self.moves.append(move)
            if len(state.bids) == len(self.seats):
                state.revealed = dict(state.bids)
                best = max(state.revealed.values())
                state.drawer = min(s for s, v in state.revealed.items() if v == best)
                state.events.append(("revealed", tuple(sorted(state.revealed.items()))))
            return
        if isinstance(move, Keep) and isinstance(legal[0], KeepChoice):
            assert state.die is not None and state.drawer is not None and state.revealed is not None
            gain = state.die if move.keep and state.card == "gold" else 0
            for seat, bid in state.revealed.items():
                state.scores[seat] -= bid
            state.scores[move.seat] += gain
            state.events.append(("kept" if move.keep else "gave", move.seat))
            self.moves.append(move)
            if state.round == ROUNDS:
                state.over = True
                state.events.append(("over",))
            else:
                state.round += 1
                state.bids, state.revealed, state.die, state.drawer, state.card = {}, None, None, None, None
                state.events.append(("round", state.round))
            return
        raise IllegalAction("T-3", "That is not the decision awaited.")

    def resolve(self, outcome: Any) -> None:
        node = self.chance()
        if node is None or outcome not in node.outcomes:
            raise IllegalAction("T-4", "That cannot be the outcome.")
        state = self.state
        if node.kind == "dice":
            state.die = outcome
            state.events.append(("rolled", outcome))
        else:
            assert state.drawer is not None
            state.card = outcome
            state.cards.append((state.round, state.drawer, outcome))
            state.events.append(("drew", state.drawer, outcome))
        self.moves.append(Outcome(outcome))

    def view(self, reader: str = "referee") -> dict[str, Any]:
        state = self.state
        me = -1 if reader == "referee" else None if reader == "public" else int(reader.split(":")[1])
        if me is not None and me != -1 and me not in self.seats:
            raise ValueError(f"unknown view {reader!r}")
        players = []
        for seat, colour, name in self.setup.players:
            player: dict[str, Any] = {"seat": seat, "colour": colour, "name": name, "score": state.scores[seat]}
            if state.revealed is not None:
                player["bid"] = state.revealed[seat]
            elif me in (-1, seat) and seat in state.bids:
                player["bid"] = state.bids[seat]
            players.append(player)
        cards = [{"round": r, "seat": s, **({"card": c} if me in (-1, s) else {})} for r, s, c in state.cards]
        return {"format": "tabletoy-state/1", "view": reader, "round": state.round, "die": state.die,
                "players": players, "cards": cards, "over": state.over}

    def record_json(self) -> dict[str, Any]:
        return {"format": RECORD, "setup": setup_to_json(self.setup), "moves": [move_to_json(m) for m in self.moves]}

    def result(self) -> Result | None:
        if not self.state.over:
            return None
        ranked = sorted(self.seats, key=lambda s: -self.state.scores[s])
        return Result(places=tuple((s,) for s in ranked), winners=(ranked[0],))

    def progress(self) -> Progress:
        return Progress(round=self.state.round, rounds=ROUNDS, phase="over" if self.state.over else "play")


def setup_to_json(setup: Setup) -> dict[str, Any]:
    return {"players": [{"seat": s, "colour": c, "name": n} for s, c, n in setup.players], "seed": setup.seed}


def setup_from_json(data: Any) -> Setup:
    try:
        players = tuple((int(p["seat"]), str(p["colour"]), p.get("name")) for p in data["players"])
        return Setup(players, int(data.get("seed", 0)))
    except (KeyError, TypeError, ValueError) as error:
        raise BadRecord(f"not a setup of the toy game: {error}") from None


def move_to_json(move: Any) -> dict[str, Any]:
    if isinstance(move, Outcome):
        return {"type": "chance", "outcome": move.value}
    if isinstance(move, Bid):
        return {"type": "bid", "seat": move.seat, "value": move.value}
    return {"type": "keep", "seat": move.seat, "keep": move.keep}


def move_from_json(data: Any) -> Any:
    kind = data.get("type") if isinstance(data, dict) else None
    if kind == "chance":
        return Outcome(data["outcome"])
    if kind == "bid" and isinstance(data.get("seat"), int) and isinstance(data.get("value"), int):
        return Bid(data["seat"], data["value"])
    if kind == "keep" and isinstance(data.get("seat"), int) and isinstance(data.get("keep"), bool):
        return Keep(data["seat"], data["keep"])
    raise BadRecord(f"not a move of the toy game: {data!r}")


def replay(setup: Setup, moves: Sequence[Any]) -> Match:
    match = Match(setup)
    for index, move in enumerate(moves):
        try:
            match.push(move)
        except IllegalAction as error:
            error.index = index
            raise
    return match


class Rules:
    key = TOY
    record_format = RECORD
    view_format = "tabletoy-state/1"
    seats = range(2, 5)
    colours = COLOURS
    options: tuple[Option, ...] = ()

    def replay_json(self, pack: Any, record: Any) -> Match:
        return replay(setup_from_json(record["setup"]), [move_from_json(m) for m in record["moves"]])


class BidDrafts:
    """A bid keyed in as a draft: {"value": n}, locked, revealed with the others."""

    words = {"locked": "Your bid is locked: unlock it to change it.", "not_locked": "Your bid is not locked.",
             "not_now": "Bids are made only at the start of a round.", "whole": "A bid is keyed in and locked."}

    def blank(self, choice: Any) -> dict[str, Any]:
        return {"value": None}

    def restore(self, saved: Any) -> dict[str, Any]:
        return dict(saved)

    def edit(self, choice: Any, draft: Any, change: dict[str, Any]) -> dict[str, Any]:
        if change.get("value") not in (1, 2, 3, None):
            raise Refused("A bid is 1, 2 or 3.")
        return {"value": change.get("value")}

    def check_complete(self, choice: Any, draft: Any) -> None:
        if draft.get("value") is None:
            raise Refused("Key in a bid before locking.")

    def action(self, choice: Any, draft: Any) -> Bid:
        return Bid(choice.seat, draft["value"])

    def forecast(self, match: Any, seat: int, draft: Any) -> tuple[Any, ...]:
        return ()

    def seals(self, move: Any) -> bool:
        return isinstance(move, Bid)


class Grouping:
    """One step per round; a card drawn is named only to its drawer (and the referee)."""

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None:
        kind = event[0]
        if kind == "round":
            out.seal()
            out.year = event[1]
            return
        draft = out.open[-1] if out.open else out.start("round", Text("Round {n}", {"n": out.year}),
                                                         Text("Round {n} (continued)", {"n": out.year}))
        if kind == "revealed":
            draft.lines.append(Instruction("Bids: {bids}.", {"bids": ", ".join(f"{s}:{v}" for s, v in event[1])},
                                           physical=False))
        elif kind == "rolled":
            draft.lines.append(Instruction("Leave the die on {n}.", {"n": event[1]}))
        elif kind == "drew":
            draft.lines.append(Instruction("Seat {seat} keeps their card hidden.", {"seat": event[1], "card": event[2]},
                                           event[1], private="Seat {seat} keeps their {card} card hidden."))
        elif kind in ("kept", "gave"):
            draft.lines.append(Instruction("Seat {seat} " + kind + " the points.", {"seat": event[1]}, physical=False))

    def rebased(self, out: StepBuilder) -> None:
        return None


class ToyTable:
    drafts = BidDrafts()
    chance_policy = "pi"

    def setup_from_json(self, data: Any) -> Setup:
        return setup_from_json(data)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return setup_to_json(setup)

    def start(self, pack: Any, setup: Setup) -> Match:
        if not 2 <= len(setup.players) <= 4:
            raise BadRecord("the toy game is for 2 to 4 players")
        return Match(setup)

    def setup_of(self, match: Match) -> Setup:
        return match.setup

    def move_from_json(self, data: Any) -> Any:
        return move_from_json(data)

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return move_to_json(move)

    def record_from_json(self, data: Any) -> tuple[Setup, list[Any]]:
        if not isinstance(data, dict) or data.get("format") != RECORD:
            raise BadRecord("not a toy record")
        return setup_from_json(data.get("setup")), [move_from_json(m) for m in data.get("moves", [])]

    def replay(self, pack: Any, setup: Setup, moves: Sequence[Any]) -> Match:
        return replay(setup, moves)

    def undo(self, match: Match) -> None:
        self.restore(match, (match.setup, match.moves[:-1]))

    def checkpoint(self, match: Match) -> tuple[Setup, list[Any]]:
        return match.setup, list(match.moves)

    def restore(self, match: Match, checkpoint: tuple[Setup, list[Any]]) -> None:
        again = replay(checkpoint[0], checkpoint[1])
        match.state, match.moves = again.state, again.moves

    def as_of(self, match: Match, moves: int, events: int) -> Match:
        return replay(match.setup, match.moves[:moves])

    def events(self, match: Match) -> Sequence[Any]:
        return match.state.events

    def players(self, setup: Setup) -> list[tuple[int, str, str | None]]:
        return sorted(setup.players)

    def rewound(self, pack: Any, match: Match, keep: int) -> Match:
        return replay(match.setup, match.moves[:keep])

    def setup_steps(self, match: Match, typed: frozenset[str]) -> list[Step]:
        return [Step("setup", 1, Text("Set up"), (Instruction("Give each player a bid card."),), (0, 0))]

    def grouping(self, match: Match) -> Grouping:
        return Grouping()

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Any) -> list[Instruction]:
        return [Instruction("Put the die on {n}.", {"n": after["die"]})] if before["die"] != after["die"] else []

    def describe(self, language: str, match: Match, index: int, round: int, *, blind: bool) -> str:
        return f"Round {round}: {move_to_json(match.moves[index])['type']}"

    def typed_setup(self, pack: Any, setup: Setup, typed: dict[str, Any]) -> Setup:
        raise Refused("The toy game has nothing to type in.")

    def typed_parts(self, setup: Setup) -> frozenset[str]:
        return frozenset()

    def caveat(self, pack: Any, setup: Setup) -> tuple[str, str] | None:
        return None

    def started(self, setup: Setup) -> str:
        return f"{len(setup.players)} players"

    def question(self, match: Match, node: ChanceNode, pack: Any, language: str) -> dict[str, Any]:
        return {"question": match.version, "kind": node.kind, "told_by": node.told_by,
                "answers": [{"value": o, "label": str(o)} for o in node.outcomes]
                if node.told_by is None else []}  # a secret draw's candidates are for its seat's own page

    def question_number(self, match: Match) -> int:
        return match.version

    def outcome_words(self, pack: Any, node: ChanceNode, outcome: Any) -> Text:
        return Text("{outcome}", {"outcome": outcome if node.told_by is None else "a card"})

    def told_layout(self, match: Match) -> None:
        return None

    def resumed(self, setup: Setup, table_state: Mapping[str, Any]) -> tuple[Setup, bool]:
        return setup, False

    def __deepcopy__(self, memo: dict[int, Any]) -> ToyTable:
        return self


GAME = GameModule(key=TOY, title="Bid and draw", rules=Rules(), table=ToyTable())
registry.register(GAME)


def setup(players: int = 3, seed: int = 7) -> dict[str, Any]:
    return setup_to_json(Setup(tuple((s, COLOURS[s - 1], None) for s in range(1, players + 1)), seed))

