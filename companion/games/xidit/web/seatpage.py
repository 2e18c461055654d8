"""The seat page's parts: a player's decision turned into plain buttons and steppers, the forecast of
their draft in words, and the small map with the path their program would take.

Everything here is built from the seat's own snapshot (its view, its legal choice, the forecast of its
own draft): the page shows what the box shows, nothing of another seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.games.xidit.rules import choices as ch
from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.preview import Slot
from companion.games.xidit.rules.terms import UNITS
from companion.games.xidit.table.printed import REVEAL_HOW_MANY
from companion.i18n import N_, NP_

if TYPE_CHECKING:
    from companion.table import SeatSnapshot

Translate = Callable[..., str]
CENSUS_BARDS = NP_("Census: place {n} bard", "Census: place {n} bards")

# What the table waits for, named for the player (the view's `awaiting` carries the engine's word).
DECISIONS = {
    "place": N_("place your Idrakys"), "program": N_("your program"), "reward": N_("choose your rewards"),
    "colossus": N_("fight the colossus or not"), "neutral": N_("advance the neutral player"),
    "census": N_("reveal your units"), "census_bards": N_("place your census bards"),
    "floor": N_("build your guild floor"),
}


def decision_name(decision: str, t: Translate) -> str:
    return t(DECISIONS[decision]) if decision in DECISIONS else decision


def forecast(slot: Slot, t: Translate) -> str:
    """What one slot of the draft would do, in a few words (a forecast: resolution alone decides)."""
    match slot.effect:
        case "move":
            return t(N_("to city {city}"), city=slot.city)
        case "no_road":
            return t(N_("no road: stays on city {city}"), city=slot.city)
        case "recruit":
            return t(N_("recruits: {unit}"), unit=slot.unit)
        case "threat":
            return t(N_("beats the threat"))
        case "threat_unmet":
            return t(N_("threat: lacks {units}"), units=list(slot.missing))
        case "colossus":
            return t(N_("fights the colossus"))
        case "repeat":
            return t(N_("already acted here"))
        case "wait":
            return t(N_("waits on city {city}"), city=slot.city)
    return t(N_("nothing to do here"))


def weakest(units: tuple[int, ...] | list[int], needs: int) -> dict[str, int]:
    """The units to give a colossus by default: the weakest first (as the box does)."""
    give: dict[str, int] = {}
    for unit, n in zip(UNITS, units, strict=True):
        take = min(n, needs - sum(give.values()))
        if take > 0:
            give[unit] = take
    return give


def region_label(region: int, bastion: int | None, t: Translate) -> str:
    return t(N_("the Bastion (secret)")) if region == bastion else t(N_("region {region}"), region=region)


def bard_steppers(count: int, regions: tuple[int, ...], bastion: int | None, t: Translate) -> list[dict[str, Any]]:
    """One stepper per region the bards may go to, all of them in the first region to begin with."""
    return [{"name": f"bards-{r}", "region": r, "label": region_label(r, bastion, t), "min": 0, "max": count,
             "value": count if k == 0 else 0} for k, r in enumerate(regions)]


def _no_controls(choice: Choice, t: Translate) -> dict[str, Any] | None:
    return None


def _place(choice: ch.PlaceChoice, t: Translate) -> dict[str, Any]:
    return {"kind": "place", "title": t(N_("Start on which city?")),
            "hint": t(N_("Tap a number, or a city on the map.")),
            "options": [{"name": "city", "value": c, "label": str(c)} for c in choice.cities],
            "grid": True, "taken": list(choice.taken)}


def _reward(choice: ch.RewardChoice, t: Translate) -> dict[str, Any]:
    words = {"gold": t(N_("gold {n}"), n=choice.gold), "bards": t(N_("bards {n}"), n=choice.bards),
             "guild": t(N_("guild floors {n}"), n=choice.floors)}
    options = [{"name": "take", "value": "+".join(take), "label": " + ".join(words[w] for w in take)}
               for take in choice.takes]
    source = (t(N_("Reward from colossus {number}"), number=choice.number) if choice.source == "colossus"
              else t(N_("Reward from the threat on city {city}"), city=choice.city))
    steppers = (bard_steppers(choice.bards, choice.regions, choice.bastion, t)
                if choice.bards and any("bards" in take for take in choice.takes) else [])
    return {"kind": "reward", "title": source, "options": options, "steppers": steppers,
            "steppers_title": t(N_("Bards per region")) if steppers else ""}


def _colossus(choice: ch.ColossusChoice, t: Translate) -> dict[str, Any]:
    colossi, units = choice.colossi, choice.units
    needs = colossi[0][0] if colossi else 0
    give = weakest(units, needs)
    options = [{"name": "fight", "value": n, "label": t(N_("Fight the {n}-unit colossus"), n=n)}
               for n, _ in colossi]
    options.append({"name": "fight", "value": "no", "label": t(N_("Do not fight"))})
    steppers = [{"name": f"give-{u}", "label": t(u), "min": 0, "max": n, "value": give.get(u, 0)}
                for u, n in zip(UNITS, units, strict=True) if n > 0]
    return {"kind": "colossus", "title": t(N_("A colossus is awake")), "options": options,
            "steppers": steppers, "steppers_title": t(N_("Units to give")),
            "owned": list(units)}


def _neutral(choice: ch.NeutralChoice, t: Translate) -> dict[str, Any]:
    return {"kind": "neutral", "title": t(N_("Raise which neutral track?")),
            "options": [{"name": "track", "value": k, "label": t(k)} for k in choice.tracks]}


def _census(choice: ch.CensusChoice, t: Translate) -> dict[str, Any]:
    unit, most = choice.unit, choice.most
    return {"kind": "census", "unit": unit, "grid": True,
            "title": t(REVEAL_HOW_MANY[unit], max=most),
            "options": [{"name": "reveal", "value": n, "label": str(n)} for n in range(most + 1)]}


def _census_bards(choice: ch.CensusBardsChoice, t: Translate) -> dict[str, Any]:
    return {"kind": "census_bards", "title": t(CENSUS_BARDS, n=choice.bards),
            "options": [], "steppers": bard_steppers(choice.bards, choice.regions, choice.bastion, t),
            "steppers_title": t(N_("Bards per region"))}


def _floor(choice: ch.FloorChoice, t: Translate) -> dict[str, Any]:
    return {"kind": "floor", "title": t(N_("Floor on which guild?")),
            "options": [{"name": "city", "value": c, "label": t(N_("Guild of city {city}"), city=c)}
                        for c in choice.cities]}


# The page's controls for each decision kind (`choices.KINDS`); a program has its own editor.
CONTROLS: dict[str, Callable[[Any, Translate], dict[str, Any] | None]] = {
    "place": _place, "program": _no_controls, "reward": _reward, "colossus": _colossus, "neutral": _neutral,
    "census": _census, "census_bards": _census_bards, "floor": _floor,
}


def decision(choice: Choice | None, t: Translate) -> dict[str, Any] | None:
    """The controls of the decision awaited from the seat, or None (programs have their own editor)."""
    return None if choice is None else CONTROLS[choice.decision](choice, t)


def waiting_for(view: dict[str, Any]) -> int:
    """How many players have not locked their program yet."""
    return sum(1 for p in view.get("players", []) if not p.get("locked") and not p.get("eliminated"))


def seat_context(snapshot: SeatSnapshot, t: Translate) -> dict[str, Any]:
    """What the seat templates get beyond the common context."""
    return {
        "snap": snapshot,
        "forecasts": [forecast(slot, t) for slot in snapshot.preview],
        "decision": decision(snapshot.choice, t),
        "decision_name": lambda d: decision_name(d, t),
        "waiting_for": waiting_for(snapshot.view),
    }
