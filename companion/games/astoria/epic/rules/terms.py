"""The Epic's words the engine counts with: domains, objectives, factions, roles and the counts of E2 and E4."""

from __future__ import annotations

from companion.core.errors import N_

from ...common.rules.gems import COLOURS, PER_COLOUR

__all__ = ["COLOURS", "PER_COLOUR"]

# each colour is a domain of magic; a Character's domain is its colour's.
RED, BLUE, YELLOW, GREEN, VIOLET, ORANGE = COLOURS
DOMAIN = {RED: N_("Fire"), BLUE: N_("Cobalt"), YELLOW: N_("Sulphur"), GREEN: N_("Nature"), VIOLET: N_("Shadow"),
          ORANGE: N_("Solar")}

# E1.3: the Objective cards. "save" is « Sauver le Roi »; the three others each name a faction (E3.2).
SAVE, DRAGON, BARBARIANS, POPULACE = "save", "dragon", "barbarians", "populace"
FACTIONS = (DRAGON, BARBARIANS, POPULACE)
OBJECTIVE_WORDS = {SAVE: N_("Save the King"), DRAGON: N_("Victory of the Dragon"),
                   BARBARIANS: N_("Victory of the Barbarians"), POPULACE: N_("Victory of the Populace")}
FACTION_WORDS = {DRAGON: N_("the Dragon"), BARBARIANS: N_("the Barbarian Hordes"), POPULACE: N_("the Populace")}
ALL_OBJECTIVES = (SAVE, SAVE, SAVE, DRAGON, BARBARIANS, POPULACE)  # E1.3: 6 cards


def objective_cards(players: int) -> tuple[str, ...]:
    """The cards shuffled for dealing (A-43, A-57): all six at 4 to 6 players; at 3 one « Sauver le Roi » and
    « Victoire des Barbares » are removed (E2.2, E12.1); at 2 only one « Sauver le Roi », the Dragon's and the
    Populace's (E13.1)."""
    if players == 2:
        return (SAVE, DRAGON, POPULACE)
    if players == 3:
        return (SAVE, SAVE, DRAGON, POPULACE)
    return ALL_OBJECTIVES


# E4.3 (E13.5: at 2 players each block of 4 is a turn of its own, A-50).
ACTIONS = {2: 4, 3: 5, 4: 4, 5: 3, 6: 3}
# E2.8: the three Discovery piles' size.
PILE_SIZE = {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}
HAND_LIMIT = 5
STOCK = 9  # E2.4: nine gems in the Stock, the tenth the Power marker
GUARD_POWER = 5  # E6.13
GUARD_FORCE = 5  # E6.13, E9.3
GRIMOIRE_POWER = 5  # E6.8
GRIMOIRE_GLYPHS = 6  # E1.4
OBJECTIVE_POINTS = 20  # E3.1, E3.3
CHIEF_POINTS = 5  # E3.5, E8.5

# E14.1: the variant's roles.
GRAND_ALCHEMIST, PREPARER, SABOTEUR = "grand_alchemist", "preparer", "saboteur"
ROLES = (GRAND_ALCHEMIST, PREPARER, SABOTEUR)
ROLE_WORDS = {GRAND_ALCHEMIST: N_("Grand Alchemist"), PREPARER: N_("Preparer"), SABOTEUR: N_("Saboteur")}
