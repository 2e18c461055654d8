"""The toy game's engine: small enough to read at once, shaped to use every capability of the contract.

A game is `rounds` rounds. Each round opens with a sealed bid (every seat at once, in secret, like Xidit's
programs): a bid nobody else made scores its value when all are in. Then each seat takes one turn, in
order: it rolls the die (a public chance node), draws a card (a secret draw only the drawer tells) or plays
a card from its hand for its value. After a roll, every other seat holding a card may answer at once (a
window, like Zargos's red cards): block the roll by discarding a card, or pass. A blocked roll scores
nothing. Most points wins; with teams, a team's points are its seats' sum. With the option "omens", each round
opens with an omen card the table types in (T-06: three numbers from 1 to 6, a sun or a moon, a crown or not;
or a catalogue number); T-07: no omen shows one number three times; T-08: under a crowned omen a bid nobody
else made scores twice. A record writes the typed card as the outcome object; a game without omens is
written as before. When nobody scored a point, nobody wins (T-09). Reveals (core.game.Reveal): a card drawn
is shown to its drawer alone (T-10); each seat that may block a roll is shown the cards it may block with,
until it answers (T-11); the bids are shown to everyone when they are revealed (T-12).

Pure: no I/O, threads or clock. Every random thing is a chance node, so replay needs no RNG.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import N_, IllegalAction
from companion.core.game import REFEREE, ChanceNode, Match, Progress, Reader, Result, Reveal, Team
from companion.core.typed import BadOutcome

from .moves import (
    CARDS,
    DIE,
    OMEN_CATALOGUE,
    OMEN_FORM,
    RECORD_FORMAT,
    Answer,
    AnswerChoice,
    Bid,
    BidChoice,
    Chance,
    Choice,
    Move,
    ToySetup,
    Turn,
    TurnChoice,
    move_to_json,
    setup_to_json,
)

VIEW_FORMAT = "toy-state/1"
TEAM_NAMES = ("A", "B")  # seats 0, 2, 4 are team A; 1, 3, 5 team B


@dataclass
class State:
    round: int = 1
    # "omen" (card pending), "bid", "turn", "roll" (die pending), "draw" (card pending), "window", "over"
    phase: str = "bid"
    turn: int = 0  # index into the round's order
    scores: dict[int, int] = field(default_factory=dict)
    hands: dict[int, list[int]] = field(default_factory=dict)
    bids: dict[int, int] = field(default_factory=dict)  # this round's, secret until every seat has bid
    revealed: dict[int, int] = field(default_factory=dict)  # the last revealed bids
    die: int | None = None  # the roll under answer
    answers: dict[int, int | None] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)  # cards played or discarded, face up
    omen: dict[str, Any] | None = None  # this round's omen card (option "omens")
    news: list[Reveal] = field(default_factory=list)  # what the last move showed (T-10, T-12): one-offs


class ToyMatch(Match):
    """One toy game under way: the contract's Match. Changed only by `push` and `resolve`."""

    state: State

    def __init__(self, setup: ToySetup) -> None:
        if not 2 <= setup.players <= 6:
            raise IllegalAction("T-01", N_("The toy game takes 2 to 6 players, not {n}."), n=setup.players)
        if setup.teams and setup.players % 2:
            raise IllegalAction("T-01", N_("Teams need an even number of players."))
        if setup.rounds < 1:
            raise IllegalAction("T-01", N_("A game lasts at least one round."))
        self._setup = setup
        self.state = State(scores=dict.fromkeys(setup.seats, 0), hands={s: [] for s in setup.seats},
                           phase="omen" if setup.omens else "bid")
        self._moves: list[Move] = []

    # -- reading -----------------------------------------------------------------------------------

    @property
    def setup(self) -> ToySetup:
        return self._setup

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    @property
    def version(self) -> int:
        return len(self._moves)

    def order(self) -> tuple[int, ...]:
        """This round's turn order: the first seat moves on by one each round."""
        n, first = self.setup.players, (self.state.round - 1) % self.setup.players
        return tuple((first + i) % n for i in range(n))

    def active(self) -> int:
        return self.order()[self.state.turn]

    def awaited(self, seat: int | None = None) -> list[Choice]:
        s = self.state
        found: list[Choice] = []
        if s.phase == "bid":
            found = [BidChoice(p) for p in self.setup.seats if p not in s.bids]
        elif s.phase == "turn":
            found = [TurnChoice(self.active(), tuple(s.hands[self.active()]))]
        elif s.phase == "window":
            found = [AnswerChoice(p, tuple(s.hands[p]), self.active()) for p in self.setup.seats
                     if p != self.active() and s.hands[p] and p not in s.answers]
        return [c for c in found if seat is None or c.seat == seat]

    def chance(self) -> ChanceNode | None:
        if self.state.phase == "omen":  # T-06: a card the toy cannot list, typed in or picked from its catalogue
            return ChanceNode(kind="omen", outcomes=tuple(OMEN_CATALOGUE), prompt=N_("Draw an omen card"),
                              form=OMEN_FORM, params={"rule": "T-06"})
        if self.state.phase == "roll":
            return ChanceNode(kind="dice", outcomes=DIE, prompt=N_("Roll the die"), params={"seat": self.active()})
        if self.state.phase == "draw":
            return ChanceNode(kind="draw", outcomes=CARDS, told_by=self.active(), prompt=N_("Draw a card"))
        return None

    def result(self) -> Result | None:
        if self.state.phase != "over":
            return None
        groups: dict[int, tuple[int, ...]] = {}
        for seat in self.setup.seats:
            team = self.setup.team(seat)
            key = seat if team is None else team
            groups[key] = (*groups.get(key, ()), seat)
        points = {key: sum(self.state.scores[s] for s in seats) for key, seats in groups.items()}
        places: list[tuple[int, ...]] = []
        for value in sorted(set(points.values()), reverse=True):
            places.append(tuple(sorted(s for key, seats in groups.items() if points[key] == value for s in seats)))
        teams = tuple(Team(seats, N_("Team {team}"), {"team": TEAM_NAMES[key]}) for key, seats in groups.items()
                      if self.setup.teams)
        detail = {"scores": dict(self.state.scores)}
        best = max(points.values())
        if not best:  # T-09: nobody scored, nobody wins
            return Result(tuple(places), (), detail, teams, N_("Nobody scored a point: nobody wins."))
        leaders = [key for key, value in points.items() if value == best]
        if teams and len(leaders) == 1:
            return Result(tuple(places), places[0], detail, teams, N_("Team {team} scored the most points: {points}."),
                          {"team": TEAM_NAMES[leaders[0]], "points": best})
        return Result(tuple(places), places[0], detail, teams)

    def reveals(self) -> list[Reveal]:
        """What the toy shows to chosen seats now: the last move's one-offs (a card drawn, to its drawer alone,
        T-10; the bids, to everyone, T-12) and, while a roll's window is open, to each seat that may still
        block it, the cards it may block with (T-11: held, no longer shown once it has answered)."""
        s = self.state
        held = [Reveal(f"block:{s.round}:{s.turn}:{c.seat}", N_("You may block the roll with: {cards}."),
                       {"cards": ", ".join(map(str, c.hand))}, frozenset({c.seat}), held=True)
                for c in self.awaited() if isinstance(c, AnswerChoice)]
        return [*s.news, *held]

    def progress(self) -> Progress:
        return Progress(round=min(self.state.round, self.setup.rounds), rounds=self.setup.rounds,
                        phase=self.state.phase)

    def record_json(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "setup": setup_to_json(self.setup),
                "moves": [move_to_json(m) for m in self._moves]}

    def view(self, reader: str = REFEREE) -> dict[str, Any]:
        """Leaves out (never blanks) another seat's hand and, until every seat has bid, its bid."""
        s = self.state
        who = Reader.parse(reader, self.setup.seats)
        players = []
        for seat in self.setup.seats:
            p: dict[str, Any] = {"seat": seat, "score": s.scores[seat], "cards": len(s.hands[seat]),
                                 "bid_in": seat in s.bids}
            if self.setup.teams:
                p["team"] = self.setup.team(seat)
            if who.sees(seat):
                p["hand"] = sorted(s.hands[seat])
                if seat in s.bids:
                    p["bid"] = s.bids[seat]
            if seat in s.revealed:
                p["revealed_bid"] = s.revealed[seat]
            players.append(p)
        node = self.chance()
        result = self.result()
        omen = {"omen": s.omen} if self.setup.omens else {}
        return {"format": VIEW_FORMAT, "reader": reader, "version": self.version, "round": s.round,
                "rounds": self.setup.rounds, "phase": s.phase, **omen,
                "turn": self.active() if s.phase in ("turn", "roll", "draw", "window") else None,
                "die": s.die, "answers": {str(k): v for k, v in s.answers.items()}, "played": list(s.played),
                "players": players,
                "awaiting": [{"seat": c.seat, "decision": c.decision} for c in self.awaited()],
                "chance": None if node is None else {"kind": node.kind, "told_by": node.told_by},
                "result": None if result is None else {"places": [list(p) for p in result.places],
                                                       "winners": list(result.winners)}}

    # -- acting ------------------------------------------------------------------------------------

    def push(self, move: Any) -> None:
        """Applies a person's move; IllegalAction leaves the game as it was."""
        if isinstance(move, Chance):
            self.resolve(move.outcome)
            return
        if self.chance() is not None:
            raise IllegalAction("T-02", N_("First tell the die or the card drawn."))
        legal = [a for c in self.awaited(getattr(move, "seat", None)) for a in c.enumerate()]
        if move not in legal:
            raise IllegalAction("T-03", N_("That move is not allowed now."))
        after = copy.deepcopy(self.state)
        after.news = []
        self._apply(after, move)
        self.state = after
        self._moves.append(move)

    def resolve(self, outcome: Any) -> None:
        node = self.chance()
        if node is None:
            raise IllegalAction("T-02", N_("Nothing is being rolled or drawn now."))
        if node.kind == "omen":
            card = self._omen(outcome)
        elif isinstance(outcome, bool) or outcome not in node.outcomes:
            raise IllegalAction("T-04", N_("{outcome} cannot come out of this roll or draw."), outcome=outcome)
        after = copy.deepcopy(self.state)
        after.news = []
        if after.phase == "omen":
            after.omen, after.phase = card, "bid"
        elif after.phase == "draw":
            after.hands[self.active()].append(outcome)
            after.news = [Reveal(f"draw:{self.version + 1}", N_("You drew a {card}."), {"card": outcome},
                                 frozenset({self.active()}))]  # T-10
            self._next_turn(after)
        else:
            after.die = outcome
            if any(after.hands[p] for p in self.setup.seats if p != self.active()):
                after.phase, after.answers = "window", {}
            else:
                after.scores[self.active()] += outcome
                self._next_turn(after)
        self.state = after
        self._moves.append(Chance(outcome))

    @staticmethod
    def _omen(outcome: Any) -> dict[str, Any]:
        """T-06: the omen card told: a catalogue number, or a card typed in that fits the form, and (T-07) no
        omen card shows the same number three times."""
        if type(outcome) is int and outcome in OMEN_CATALOGUE:
            return copy.deepcopy(OMEN_CATALOGUE[outcome])
        try:
            card = OMEN_FORM.check(outcome)
        except BadOutcome as error:
            raise IllegalAction("T-06", error.template, **error.params) from None
        if len(set(card["numbers"])) == 1:
            raise IllegalAction("T-07", N_("No omen card shows the same number three times."))
        return copy.deepcopy(card)

    def _apply(self, s: State, move: Move) -> None:
        if isinstance(move, Bid):
            s.bids[move.seat] = move.bid
            if len(s.bids) == self.setup.players:  # all in: the reveal
                for seat, bid in s.bids.items():
                    if list(s.bids.values()).count(bid) == 1:  # T-08: twice under a crowned omen
                        s.scores[seat] += bid * (2 if s.omen and s.omen["crowned"] else 1)
                s.news = [Reveal(f"bids:{s.round}", N_("The bids of round {round}: {bids}."),  # T-12
                                 {"round": s.round, "bids": ", ".join(str(s.bids[p]) for p in self.setup.seats)})]
                s.revealed, s.bids = dict(s.bids), {}
                s.phase, s.turn = "turn", 0
        elif isinstance(move, Turn):
            if move.do == "play":
                assert move.card is not None
                s.hands[move.seat].remove(move.card)
                s.scores[move.seat] += move.card
                s.played.append(move.card)
                self._next_turn(s)
            else:
                s.phase = "roll" if move.do == "roll" else "draw"
        elif isinstance(move, Answer):
            s.answers[move.seat] = move.card
            if move.card is not None:
                s.hands[move.seat].remove(move.card)
                s.played.append(move.card)
            if len(s.answers) == sum(1 for p in self.setup.seats if p != self.active() and
                                     (s.hands[p] or p in s.answers)):
                if all(card is None for card in s.answers.values()):
                    s.scores[self.active()] += s.die or 0
                self._next_turn(s)

    def _next_turn(self, s: State) -> None:
        s.die, s.answers = None, {}
        s.turn += 1
        if s.turn < self.setup.players:
            s.phase = "turn"
            return
        s.turn = 0
        if s.round == self.setup.rounds:
            s.phase = "over"
        else:
            s.round, s.phase, s.omen = s.round + 1, "omen" if self.setup.omens else "bid", None
