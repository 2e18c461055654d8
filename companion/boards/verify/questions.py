"""The questions of the walk-through, in the order an owner answers them with the game open.

Every value a board pack holds that is printed on the board or the tiles is asked once: for each city
where each of its three roads leads, for each region its fame values and its border cities, for each
tile of both sets its recruitment units, its threat's needs and its threat's rewards, and for each
colossus its needs and rewards. The shape of a pack is fixed (21 cities, 9 regions, 21 + 18 tiles, 6
colossi: `companion.boards.schema`), so the list of questions is too.

A question's value is plain JSON, so a walk's progress is saved as it is:

| kind | key | value |
|---|---|---|
| road | ``road:5:blue`` | the city the road leads to, or ``null`` for none |
| fame | ``fame:3`` | ``[high, low]`` |
| border | ``border:3`` | the border cities, sorted |
| recruit | ``recruit:4-5:6`` | the recruitment side's units (4 or 5) |
| needs | ``needs:4-5:6`` | the units the threat side needs |
| rewards | ``rewards:4-5:6`` | ``[gold, bards, guild]`` |
| colossus | ``colossus:0`` | ``[needs, gold, bards, guild]`` |
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from companion.i18n import N_, translate, word
from companion.rules.board import Board
from companion.rules.errors import XiditError
from companion.rules.units import ROAD_COLOURS, UNITS

from ..schema import CITY_IDS, COLOSSUS_NEEDS, RECRUIT_LENGTH, REGION_IDS, SET_NUMBERS

SETS: Final = ("4-5", "3")  # the order of the walk: the full set first
KINDS: Final = ("road", "fame", "border", "recruit", "needs", "rewards", "colossus")
SECTIONS: Final = ("roads", "regions", "tiles-4-5", "tiles-3", "colossi")
MAX_NEEDS: Final = 6  # units a threat may need; more is surely a slip of the finger
MAX_REWARD: Final = 9
MAX_FAME: Final = 20

SECTION_TITLES: Final = {
    "roads": N_("Roads"),
    "regions": N_("Regions"),
    "tiles-4-5": N_("Tiles of the 4-5-player set"),
    "tiles-3": N_("Tiles of the 3-player set"),
    "colossi": N_("Colossi"),
}
PROMPTS: Final = {
    "road": N_("From city {city}, where does the {colour} road lead?"),
    "fame": N_("Region {region}: its two fame values (high, low)?"),
    "border": N_("Region {region}: which cities lie on its border?"),
    "recruit": N_("Tile {number} of the {players}-player set, recruitment side: which {count} units?"),
    "needs": N_("Tile {number} of the {players}-player set, threat side: which units does it need?"),
    "rewards": N_("Tile {number} of the {players}-player set, threat side: how much gold, how many bards, "
                  "how many guild floors?"),
    "colossus": N_("Colossus {n} of 6: how many units does it need, then its gold, bards and guild floors?"),
}
HINTS: Final = {
    "road": N_("Follow the {colour} road that leaves city {city} to the next city. None if no {colour} road "
               "leaves it."),
    "fame": N_("The two numbers printed in the region marked {region}."),
    "border": N_("Every city on the roads around region {region}."),
    "recruit": N_("The side with units on a plain background."),
    "needs": N_("The units shown on the threat side."),
    "rewards": N_("The three rewards printed under the threat."),
    "colossus": N_("Take the colossus tiles in any order; the number of units is on its back."),
}


@dataclass(frozen=True)
class Question:
    key: str
    kind: str
    section: str
    city: int | None = None  # road: the city the road leaves
    colour: str | None = None  # road
    region: int | None = None  # fame, border
    set: str | None = None  # recruit, needs, rewards
    number: int | None = None  # recruit, needs, rewards: the tile (and its city)
    index: int | None = None  # colossus: 0-based, as in the pack's [[colossus]] list

    def params(self) -> dict[str, Any]:
        """The fields of this question's texts."""
        if self.kind == "road":
            return {"city": self.city, "colour": self.colour}
        if self.kind in ("fame", "border"):
            return {"region": self.region}
        if self.kind == "colossus":
            return {"n": (self.index or 0) + 1}
        assert self.set is not None
        return {"number": self.number, "players": "4-5" if self.set == "4-5" else "3",
                "count": RECRUIT_LENGTH[self.set]}

    def prompt(self, language: str) -> str:
        return translate(language, PROMPTS[self.kind], self.params())

    def hint(self, language: str) -> str:
        return translate(language, HINTS[self.kind], self.params())

    def title(self, language: str) -> str:
        return translate(language, SECTION_TITLES[self.section])


def _all_questions() -> tuple[Question, ...]:
    found: list[Question] = []
    for city in sorted(CITY_IDS):
        for colour in ROAD_COLOURS:
            found.append(Question(f"road:{city}:{colour}", "road", "roads", city=city, colour=colour))
    for region in sorted(REGION_IDS):
        found.append(Question(f"fame:{region}", "fame", "regions", region=region))
        found.append(Question(f"border:{region}", "border", "regions", region=region))
    for tile_set in SETS:
        for number in sorted(SET_NUMBERS[tile_set]):
            for kind in ("recruit", "needs", "rewards"):
                found.append(Question(f"{kind}:{tile_set}:{number}", kind, f"tiles-{tile_set}", set=tile_set,
                                      number=number))
    for index in range(len(COLOSSUS_NEEDS)):
        found.append(Question(f"colossus:{index}", "colossus", "colossi", index=index))
    return tuple(found)


