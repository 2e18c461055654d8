"""Live consistency checks of a walk, each told in the owner's language and tied to the screen where it
is fixed: a road seen differently from its two cities, a region entered twice, too many colossi of a
size, a count on the material that differs from the answers, and, once the board is answered, the pack
checker's problems (`check_pack`: the pack cannot be saved so) and warnings (`pack_warnings`).

The pack checker's records are tied to screens by their table, entry and kind, never by their wording.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from companion.games.xidit.rules.terms import ROAD_COLOURS
from companion.i18n import N_, translate, word

from ..fields import numbers
from ..lint import pack_warnings
from ..pack import check_pack, parse_pack
from ..problems import CUT_OFF, NO_REGION, NOT_A_LOOP, UNREACHED, Problem
from .counts import Mismatch
from .render import Kept, Rendered
from .screens import BY_KEY, CITY_IDS_SORTED, SCREENS
from .texts import colossus_name, field_name, region_name

FIRST: Final = SCREENS[0].key


@dataclass(frozen=True)
class Conflict:
    screen: str  # the key of the screen where it is fixed
    message: str  # a catalog message
    params: dict[str, Any] = field(default_factory=dict)
    blocking: bool = True  # True: the pack cannot be saved so; False: a warning the owner should look at
    screens: tuple[str, ...] = ()  # the screens that could explain it (a count that differs)

    def text(self, language: str) -> str:
        params: dict[str, Any] = {}
        for name, value in self.params.items():
            if name == "end":  # a road's other end: "none" or "city N"
                value = translate(language, N_("none")) if value is None else \
                    translate(language, N_("city {city}"), {"city": value})
            elif name == "region":  # a region as printed: its cities and fame
                value = region_name(value["cities"], value["fame"], language)
            elif name == "colossus":
                value = colossus_name(value, language)
            elif name == "what":  # a thing counted: its name on the count screen
                value = field_name(BY_KEY[self.screen], value, language)
            params[name] = word(language, value)
        return translate(language, self.message, params)

    def to_json(self, language: str) -> dict[str, Any]:
        return {"screen": self.screen, "text": self.text(language), "blocking": self.blocking,
                "screens": list(self.screens)}


def road_conflicts(answers: dict[str, dict[str, Any]]) -> list[Conflict]:
    """A road is seen from both its cities: the two screens must agree."""
    found = []
    for a in CITY_IDS_SORTED:
        mine = answers.get(f"city:{a}")
        if mine is None:
            continue
        for colour in ROAD_COLOURS:
            b = mine[colour]
            if b is None:
                continue
            theirs = answers.get(f"city:{b}")
            if theirs is not None and theirs[colour] != a:
                found.append(Conflict(f"city:{a}", N_("City {a}: its {colour} road leads to city {b}, but on the "
                                                      "screen of city {b} its {colour} road leads to {end}."),
                                      {"a": a, "b": b, "colour": colour, "end": theirs[colour]},
                                      screens=(f"city:{a}", f"city:{b}")))
            others = [c for c in CITY_IDS_SORTED if c != a and answers.get(f"city:{c}", {}).get(colour) == b]
            if theirs is None and others:
                found.append(Conflict(f"city:{a}", N_("Cities {a} and {c} both have their {colour} road lead to "
                                                      "city {b}: a city has one road of each colour at most."),
                                      {"a": a, "c": others[0], "b": b, "colour": colour},
                                      screens=(f"city:{a}", f"city:{others[0]}", f"city:{b}")))
    return found


def region_conflicts(answers: dict[str, dict[str, Any]]) -> list[Conflict]:
    """Each region screen is a different region of the board."""
    found = []
    seen: dict[tuple[int, ...], str] = {}
    for screen in SCREENS:
        answer = answers.get(screen.key) if screen.kind == "region" else None
        if answer is None:
            continue
        cities = tuple(answer["cities"])
        if cities in seen:
            found.append(Conflict(screen.key, N_("You entered {region} twice: each region screen is a different "
                                                 "region."), {"region": answer}, screens=(seen[cities], screen.key)))
        seen.setdefault(cities, screen.key)
    return found


def colossus_conflicts(answers: dict[str, dict[str, Any]]) -> list[Conflict]:
    """Two colossi of each size (F13)."""
    found = []
    sizes: Counter[int] = Counter()
    for screen in SCREENS:
        answer = answers.get(screen.key) if screen.kind == "colossus" else None
        if answer is None:
            continue
        sizes[answer["needs"]] += 1
        if sizes[answer["needs"]] > 2:
            found.append(Conflict(screen.key, N_("A third colossus needing {needs} units: there are two of each of "
                                                 "3, 4 and 5."), {"needs": answer["needs"]}))
    return found


def count_conflict(mismatch: Mismatch) -> Conflict:
    screens = mismatch.screens
    where = numbers(BY_KEY[s].city or 0 for s in screens)
    message = {
        "roads": N_("{what}: you counted {counted}, your city screens make {answered}. Look again at cities "
                    "{where}."),
        "regions": N_("{what}: you counted {counted}, your region screens make {answered}. Look again at the "
                      "regions."),
        "colossi": N_("{what}: you counted {counted}, your colossus screens make {answered}. Look again at the "
                      "colossi."),
    }.get(mismatch.section, N_("{what}: you counted {counted}, your tile screens make {answered}. Look again at "
                               "tiles {where}."))
    return Conflict(f"count:{mismatch.section}", message, {"counted": mismatch.counted, "answered": mismatch.answered,
                                                            "what": mismatch.what, "where": where}, screens=screens)


def pack_conflicts(rendered: Rendered, values: dict[str, Any], kept: Kept) -> list[Conflict]:
    """The pack checker's problems, or when there are none its warnings, on the answered pack."""
    problems = check_pack(rendered.text)
    if problems:
        return [_at_screen(problem, rendered, values, kept, blocking=True) for problem in problems]
    return [_at_screen(warning, rendered, values, kept, blocking=False)
            for warning in pack_warnings(parse_pack(rendered.text))]


