"""What a player may do now: the turn's three actions (L3.2), each reaction's choices (L7), making an object
(L9); and, for a move that is not among them, the rule it breaks in words. Reads the state, changes nothing."""

from __future__ import annotations

from collections import Counter

from companion.core.errors import N_, IllegalAction

from .moves import GLYPHS, Add, Draw, LabSetup, Make, Move, Shift, Take
from .pack import CAPACITY, SLOTS, Pack, reaches
from .state import Frame, State

HAND = 5  # L5.1, L5.2
# The colours a violet or an orange reaction moves (L7.5, L7.6), and each decision's rule.
MOVED = {"violet": ("red", "yellow"), "orange": ("blue", "green")}
RULE = {"turn": "L3.2", "red": "L7.1", "blue": "L7.2", "yellow": "L7.3", "green": "L7.4", "violet": "L7.5",
        "orange": "L7.6", "make": "L9.1"}
EFFECT_STEPS = {"red": 1, "blue": 2, "yellow": 1, "green": 1, "violet": 3, "orange": 3}  # L7.1-L7.6


def banned(state: State, seat: int, colour: str, source: int, to: int) -> bool:
    """L6.3, A-08: the exact inverse of the most recent move, made by another player."""
    last = state.last_move
    return last is not None and last["seat"] != seat and last["colour"] == colour and \
        (last["source"], last["to"]) == (to, source)


def shifts(state: State, seat: int, colours: tuple[str, ...], kind: str, neighbours_only: bool = False) -> list[Move]:
    return [Shift(seat, c, source, to, kind) for source in range(SLOTS) for c in dict.fromkeys(state.lab[source])
            if c in colours and state.free(source, c) > 0 for to in range(SLOTS)
            if reaches(source, to, neighbours_only) and len(state.lab[to]) < CAPACITY
            and not banned(state, seat, c, source, to)]


def adds(state: State, seat: int, kind: str) -> list[Move]:
    return [Add(seat, c, slot, kind) for c, n in state.reserve.items() if n for slot in range(SLOTS)
            if len(state.lab[slot]) < CAPACITY]


def turn_moves(state: State, seat: int, colours: tuple[str, ...]) -> list[Move]:
    """L3.2: add a gem (L4.1), draw (L5, A-19), or the Alchemy move (L6.2, L6.3)."""
    hand, found = state.hands[seat], adds(state, seat, "add")
    if len(hand) < HAND:
        found += [Draw(seat, i) for i, card in enumerate(state.discoveries) if card is not None]
        if state.deck_size():
            found.append(Draw(seat))
    elif state.deck_size():
        found += [Draw(seat, None, card) for card in sorted(set(hand))]
    return found + shifts(state, seat, colours, "move")


def reaction_moves(state: State, pack: Pack, setup: LabSetup, seat: int, frame: Frame) -> list[Move]:
    """The choices of the reaction on top (L7.1-L7.6), the reagents excluded (A-10); none: it is skipped (A-11)."""
    colour = frame.colour
    if colour == "blue":
        return adds(state, seat, "place")
    if colour in MOVED:
        return shifts(state, seat, MOVED[colour], "shift", colour == "orange" and setup.rotations == "neighbours")
    gems = [(slot, c) for slot in range(SLOTS) for c in dict.fromkeys(state.lab[slot]) if state.free(slot, c) > 0]
    if colour == "red":
        return [Take(seat, slot, c) for slot, c in gems]
    # the chosen gem goes back first, then its replacement must be in the Reserve.
    into = {c: (pack.opposite[c],) if colour == "yellow" else pack.green[c] for _, c in gems}
    return [Take(seat, slot, c, new) for slot, c in gems for new in into[c] if new != c and state.reserve[new]]


def turned(pack: Pack, setup: LabSetup, seat: int, pattern: tuple[tuple[int, str], ...]) -> Counter[tuple[int, str]]:
    """A pattern as its player sees the laboratory, in team A's slots (L9.3, A-17: team B's are turned)."""
    team = setup.team(seat)
    return Counter((pack.facing[slot] if team else slot, colour) for slot, colour in pattern)


def seen_by(pack: Pack, setup: LabSetup, seat: int, card: int) -> Counter[tuple[int, str]]:
    """A catalogue card's pattern, stored from team A's side (A-17), as its player must find it."""
    return Counter(pack.artefacts[card].pattern) if setup.team(seat) == 0 else \
        Counter((pack.facing[slot], colour) for slot, colour in pack.artefacts[card].pattern)


def found(state: State, needed: Counter[tuple[int, str]]) -> bool:
    """L9.2, A-16: each gem drawn on the card has a gem of its colour in its slot; other gems do not matter."""
    return all(state.count(slot, colour) >= n for (slot, colour), n in needed.items())


