"""The decisions people take at a Zargos table, as small immutable values with a JSON form
(docs/formats.md, "Zargos (in progress)"). `action_from_json(action_to_json(a)) == a`.

`seat` is who states the move: a seat number, or None for the referee (only `TradesDone` and `Adjust`
accept the referee). Everything the rules decide alone (combat losses, the count) is not an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import shortened

from .errors import BadRecord
from .terms import (
    BOATS,
    GREEN_REINFORCEMENTS,
    MAGIC_CARDS,
    PEOPLES,
    PLACEMENT_CARDS,
    PLAYERS_MOST,
    PROVINCES,
    STRENGTH_LIMIT,
    SWORDS_MOST,
)

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
    # True: a seat states its half of the trade, made when the other people's player states the same trade
    # (issue 36); every seat's trade since. False: a record from before, where one seat's trade was made at
    # once; replayed so, and refused from a seat at the table.
    both: bool = False
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


@dataclass(frozen=True)
class TimeUp:
    """2.10, 2.11, Z-21: the time of a trading window is up (the table's countdown ran out, or the referee
    closed it early): nobody trades any more. The engine keeps no clock; the table pushes this move."""

    seat: None  # nobody's: the record's entry says who (the table's clock or the referee)
    window: str  # "trade" (2.10) or "magic_trade" (Z-21), as the window's TimeLimit names it
    type = "time_up"


Action = (ChoosePeople | Draft | Trade | TradesDone | Swords | Place | Pass | PlayCard | Attack | EndAttacks
          | Fight | Reorganise | Keep | Reinforce | MagicTrade | OutOfGame | Discard | Adjust | TimeUp)
BY_REFEREE = ("trade", "trades_done", "adjust", "magic_trade", "out_of_game", "discard", "time_up")  # seat may be null
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
        case Trade(a=a, b=b, a_gives=ag, b_gives=bg, both=both):
            out |= {"a": a, "b": b, "a_gives": list(ag), "b_gives": list(bg)}
            if both:
                out["both"] = True
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
        case TimeUp(window=window):
            out["window"] = window
    return out


# -- what a move's JSON may carry ------------------------------------------------------------------------
# Every list and number a move carries is bounded by what the game holds (issue 36: one seat's effect of
# 25,000 allowances filled the store): a move past these bounds is refused before the rules read it, so no
# request, record or stored entry is larger than the game itself. The rules then check each value exactly.

TEXT_MOST = 100  # characters of an id (a pack's province, kingdom or sea, a card, a people), a reason


@dataclass(frozen=True)
class Whole:
    """A whole number from `least` to `most`."""

    least: int
    most: int


@dataclass(frozen=True)
class Many:
    """A list of at most `most` items, each `item`."""

    most: int
    item: Any


@dataclass(frozen=True)
class Counts:
    """An object of at most `most` ids, each mapped to a whole number `value`."""

    most: int
    value: Whole


@dataclass(frozen=True)
class Fields:
    """An object with these fields (a reorganisation's step, an effect's line of tokens)."""

    fields: Mapping[str, Any]


TEXT = "text"
FLAG = "flag"
SEAT = Whole(0, PLAYERS_MOST - 1)  # 2.1
STRENGTH = Whole(-STRENGTH_LIMIT, STRENGTH_LIMIT)  # 1.2, Z-24: no people has more on the board
ROUTE = Many(BOATS, TEXT)  # 5.2: a sea space crossed takes a boat
PLACEMENT = Many(PLACEMENT_CARDS, TEXT)  # 1.6, 1.8
MAGIC = Many(MAGIC_CARDS, TEXT)  # 1.5
SPREAD = Counts(PROVINCES, STRENGTH)
# Each move's fields; `seat` is null only for the moves of BY_REFEREE (below).
SHAPES: dict[str, dict[str, Any]] = {
    "choose_people": {"seat": SEAT, "people": TEXT},
    "draft": {"seat": SEAT, "people": TEXT, "pile": TEXT},
    "trade": {"seat": SEAT, "a": TEXT, "b": TEXT, "a_gives": PLACEMENT, "b_gives": PLACEMENT, "both": FLAG},
    "trades_done": {"seat": SEAT},
    "swords": {"seat": SEAT, "people": TEXT, "swords": Many(GREEN_REINFORCEMENTS, Whole(-SWORDS_MOST, SWORDS_MOST))},
    "place": {"seat": SEAT, "people": TEXT, "spread": SPREAD},
    "pass": {"seat": SEAT},
    "play_card": {"seat": SEAT, "card": TEXT, "target": TEXT},
    "attack": {"seat": SEAT, "people": TEXT, "from": TEXT, "to": TEXT, "strength": STRENGTH, "route": ROUTE},
    "end_attacks": {"seat": SEAT, "people": TEXT},
    "fight": {"seat": SEAT, "people": TEXT, "province": TEXT},
    "reorganise": {"seat": SEAT, "people": TEXT, "steps": Many(2, Fields(  # 7.1, Z-10
        {"from": TEXT, "to": TEXT, "strength": STRENGTH, "route": ROUTE}))},
    "keep": {"seat": SEAT, "cards": MAGIC},
    "reinforce": {"seat": SEAT, "people": TEXT, "boats": Whole(-BOATS, BOATS), "spread": SPREAD},
    "magic_trade": {"seat": SEAT, "a": SEAT, "b": SEAT, "a_gives": MAGIC, "b_gives": MAGIC},
    "out_of_game": {"seat": SEAT, "holder": SEAT, "card": TEXT},
    "discard": {"seat": SEAT, "holder": SEAT, "card": TEXT},
    # Z-27: a line per province and people (two peoples where a combat or an attack is), a change per
    # people's boats, each move allowed once
    "adjust": {"seat": SEAT, "reason": TEXT,
               "tokens": Many(2 * PROVINCES, Fields({"province": TEXT, "people": TEXT, "change": STRENGTH})),
               "boats": Counts(len(PEOPLES), Whole(-BOATS, BOATS)), "allow": Many(len(ALLOWANCES), TEXT)},
    "time_up": {"seat": SEAT, "window": TEXT},
}
OPTIONAL: dict[str, dict[str, Any]] = {"trade": {"both": False}, "play_card": {"target": ""}, "attack": {"route": []},
            "adjust": {"tokens": [], "boats": {}, "allow": []}, "keep": {"cards": []}}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked(kind: str, where: str, value: Any, shape: Any) -> Any:
    """`value` as `shape` says, or BadRecord naming the move, the field and the bound."""
    def bad(what: str) -> BadRecord:
        return BadRecord(f"move {kind!r}: {where!r} must be {what}, not {shortened(value)}")
    if shape == TEXT:
        if not isinstance(value, str) or len(value) > TEXT_MOST:
            raise bad(f"a text of at most {TEXT_MOST} characters")
        return value
    if shape == FLAG:
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if isinstance(shape, Whole):
        if not _whole(value) or not shape.least <= value <= shape.most:
            raise bad(f"a whole number from {shape.least} to {shape.most}")
        return value
    if isinstance(shape, Many):
        if not isinstance(value, list) or len(value) > shape.most:
            raise bad(f"a list of at most {shape.most}")
        return tuple(_checked(kind, f"{where}[{i}]", v, shape.item) for i, v in enumerate(value))
    if isinstance(shape, Counts):
        if not isinstance(value, dict) or len(value) > shape.most:
            raise bad(f"an object of at most {shape.most} ids, each a whole number")
        return {_checked(kind, f"{where} id", k, TEXT): _checked(kind, f"{where}.{k}", v, shape.value)
                for k, v in value.items()}
    assert isinstance(shape, Fields)
    if not isinstance(value, dict):
        raise bad("an object")
    return {k: _checked(kind, f"{where}.{k}", value.get(k), f) for k, f in shape.fields.items()}



def _fields(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    shapes, optional = SHAPES[kind], OPTIONAL.get(kind, {})
    out: dict[str, Any] = {}
    for key, shape in shapes.items():
        value = data.get(key, optional.get(key))
        if key == "seat" and value is None and kind in BY_REFEREE:
            out[key] = None
            continue
        out[key] = _checked(kind, key, value, shape)
    return out


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict):
        raise BadRecord(f"a move must be a JSON object, not {shortened(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise BadRecord(f"unknown move type {shortened(kind)}")
    f = _fields(kind, data)
    seat = f["seat"]
    match kind:
        case "choose_people":
            return ChoosePeople(seat, f["people"])
        case "draft":
            return Draft(seat, f["people"], f["pile"])
        case "trade":
            return Trade(seat, f["a"], f["b"], f["a_gives"], f["b_gives"], f["both"])
        case "trades_done":
            return TradesDone(seat)
        case "swords":
            return Swords(seat, f["people"], f["swords"])
        case "place":
            return Place(seat, f["people"], spread(f["spread"]))
        case "pass":
            return Pass(seat)
        case "play_card":
            return PlayCard(seat, f["card"], f["target"])
        case "attack":
            return Attack(seat, f["people"], f["from"], f["to"], f["strength"], f["route"])
        case "end_attacks":
            return EndAttacks(seat, f["people"])
        case "fight":
            return Fight(seat, f["people"], f["province"])
        case "reorganise":
            return Reorganise(seat, f["people"], tuple(Step(s["from"], s["to"], s["strength"], s["route"])
                                                      for s in f["steps"]))
        case "keep":
            return Keep(seat, tuple(sorted(f["cards"])))
        case "reinforce":
            return Reinforce(seat, f["people"], f["boats"], spread(f["spread"]))
        case "magic_trade":
            return MagicTrade(seat, f["a"], f["b"], f["a_gives"], f["b_gives"])
        case "out_of_game":
            return OutOfGame(seat, f["holder"], f["card"])
        case "discard":
            return Discard(seat, f["holder"], f["card"])
        case "adjust":
            return Adjust(seat, f["reason"], tuple((t["province"], t["people"], t["change"]) for t in f["tokens"]),
                          tuple(sorted(f["boats"].items())), f["allow"])
    assert kind == "time_up"
    if seat is not None:
        raise BadRecord("move 'time_up': 'seat' must be null (the table's clock or the referee says it)")
    return TimeUp(None, f["window"])
