"""Peoples out and players gone (Z-26), as soon as it is so: a people with no token on the board is out (it
takes no turn, scores nothing, buys nothing, has no rank); a player whose peoples are all out leaves the game
and his magic cards go under the deck. The victory stays 14.1's alone: the last people left is no winner until
it holds the Forbidden City and the three provinces around it (14.1, 14.2); if every people is out, every
player has left (Z-26) and nobody can ever hold them: the game ends with no winner."""

from __future__ import annotations

from .control import put_under
from .legal import active, held
from .state import State


def in_flight(state: State, people: str) -> bool:
    """The active people's tokens moved and not yet fought hold no province but are on the board (4.4)."""
    combat = state.combat
    return people == active(state) and (bool(state.attacks) or (combat is not None and combat.attacker == people))


def eliminate(state: State) -> None:
    """Z-26, checked between any two decisions once the set-up has placed the tokens."""
    for people in state.peoples.values():
        if not people.out and not held(state, people.key) and not in_flight(state, people.key):
            people.out = True
            state.log.append({"event": "out", "people": people.key, "seat": people.seat})
    for seat, hand in state.hands.items():
        if seat_gone(state, seat) and hand:
            state.log.append({"event": "left", "seat": seat, "cards": len(hand)})
            put_under(state, hand)
            hand.clear()
    if state.peoples and all(p.out for p in state.peoples.values()):
        state.phase, state.pending, state.combat, state.asking = "over", None, None, []
        state.log.append({"event": "no_peoples_left"})


def seat_gone(state: State, seat: int) -> bool:
    return all(p.out for p in state.peoples.values() if p.seat == seat)
