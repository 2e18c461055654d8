"""What an Epic game holds at one moment: the board's tracks (E1.1), the Reserve, each mage's pieces, the
round's Invasion card and the piles, and what the engine is waiting for. Plain data, copied whole before
each move so that a refused move changes nothing."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from .moves import ArtefactCard
from .pack import InvasionCard


@dataclass
class Artefact:
    """An Artefact laid face up (E6.5): its typed card, the gems placed so far (one per place, A-49), finished
    once every place is filled (E6.6), tilted once used (E6.9)."""

    card: ArtefactCard
    filled: list[bool]
    tilted: bool = False

    @property
    def finished(self) -> bool:
        return all(self.filled)

    def copy(self) -> Artefact:
        return Artefact(self.card, list(self.filled), self.tilted)


@dataclass
class Mage:
    seat: int
    colour: str  # his Character's (E2.1); its domain is his Talent's (A-02, E6.10)
    power: int = 0
    stock: dict[str, int] = field(default_factory=dict)  # the Personal Stock, by colour (E2.4)
    flask: dict[str, int] = field(default_factory=dict)  # gems in his Flask, by colour (E6.6)
    has_flask: bool = True  # E14.5: only some roles in the variant
    hand: int = 3  # Artefact cards in hand (E2.1): physical, counted only
    artefacts: list[Artefact] = field(default_factory=list)
    talent_tilted: bool = False  # the Character card (E6.10)
    role_tilted: bool = False  # the variant's role Talent (E14.9, A-54)
    guards: int = 0  # his gems in the Guard Room (E6.13)
    exiled: bool = False  # E9, A-32
    revealed: bool = False  # his Objective shown to all (E11.2)
    chiefs: list[int] = field(default_factory=list)  # the Forces of the Chiefs he beat (E8.5)

    def copy(self) -> Mage:
        return replace(self, stock=dict(self.stock), flask=dict(self.flask), chiefs=list(self.chiefs),
                       artefacts=[a.copy() for a in self.artefacts])


@dataclass
class Pending:
    """An out-of-turn question (E7.6 rescue, E10.4 parry, E9.3 defence, E10.5 straightening) or a fight under
    way, waiting for the seats in `asked` (in order: the first is asked now, or all of them for `straighten`)."""

    kind: str  # "fight", "defend", "assault", "rescue", "parry", "straighten", "look"
    asked: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class State:
    round: int = 1
    first: int = 1  # the round's first player (E4.1, E4.2)
    order: list[int] = field(default_factory=list)  # the round's turns, seat by seat (E13.5: four at 2 players)
    turn: int = 0  # index into `order`
    actions_left: int = 0
    phase: str = "invasion"  # "invasion", "turn", "walls", "over"
    pending: list[Pending] = field(default_factory=list)  # innermost last
    mages: dict[int, Mage] = field(default_factory=dict)
    reserve: dict[str, int] = field(default_factory=dict)  # by colour (E2.5)
    populace: int = 1  # E2.3: Force
    unrest: int = 1
    barbarians: int = 1  # Force
    reinforcements: int = 1
    dragon: int = 1  # the Wrath track's space (E3.4: the Dragon's Force)
    health: int = 6
    traitor_found: bool = False  # E11.3
    unrest_raised: bool = False  # this round's one Unrest from Fire
    piles: list[int] = field(default_factory=list)  # the three Discovery piles' sizes (E2.8)
    card: InvasionCard | None = None  # this round's Invasion card (E5.1, A-22)
    chiefs: list[InvasionCard] = field(default_factory=list)  # the active Chiefs, in the order laid (E5.4)
    chief_numbers: list[int | None] = field(default_factory=list)  # their catalogue numbers (None: typed)
    drawn: list[int | None] = field(default_factory=list)  # the cards already drawn: catalogue numbers, None typed
    deck: list[int] | None = None  # a virtual pile (the pack's catalogue): the numbers still in it
    seen: dict[int, list[int]] = field(default_factory=dict)  # a virtual pile's top cards each seat looked at
    top: list[int] = field(default_factory=list)  # the virtual pile's top cards already looked at, in order
    card_number: int | None = None  # this round's card's catalogue number
    pool: dict[str, int] = field(default_factory=dict)  # the active player's Glyphs, by domain
    chained: bool = False  # the last action generated Glyphs
    helped: bool = False  # E14.2: this turn's one help
    crafted_for_preparer: int = 0  # E14.7: a Preparer's second gem of one Craft still to place
    end: dict[str, Any] | None = None  # how the game ended: "how", and "faction" or "seat"
    roles: dict[int, str] = field(default_factory=dict)  # the variant's, by seat (E14.1)

    def copy(self) -> State:
        """A copy to change (a move is applied to one, kept only if legal): faster than a deep copy, sharing
        only what never changes (the cards, frozen)."""
        return replace(self, order=list(self.order), pending=copy.deepcopy(self.pending),
                       mages={k: m.copy() for k, m in self.mages.items()}, reserve=dict(self.reserve),
                       piles=list(self.piles), chiefs=list(self.chiefs), chief_numbers=list(self.chief_numbers),
                       drawn=list(self.drawn), deck=None if self.deck is None else list(self.deck),
                       seen={k: list(v) for k, v in self.seen.items()}, top=list(self.top), pool=dict(self.pool),
                       end=None if self.end is None else dict(self.end), roles=dict(self.roles))
