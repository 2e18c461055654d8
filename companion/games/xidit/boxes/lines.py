"""Xidit's words on a box outside the decisions: the title bar, the status page (what is behind the
player's screen), the end of the game, whom the game waits for, and one slot's forecast."""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.boxes.game_parts import Translate
from companion.i18n import N_
from companion.players import name_or_colour

from ..pieces import UNIT_LETTERS
from ..rules.preview import Slot
from ..rules.terms import UNITS

JSON = dict[str, Any]


def me(view: JSON, seat: int) -> JSON:
    return next(p for p in view["players"] if p["seat"] == seat)


def colour(view: JSON, seat: int) -> str:
    return next((name_or_colour(p) for p in view["players"] if p["seat"] == seat), str(seat))


def title(view: JSON, seat: int, t: Translate) -> str:
    return t(N_("Year {year} - {colour}"), {"year": view["year"], "colour": me(view, seat)["colour"]})


def status(view: JSON, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
    mine = me(view, seat)
    units = " ".join(f"{UNIT_LETTERS[u]}{mine['units'][u]}" for u in UNITS)
    return t(N_("Behind your screen")), (
        units,
        t(N_("Gold {gold}  Bards {bards}"), {"gold": mine["gold"], "bards": mine["bards_left"]}),
        t(N_("Floors {floors}  Pending {pending}"), {"floors": mine["floors_left"], "pending": mine["pending_floors"]}))


def result(view: JSON, seat: int, t: Translate) -> tuple[str, ...] | None:
    if view["phase"] != "over":
        return None
    scoring = view["scoring"]
    lines = [t(N_("{category}: {value}"), {"category": t(r["category"]), "value": r["values"].get(str(seat), 0)})
             for r in scoring["rounds"]]
    winner = scoring["winner"]
    lines.append(t(N_("Winner: {player}"), {"player": colour(view, winner)}) if winner is not None
                 else t(N_("The neutral player wins.")))
    return tuple(lines)


def waiting(view: JSON, seat: int, t: Translate) -> tuple[str, ...]:
    awaited = ", ".join(f"{colour(view, a['seat'])} ({t(a['decision'])})" for a in view["awaiting"])
    return t(N_("Waiting for")), awaited or "-"


def describe(t: Translate, slot: Slot) -> str:
    """The preview of one slot, in a few words."""
    match slot.effect:
        case "move":
            return str(t(N_("Then on city {city}"), {"city": slot.city}))
        case "no_road":
            return str(t(N_("No road: stays on {city}"), {"city": slot.city}))
        case "recruit":
            return str(t(N_("City {city}: recruit {unit}"), {"city": slot.city, "unit": slot.unit}))
        case "threat":
            return str(t(N_("City {city}: threat beaten"), {"city": slot.city}))
        case "threat_unmet":
            counts = Counter(slot.missing)  # the status page's letters and counts: short in every language
            missing = " ".join(f"{UNIT_LETTERS[u]}{counts[u]}" for u in UNITS if counts[u])
            return str(t(N_("City {city}: needs {units}"), {"city": slot.city, "units": missing}))
        case "colossus":
            return str(t(N_("City {city}: colossus"), {"city": slot.city}))
        case "repeat":
            return str(t(N_("City {city}: already acted"), {"city": slot.city}))
        case "wait":
            return str(t(N_("Wait on city {city}"), {"city": slot.city}))
    return str(t(N_("City {city}: nothing to do"), {"city": slot.city}))
