"""What each screen says: its section's title, its prompt (naming what to look at the way it is printed),
a hint, and the name of each of its fields; and how a region or colossus is named elsewhere (in a
conflict or a summary), by what is printed on it."""

from __future__ import annotations

from typing import Any, Final

from companion.i18n import N_, NP_, Joined, Text, translate

from ..schema import RECRUIT_LENGTH
from .render import Kept
from .screens import Screen

SECTION_TITLES: Final = {
    "roads": N_("Roads, city by city"),
    "regions": N_("Regions"),
    "tiles-4-5": N_("Tiles of the 4-5-player set"),
    "colossi": N_("Colossi"),
    "tiles-3": N_("Tiles of the 3-player set (before the first 3-player game)"),
}
REGION_PROMPTS: Final = {
    "region-1": N_("Region 1 (left out in 3-player and short games): its border cities and its two fame values"),
    "region-2": N_("Region 2 (left out in 3-player and short games): its border cities and its two fame values"),
    "bastion": N_("The central region, with the Bastion: its border cities and its two fame values"),
    "bounded": N_("The region bounded by cities 1, 2, 7 and 8: its border cities and its two fame values"),
    "snowy": N_("The snowy region, beside city 17: its border cities and its two fame values"),
    "other": N_("Another region, one you have not entered yet: its border cities and its two fame values"),
}
COUNT_PROMPTS: Final = {
    "roads": N_("Count the roads on the board: how many black, red and blue ones?"),
    "regions": N_("Add up the fame values of the nine regions: all the high values, then all the low ones."),
    "tiles-4-5": N_("Turn the 21 tiles of the 4-5-player set to their recruitment side: how many units of each "
                    "kind in all?"),
    "tiles-3": N_("Turn the 18 tiles of the 3-player set to their recruitment side: how many units of each kind "
                  "in all?"),
    "colossi": N_("Add up the rewards of the six colossi: all the gold, all the bards, all the guild floors."),
}
PROMPTS: Final = {
    "city": N_("City {city}: where do its roads lead?"),
    "tile": N_("Tile {number} of the {players}-player set: both sides"),
}
HINTS: Final = {
    "city": N_("Follow each road that leaves city {city} to the next city; none where no road of that colour "
               "leaves it."),
    "region": N_("Tap every city on the roads around the region, then the two numbers printed in it."),
    "tile": N_("Recruitment side: the units on a plain background. Threat side: the units it needs and the "
               "three rewards under it."),
    "colossus": N_("The units it needs are on its back; its rewards on its face."),
    "count": N_("Count on the material itself, not on your answers: a difference points to the screens to look "
                "at again."),
}
FIELD_NAMES: Final = {
    "black": N_("Black road"), "red": N_("Red road"), "blue": N_("Blue road"),
    "cities": N_("Border cities"), "fame": N_("Fame (high, low)"),
    "recruit": N_("Recruitment side"), "needs": N_("Threat: units needed"), "rewards": N_("Threat: rewards"),
}
COUNT_NAMES: Final = {
    "black": N_("Black roads"), "red": N_("Red roads"), "blue": N_("Blue roads"),
    "high": N_("High values"), "low": N_("Low values"),
    "militia": N_("Militia"), "archer": N_("Archers"), "infantry": N_("Infantry"), "priest": N_("Priests"),
    "mage": N_("Mages"), "gold": N_("Gold"), "bards": N_("Bards"), "guild": N_("Guild floors"),
}
COLOSSUS_NEEDS_NAME: Final = N_("Units needed")


def title(screen: Screen, language: str) -> str:
    return translate(language, SECTION_TITLES[screen.section])


def prompt(screen: Screen, kept: Kept, language: str) -> str:
    if screen.kind == "city":
        return translate(language, PROMPTS["city"], {"city": screen.city})
    if screen.kind == "tile":
        return translate(language, PROMPTS["tile"], {"number": screen.city, "players": screen.set})
    if screen.kind == "region":
        slot = screen.region or 1
        region = kept.region_of(slot)
        if region in kept.labels.regions:
            return translate(language, N_("{label}: its border cities and its two fame values"),
                             {"label": kept.labels.regions[region]})
        return translate(language, REGION_PROMPTS[kept.roles.get(slot, "other")])
    if screen.kind == "colossus":
        index = screen.index or 0
        if index in kept.labels.colossi:
            return translate(language, N_("{label}: what it needs and gives"), {"label": kept.labels.colossi[index]})
        size = kept.sizes.get(index, 0)
        nth = sum(1 for i, n in kept.sizes.items() if n == size and i <= index)
        first = N_("One of the two colossi needing {needs} units (the first you pick up): what it gives")
        message = first if nth == 1 else N_("The other colossus needing {needs} units: what it gives")
        return translate(language, message, {"needs": size})
    return translate(language, COUNT_PROMPTS[screen.section])


def hint(screen: Screen, language: str) -> str:
    return translate(language, HINTS[screen.kind], {"city": screen.city})


def field_name(screen: Screen, name: str, language: str) -> str:
    if screen.kind == "count":
        return translate(language, COUNT_NAMES[name])
    if screen.kind == "colossus":
        return translate(language, COLOSSUS_NEEDS_NAME if name == "needs" else N_("Rewards"))
    if screen.kind == "tile" and name == "recruit":
        return translate(language, N_("Recruitment side ({n} units)"), {"n": RECRUIT_LENGTH[screen.set or ""]})
    return translate(language, FIELD_NAMES[name])


def region_name(cities: list[int], fame: list[int], language: str) -> str:
    """A region as the owner finds it on the board: by its border cities and fame values."""
    return translate(language, N_("the region of cities {cities} (fame {high} / {low})"),
                     {"cities": ", ".join(str(c) for c in cities), "high": fame[0], "low": fame[1]})


def colossus_name(answer: dict[str, Any], language: str) -> str:
    """A colossus as printed on it: ``the 3-colossus giving 2 gold, 2 bards, 2 floors``."""
    gold, bards, guild = answer["rewards"]
    rewards = Joined((Text(NP_("{n} gold", "{n} gold"), {"n": gold}), Text(NP_("{n} bard", "{n} bards"), {"n": bards}),
                      Text(NP_("{n} floor", "{n} floors"), {"n": guild})))
    return translate(language, N_("the {needs}-colossus giving {rewards}"),
                     {"needs": answer["needs"], "rewards": rewards})
