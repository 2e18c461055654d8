"""The Epic's pack (`astoria-epic-pack/1`, TOML): the numbers the rules text lost or never printed (the board's
track lengths, A-40, A-41; the King's Health maximum, A-33; the victory points per Flask gem and per Power
point, A-37) and, optionally, the owner's catalogue of Invasion cards (E1.5). The shipped pack is
PROVISIONAL (packs/epic.toml says which numbers are guesses); the engine never invents a card."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import BadPack

from .terms import COLOURS

FORMAT = "astoria-epic-pack/1"


@dataclass(frozen=True)
class InvasionCard:
    """One Invasion card (E1.5, E5): a Flux value per domain in COLOURS order, a hammer or not, the Dragon's
    score (0 none, 1 or 2), a Barbarian Chief's attack Force (0: no Chief) and Glyph (his domain's colour)."""

    flux: tuple[int, ...]
    hammer: bool = False
    dragon: int = 0
    chief: int = 0
    chief_glyph: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"flux": list(self.flux), "hammer": self.hammer, "dragon": self.dragon, "chief": self.chief,
                "chief_glyph": self.chief_glyph or "none"}


@dataclass(frozen=True)
class EpicPack:
    name: str = "Astoria Epic (provisional numbers)"
    status: str = "provisional"
    sha256: str = ""  # of the pack's text: the table names the pack it plays on (companion.core.packs)
    vp_flask_gem: int = 1  # lost in the text
    vp_power: int = 1  # lost in the text
    health_start: int = 6  # E2.3 (A-40: whether the leftmost space is 0 is unknown)
    health_max: int = 10  # the last space of the track, not in the text
    dragon_head: int = 8  # the 8th space is the head
    force_max: int = 10  # E10.1
    force_least: int = 0
    reinforcements_max: int = 4  # E5.2
    unrest_max: int | None = None  # none known
    power_max: int = 20  # A-25, E3.5
    flux_most: int = 10  # the bound a typed Flux value is checked against: the engine's, not the text's
    chief_most: int = 99  # likewise for a Chief's Force (the text's example is 27, E8.6)
    places_most: int = 8  # likewise for the gem places on an Artefact typed in
    invasion: dict[int, InvasionCard] = field(default_factory=dict)  # the owner's catalogue, by card number


_NUMBERS = ("vp_flask_gem", "vp_power", "health_start", "health_max", "dragon_head", "force_max", "force_least",
            "reinforcements_max", "power_max", "flux_most", "chief_most", "places_most")


def parse_pack(text: str) -> EpicPack:
    """The pack a TOML text describes; BadPack naming every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadPack([f"not TOML: {error}"]) from None
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"format must be {FORMAT!r}")
    values: dict[str, Any] = {}
    for name in _NUMBERS:
        value = data.get(name, getattr(EpicPack, name))
        if type(value) is not int or value < 0:
            problems.append(f"{name} must be a whole number, 0 or more")
        values[name] = value
    unrest = data.get("unrest_max")
    if unrest is not None and (type(unrest) is not int or unrest < 1):
        problems.append("unrest_max must be a whole number, 1 or more, or left out (no maximum)")
    if not problems:
        if not 0 < values["health_start"] < values["health_max"]:
            problems.append("health_start must lie between 0 (the King's death) and health_max")
        if values["dragon_head"] < 2 or values["force_max"] <= values["force_least"]:
            problems.append("dragon_head must be 2 or more and force_max above force_least")
    status = data.get("status", "provisional")
    if status not in ("provisional", "verified"):
        problems.append("status must be \"provisional\" or \"verified\"")
    cards: dict[int, InvasionCard] = {}
    for n, card in enumerate(data.get("invasion", [])):
        try:
            number, made = _card(card, values.get("flux_most", 10), values.get("chief_most", 99))
        except ValueError as error:
            problems.append(f"invasion card {n + 1}: {error}")
            continue
        if number in cards:
            problems.append(f"invasion card {n + 1}: number {number} is given twice")
        cards[number] = made
    if problems:
        raise BadPack(problems)
    return EpicPack(name=str(data.get("name", EpicPack.name)), status=status,
                    sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(), unrest_max=unrest, invasion=cards,
                    **values)


def card_from_json(data: Any) -> tuple[int, InvasionCard]:
    """A card of a record's catalogue (its set-up's `invasion`), bounded only by what the rules say."""
    return _card(data, 10**6, 10**6)


def _card(data: Any, flux_most: int, chief_most: int) -> tuple[int, InvasionCard]:
    if not isinstance(data, dict):
        raise ValueError("a card is a table")
    number, flux = data.get("number"), data.get("flux")
    if type(number) is not int or number < 1:
        raise ValueError("number must be a whole number from 1")
    if not isinstance(flux, list) or len(flux) != len(COLOURS) or \
            any(type(v) is not int or not 0 <= v <= flux_most for v in flux):
        raise ValueError(f"flux must be six whole numbers from 0 to {flux_most}, in the order {', '.join(COLOURS)}")
    card = invasion_card({"flux": flux, "hammer": data.get("hammer", False), "dragon": data.get("dragon", 0),
                          "chief": data.get("chief", 0), "chief_glyph": data.get("chief_glyph", "none")}, chief_most)
    return number, card


def invasion_card(data: dict[str, Any], chief_most: int) -> InvasionCard:
    """An Invasion card from its typed fields (the form's, or the pack's); ValueError in words when its marks
    do not hold together (a Chief has a Force and a Glyph, E1.5)."""
    hammer, dragon, chief, glyph = data["hammer"], data["dragon"], data["chief"], data["chief_glyph"]
    if type(hammer) is not bool:
        raise ValueError("hammer is true or false")
    if dragon not in (0, 1, 2) or type(dragon) is not int:
        raise ValueError("the Dragon's score is 0 (none), 1 or 2")
    if type(chief) is not int or not 0 <= chief <= chief_most:
        raise ValueError(f"a Chief's Force is a whole number from 1 to {chief_most} (0: no Chief)")
    if glyph not in (*COLOURS, "none"):
        raise ValueError("a Chief's Glyph is one of the six colours")
    if (chief > 0) != (glyph != "none"):
        raise ValueError("a Chief has both a Force and a Glyph; a card without a Chief has neither")
    return InvasionCard(tuple(data["flux"]), hammer, dragon, chief, None if glyph == "none" else glyph)
