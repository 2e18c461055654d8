"""An answer to a screen: its form checked field by field, typed answers read, answers shown.

An answer is what the owner sees, so it is checked for its form only (a city number that exists, a
recruitment side of the right length); whether it agrees with the rest of the board is for the
conflicts (`conflicts.py`) and the counts (`counts.py`).
"""

from __future__ import annotations

from typing import Any, Final

from companion.games.xidit.rules.terms import ROAD_COLOURS, UNITS
from companion.i18n import N_, translate, word
from companion.owner_walk import BadAnswer

from ..schema import CITY_IDS, RECRUIT_LENGTH
from .screens import Screen

MAX_NEEDS: Final = 6  # units a threat may need; more is surely a slip of the finger
MAX_REWARD: Final = 9
MAX_FAME: Final = 20
MAX_COUNT: Final = 300


def field_kind(screen: Screen, name: str) -> str:
    """How a field is answered: road, cities, fame, recruit, units, rewards, size or count."""
    if screen.kind == "city":
        return "road"
    if screen.kind == "count":
        return "count"
    if screen.kind == "region":
        return name  # cities, fame
    if screen.kind == "colossus":
        return "size" if name == "needs" else "rewards"
    return {"recruit": "recruit", "needs": "units", "rewards": "rewards"}[name]


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadAnswer(N_("Give whole numbers."))
    return value


def _integers(value: Any, count: int | None = None) -> list[int]:
    if not isinstance(value, list | tuple):
        raise BadAnswer(N_("Give a list of numbers."))
    numbers = [_integer(v) for v in value]
    if count is not None and len(numbers) != count:
        raise BadAnswer(N_("Give exactly {n} numbers."), n=count)
    return numbers


def _units(value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise BadAnswer(N_("Give a list of units."))
    for name in value:
        if name not in UNITS:
            raise BadAnswer(N_("{name} is not a unit: militia, archer, infantry, priest or mage."), name=name)
    # Printed sides are read weakest first; the order carries no meaning, so it is kept canonical.
    return sorted(value, key=UNITS.index)


def _city(value: Any) -> int:
    city = _integer(value)
    if city not in CITY_IDS:
        raise BadAnswer(N_("There is no city {city}: cities are numbered 1 to 21."), city=city)
    return city


def check_field(screen: Screen, name: str, value: Any) -> Any:
    """One field of an answer in its canonical form, or `BadAnswer`."""
    kind = field_kind(screen, name)
    if kind == "road":
        if value is None:
            return None
        city = _city(value)
        if city == screen.city:
            raise BadAnswer(N_("A road joins two different cities."))
        return city
    if kind == "fame":
        high, low = _integers(value, 2)
        if not 0 <= low <= high <= MAX_FAME:
            raise BadAnswer(N_("Give the high value first, then the low one (0 to {max})."), max=MAX_FAME)
        return [high, low]
    if kind == "cities":
        cities = [_city(v) for v in _integers(value)]
        if len(set(cities)) != len(cities):
            raise BadAnswer(N_("Name each city once."))
        if len(cities) < 3:
            raise BadAnswer(N_("A region has at least 3 cities on its border."))
        return sorted(cities)
    if kind == "recruit":
        units = _units(value)
        count = RECRUIT_LENGTH[screen.set or ""]
        if len(units) != count:
            raise BadAnswer(N_("A recruitment side of this set has exactly {n} units."), n=count)
        return units
    if kind == "units":
        units = _units(value)
        if not 1 <= len(units) <= MAX_NEEDS:
            raise BadAnswer(N_("A threat needs 1 to {n} units."), n=MAX_NEEDS)
        return units
    if kind == "rewards":
        rewards = _integers(value, 3)
        if any(not 1 <= v <= MAX_REWARD for v in rewards):
            raise BadAnswer(N_("Each reward is between 1 and {max}."), max=MAX_REWARD)
        return rewards
    if kind == "size":
        if _integer(value) not in (3, 4, 5):
            raise BadAnswer(N_("A colossus needs 3, 4 or 5 units."))
        return int(value)
    count = _integer(value)
    if not 0 <= count <= MAX_COUNT:
        raise BadAnswer(N_("Give a count between 0 and {max}."), max=MAX_COUNT)
    return count


def check_value(screen: Screen, value: Any) -> dict[str, Any]:
    """A whole answer (every field of the screen) in its canonical form, or `BadAnswer`."""
    if not isinstance(value, dict):
        raise BadAnswer(N_("Give a value for each part of the screen."))
    missing = [name for name in screen.fields if name not in value]
    if missing:
        raise BadAnswer(N_("Fill in every part of the screen: {missing} is missing."), missing=missing[0])
    answer = {name: check_field(screen, name, value[name]) for name in screen.fields}
    if screen.kind == "city":
        ends = [answer[c] for c in ROAD_COLOURS if answer[c] is not None]
        twice = next((c for c in ends if ends.count(c) > 1), None)
        if twice is not None:
            raise BadAnswer(N_("Two of its roads lead to city {city}: two cities are joined by one road at most."),
                            city=twice)
    return answer


def show_field(screen: Screen, name: str, value: Any, language: str) -> str:
    """A field as the owner reads it: ``city 12``, ``none``, ``6 / 4``, ``militia, archer``."""
    kind = field_kind(screen, name)
    if value is None and kind != "road":
        return "?"
    if kind == "road":
        return translate(language, N_("none")) if value is None else translate(language, N_("city {city}"),
                                                                                {"city": value})
    if kind == "fame":
        return f"{value[0]} / {value[1]}"
    if kind == "cities":
        return ", ".join(str(v) for v in value)
    if kind in ("recruit", "units"):
        return word(language, list(value))
    if kind == "rewards":
        return translate(language, N_("gold {gold}, bards {bards}, guild {guild}"),
                         {"gold": value[0], "bards": value[1], "guild": value[2]})
    return str(value)


NONE_WORDS: Final = frozenset({"none", "no", "-", "0", "aucune", "aucun", "non"})


def parse_field(screen: Screen, name: str, text: str) -> Any:
    """A typed field (the terminal's walk): numbers and unit names separated by spaces, commas or
    slashes; a unit by any unambiguous start of its name (``mil``, ``a``, ``mag``)."""
    parts = [p for p in text.replace(",", " ").replace("/", " ").replace(";", " ").split() if p]
    kind = field_kind(screen, name)
    if kind == "road":
        if len(parts) == 1 and parts[0].lower() in NONE_WORDS:
            return None
        if len(parts) != 1:
            raise BadAnswer(N_("Give one city number, or none."))
        return check_field(screen, name, _number(parts[0]))
    if kind in ("recruit", "units"):
        return check_field(screen, name, [_unit(p) for p in parts])
    if kind in ("size", "count"):
        if len(parts) != 1:
            raise BadAnswer(N_("Give one number."))
        return check_field(screen, name, _number(parts[0]))
    return check_field(screen, name, [_number(p) for p in parts])


def _number(text: str) -> int:
    if not text.isdigit():
        raise BadAnswer(N_("{text} is not a number."), text=text)
    return int(text)


def _unit(text: str) -> str:
    lowered = text.lower()
    found = [u for u in UNITS if u.startswith(lowered)]
    if len(found) == 1:
        return found[0]
    if found:
        raise BadAnswer(N_("{text} could be {units}: type more letters."), text=text, units=" or ".join(found))
    raise BadAnswer(N_("{name} is not a unit: militia, archer, infantry, priest or mage."), name=text)
