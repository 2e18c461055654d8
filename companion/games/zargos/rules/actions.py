"""The decisions people take at a Zargos table, as small immutable values with a JSON form
(docs/formats.md, "Zargos (in progress)"). `action_from_json(action_to_json(a)) == a`.

`seat` is who states the move: a seat number, or None for the referee (only `TradesDone` and `Adjust`
accept the referee). Everything the rules decide alone (combat losses, the count) is not an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadRecord

Spread = tuple[tuple[str, int], ...]  # (province, strength) sorted by province
Route = tuple[str, ...]  # sea spaces crossed, in order


@dataclass(frozen=True)
class ChoosePeople:
    seat: int
    people: str
    type = "choose_people"


@dataclass(frozen=True)
class Draft:
    seat: int
    people: str
    pile: str  # "green" (one card) or "blue" (two cards), 2.7
    type = "draft"


@dataclass(frozen=True)
class Trade:
    seat: int | None
    a: str
    b: str
    a_gives: tuple[str, ...]
    b_gives: tuple[str, ...]
    type = "trade"


@dataclass(frozen=True)
class TradesDone:
    seat: int | None  # None: the referee ends the trading time (2.10) for everyone
    type = "trades_done"


@dataclass(frozen=True)
class Swords:
    seat: int
    people: str
    swords: tuple[int, ...]  # one number per reinforcement card held (2.11)
    type = "swords"


@dataclass(frozen=True)
class Place:
    seat: int
    people: str
    spread: Spread
    type = "place"


@dataclass(frozen=True)
class Pass:
    seat: int
    type = "pass"


@dataclass(frozen=True)
class PlayCard:
    seat: int
    card: str
    target: str = ""  # "kingdom:ID", "province:ID", "people:KEY", "sea:ID" or "" (the table knows)
    type = "play_card"


@dataclass(frozen=True)
class Attack:
    seat: int
    people: str
    origin: str
    target: str
    strength: int
    route: Route = ()  # empty: by land (4.1); else by sea through these sea spaces (5.1, Z-08)
    type = "attack"


@dataclass(frozen=True)
class EndAttacks:
    seat: int
    people: str
    type = "end_attacks"


@dataclass(frozen=True)
class Fight:
    seat: int
    people: str
    province: str
    type = "fight"


@dataclass(frozen=True)
class Step:
    origin: str
    target: str
    strength: int
    route: Route = ()


@dataclass(frozen=True)
class Reorganise:
    seat: int
    people: str
    steps: tuple[Step, ...]  # at most two (7.1, Z-10); none: no reorganisation
    type = "reorganise"


@dataclass(frozen=True)
class Keep:
    seat: int
    cards: tuple[str, ...]  # the magic cards kept (12.2, 9.9), sorted
    type = "keep"


@dataclass(frozen=True)
class Reinforce:
    seat: int
    people: str
    boats: int
    spread: Spread
    type = "reinforce"


@dataclass(frozen=True)
class MagicTrade:
    """12.9, Z-21: two players trade magic cards; nobody may end over his limit."""

    seat: int | None  # who states it: one of the two players, or None for the referee
    a: int
    b: int
    a_gives: tuple[str, ...]
    b_gives: tuple[str, ...]
    type = "magic_trade"


@dataclass(frozen=True)
class OutOfGame:
    """12.13, Z-23: the table says a card applies to a people not in the game: it leaves the game (not under
    the deck) and its holder draws another."""

    seat: int | None  # the holder, or None for the referee
    holder: int
    card: str
    type = "out_of_game"


@dataclass(frozen=True)
class Discard:
    """12.12 (FAQ): a card aimed at its holder's own people may be kept, so that nobody uses it, or discarded
    under the magic deck. Which cards name a people is card data the text does not give (Z-23): the holder
    (or the referee) says so, as for a card out of the game."""

    seat: int | None  # the holder, or None for the referee
    holder: int
    card: str
    type = "discard"


@dataclass(frozen=True)
class Adjust:
    """What the table states a card or a people's power did, when the text does not give it (Z-27, §8):
    tokens added or removed, boats, a move allowed. Recorded with who stated it and why, replayed as
    any move. The engine never decides such an effect."""

    seat: int | None  # who stated it: a seat, or None for the referee
    reason: str  # "card:KEY", "power:PEOPLE" or "referee"
    tokens: tuple[tuple[str, str, int], ...] = ()  # (province, people, change of strength)
    boats: tuple[tuple[str, int], ...] = ()  # (people, change)
    allow: tuple[str, ...] = ()  # "attack_anywhere" (one attack needing no border), "extra_reorganisation"
    type = "adjust"


Action = (ChoosePeople | Draft | Trade | TradesDone | Swords | Place | Pass | PlayCard | Attack | EndAttacks
          | Fight | Reorganise | Keep | Reinforce | MagicTrade | OutOfGame | Discard | Adjust)
BY_REFEREE = ("trade", "trades_done", "adjust", "magic_trade", "out_of_game", "discard")  # may be stated with seat null
ALLOWANCES = ("attack_anywhere", "extra_reorganisation")


def spread(mapping: Mapping[str, int]) -> Spread:
    return tuple(sorted((str(k), int(v)) for k, v in mapping.items() if int(v) != 0))


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": action.type, "seat": action.seat}
    match action:
        case ChoosePeople(people=people):
            out["people"] = people
        case Draft(people=people, pile=pile):
            out |= {"people": people, "pile": pile}
        case Trade(a=a, b=b, a_gives=ag, b_gives=bg):
            out |= {"a": a, "b": b, "a_gives": list(ag), "b_gives": list(bg)}
        case Swords(people=people, swords=swords):
            out |= {"people": people, "swords": list(swords)}
        case Place(people=people, spread=sp):
            out |= {"people": people, "spread": dict(sp)}
        case PlayCard(card=card, target=target):
            out |= {"card": card, "target": target}
        case Attack(people=people, origin=origin, target=target, strength=strength, route=route):
            out |= {"people": people, "from": origin, "to": target, "strength": strength, "route": list(route)}
        case EndAttacks(people=people):
            out["people"] = people
        case Fight(people=people, province=province):
            out |= {"people": people, "province": province}
        case Reorganise(people=people, steps=steps):
            out |= {"people": people, "steps": [{"from": s.origin, "to": s.target, "strength": s.strength,
                                                 "route": list(s.route)} for s in steps]}
        case Keep(cards=cards):
            out["cards"] = list(cards)
        case Reinforce(people=people, boats=boats, spread=sp):
            out |= {"people": people, "boats": boats, "spread": dict(sp)}
        case MagicTrade(a=a, b=b, a_gives=ag, b_gives=bg):
            out |= {"a": a, "b": b, "a_gives": list(ag), "b_gives": list(bg)}
        case OutOfGame(holder=holder, card=card) | Discard(holder=holder, card=card):
            out |= {"holder": holder, "card": card}
        case Adjust(reason=reason, tokens=tokens, boats=boats, allow=allow):
            out |= {"reason": reason, "tokens": [{"province": p, "people": q, "change": n} for p, q, n in tokens],
                    "boats": dict(boats), "allow": list(allow)}
    return out


def _int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRecord(f"move {data.get('type')!r}: {key!r} must be a whole number, not {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise BadRecord(f"move {data.get('type')!r}: {key!r} must be a text, not {value!r}")
    return value


def _strs(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRecord(f"move {data.get('type')!r}: {key!r} must be a list of texts, not {value!r}")
    return tuple(value)


def _spread(data: Mapping[str, Any], key: str) -> Spread:
    value = data.get(key)
    if not isinstance(value, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        raise BadRecord(f"move {data.get('type')!r}: {key!r} must map provinces to whole numbers, not {value!r}")
    return spread(value)


def _seat(data: Mapping[str, Any], referee: bool = False) -> int | None:
    value = data.get("seat")
    if value is None and referee:
        return None
    return _int(data, "seat")


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise BadRecord(f"a move must be a JSON object, not {data!r}")
    kind = data.get("type")
    seat = _seat(data, referee=kind in BY_REFEREE)
    match kind:
        case "choose_people":
            return ChoosePeople(_int(data, "seat"), _str(data, "people"))
        case "draft":
            return Draft(_int(data, "seat"), _str(data, "people"), _str(data, "pile"))
        case "trade":
            return Trade(seat, _str(data, "a"), _str(data, "b"), _strs(data, "a_gives"), _strs(data, "b_gives"))
        case "trades_done":
            return TradesDone(seat)
        case "swords":
            raw = data.get("swords")
            if not isinstance(raw, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
                raise BadRecord(f"move 'swords': 'swords' must be a list of whole numbers, not {raw!r}")
            return Swords(_int(data, "seat"), _str(data, "people"), tuple(raw))
        case "place":
            return Place(_int(data, "seat"), _str(data, "people"), _spread(data, "spread"))
        case "pass":
            return Pass(_int(data, "seat"))
        case "play_card":
            return PlayCard(_int(data, "seat"), _str(data, "card"), str(data.get("target", "")))
        case "attack":
            return Attack(_int(data, "seat"), _str(data, "people"), _str(data, "from"), _str(data, "to"),
                          _int(data, "strength"), _strs(data, "route"))
        case "end_attacks":
            return EndAttacks(_int(data, "seat"), _str(data, "people"))
        case "fight":
            return Fight(_int(data, "seat"), _str(data, "people"), _str(data, "province"))
        case "reorganise":
            steps = data.get("steps")
            if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
                raise BadRecord(f"move 'reorganise': 'steps' must be a list of objects, not {steps!r}")
            return Reorganise(_int(data, "seat"), _str(data, "people"), tuple(
                Step(_str(s, "from"), _str(s, "to"), _int(s, "strength"), _strs(s, "route")) for s in steps))
        case "keep":
            return Keep(_int(data, "seat"), tuple(sorted(_strs(data, "cards"))))
        case "reinforce":
            return Reinforce(_int(data, "seat"), _str(data, "people"), _int(data, "boats"), _spread(data, "spread"))
        case "magic_trade":
            return MagicTrade(seat, _int(data, "a"), _int(data, "b"), _strs(data, "a_gives"), _strs(data, "b_gives"))
        case "out_of_game":
            return OutOfGame(seat, _int(data, "holder"), _str(data, "card"))
        case "discard":
            return Discard(seat, _int(data, "holder"), _str(data, "card"))
        case "adjust":
            tokens = data.get("tokens", [])
            if not isinstance(tokens, list) or not all(isinstance(t, dict) for t in tokens):
                raise BadRecord(f"move 'adjust': 'tokens' must be a list of objects, not {tokens!r}")
            boats = data.get("boats", {})
            if not isinstance(boats, dict) or not all(isinstance(v, int) for v in boats.values()):
                raise BadRecord(f"move 'adjust': 'boats' must map peoples to whole numbers, not {boats!r}")
            return Adjust(seat, _str(data, "reason"),
                          tuple((_str(t, "province"), _str(t, "people"), _int(t, "change")) for t in tokens),
                          tuple(sorted((str(k), int(v)) for k, v in boats.items())), _strs(data, "allow"))
    raise BadRecord(f"unknown move type {kind!r}")
