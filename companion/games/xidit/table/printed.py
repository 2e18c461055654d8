"""Pieces named by what is printed on them, so a person finds them on the table without the pack's ids:
a colossus by its strength and rewards, a region by its printed name or its fame values and the cities
around it, counts grouped ("3 militia + 1 infantry"), piles in the order hands stack them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import UNITS
from companion.i18n import N_, NP_, Joined, Text

UNIT_COUNTS = {
    "militia": NP_("{n} militia", "{n} militia"),
    "archer": NP_("{n} archer", "{n} archers"),
    "infantry": NP_("{n} infantry", "{n} infantry"),
    "priest": NP_("{n} priest", "{n} priests"),
    "mage": NP_("{n} mage", "{n} mages"),
}
# The census asks about one kind of unit, named in the plural: a sentence a unit, since "militia" and
# "infantry" have no other form in English and the French plural is the translator's.
REVEAL_HOW_MANY = {
    "militia": N_("Reveal how many militia? (0 to {max})"),
    "archer": N_("Reveal how many archers? (0 to {max})"),
    "infantry": N_("Reveal how many infantry? (0 to {max})"),
    "priest": N_("Reveal how many priests? (0 to {max})"),
    "mage": N_("Reveal how many mages? (0 to {max})"),
}
CHOOSES_HOW_MANY = {
    "militia": N_("{player} chooses how many militia to reveal at the census"),
    "archer": N_("{player} chooses how many archers to reveal at the census"),
    "infantry": N_("{player} chooses how many infantry to reveal at the census"),
    "priest": N_("{player} chooses how many priests to reveal at the census"),
    "mage": N_("{player} chooses how many mages to reveal at the census"),
}
GOLD = NP_("{n} gold", "{n} gold")
BARDS = NP_("{n} bard", "{n} bards")
FLOORS = NP_("{n} floor", "{n} floors")


def units(given: Iterable[str] | Iterable[tuple[str, int]]) -> Joined:
    """Units counted by type, weakest first: "3 militia + 1 infantry"."""
    counts: Counter[str] = Counter()
    for item in given:
        if isinstance(item, tuple):
            counts[item[0]] += item[1]
        else:
            counts[item] += 1
    return Joined(tuple(Text(UNIT_COUNTS[u], {"n": counts[u]}) for u in UNITS if counts[u]), " + ")


def rewards(gold: int, bards: int, floors: int) -> Joined:
    return Joined(tuple(Text(m, {"n": n}) for m, n in ((GOLD, gold), (BARDS, bards), (FLOORS, floors)) if n))


def colossus(board: Board, index: int) -> Text | Joined:
    """A colossus by what is printed on it: "the 3-colossus giving 2 gold, 2 bards, 2 floors"."""
    tile = board.colossi[index]
    if tile.label:
        return Joined((tile.label,))  # printed on the board: shown as it is
    return Text(N_("the {needs}-colossus giving {rewards}"),
                {"needs": tile.needs, "rewards": rewards(tile.gold, tile.bards, tile.guild)})


def region(board: Board, region_id: int) -> Text | Joined:
    """A region by its printed name, else the Bastion, else its fame values and the cities around it."""
    shown = board.regions[region_id]
    if shown.label:
        return Joined((shown.label,))  # printed on the board: shown as it is
    if shown.bastion:
        return Text(N_("the Bastion"))
    return Text(N_("the region ★{high}/{low} by cities {cities}"),
                {"high": shown.fame[0], "low": shown.fame[1], "cities": Joined(tuple(sorted(shown.cities)))})


def stack(tiles_top_first: Iterable[int | None]) -> Text:
    """A pile as hands build it: "Stack, bottom first: 3, 13, 9, 8 (8 on top)". A tile nobody has seen (a
    game set up from what lies face up) is one of the pile's hidden tiles."""
    bottom_first = [Text(N_("a hidden tile")) if t is None else t for t in tiles_top_first][::-1]
    if not bottom_first:
        return Text(N_("empty"))
    return Text(N_("stack, bottom first: {tiles} ({top} on top)"),
                {"tiles": Joined(tuple(bottom_first)), "top": bottom_first[-1]})
