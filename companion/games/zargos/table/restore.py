"""How the pieces go back after a rollback: from the referee's view before to the referee's view after,
each province's tokens, each people's boats and kingdom cards, the rank tokens; piece first, as the steps."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, NP_
from companion.table.instructions import Instruction

from ..rules import Board
from .words import kingdom, people, province, tokens


def restore_instructions(before: dict[str, Any], after: dict[str, Any], board: Board) -> list[Instruction]:
    out: list[Instruction] = []
    was, now = before.get("provinces", {}), after.get("provinces", {})
    for key in sorted(set(was) | set(now)):
        old, new = was.get(key), now.get(key)
        if old == new:
            continue
        where = province(board, key)
        if new is None:
            out.append(Instruction(N_("Take every token off {province}: it is empty."), {"province": where}))
        else:
            out.append(Instruction(N_("{province}: leave {tokens} of {people} there, nothing else."),
                                   {"province": where, "tokens": tokens(new["strength"]),
                                    "people": people(new["people"])}))
    old_peoples, new_peoples = before.get("peoples", {}), after.get("peoples", {})
    for key in sorted(set(old_peoples) | set(new_peoples)):
        old, new = old_peoples.get(key, {}), new_peoples.get(key)
        if new is None:
            out.append(Instruction(N_("{people}: put its sheet and tokens back in the box."), {"people": people(key)}))
            continue
        if old.get("boats", 0) != new["boats"]:
            out.append(Instruction(NP_("{people}: keep {n} boat in front of you.", "{people}: keep {n} boats in front "
                                       "of you."), {"people": people(key), "n": new["boats"]}))
        for lost in sorted(set(old.get("kingdom_cards", [])) - set(new["kingdom_cards"])):
            out.append(Instruction(N_("{people}: return the kingdom card {kingdom} → the supply."),
                                   {"people": people(key), "kingdom": kingdom(board, lost)}))
        for won in sorted(set(new["kingdom_cards"]) - set(old.get("kingdom_cards", []))):
            out.append(Instruction(N_("Hand the kingdom card {kingdom} from the supply → {people}."),
                                   {"people": people(key), "kingdom": kingdom(board, won)}))
    old_ranks, new_ranks = before.get("ranks", {}), after.get("ranks", {})
    for key in sorted(set(old_ranks) | set(new_ranks)):  # 10.6, Z-17: only the markers that change
        old, new = old_ranks.get(key), new_ranks.get(key)
        params = {"people": people(key), "old": old, "rank": new}
        if old == new:
            continue
        if new is None:
            out.append(Instruction(N_("{people}: take your rank token off circle {old} → your supply."), params))
        elif old is None:
            out.append(Instruction(N_("{people}: take 1 small token from your supply → circle {rank}: it marks your "
                                      "rank and never counts as strength."), params))
        else:
            out.append(Instruction(N_("{people}: move your rank token from circle {old} → circle {rank}."), params))
    return out
