"""One Laboratory game under way (companion.core.game's Match): set-up by chance nodes (the cards dealt,
the first player, the Discoveries), the turns (L3), the three actions (L4-L6), the reactions and their
chains (L6.4, L7), objects made (L9), the end checked after every step (L10.1, A-18) and the score (L10.2).

Pure: no I/O, threads or clock. Every card dealt or drawn is a chance node (the table tells it or the Pi
draws it), so a replay needs no random generator. A refused move leaves the game as it was: each move is
applied to a copy of the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import N_, BadRecord, IllegalAction
from companion.core.game import REFEREE, ChanceNode, Choice, Match, Progress, Result

from ...common.rules.gems import COLOURS
from . import legal
from .legal import EFFECT_STEPS, RULE
from .moves import RECORD_FORMAT, Add, Chance, Draw, LabSetup, Make, Move, Shift, Take, move_to_json, setup_to_json
from .pack import CAPACITY, Pack
from .state import Frame, State
from .views import result_of, view_of

CHANCE_RULE = {"deal": "L2.3", "first": "L2.5", "discover": "L2.6", "refill": "L5.1", "draw": "L5.1"}
ALL_COLOURS = COLOURS


@dataclass(frozen=True)
class LabChoice(Choice):
    """What one seat decides now: its turn's action, a reaction's next choice, or an object to make."""

    seat: int
    decision: str  # "turn", a reaction's colour, or "make"
    options: tuple[Move, ...]
    sealed: bool = False

    def enumerate(self) -> list[Move]:
        return list(self.options)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.decision, "rule": RULE[self.decision]}


class LabMatch(Match):
    state: State  # the match's own state object, what its virtual players read

    def __init__(self, pack: Pack, setup: LabSetup) -> None:
        problem = setup.problem()
        if problem is not None:
            raise BadRecord(f"setup: {problem}")
        self.pack, self._setup = pack, setup
        self.state = State(hands={s: [] for s in setup.seats}, laid={s: [] for s in setup.seats},
                           unseen=sorted(pack.artefacts))
        if setup.cards == "typed":  # the cards stay the table's: dealt and laid out at once, unknown (L2.3, L2.6)
            s = self.state
            s.hands = {seat: [0] * 3 for seat in setup.seats}
            s.discoveries, s.unseen, s.phase = [0, 0, 0], [0] * (len(pack.artefacts) - 3 * setup.players - 3), "first"
        self._moves: list[Move] = []
        self._cache: tuple[State | None, list[LabChoice]] = (None, [])

    # -- reading ---------------------------------------------------------------------------------------------

    @property
    def setup(self) -> LabSetup:
        return self._setup

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    @property
    def version(self) -> int:
        return len(self._moves)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self.state.events)

    def order(self, state: State | None = None) -> tuple[int, ...]:
        """A-06 (L3.1): the first player, the player facing him, then the next pair along the row, the first
        player's team first in each pair."""
        first = (state or self.state).first
        if first is None:
            return self.setup.seats
        pairs, mine = self.setup.players // 2, self.setup.team(first)
        start = (first - 1) // 2
        return tuple(2 * ((start + j) % pairs) + 1 + (t if mine == 0 else 1 - t)
                     for j in range(pairs) for t in (0, 1))

    def player(self, state: State | None = None) -> int:
        s = state or self.state
        order = self.order(s)
        return order[s.turn % len(order)]

    def holder(self, colour: str) -> int:
        """The team holding that colour's Character, dealt to one of its players or spare (L2.4, A-04)."""
        return 0 if colour in self.setup.team_characters(0) else 1

    def dominance(self, state: State | None = None) -> dict[str, int]:
        """L8.2, A-14, for every colour: the team of the players with the most Glyphs of the colour; the
        Character's team when they are of both teams (a tie, zero included)."""
        s = state or self.state
        counts = {seat: [g for laid in s.laid[seat] for g in laid["glyphs"]]
                  for seat in self.setup.seats}
        found = {}
        for colour in ALL_COLOURS:
            each = {seat: glyphs.count(colour) for seat, glyphs in counts.items()}
            most = max(each.values())
            teams = {self.setup.team(seat) for seat, n in each.items() if n == most}
            found[colour] = teams.pop() if len(teams) == 1 else self.holder(colour)
        return found

    def dominant(self, colour: str, state: State | None = None) -> int:
        return self.dominance(state)[colour]

    def awaiting(self) -> list[tuple[int, str]]:
        """Who is awaited for what, without listing the moves: the phase says it (a reaction or an object is
        awaited only when it has a choice, a turn always has one while the laboratory has room)."""
        s = self.state
        if s.phase == "turn":
            return [(self.player(), "turn")]
        if s.phase == "react":
            return [(self.player(), s.stack[-1].colour)]
        if s.phase == "make":
            return [(self.player(), "make")]
        return []

    def _choices(self, s: State) -> list[LabChoice]:
        if s.phase == "turn":
            seat = self.player(s)
            return [LabChoice(seat, "turn", tuple(legal.turn_moves(s, seat, ALL_COLOURS)))]
        if s.phase == "react":
            seat, frame = self.player(s), s.stack[-1]
            return [LabChoice(seat, frame.colour,
                              tuple(legal.reaction_moves(s, self.pack, self.setup, seat, frame)))]
        if s.phase == "make":
            seat = self.player(s)
            return [LabChoice(seat, "make", tuple(legal.make_moves(s, self.pack, self.setup, seat)))]
        return []

    def awaited(self, seat: int | None = None) -> list[LabChoice]:
        if self._cache[0] is not self.state:
            self._cache = (self.state, self._choices(self.state))
        return [c for c in self._cache[1] if seat is None or c.seat == seat]

    def chance(self) -> ChanceNode | None:
        s = self.state
        cards = tuple(sorted(s.unseen))
        if s.phase == "deal":
            seat = self.setup.seats[s.dealt // 3]
            return ChanceNode("deal", cards, seat, prompt=N_("Which Artefact card was dealt to you?"),
                              params={"seat": seat, "rule": "L2.3"})
        if s.phase == "first":
            return ChanceNode("first", tuple(self.setup.characters), None,
                              prompt=N_("Which colour's Character, dealt to a player, came up first in the deck?"),
                              params={"rule": "L2.5"})
        if s.phase in ("discover", "refill"):
            return ChanceNode("discovery", cards, None, prompt=N_("Which card is the new Discovery?"),
                              params={"rule": CHANCE_RULE[s.phase]})
        if s.phase == "draw":
            seat = self.player()
            return ChanceNode("draw", cards, seat, prompt=N_("Which card did you draw from the deck?"),
                              params={"seat": seat, "rule": "L5.1"})
        return None

    def result(self) -> Result | None:
        return result_of(self) if self.state.phase == "over" else None

    def progress(self) -> Progress:
        # A round is one turn of every player (A-06's order).
        return Progress(round=self.state.turn // self.setup.players + 1, rounds=None, phase=self.state.phase)

    def record_json(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "setup": setup_to_json(self.setup),
                "moves": [move_to_json(m) for m in self._moves]}

    def view(self, reader: str = REFEREE) -> dict[str, Any]:
        return view_of(self, reader)

    # -- acting ----------------------------------------------------------------------------------------------

    def push(self, move: Any) -> None:
        """A person's move; IllegalAction leaves the game as it was."""
        if isinstance(move, Chance):
            self.resolve(move.outcome)
            return
        s = self.state
        if s.phase == "over":
            raise IllegalAction("L10.1", N_("The game is over."))
        if s.phase in CHANCE_RULE:
            raise IllegalAction(CHANCE_RULE[s.phase], N_("First tell the card drawn."))
        choice = self.awaited()[0]
        if getattr(move, "seat", None) != choice.seat:
            raise IllegalAction("L3.1", N_("It is not your turn."))
        typed = choice.decision == "make" and isinstance(move, Make) and bool(move.pattern)
        if (move not in choice.options and not typed) or \
                (typed and legal.typed_problem(s, self.pack, self.setup, move) is not None):
            raise legal.refusal(s, self.pack, self.setup, choice.decision, move)
        after = s.clone()
        self._apply(after, move)
        self.state = after
        self._moves.append(move)

    def resolve(self, outcome: Any) -> None:
        node = self.chance()
        if node is None:
            raise IllegalAction("L3.2", N_("No card is being dealt or drawn now."))
        if isinstance(outcome, bool) or outcome not in node.outcomes:
            raise IllegalAction(CHANCE_RULE[self.state.phase], N_("{outcome} cannot be drawn now."),
                                outcome=str(outcome))
        s = self.state.clone()
        if s.phase == "first":  # L2.5, A-05: the player dealt that colour's Character
            s.first = self.setup.characters.index(outcome) + 1
            s.phase = "discover"
            s.events.append({"event": "first", "seat": s.first, "colour": outcome})
            if self.setup.cards == "typed":  # the Discoveries lie face up already
                s.turn = -1
                self._next_turn(s)
        else:
            s.unseen.remove(outcome)
            if s.phase == "deal":  # L2.3: three cards each, seat by seat
                seat = self.setup.seats[s.dealt // 3]
                s.hands[seat].append(outcome)
                s.dealt += 1
                if s.dealt == 3 * self.setup.players:
                    s.phase = "first"
            elif s.phase == "discover":  # L2.6: three face up
                s.discoveries[s.discoveries.index(None)] = outcome
                s.events.append({"event": "discovery", "card": outcome})
                if None not in s.discoveries or not s.unseen:
                    s.phase, s.turn = "turn", -1
                    self._next_turn(s)
            elif s.phase == "refill":  # L5.1: at once replaced by the deck's top card
                assert s.refill is not None
                s.discoveries[s.refill] = outcome
                s.events.append({"event": "discovery", "card": outcome})
                self._next_turn(s)
            else:  # "draw"
                s.hands[self.player(s)].append(outcome)
                self._next_turn(s)
        self.state = s
        self._moves.append(Chance(outcome))

    def _apply(self, s: State, move: Move) -> None:
        seat = self.player(s)
        if isinstance(move, Draw):
            self._draw(s, move)
            return
        if isinstance(move, Add) and move.type == "add":  # L4.1; no reaction (L4.2); then L9 (L4.3)
            s.reserve[move.colour] -= 1
            s.put(move.slot, move.colour)
            s.events.append({"event": "added", "seat": seat, "colour": move.colour, "slot": move.slot})
            s.phase = "check"
        elif isinstance(move, Add):  # L7.2: a blue reaction's gem, which never reacts
            s.reserve[move.colour] -= 1
            s.put(move.slot, move.colour)
            s.stack[-1].left -= 1
            s.events.append({"event": "placed", "colour": move.colour, "slot": move.slot})
        elif isinstance(move, Shift):  # L6.2 (the Alchemy move), L7.5, L7.6 (a reaction's moves)
            if move.type == "shift":
                s.stack[-1].left -= 1
            else:
                s.phase = "check"
            s.lab[move.source].remove(move.colour)
            s.put(move.to, move.colour)
            s.last_move = {"seat": seat, "colour": move.colour, "source": move.source, "to": move.to}
            s.events.append({"event": "moved", "seat": seat, "colour": move.colour, "source": move.source,
                             "to": move.to})
            if not self._ended(s) and s.count(move.to, move.colour) >= 2:  # L6.4: the moved gem is the reagent
                self._react(s, move.colour, move.to)
        elif isinstance(move, Take):
            frame = s.stack[-1]
            frame.left -= 1
            s.lab[move.slot].remove(move.colour)
            s.reserve[move.colour] += 1  # L7.1; L7.3, L7.4 and A-12: back to the Reserve first
            s.events.append({"event": "returned", "colour": move.colour, "slot": move.slot, "by": frame.colour})
            if move.into is not None:
                s.reserve[move.into] -= 1
                s.put(move.slot, move.into)
                s.events.append({"event": "replaced", "colour": move.into, "slot": move.slot})
                if not self._ended(s) and s.count(move.slot, move.into) >= 2:  # it may react
                    self._react(s, move.into, move.slot)
        elif isinstance(move, Make):
            self._make(s, move)
            return
        if not self._ended(s):
            self._settle(s)

    def _draw(self, s: State, move: Draw) -> None:
        """L5: a Discovery at once replaced, or the deck's top card; at 5 cards a discard under the deck first.
        A-19: an empty deck refills nothing. No object is made after drawing (L5.3, A-21)."""
        hand, known = s.hands[move.seat], self.setup.cards == "catalogue"
        if move.discard is not None:
            hand.remove(move.discard)
            s.under.append(move.discard)
        s.events.append({"event": "drew", "seat": move.seat, "discovery": move.discovery,
                         "card": None if move.discovery is None else s.discoveries[move.discovery],
                         "discard": move.discard})
        if move.discovery is not None:
            card = s.discoveries[move.discovery]
            assert card is not None
            hand.append(card)
            s.discoveries[move.discovery] = None
            if s.unseen and known:
                s.phase, s.refill = "refill", move.discovery
                return
            if s.unseen:
                s.discoveries[move.discovery] = s.unseen.pop()
            elif s.under:
                s.discoveries[move.discovery] = s.under.pop(0)
        elif s.unseen and known:
            s.phase = "draw"
            return
        elif s.unseen:
            hand.append(s.unseen.pop())
        else:
            hand.append(s.under.pop(0))
        self._next_turn(s)

    def _react(self, s: State, colour: str, slot: int) -> None:
        s.stack.append(Frame(colour, slot, EFFECT_STEPS[colour]))
        s.events.append({"event": "reaction", "colour": colour, "slot": slot})

    def _settle(self, s: State) -> None:
        """Runs what needs no decision: a reaction whose effect is done or cannot be done (A-11) sends its
        reagent to the centre, pushing the centre's gem into the Flask of its colour's dominant team (L7.7,
        A-09); once no reaction is left, the check for an object (L9.1) or the next turn."""
        while s.phase != "over":
            if s.stack:
                frame = s.stack[-1]
                if frame.left > 0 and legal.reaction_moves(s, self.pack, self.setup, self.player(s), frame):
                    s.phase = "react"
                    return
                s.stack.pop()
                s.lab[frame.slot].remove(frame.colour)
                if s.centre is not None:
                    team = self.dominant(s.centre, s)
                    s.flasks[team].append(s.centre)
                    s.events.append({"event": "flask", "colour": s.centre, "team": team})
                s.centre = frame.colour
                s.events.append({"event": "centre", "colour": frame.colour, "slot": frame.slot})
                self._ended(s)
                continue
            if s.phase in ("react", "check") and legal.make_moves(s, self.pack, self.setup, self.player(s)):
                s.phase = "make"
                return
            self._next_turn(s)
            return

    def _make(self, s: State, move: Make) -> None:
        """L9.2: the card laid face up, the gems of its pattern (as its player sees the laboratory, L9.3) taken
        onto it; A-15: one card at most, or none (with the option `objects: any`, as many as match, one after
        another)."""
        if move.card is not None or move.pattern:
            if move.card is not None:
                needed = legal.seen_by(self.pack, self.setup, move.seat, move.card)
                glyphs = list(self.pack.artefacts[move.card].glyphs)
            else:
                needed = legal.turned(self.pack, self.setup, move.seat, move.pattern)
                glyphs = list(move.glyphs)
            taken: list[str] = []
            places: list[list[Any]] = []
            for (slot, colour), n in needed.items():
                for _ in range(n):
                    s.lab[slot].remove(colour)
                    taken.append(colour)
                    places.append([slot, colour])
            before = self.dominance(s)
            s.hands[move.seat].remove(move.card if move.card is not None else 0)
            s.laid[move.seat].append({"card": move.card, "gems": taken, "glyphs": glyphs})
            s.events.append({"event": "made", "seat": move.seat, "card": move.card, "gems": taken,
                             "from": places, "glyphs": glyphs})
            after = self.dominance(s)  # L8.4: a card laid may change who dominates a colour
            s.events.extend({"event": "dominance", "colour": colour, "team": after[colour],
                             "holder": self.holder(colour)} for colour in ALL_COLOURS
                            if after[colour] != before[colour])
            if self._ended(s):
                return
            # A-15's other reading: another card, against the laboratory as this one left it.
            if self.setup.objects == "any" and legal.make_moves(s, self.pack, self.setup, move.seat):
                return
        self._next_turn(s)

    def _ended(self, s: State) -> bool:
        """L10.1, A-18: checked after every step; the rest of the action is dropped."""
        if s.phase == "over":
            return True
        colour = s.gone()
        if colour is None:
            return False
        s.phase, s.reason, s.stack = "over", colour, []
        s.events.append({"event": "over", "colour": colour})
        return True

    def _next_turn(self, s: State) -> None:
        """L3.1: the next player in A-06's order. When every slot holds 3 gems no gem can be added (L4.1) nor
        moved (L6.2), and as objects are made only after those (L9.1, A-21) nothing can change the score any
        more: the game ends there (the engine's ruling, PROVISIONAL.md; the text never says); likewise when it
        has stalled (`_stalled`)."""
        s.stack, s.refill = [], None
        s.turn += 1
        s.phase = "turn"
        if all(len(slot) >= CAPACITY for slot in s.lab):
            s.phase, s.reason = "over", "full"
            s.events.append({"event": "over", "colour": None})
        elif self._stalled(s):
            s.phase, s.reason = "over", "stalled"
            s.events.append({"event": "over", "colour": None})

    @staticmethod
    def _stalled(s: State) -> bool:
        """The engine's ruling (PROVISIONAL.md): with the Reserve empty and no two gems of a colour in the six
        slots no reaction can happen any more (L6.4), so no gem reaches a Flask (L7.7); with no card left in
        any hand, among the Discoveries or in the deck no object can be made (L9): the score is final, and as
        no gem can leave the laboratory no colour can run out (L10.1). The game ends there."""
        if any(s.reserve.values()) or any(s.hands.values()) or s.deck_size() or any(
                d is not None for d in s.discoveries):
            return False
        gems = [colour for slot in s.lab for colour in slot]
        return len(gems) == len(set(gems))


__all__ = ["LabChoice", "LabMatch"]