def matches(state: State, pack: Pack, setup: LabSetup, seat: int, card: int) -> bool:
    return found(state, seen_by(pack, setup, seat, card))


def make_moves(state: State, pack: Pack, setup: LabSetup, seat: int) -> list[Move]:
    """L9, A-15: one matching card of the hand, or none. Typed cards: the Pi cannot know whether one matches,
    so a player holding cards is asked while the laboratory holds a gem; the card he types is checked then."""
    if setup.cards == "typed":
        return [Make(seat, None)] if state.hands[seat] and any(state.lab) else []
    cards = sorted({c for c in state.hands[seat] if matches(state, pack, setup, seat, c)})
    return [*(Make(seat, c) for c in cards), Make(seat, None)] if cards else []


def typed_problem(state: State, pack: Pack, setup: LabSetup, move: Make) -> IllegalAction | None:
    """Why a typed card cannot be laid now (L1.5, L9.2), or None."""
    if setup.cards != "typed" or move.card is not None:
        return IllegalAction("L9.1", N_("In this game a card is laid by its number."))
    if len(move.glyphs) not in GLYPHS:
        return IllegalAction("L1.5", N_("An Artefact shows 1 to 4 Glyphs."))
    if not found(state, turned(pack, setup, move.seat, move.pattern)):
        return IllegalAction("L9.2", N_("The laboratory does not show that card's pattern from your side."))
    return None


def refusal(state: State, pack: Pack, setup: LabSetup, decision: str, move: Move) -> IllegalAction:
    """Why a move of the awaited seat is not among its legal moves, naming the rule."""
    rule = RULE[decision]
    kinds = {"turn": ("add", "draw", "move"), "blue": ("place",), "violet": ("shift",), "orange": ("shift",),
             "make": ("make",)}.get(decision, ("take",))
    if getattr(move, "type", None) not in kinds:
        return IllegalAction(rule, N_("That is not what you are asked now."))
    if isinstance(move, Add):
        if not state.reserve[move.colour]:
            return IllegalAction("L4.1", N_("No {colour} gem is left in the Reserve."), colour=move.colour)
        if len(state.lab[move.slot]) >= CAPACITY:
            return IllegalAction("L4.1", N_("That slot already holds 3 gems."))
    if isinstance(move, Shift):
        if move.colour not in MOVED.get(decision, (move.colour,)):
            return IllegalAction(rule, N_("This reaction moves only gems of its two colours."))
        if state.count(move.source, move.colour) == 0:
            return IllegalAction("L6.2", N_("There is no {colour} gem in that slot."), colour=move.colour)
        if state.free(move.source, move.colour) == 0:
            return IllegalAction("A-10", N_("The reagent is spent by its reaction: it cannot be moved."))
        if not reaches(move.source, move.to):
            return IllegalAction("L6.2", N_("A gem moves to a neighbouring slot or to the slot opposite."))
        if len(state.lab[move.to]) >= CAPACITY:
            return IllegalAction("L6.2", N_("That slot already holds 3 gems."))
        if banned(state, move.seat, move.colour, move.source, move.to):
            return IllegalAction("L6.3", N_("No symmetry: you may not undo your opponent's move."))
    if isinstance(move, Take):
        if state.count(move.slot, move.colour) == 0:
            return IllegalAction(rule, N_("There is no {colour} gem in that slot."), colour=move.colour)
        if state.free(move.slot, move.colour) == 0:
            return IllegalAction("A-10", N_("The reagent cannot be chosen by its own reaction."))
    if isinstance(move, Draw):
        hand = state.hands[move.seat]
        if not state.deck_size() and (move.discovery is None or len(hand) >= HAND):
            return IllegalAction("A-19", N_("The deck is empty."))
        if len(hand) >= HAND and (move.discard is None or move.discovery is not None):
            return IllegalAction("L5.2", N_("With 5 cards, discard one first, then draw the deck's top card."))
        if move.discard is not None and (len(hand) < HAND or move.discard not in hand):
            return IllegalAction("L5.2", N_("You discard only a card of your hand, and only when you hold 5."))
        if move.discovery is not None and state.discoveries[move.discovery] is None:
            return IllegalAction("A-19", N_("No Discovery is left there."))
    if isinstance(move, Make) and move.pattern:
        problem = typed_problem(state, pack, setup, move)
        if problem is not None:
            return problem
    if isinstance(move, Make) and move.card is not None:
        if move.card not in state.hands[move.seat]:
            return IllegalAction("L9.1", N_("That card is not in your hand."))
        return IllegalAction("L9.2", N_("The laboratory does not show that card's pattern from your side."))
    return IllegalAction(rule, N_("That move is not allowed now."))
