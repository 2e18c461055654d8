"""The state of a Laboratory game: the laboratory's six slots, its centre, the Reserve, hands, laid cards,
Flasks, the deck and the Discoveries, whose turn it is and what the game waits for. Changed only by the
match (game.py), on a copy, so that a refused move changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...common.rules.gems import COLOURS, PER_COLOUR
from .pack import SLOTS


@dataclass
class Frame:
    """A reaction under way (L6.4, L7): the reagent's colour and slot (it stays there until its effect is
    done, A-09) and how many of its effect's choices are left (blue 2, violet and orange 3, others 1)."""

    colour: str
    slot: int
    left: int

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "slot": self.slot, "left": self.left}


@dataclass
class State:
    lab: list[list[str]] = field(default_factory=lambda: [[] for _ in range(SLOTS)])  # empty at first
    centre: str | None = None
    reserve: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, PER_COLOUR))  # L2.7
    hands: dict[int, list[int]] = field(default_factory=dict)  # typed cards: 0 for each card, unknown to the Pi
    # seat -> [{"card", "gems", "glyphs"}] (L9.2): the card's number (None when typed), the gems on it, its Glyphs
    laid: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    flasks: list[list[str]] = field(default_factory=lambda: [[], []])  # per team (L1.3, A-14)
    unseen: list[int] = field(default_factory=list)  # the deck's cards nobody has seen, in no order
    under: list[int] = field(default_factory=list)  # then the cards put under the deck, known, top first (L5.2)
    discoveries: list[int | None] = field(default_factory=lambda: [None, None, None])  # L2.6
    # "deal", "first", "discover", "refill", "draw" (a chance node), "turn", "react", "make", "over"
    phase: str = "deal"
    dealt: int = 0  # cards dealt so far (L2.3: three per player, seat by seat)
    first: int | None = None  # the first player (L2.5)
    turn: int = 0  # how many turns have begun: the player is order[turn % players]
    refill: int | None = None  # the Discovery being replaced (L5.1)
    stack: list[Frame] = field(default_factory=list)  # reactions, innermost last
    last_move: dict[str, Any] | None = None  # the most recent move, for the ban on its inverse (L6.3, A-08)
    reason: str | None = None  # why the game ended
    events: list[dict[str, Any]] = field(default_factory=list)  # what happened, in order, for the table's steps

    def clone(self) -> State:
        """A copy to change: a refused move leaves the original as it was. The events are only ever appended
        to, so the copy shares those already told."""
        return State([list(slot) for slot in self.lab], self.centre, dict(self.reserve),
                     {s: list(h) for s, h in self.hands.items()},
                     {s: [{**c, "gems": list(c["gems"])} for c in laid] for s, laid in self.laid.items()},
                     [list(f) for f in self.flasks], list(self.unseen), list(self.under), list(self.discoveries),
                     self.phase, self.dealt, self.first, self.turn, self.refill,
                     [Frame(f.colour, f.slot, f.left) for f in self.stack],
                     dict(self.last_move) if self.last_move else None, self.reason, list(self.events))

    def deck_size(self) -> int:
        return len(self.unseen) + len(self.under)

    def count(self, slot: int, colour: str) -> int:
        return self.lab[slot].count(colour)

    def free(self, slot: int, colour: str) -> int:
        """The gems of that colour in the slot an effect may choose or move: every reagent still on its slot
        is spent by its reaction (L7.1, A-10)."""
        held = sum(1 for f in self.stack if f.slot == slot and f.colour == colour)
        return self.count(slot, colour) - held

    def put(self, slot: int, colour: str) -> None:
        self.lab[slot].append(colour)
        self.lab[slot].sort(key=COLOURS.index)

    def gone(self) -> str | None:
        """L10.1, A-18: a colour neither in the Reserve nor in the six slots (the centre does not count)."""
        for colour in COLOURS:
            if not self.reserve[colour] and not any(colour in slot for slot in self.lab):
                return colour
        return None
