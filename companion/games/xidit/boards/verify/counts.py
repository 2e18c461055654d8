"""The cross-checks: counts a person makes on the physical material at the end of a section, set
against the same counts made on their answers. A difference names the screens that could explain it.

A recruitment side always holds the same number of units, so a unit counted too often in the answers
must sit where another, counted too rarely, belongs: the screens to look at again are the tiles whose
answer holds a unit of a kind answered too often. For roads, a missing road of a colour ends at two
cities answered without one, an extra one at two cities answered with one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS

from .screens import COUNTED, in_section


@dataclass(frozen=True)
class Mismatch:
    section: str
    what: str  # the thing counted: a colour, "high"/"low", a unit, a reward
    counted: int  # on the material
    answered: int  # in the answers
    screens: tuple[str, ...]  # the keys of the screens that could explain it


def answered_counts(section: str, values: dict[str, Any]) -> dict[str, int]:
    """The counts as the section's answers make them."""
    screens = [s for s in in_section(section) if s.kind != "count"]
    found = dict.fromkeys(COUNTED[section], 0)
    for screen in screens:
        answer = values[screen.key]
        if section == "roads":
            for colour in ROAD_COLOURS:
                found[colour] += answer[colour] is not None
        elif section == "regions":
            found["high"] += answer["fame"][0]
            found["low"] += answer["fame"][1]
        elif section == "colossi":
            for name, reward in zip(("gold", "bards", "guild"), answer["rewards"], strict=True):
                found[name] += reward
        else:
            for unit in answer["recruit"]:
                found[unit] += 1
    if section == "roads":  # each road was counted at both of its cities
        found = {colour: n // 2 for colour, n in found.items()}
    return found


def mismatches(section: str, values: dict[str, Any], counted: dict[str, int]) -> list[Mismatch]:
    """Every count that differs, with the screens to look at again."""
    answered = answered_counts(section, values)
    screens = [s for s in in_section(section) if s.kind != "count"]
    every = tuple(s.key for s in screens)
    found = []
    for what in COUNTED[section]:
        if counted[what] == answered[what]:
            continue
        if section == "roads":
            have = counted[what] < answered[what]  # one too many: at cities with one; too few: at cities without
            look = tuple(s.key for s in screens if (values[s.key][what] is not None) == have)
        elif section.startswith("tiles-"):
            over = {u for u in UNITS if answered[u] > counted[u]}
            kinds = {what} if what in over else over
            look = tuple(s.key for s in screens if kinds & set(values[s.key]["recruit"])) or every
        else:
            look = every
        found.append(Mismatch(section, what, counted[what], answered[what], look))
    return found
