"""An answer to a screen: its form checked field by field (a name given, three provinces around the
Forbidden City, a border naming a province the owner has named), typed answers read, answers shown.
Whether it agrees with the rest of the map is for the walk's conflicts."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

from companion.i18n import N_, translate
from companion.owner_walk import BadAnswer

from .screens import Screen

MAX_NAME: Final = 40
MAX_VALUE: Final = 30  # PROVISIONAL bound of a printed value (the engine's, rules/terms.py VALUE_MOST)
MAX_COUNT: Final = 200
NONE_WORDS: Final = frozenset({"none", "no", "-", "aucune", "aucun", "non"})
UNKNOWN_WORDS: Final = frozenset({"unknown", "?", "inconnue", "inconnu"})


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadAnswer(N_("Give a name as it is printed."))
    name = " ".join(value.split())
    if len(name) > MAX_NAME or "," in name:
        raise BadAnswer(N_("A name has at most {n} letters and no comma."), n=MAX_NAME)
    return name


def _names(value: Any, least: int = 0, most: int = 60) -> list[str]:
    if not isinstance(value, list | tuple):
        raise BadAnswer(N_("Give a list of names."))
    names = [_name(v) for v in value]
    lowered = [n.casefold() for n in names]
    twice = next((n for n, low in zip(names, lowered, strict=True) if lowered.count(low) > 1), None)
    if twice is not None:
        raise BadAnswer(N_("{name} is named twice."), name=twice)
    if not least <= len(names) <= most:
        raise BadAnswer(N_("Give {least} to {most} names.") if least != most else N_("Give exactly {least} names."),
                        least=least, most=most)
    return names


def _known(names: list[str], known: Collection[str], what: str) -> list[str]:
    """Each name as the owner first wrote it (case and spaces aside); an unknown one is refused."""
    by_fold = {k.casefold(): k for k in known}
    found = []
    for name in names:
        if name.casefold() not in by_fold:
            message = N_("No province is named {name} on your kingdom and Zargos screens.") if what == "province" \
                else N_("No sea space is named {name} on your sea screen.")
            raise BadAnswer(message, name=name)
        found.append(by_fold[name.casefold()])
    return sorted(found, key=str.casefold)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise BadAnswer(N_("Give a count between 0 and {max}."), max=MAX_COUNT)
    return value


def check_value(screen: Screen, value: Any, provinces: Collection[str] = (), seas: Collection[str] = ()) -> \
        dict[str, Any]:
    """A whole answer in its canonical form, or `BadAnswer`. `provinces` and `seas`: the names the owner
    gave so far, which borders and links must use."""
    if not isinstance(value, dict):
        raise BadAnswer(N_("Give a value for each part of the screen."))
    missing = [name for name in screen.fields if name not in value]
    if missing:
        raise BadAnswer(N_("Fill in every part of the screen: {missing} is missing."), missing=missing[0])
    kind = screen.kind
    if kind == "kingdom":
        names = _names(value["provinces"], 1, 12)
        capital = _name(value["capital"])
        if capital.casefold() not in {n.casefold() for n in names}:
            raise BadAnswer(N_("The capital is one of the kingdom's provinces: {name} is not among them."),
                            name=capital)
        capital = next(n for n in names if n.casefold() == capital.casefold())
        number = value["value"]
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                                   or not 1 <= number <= MAX_VALUE):
            raise BadAnswer(N_("The value printed on the capital is a number from 1 to {max}, or unknown."),
                            max=MAX_VALUE)
        return {"name": _name(value["name"]), "provinces": names, "capital": capital, "value": number}
    if kind == "zargos":
        city = _name(value["forbidden_city"])
        around, coastal = _names(value["around"], 3, 3), _names(value["coastal"], 6, 6)
        every = [city.casefold(), *(n.casefold() for n in around + coastal)]
        if len(set(every)) != len(every):
            raise BadAnswer(N_("Zargos has ten different provinces: a name is given twice."))
        return {"forbidden_city": city, "around": around, "coastal": coastal}
    if kind == "seas":
        names, lake = _names(value["seas"], 1, 40), _name(value["lake"])
        if lake.casefold() in {n.casefold() for n in names}:
            raise BadAnswer(N_("The lake is named apart from the sea spaces."))
        return {"seas": names, "lake": lake}
    if kind == "province":
        borders = _known(_names(value["borders"]), provinces, "province")
        if screen.name in borders:
            raise BadAnswer(N_("A province does not border itself."))
        return {"borders": borders, "seas": _known(_names(value["seas"]), seas, "sea")}
    if kind == "sea":
        links = _known(_names(value["links"]), seas, "sea")
        if screen.name in links:
            raise BadAnswer(N_("A sea space is not next to itself."))
        return {"links": links}
    return {"coastal": _count(value["coastal"]), "lake": _count(value["lake"])}


LISTS: Final = frozenset({"provinces", "around", "coastal", "seas", "borders", "links"})
COUNTS: Final = frozenset({"value", "lake_count", "coastal_count"})


def parse_field(screen: Screen, name: str, text: str) -> Any:
    """A typed field (the terminal): lists separated by commas, `none` for an empty list, numbers as digits,
    `unknown` for a value not printed."""
    text = text.strip()
    if screen.kind == "count":
        if not text.isdigit():
            raise BadAnswer(N_("{text} is not a number."), text=text)
        return int(text)
    if name == "value":
        if text.casefold() in UNKNOWN_WORDS:
            return None
        if not text.isdigit():
            raise BadAnswer(N_("{text} is not a number."), text=text)
        return int(text)
    if name in LISTS and not (screen.kind == "seas" and name == "lake"):
        if text.casefold() in NONE_WORDS:
            return []
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def show_field(name: str, value: Any, language: str) -> str:
    if value is None and name == "value":
        return translate(language, N_("unknown"))
    if isinstance(value, list):
        return ", ".join(value) if value else translate(language, N_("none"))
    return str(value)
