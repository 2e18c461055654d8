"""Everything a Zargos game holds between two moves. Plain data: the game copies it before a move and keeps
the copy only when the move is legal, so an illegal move changes nothing."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class People:
    key: str
    seat: int
    cards: list[str] = field(default_factory=list)  # placement cards held during setup (2.7-2.11)
    extra: int = 0  # tokens from reinforcement cards (2.11)
    boats: int = 0
    kingdom_cards: set[str] = field(default_factory=set)  # kingdom ids (§11)
    points: int = 0  # at the last count (10.1)
    placed: bool = False
    swords_told: bool = False
    out: bool = False  # Z-26


@dataclass
class Combat:
    province: str
    attacker: str
    strength: int  # the attacking force
    defender: str | None  # None: the demons (9.2)
    defence: int
    capital: bool  # 6.7: the defender's losses are a third
    rounds: int = 0
    war: set[int] = field(default_factory=set)  # seats that played Vent de Guerre in it (Z-20)


@dataclass
class Pending:
    """The chance node the game waits on, in the engine's terms."""

    kind: str  # "order", "draft", "battle", "demons", "value", "tie", "draw", "folie"
    seat: int | None = None
    people: str | None = None
    pile: str | None = None
    province: str | None = None
    kingdom: str | None = None
    left: int = 0  # draft: blue cards still to draw; draw: cards still to draw


@dataclass
class State:
    players: int
    peoples_each: int
    options: dict[str, str]
    phase: str = "roll"
    round: int = 0
    rolls: dict[int, int] = field(default_factory=dict)
    rolling: list[int] = field(default_factory=list)  # seats still to roll (2.3, Z-02)
    seat_order: list[int] = field(default_factory=list)  # 2.3
    seat_groups: list[list[int]] = field(default_factory=list)  # still to be ordered by the roll (Z-02)
    stage: str = ""  # within the count: "values", "ties", then done
    war: set[tuple[int, str]] = field(default_factory=set)  # (seat, province): Vent de Guerre played (Z-20)
    peoples: dict[str, People] = field(default_factory=dict)
    draft_order: list[str] = field(default_factory=list)  # 2.4, Z-03
    draft_turn: int = 0
    green: Counter[str] = field(default_factory=Counter)
    blue: Counter[str] = field(default_factory=Counter)
    done_trading: set[int] = field(default_factory=set)
    land: dict[str, tuple[str, int]] = field(default_factory=dict)  # province → (people, strength)
    order: list[str] = field(default_factory=list)  # the turn order (peoples)
    ranks: dict[str, int] = field(default_factory=dict)  # people → the circle its rank marker is in (10.6, Z-17)
    turn: int = 0
    passed: set[int] = field(default_factory=set)  # the red-card window (Z-19)
    window_open: bool = False
    window_played: set[tuple[str, str]] = field(default_factory=set)  # (card, target) this window (Z-20)
    attacks: dict[str, int] = field(default_factory=dict)  # target → the active people's force (4.4)
    combat: Combat | None = None
    asking: list[int] = field(default_factory=list)  # seats asked for a Vent de Guerre before a combat (Z-20)
    allow: list[str] = field(default_factory=list)
    reorganised: bool = False
    reorganisations: int = 0  # made this turn
    pending: Pending | None = None
    ties: list[list[str]] = field(default_factory=list)  # groups still tied (Z-16)
    tie_rolls: dict[str, int] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)  # printed kingdom values told by the table (10.2)
    deals: list[tuple[int, int]] = field(default_factory=list)  # (seat, cards) still to deal (12.1, 9.10)
    reinforcing: list[str] = field(default_factory=list)  # peoples still to buy (13.1)
    deck: Counter[str] = field(default_factory=Counter)  # magic cards not seen since the shuffle
    under: list[str] = field(default_factory=list)  # cards put under the deck, the first comes up first
    hands: dict[int, list[str]] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)  # out of the game (12.13)
    master: int | None = None  # the seat of the Master of the Winds (9.9)
    aimed: list[tuple[int, str]] = field(default_factory=list)  # Vents de Folie played, not yet rolled (12.11)
    folie: list[str] = field(default_factory=list)  # provinces still to roll for a Vent de Folie (12.10)
    folie_seat: int | None = None
    winner: str | None = None  # the winning people (14.1)
    log: list[dict[str, object]] = field(default_factory=list)  # what happened, in order, for the views
    log_start: int = 0  # the first entry of the current round: views show the log from there
