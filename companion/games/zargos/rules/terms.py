"""The numbers and names the rules text gives (its rule numbers in comments); nothing here is invented."""

from __future__ import annotations

from .errors import N_

# 1.2 and the peoples' names (8.1); the keys are the wire form, the labels the catalog's message ids.
PEOPLES: dict[str, str] = {
    "ailes": N_("The Winged"),
    "amazones": N_("The Amazons"),
    "araignees": N_("The Spiders"),
    "chevaliers": N_("The Knights"),
    "dragons": N_("The Dragons"),
    "moines": N_("The Monks"),
}
COLOURS = tuple(PEOPLES)  # six peoples, six colours: a seat is shown by its peoples
STRENGTH_LIMIT = 100  # 1.2: 40 small + 12 large tokens; Z-24 a people never has more on the board
BOATS = 15  # 1.4; Z-24
LARGE = 5  # 2.6: a large token is worth 5

# 2.5: strength per people by the number of players; at 2 players with three peoples each, 25.
ALLOTMENT = {6: 25, 5: 30, 4: 35, 3: 25, 2: 35}
ALLOTMENT_THREE_PEOPLES = 25

# 2.10: "10 minutes, not one more" to trade placement cards; Z-21: 3 minutes to trade magic cards (12.9).
TRADE_SECONDS = 600
MAGIC_TRADE_SECONDS = 180

# 1.6: the placement cards.
GREEN_REINFORCEMENTS = 10
BLUE_BOATS = 3

# 1.8: 37 province cards and 10 capital cards outside Zargos; 1.1: Zargos's own ten provinces.
PROVINCES = 47 + 10
PLACEMENT_CARDS = GREEN_REINFORCEMENTS + BLUE_BOATS + 47  # 1.6, 1.8: every placement card there is
PLAYERS_MOST = 6  # 2.1

# 1.5: the magic deck, by colour; the keys are the wire form, the labels the catalog's message ids.
RED: dict[str, tuple[str, int]] = {
    "vent_de_folie": (N_("Wind of Madness"), 4),
    "vent_de_glace": (N_("Wind of Ice"), 4),
    "vent_de_tempete": (N_("Wind of Storm"), 3),
    "vent_de_mort": (N_("Wind of Death"), 2),
    "vent_demoniaque": (N_("Demonic Wind"), 1),
    "typhon": (N_("Typhoon"), 1),
    "eclipse": (N_("Eclipse"), 1),
    "canicule": (N_("Heatwave"), 1),
    "inondations": (N_("Floods"), 1),
    "raz_de_maree": (N_("Tidal Wave"), 1),
    "tremblement_de_terre": (N_("Earthquake"), 1),
}
GREEN: dict[str, tuple[str, int]] = {
    "vent_de_guerre": (N_("Wind of War"), 11),
    "vent_de_terre": (N_("Wind of Earth"), 3),
    "vent_d_illusion": (N_("Wind of Illusion"), 2),
    "vent_de_brume": (N_("Wind of Mist"), 2),
    "vent_d_ailleurs": (N_("Wind of Elsewhere"), 2),
}
CARDS: dict[str, tuple[str, int]] = {**RED, **GREEN}
MAGIC_CARDS = sum(count for _, count in CARDS.values())  # 1.5: the whole magic deck
HAND_LIMIT = 3  # 12.2
MASTER_LIMIT = 5  # 9.9, 9.10, 12.2
MASTER_DRAW = 5  # 9.10 (Z-14: draws 5, then keeps 5)

# §6 and §9: dice.
DIE = 6
DEMON_DICE = {"forbidden_city": 4, "around": 3, "coastal": 2}  # 9.3
POINTS = {"province": 1, "capital": 2, "zargos": 3, "forbidden_city": 7}  # 10.1
TOKEN_COST = 2  # 13.2
BOAT_COST = 5  # 13.2


def dice_for(strength: int) -> int:
    """6.3: 1-3 → 1 die, 4-6 → 2 dice, 7 or more → 3 dice."""
    if strength <= 0:
        return 0
    return 1 if strength <= 3 else 2 if strength <= 6 else 3


# What the text does not give, and the bounds the engine uses until the table says more (PROVISIONAL).
SWORDS_MOST = 10  # 2.11: the swords on one reinforcement card are not given; the owner types 0..10 per card
VALUE_MOST = 30  # 10.2: the printed values are not given; the table types 1..30 the first time it is needed
