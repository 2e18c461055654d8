"""What the rule texts state about the printed board (companion/games/xidit/boards/FACTS.md), by screen and field.

Only these values (and the answers the owner gave on other screens) are offered on the screens of a
provisional pack: everything else in such a pack is invented, and offering it would let the owner
certify it without looking. A fact about "a region" is tied to the screen whose region plays that part
(`roles`): the central one, the one bounded by cities 1, 2, 7 and 8.
"""

from __future__ import annotations

from typing import Any, Final

from companion.games.xidit.rules.board import Board

from ..schema import REGION_IDS

# F6: the roads the rulebook's examples show.
ROADS: Final = ((5, 12, "blue"), (7, 6, "red"), (6, 11, "blue"), (11, 17, "red"))
F5_CITIES: Final = (1, 2, 7, 8)
SNOWY_CITY: Final = 17  # F7: city 17 borders the central region and the snowy one

# Which part a region's screen plays, in the order the walk asks them.
ROLES: Final = ("region-1", "region-2", "bastion", "bounded", "snowy", "other")


def roles_of(board: Board) -> dict[int, str]:
    """Region id -> the part its screen plays. Regions 1 and 2 are named so in the rules (F3); the
    central one holds the Bastion (F4); F5 and F7 name two more by their cities. Which of the other ids
    a physical region gets carries no meaning, so those screens ask for "another region"."""
    roles = {region: "other" for region in REGION_IDS}
    roles[1], roles[2] = "region-1", "region-2"
    bastion = board.bastion()
    if bastion is not None and bastion not in (1, 2):
        roles[bastion] = "bastion"
    free = [r for r in sorted(REGION_IDS) if roles[r] == "other"]
    bounded = next((r for r in free if board.regions[r].cities == frozenset(F5_CITIES)), None)
    if bounded is not None:
        roles[bounded] = "bounded"
        free.remove(bounded)
    snowy = [r for r in free if SNOWY_CITY in board.regions[r].cities]
    if snowy:
        roles[snowy[0]] = "snowy"
    return roles


def known(key: str, roles: dict[int, str], sizes: dict[int, int]) -> dict[str, Any]:
    """The fields of screen `key` that a fact states; `sizes` is each colossus screen's size (F13)."""
    kind, _, rest = key.partition(":")
    if kind == "city":
        city = int(rest)
        found: dict[str, Any] = {}
        for a, b, colour in ROADS:
            if city in (a, b):
                found[colour] = b if city == a else a
        return found
    if kind == "region":
        role = roles.get(int(rest))
        if role == "bastion":
            return {"fame": [6, 4]}  # F4
        if role == "bounded":
            return {"cities": list(F5_CITIES), "fame": [3, 1]}  # F5
        return {}
    if kind == "tile":
        tile_set, number = rest.split(":")
        if tile_set == "4-5" and number == "6":
            return {"recruit": ["militia", "archer", "archer", "infantry", "mage"]}  # F9
        if number == "17":
            return {"needs": ["militia", "archer", "priest"]}  # F8, in both sets as FACTS.md holds it
        return {}
    if kind == "colossus":
        return {"needs": sizes[int(rest)]}  # F13: two of each size; the pack's order of stacks
    return {}