QUESTIONS: Final = _all_questions()
INDEX: Final = {q.key: i for i, q in enumerate(QUESTIONS)}
BY_KEY: Final = {q.key: q for q in QUESTIONS}


def road_key(city: int, colour: str) -> str:
    return f"road:{city}:{colour}"


def values_of(board: Board) -> dict[str, Any]:
    """The answer to every question as `board` has it: the values the walk offers at first."""
    values: dict[str, Any] = {}
    for q in QUESTIONS:
        if q.kind == "road":
            assert q.city is not None and q.colour is not None
            values[q.key] = board.road(q.city, q.colour)
        elif q.kind == "fame":
            values[q.key] = list(board.regions[q.region or 0].fame)
        elif q.kind == "border":
            values[q.key] = sorted(board.regions[q.region or 0].cities)
        elif q.kind == "colossus":
            c = board.colossi[q.index or 0]
            values[q.key] = [c.needs, c.gold, c.bards, c.guild]
        else:
            tile = board.tiles[q.set or ""][q.number or 0]
            if q.kind == "recruit":
                values[q.key] = sorted(tile.recruit, key=UNITS.index)
            elif q.kind == "needs":
                values[q.key] = sorted(tile.needs, key=UNITS.index)
            else:
                values[q.key] = [tile.gold, tile.bards, tile.guild]
    return values


class BadAnswer(XiditError, ValueError):
    """An answer of the wrong form; `message` is a catalog message filled with `params`."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(translate("en", message, params or None))
        self.message = message
        self.params = params

    def text(self, language: str) -> str:
        return translate(language, self.message, self.params or None)


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


def _rewards(values: list[int]) -> None:
    if any(not 1 <= v <= MAX_REWARD for v in values):
        raise BadAnswer(N_("Each reward is between 1 and {max}."), max=MAX_REWARD)


def check_value(question: Question, value: Any) -> Any:
    """The answer in its canonical form, or `BadAnswer` saying what is wrong with its form."""
    kind = question.kind
    if kind == "road":
        if value is None:
            return None
        city = _integer(value)
        if city not in CITY_IDS:
            raise BadAnswer(N_("There is no city {city}: cities are numbered 1 to 21."), city=city)
        if city == question.city:
            raise BadAnswer(N_("A road joins two different cities."))
        return city
    if kind == "fame":
        high, low = _integers(value, 2)
        if not 0 <= low <= high <= MAX_FAME:
            raise BadAnswer(N_("Give the high value first, then the low one (0 to {max})."), max=MAX_FAME)
        return [high, low]
    if kind == "border":
        cities = _integers(value)
        for city in cities:
            if city not in CITY_IDS:
                raise BadAnswer(N_("There is no city {city}: cities are numbered 1 to 21."), city=city)
        if len(set(cities)) != len(cities):
            raise BadAnswer(N_("Name each city once."))
        if len(cities) < 3:
            raise BadAnswer(N_("A region has at least 3 cities on its border."))
        return sorted(cities)
    if kind == "recruit":
        units = _units(value)
        count = RECRUIT_LENGTH[question.set or ""]
        if len(units) != count:
            raise BadAnswer(N_("A recruitment side of this set has exactly {n} units."), n=count)
        return units
    if kind == "needs":
        units = _units(value)
        if not 1 <= len(units) <= MAX_NEEDS:
            raise BadAnswer(N_("A threat needs 1 to {n} units."), n=MAX_NEEDS)
        return units
    if kind == "rewards":
        rewards = _integers(value, 3)
        _rewards(rewards)
        return rewards
    numbers = _integers(value, 4)
    if numbers[0] not in (3, 4, 5):
        raise BadAnswer(N_("A colossus needs 3, 4 or 5 units."))
    _rewards(numbers[1:])
    return numbers


def show(question: Question, value: Any, language: str) -> str:
    """An answer as the owner reads it: ``city 12``, ``none``, ``6 / 4``, ``militia, archer``."""
    kind = question.kind
    if kind == "road":
        return translate(language, N_("none")) if value is None else translate(language, N_("city {city}"),
                                                                                {"city": value})
    if kind == "fame":
        return f"{value[0]} / {value[1]}"
    if kind == "border":
        return ", ".join(str(v) for v in value)
    if kind in ("recruit", "needs"):
        return word(language, list(value))
    if kind == "rewards":
        return translate(language, N_("gold {gold}, bards {bards}, guild {guild}"),
                         {"gold": value[0], "bards": value[1], "guild": value[2]})
    return translate(language, N_("needs {needs}: gold {gold}, bards {bards}, guild {guild}"),
                     {"needs": value[0], "gold": value[1], "bards": value[2], "guild": value[3]})


NONE_WORDS: Final = frozenset({"none", "no", "-", "0", "aucune", "aucun", "non"})


def parse_text(question: Question, text: str) -> Any:
    """A typed answer (the terminal's walk): numbers and unit names separated by spaces, commas or
    slashes; a unit by any unambiguous start of its name (``mil``, ``a``, ``mag``)."""
    parts = [p for p in text.replace(",", " ").replace("/", " ").replace(";", " ").split() if p]
    kind = question.kind
    if kind == "road":
        if len(parts) == 1 and parts[0].lower() in NONE_WORDS:
            return check_value(question, None)
        if len(parts) != 1:
            raise BadAnswer(N_("Give one city number, or none."))
        return check_value(question, _number(parts[0]))
    if kind in ("recruit", "needs"):
        return check_value(question, [_unit(p) for p in parts])
    return check_value(question, [_number(p) for p in parts])


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
