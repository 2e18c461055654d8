"""Live consistency checks of a walk: the pack checker's problems and warnings on the pack being built,
each told in the owner's language and tied to the question where it can be fixed.

The checks themselves are `check_pack` (problems: the pack cannot be saved) and `pack_warnings`
(what a real board would not have, such as a region border that is not a closed loop of roads); this
module only reads their lines back to the question they concern, using the labels the checker gives.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from companion.i18n import N_, translate

from ..lint import pack_warnings
from ..pack import check_pack, parse_pack
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
        return [_problem(line, rendered, values) for line in problems]
    return [_warning(line, values) for line in pack_warnings(parse_pack(rendered.text))]


_DUPLICATE = re.compile(r"^road\[(\d+)\] \(between (\d+) and (\d+)\): duplicate road, road\[(\d+)\]")
_UNREACHED = re.compile(r"^city\[\d+\] \(id (\d+)\): no road reaches it")
_CUT_OFF = re.compile(r"^road: cities (.+) are cut off from city (\d+)")
_COLOSSI = re.compile(r"^colossus: ")
_LOOP = re.compile(r"^region (\d+): its border cities (.+) are not joined by roads")
_NO_REGION = re.compile(r"^city (\d+): borders no region")


def _problem(line: str, rendered: Rendered, values: dict[str, Any]) -> Conflict:
    if m := _DUPLICATE.match(line):
        a, b, later = rendered.roads[int(m[1])]
        earlier = rendered.roads[int(m[4])][2]
        return Conflict(f"road:{a}:{later}", N_("Cities {a} and {b} are joined by two roads, {first} and {second}: "
                                                "two cities are joined by one road at most."),
                        {"a": a, "b": b, "first": earlier, "second": later})
    if m := _UNREACHED.match(line):
        return Conflict(f"road:{m[1]}:black", N_("No road reaches city {city}."), {"city": int(m[1])})
    if m := _CUT_OFF.match(line):
        first = re.match(r"\d+", m[1])
        return Conflict(f"road:{first[0] if first else 1}:black",
                        N_("Cities {cities} are cut off from city {city}: no road joins them to it."),
                        {"cities": m[1], "city": int(m[2])})
    if _COLOSSI.match(line):
        needs = [values[f"colossus:{i}"][0] for i in range(6)]
        counts = Counter(needs)
        over = next((i for i, n in enumerate(needs) if counts[n] > 2), 0)
        return Conflict(f"colossus:{over}", N_("The colossi need {needs} units: there must be two of each of "
                                               "3, 4 and 5."), {"needs": ", ".join(str(n) for n in needs)})
    return _raw(line, rendered, blocking=True)


def _warning(line: str, values: dict[str, Any]) -> Conflict:
    if m := _LOOP.match(line):
        return Conflict(f"border:{m[1]}", N_("The border cities of region {region} ({cities}) are not joined by "
                                             "roads in one closed loop: check its border and the roads around it."),
                        {"region": int(m[1]), "cities": ", ".join(str(c) for c in values[f"border:{m[1]}"])},
                        blocking=False)
    if m := _NO_REGION.match(line):
        city = int(m[1])
        near = {values[f"road:{city}:{c}"] for c in ("black", "red", "blue")} - {None}
        region = next((r for r in range(1, 10) if near & set(values[f"border:{r}"])), 1)
        return Conflict(f"border:{region}", N_("City {city} lies on the border of no region."), {"city": city},
                        blocking=False)
    return _raw(line, None, blocking=False)


_LABELS: Final = (
    (re.compile(r"^region\[\d+\] \(id (\d+)\)"), "border:{}"),
    (re.compile(r"^city\[\d+\] \(id (\d+)\)"), "road:{}:black"),
    (re.compile(r"^colossus\[(\d+)\]"), "colossus:{}"),
)
_TILE = re.compile(r"^tile\[set ([^,]+), city (\d+)\]: (.*)")
_ROAD = re.compile(r"^road\[(\d+)\]")


def _raw(line: str, rendered: Rendered | None, *, blocking: bool) -> Conflict:
    """Any other line of the checker, in its own words, at the question its label names."""
    key = FIRST
    if m := _TILE.match(line):
        detail = m[3]
        kind = "rewards" if re.search(r"\b(gold|bards|guild)\b", detail) else \
            "needs" if re.search(r"\b(needs|threat)\b", detail) else "recruit"
        key = f"{kind}:{m[1]}:{m[2]}"
    elif (m := _ROAD.match(line)) and rendered is not None and int(m[1]) < len(rendered.roads):
        a, _b, colour = rendered.roads[int(m[1])]
        key = f"road:{a}:{colour}"
    else:
        for pattern, shape in _LABELS:
            if m := pattern.match(line):
                key = shape.format(m[1])
                break
    if key not in BY_KEY:
        key = FIRST
    return Conflict(key, N_("The pack checker says: {problem}"), {"problem": line}, blocking=blocking)