def _at_screen(problem: Problem, rendered: Rendered, values: dict[str, Any], kept: Kept, *,
               blocking: bool) -> Conflict:
    if problem.kind == NOT_A_LOOP and problem.id is not None:
        key = kept.slot_of(problem.id)
        return Conflict(key, N_("The border cities of {region} are not joined by roads in one closed loop: check "
                                "its border and the roads around it."), {"region": values[key]}, blocking=blocking)
    if problem.kind == NO_REGION and problem.id is not None:
        city = problem.id
        near = {values[f"city:{city}"][c] for c in ROAD_COLOURS} - {None}
        region = next((s.key for s in SCREENS if s.kind == "region" and near & set(values[s.key]["cities"])),
                      "region:1")
        return Conflict(region, N_("City {city} lies on the border of no region."), {"city": city},
                        blocking=blocking)
    if problem.kind == UNREACHED and problem.id is not None:
        return Conflict(f"city:{problem.id}", N_("No road reaches city {city}."), {"city": problem.id},
                        blocking=blocking)
    if problem.kind == CUT_OFF:
        return Conflict(f"city:{problem.cities[0] if problem.cities else 1}",
                        N_("Cities {cities} are cut off from city {city}: no road joins them to it."),
                        {"cities": numbers(problem.cities), "city": problem.other}, blocking=blocking)
    key = FIRST
    index = problem.index
    if problem.table == "tile" and index is not None and index < len(rendered.tiles):
        tile_set, number = rendered.tiles[index]
        key = f"tile:{tile_set}:{number}"
    elif problem.table == "road" and index is not None and index < len(rendered.roads):
        key = f"city:{rendered.roads[index][0]}"
    elif problem.table == "region" and problem.id in kept.region_ids:
        key = kept.slot_of(problem.id)
    elif problem.table == "region":
        key = "region:1"
    elif problem.table == "colossus":
        key = f"colossus:{index or 0}"
    elif problem.table == "city" and problem.id is not None:
        key = f"city:{problem.id}"
    return Conflict(key if key in BY_KEY else FIRST, N_("The pack checker says: {problem}"),
                    {"problem": problem.line}, blocking=blocking)
