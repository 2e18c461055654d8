"""Live consistency checks of a walk: the pack checker's problems and warnings on the pack being built,
each told in the owner's language and tied to the question where it can be fixed.

The checks themselves are `check_pack` (problems: the pack cannot be saved) and `pack_warnings`
(what a real board would not have, such as a region border that is not a closed loop of roads); this
module ties each of their problem records to the question it concerns, by the record's table, entry and
kind, never by its wording.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from companion.i18n import N_, translate

from ..fields import numbers
from ..lint import pack_warnings
from ..pack import check_pack, parse_pack
from ..problems import CUT_OFF, DUPLICATE, NO_REGION, NOT_A_LOOP, UNREACHED, Problem
from .questions import BY_KEY, show
from .render import Rendered

FIRST: Final = "road:1:black"


@dataclass(frozen=True)
class Conflict:
    question: str  # the key of the question where it is fixed
    message: str  # a catalog message
    params: dict[str, Any] = field(default_factory=dict)
    blocking: bool = True  # True: the pack cannot be saved so; False: a warning the owner should look at

    def text(self, language: str) -> str:
        params = dict(self.params)
        for name in ("before", "after"):  # road ends: "none" or "city N", in the owner's language
            if name in params:
                params[name] = show(BY_KEY["road:1:black"], params[name], language)
        return translate(language, self.message, params)

    def to_json(self, language: str) -> dict[str, Any]:
        return {"question": self.question, "text": self.text(language), "blocking": self.blocking}


def pack_conflicts(rendered: Rendered, values: dict[str, Any]) -> list[Conflict]:
    problems = check_pack(rendered.text)
    if problems:
        return [_problem(problem, rendered, values) for problem in problems]
    return [_warning(warning, values) for warning in pack_warnings(parse_pack(rendered.text))]


def _problem(problem: Problem, rendered: Rendered, values: dict[str, Any]) -> Conflict:
    if problem.table == "road" and problem.kind == DUPLICATE and problem.index is not None \
            and problem.other is not None:
        a, b, later = rendered.roads[problem.index]
        earlier = rendered.roads[problem.other][2]
        return Conflict(f"road:{a}:{later}", N_("Cities {a} and {b} are joined by two roads, {first} and {second}: "
                                                "two cities are joined by one road at most."),
                        {"a": a, "b": b, "first": earlier, "second": later})
    if problem.kind == UNREACHED:
        return Conflict(f"road:{problem.id}:black", N_("No road reaches city {city}."), {"city": problem.id})
    if problem.kind == CUT_OFF:
        return Conflict(f"road:{problem.cities[0] if problem.cities else 1}:black",
                        N_("Cities {cities} are cut off from city {city}: no road joins them to it."),
                        {"cities": numbers(problem.cities), "city": problem.other})
    if problem.table == "colossus" and problem.index is None:
        needs = [values[f"colossus:{i}"][0] for i in range(6)]
        counts = Counter(needs)
        over = next((i for i, n in enumerate(needs) if counts[n] > 2), 0)
        return Conflict(f"colossus:{over}", N_("The colossi need {needs} units: there must be two of each of "
                                               "3, 4 and 5."), {"needs": ", ".join(str(n) for n in needs)})
    return _raw(problem, rendered, blocking=True)


def _warning(warning: Problem, values: dict[str, Any]) -> Conflict:
    if warning.kind == NOT_A_LOOP:
        region = warning.id
        return Conflict(f"border:{region}", N_("The border cities of region {region} ({cities}) are not joined by "
                                               "roads in one closed loop: check its border and the roads around it."),
                        {"region": region, "cities": ", ".join(str(c) for c in values[f"border:{region}"])},
                        blocking=False)
    if warning.kind == NO_REGION and warning.id is not None:
        city = warning.id
        near = {values[f"road:{city}:{c}"] for c in ("black", "red", "blue")} - {None}
        region = next((r for r in range(1, 10) if near & set(values[f"border:{r}"])), 1)
        return Conflict(f"border:{region}", N_("City {city} lies on the border of no region."), {"city": city},
                        blocking=False)
    return _raw(warning, None, blocking=False)


_REWARDS: Final = frozenset({"gold", "bards", "guild"})


def _raw(problem: Problem, rendered: Rendered | None, *, blocking: bool) -> Conflict:
    """Any other problem, in the checker's own words, at the question its table and entry name."""
    key = FIRST
    index = problem.index
    if rendered is not None and index is not None and problem.table == "tile" and index < len(rendered.tiles):
        tile_set, number = rendered.tiles[index]
        kind = "rewards" if problem.field in _REWARDS else "needs" if problem.field == "needs" else "recruit"
        key = f"{kind}:{tile_set}:{number}"
    elif rendered is not None and index is not None and problem.table == "road" and index < len(rendered.roads):
        a, _b, colour = rendered.roads[index]
        key = f"road:{a}:{colour}"
    elif index is not None and problem.id is not None and problem.table == "region":
        key = f"border:{problem.id}"
    elif index is not None and problem.id is not None and problem.table == "city":
        key = f"road:{problem.id}:black"
    elif index is not None and problem.table == "colossus":
        key = f"colossus:{index}"
    if key not in BY_KEY:
        key = FIRST
    return Conflict(key, N_("The pack checker says: {problem}"), {"problem": problem.line}, blocking=blocking)
