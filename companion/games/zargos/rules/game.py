"""A Zargos game: `push` a person's move, `resolve` a chance outcome (dice, a card drawn, a value the table
reads off the board); the engine plays everything the rules decide alone in between.

As Xidit's engine: moves are small immutable values checked against the legal choices; a move is applied to
a copy of the state, kept only when legal, so an illegal move changes nothing; a game is rebuilt by
replaying its setup, moves and chance outcomes (no random numbers in here)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from companion.core.game import REFEREE, ChanceNode, Match, Progress, Result

from .actions import (
    Action,
    Adjust,
    Discard,
    MagicTrade,
    OutOfGame,
    TimeUp,
)
from .board import Board
from .chance import apply_outcome, chance_node
from .choices import (
    Choice,
)
from .errors import N_, IllegalAction
from .flow import advance
from .legal import (
    choice_for,
    choices,
)
from .moves import (
    apply_effect,
    apply_move,
    card_out_of_game,
    discard,
    lapse_offers,
    time_up,
    trade_magic,
)
from .setup import Setup
from .state import State
from .terms import (
    CARDS,
)


class Told:
    """A chance outcome in the game's history, as it was told (by the Pi or the table)."""

    type = "chance"

    def __init__(self, kind: str, outcome: Any) -> None:
        self.kind, self.outcome = kind, outcome

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Told) and (self.kind, self.outcome) == (other.kind, other.outcome)

    def __hash__(self) -> int:
        return hash((self.kind, self.outcome))

    def __repr__(self) -> str:
        return f"Told({self.kind!r}, {self.outcome!r})"


Move = Action | Told


class Game(Match):
    state: State
    def __init__(self, board: Board, setup: Setup) -> None:
        self.board, self._setup = board, setup
        self.history: list[Move] = []
        self.state = State(setup.players, setup.peoples_each, dict(setup.options))
        self.state.seat_groups = [list(range(setup.players))]
        self.state.deck = Counter({card: count for card, (_, count) in CARDS.items()})  # 2.2: shuffled
        self.state.hands = {seat: [] for seat in range(setup.players)}
        advance(self.board, self.setup, self.state)

    @classmethod
    def replay(cls, board: Board, setup: Setup, moves: Iterable[Move]) -> Game:
        game = cls(board, setup)
        for index, move in enumerate(moves):
            try:
                if isinstance(move, Told):
                    game.resolve(move.outcome)
                else:
                    game.push(move)
            except IllegalAction as error:
                error.index = index
                raise
        return game

    # -- the framework's contract (companion.core.game.Match) ----------------------------------------

    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def moves(self) -> list[Move]:
        return self.history

    @property
    def version(self) -> int:
        return len(self.history)

    def awaited(self, seat: int | None = None) -> list[Choice]:
        found = choices(self.board, self.setup, self.state)
        return [c for c in found if seat is None or c.seat == seat]

    def chance(self) -> ChanceNode | None:
        return chance_node(self.board, self.state)

    def resolve(self, outcome: Any) -> None:
        node = self.chance()
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if node is None:
            raise IllegalAction("§3", N_("Nothing is being rolled or drawn now."))
        if outcome not in node.outcomes:
            raise IllegalAction("6.3", N_("That cannot be the outcome of this roll or draw: {outcome}."),
                                outcome=str(outcome))
        state = _copy(self.state)
        apply_outcome(self.board, self.setup, state, outcome)
        advance(self.board, self.setup, state)
        lapse_offers(state)
        self.state = state
        self.history.append(Told(node.kind, outcome))

    def push(self, move: Action) -> None:
        state = self.state
        if state.winner is not None or state.phase == "over":
            raise IllegalAction("14.1", N_("The game is over."))
        if isinstance(move, Adjust | MagicTrade | OutOfGame | Discard | TimeUp):
            if self.chance() is not None and not isinstance(move, Adjust):
                raise IllegalAction("6.3", N_("First tell the dice or the card drawn."))
            work = _copy(state)
            if isinstance(move, Adjust):
                apply_effect(self.board, work, move, len(self.history))
            elif isinstance(move, MagicTrade):
                trade_magic(work, move)
            elif isinstance(move, Discard):
                discard(work, move)
            elif isinstance(move, TimeUp):
                time_up(work, move)
            else:
                card_out_of_game(work, move)
        else:
            if self.chance() is not None:
                raise IllegalAction("6.3", N_("First tell the dice or the card drawn."))
            choice = choice_for(self.awaited(move.seat), move)
            work = _copy(state)
            apply_move(self.board, self.setup, work, move, choice)
        advance(self.board, self.setup, work)
        lapse_offers(work)
        self.state = work
        self.history.append(move)

    def view(self, reader: str = REFEREE) -> dict[str, Any]:
        from .views import view  # views read the game; the game does not need them to play

        return view(self, reader)

    def record_json(self) -> dict[str, Any]:
        from .record import record_to_json

        return record_to_json(self)

    def result(self) -> Result | None:
        if self.state.winner is None:
            if self.state.phase == "over":  # every people out (Z-26): nobody won (14.1)
                return Result(places=(tuple(range(self.setup.players)),), winners=(),
                              detail={"people": None})
            return None
        seat = self.state.peoples[self.state.winner].seat
        rest = tuple(s for s in range(self.setup.players) if s != seat)
        return Result(places=((seat,), rest) if rest else ((seat,),), winners=(seat,),
                      detail={"people": self.state.winner})

    def progress(self) -> Progress:
        return Progress(round=self.state.round, rounds=None, phase=self.state.phase)


def _copy(state: State) -> State:
    """A working copy for one move. Written out rather than deep-copied (a move's cost is mostly this
    copy); the log's entries are never changed once written, so they are shared."""
    work = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, Counter):
            setattr(work, name, Counter(value))
        elif isinstance(value, dict):
            setattr(work, name, dict(value))
        elif isinstance(value, list):
            setattr(work, name, list(value))
        elif isinstance(value, set):
            setattr(work, name, set(value))
    work.seat_groups = [list(g) for g in state.seat_groups]
    work.ties = [list(g) for g in state.ties]
    work.hands = {s: list(h) for s, h in state.hands.items()}
    work.peoples = {k: replace(p, cards=list(p.cards), kingdom_cards=set(p.kingdom_cards))
                    for k, p in state.peoples.items()}
    work.combat = None if state.combat is None else replace(state.combat, war=set(state.combat.war))
    work.pending = None if state.pending is None else copy.copy(state.pending)
    return work
