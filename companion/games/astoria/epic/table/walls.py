"""The Defence of the Walls told step by step (E10, in the order of A-42), from the public view before and
after the move that ended the round's last turn: the siege, the City holding or falling, the King's illness,
the Chiefs' spells to parry; what their answers and the straightening move then follows as their moves'
lines. Everything here is on the board for all to see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_
from companion.table.instructions import Instruction

# The tracks these lines say themselves (the generic lines of changes.py leave them out).
TOLD = ("populace", "barbarians", "health")


def lines(before: Mapping[str, Any], after: Mapping[str, Any], players: int) -> list[Instruction]:
    tb, ta = before["tracks"], after["tracks"]
    found = [Instruction(N_("Siege of the City: the Populace's Force rises by its Unrest, from {p0} to {p1}; the "
                            "Barbarian Force by their Reinforcements, from {b0} to {b1}."),
                         {"p0": tb["populace"], "p1": ta["populace"], "b0": tb["barbarians"], "b1": ta["barbarians"]})]
    end = after.get("end") or {}
    if end.get("how") in ("city", "chaos"):
        return found  # the City fell: the end says who won
    health = tb["health"]
    if players > 2 and not before["traitor_found"]:
        found.append(Instruction(N_("The King's illness: move his Health from {was} to {now}."),
                                 {"was": health, "now": health - 1}))
        health -= 1
    elif players > 2:
        found.append(Instruction(N_("A traitor has been discovered: the King's illness spares him this round."),
                                 physical=False))
    if after["chiefs"]:
        found.append(Instruction(N_("Each active Barbarian Chief casts his spell, the last laid first: a mage may "
                                    "parry it by tilting a card of the Chief's Glyph."), physical=False))
    if ta["health"] != health:  # spells nobody could parry
        found.append(Instruction(N_("No mage can parry: move the King's Health from {was} to {now}."),
                                 {"was": health, "now": ta["health"]}))
    return found
