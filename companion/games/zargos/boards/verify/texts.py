"""What each screen says: its prompt (naming what to look at on the board), a hint, and its fields' names."""

from __future__ import annotations

from typing import Final

from companion.i18n import N_, translate

from .screens import Screen

PROMPTS: Final = {
    "kingdom": N_("Kingdom {n} of 10: its name, its provinces, the one with the capital, the value printed there"),
    "zargos": N_("Zargos: la Cité Interdite, the three provinces around it, the six on its coast"),
    "seas": N_("The sea spaces: their names, and the lake between KORI and LUDOS"),
    "province": N_("{name}: the provinces it borders by land, the sea spaces it touches"),
    "sea": N_("The sea space {name}: the sea spaces next to it"),
    "count": N_("Counts on the board: the cross-check"),
}
HINTS: Final = {
    "kingdom": N_("Start with KORI and LUDOS, then the kingdoms around the board in turn. Names as printed, "
                  "separated by commas; the value: the number on the capital, or unknown."),
    "zargos": N_("The centre of the board. Names separated by commas."),
    "seas": N_("Every sea space of the board, separated by commas; then the lake's name."),
    "province": N_("Follow its edge round: every province across a land border; then every sea space or the "
                   "lake its coast touches (none for an inland province)."),
    "sea": N_("The sea spaces a boat goes to from it in one step (none if it has no neighbour)."),
    "count": N_("Count on the board itself, not on your answers: a difference points to the screens to look "
                "at again."),
}
FIELD_NAMES: Final = {
    ("kingdom", "name"): N_("Kingdom's name"), ("kingdom", "provinces"): N_("Its provinces"),
    ("kingdom", "capital"): N_("The province with the capital"),
    ("kingdom", "value"): N_("The value printed on the capital"),
    ("zargos", "forbidden_city"): N_("The Forbidden City"), ("zargos", "around"): N_("The three around it"),
    ("zargos", "coastal"): N_("The six on the coast"),
    ("seas", "seas"): N_("Sea spaces"), ("seas", "lake"): N_("The lake"),
    ("province", "borders"): N_("Land borders"), ("province", "seas"): N_("Sea spaces and lake touched"),
    ("sea", "links"): N_("Sea spaces next to it"),
    ("count", "coastal"): N_("Provinces touching a sea space or the lake"),
    ("count", "lake"): N_("Provinces touching the lake"),
}


def prompt(screen: Screen, language: str) -> str:
    return translate(language, PROMPTS[screen.kind], {"n": screen.index, "name": screen.name})


def hint(screen: Screen, language: str) -> str:
    return translate(language, HINTS[screen.kind])


def field_name(screen: Screen, name: str, language: str) -> str:
    return translate(language, FIELD_NAMES[(screen.kind, name)])
