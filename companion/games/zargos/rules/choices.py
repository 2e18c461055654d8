"""What a seat may decide now, with its legal options: what menus, pages and agents are built from, and
what `Game.push` checks a move against. Map moves (attacks, reorganisation, placement) name their limits
here; the game checks each move against the map."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from companion.core.game import Choice as Contract
from companion.core.game import TimeLimit


@dataclass(frozen=True)
class _Choice(Contract):
    seat: int
    sealed = False  # Zargos has no simultaneous secret choice
    decision = ""

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, **{k: _plain(v) for k, v in asdict(self).items()}}


def _plain(value: Any) -> Any:
    """Tuples as JSON lists, at any depth (a choice's JSON reads back equal)."""
    return [_plain(v) for v in value] if isinstance(value, tuple | list) else value


@dataclass(frozen=True)
class PeopleChoice(_Choice):
    peoples: tuple[str, ...] = ()
    decision = "people"


@dataclass(frozen=True)
class DraftChoice(_Choice):
    people: str = ""
    piles: tuple[str, ...] = ()
    decision = "draft"


@dataclass(frozen=True)
class TradeChoice(_Choice):
    """A trading window: the set-up's placement cards (2.10, its peoples named) or the magic cards after the
    deal (12.9, Z-21, no people named); trades are stated, the seat says when it is done. The window ends when
    every seat is done or its time is up (`time_limit`: the table counts it down)."""

    peoples: tuple[str, ...] = ()  # the seat's peoples, who may trade cards (2.10); or say it is done
    time_limit: TimeLimit | None = None
    decision = "trade"


@dataclass(frozen=True)
class SwordsChoice(_Choice):
    people: str = ""
    cards: int = 0
    most: int = 0  # per card (PROVISIONAL: the text gives no bound)
    decision = "swords"


@dataclass(frozen=True)
class PlaceChoice(_Choice):
    people: str = ""
    provinces: tuple[str, ...] = ()
    strength: int = 0  # exactly this much is placed (2.12)
    decision = "place"


@dataclass(frozen=True)
class WindowChoice(_Choice):
    people: str = ""  # whose turn comes next
    cards: tuple[str, ...] = ()  # the red cards the seat may play (12.4)
    decision = "red_window"


@dataclass(frozen=True)
class AttackChoice(_Choice):
    people: str = ""
    sources: tuple[tuple[str, int], ...] = ()  # (province, strength that may leave it)
    boats: int = 0
    cards: tuple[str, ...] = ()  # green cards the seat may play now
    decision = "attack"


@dataclass(frozen=True)
class FightChoice(_Choice):
    people: str = ""
    provinces: tuple[str, ...] = ()  # the combats still to resolve, in the order the player likes (6.1)
    cards: tuple[str, ...] = ()
    decision = "fight"


@dataclass(frozen=True)
class CombatCardChoice(_Choice):
    """12.6, 12.8, Z-20: before each round of a combat, each side's player who holds a Vent de Guerre and has
    not played one in this combat may play it on this province, or pass (the attacker may also play his
    from the fight choice, before the first round). `side`: "attack" or "defence"."""

    province: str = ""
    cards: tuple[str, ...] = ()
    side: str = "defence"
    decision = "combat_card"


@dataclass(frozen=True)
class ReorganiseChoice(_Choice):
    people: str = ""
    provinces: tuple[str, ...] = ()  # the provinces it controls (7.4)
    boats: int = 0
    steps: int = 2
    cards: tuple[str, ...] = ()
    decision = "reorganise"


@dataclass(frozen=True)
class KeepChoice(_Choice):
    cards: tuple[str, ...] = ()
    keep: int = 0
    decision = "keep"


@dataclass(frozen=True)
class ReinforceChoice(_Choice):
    people: str = ""
    points: int = 0
    most_boats: int = 0
    supply: int = 0  # strength it may still put on the board (Z-24)
    provinces: tuple[str, ...] = ()
    decision = "reinforce"


Choice = (PeopleChoice | DraftChoice | TradeChoice | SwordsChoice | PlaceChoice | WindowChoice | AttackChoice
          | FightChoice | CombatCardChoice | ReorganiseChoice | KeepChoice | ReinforceChoice)
