"""The shortest key sequence that enters a wanted program on a box, from where the box stands (the other
decisions' sequences are their editors' `keys`, in `editors`).

The key-level virtual players press these, and the benchmark counts them: the figures are what a player
who knows the box well needs. Held keys are never needed: every sequence is of plain presses.
"""

from __future__ import annotations

from companion.boxes.sequences import cycle

from ..rules.terms import ORDERS, PROGRAM_LENGTH
from .entry import DIRECT_KEYS, ENTRY_KEYS
from .programming import ProgramEditor


def program(editor: ProgramEditor, draft: tuple[str | None, ...], orders: tuple[str, ...],
            six_keys: bool) -> list[str]:
    """Enter `orders` and lock them, from the box's program screen."""
    if editor.proposing(draft):
        assert editor.proposal is not None
        fresh = ["BACK"] + _entry(orders, six_keys) + ["OK"]
        return min(_edit(editor.proposal, orders, six_keys), fresh, key=len)
    if not any(draft) and editor.slot == 0:
        return _entry(orders, six_keys) + ["OK"]
    return _over(editor.slot, draft, orders, six_keys)


def _entry(orders: tuple[str, ...], six_keys: bool) -> list[str]:
    keys = ENTRY_KEYS if six_keys else DIRECT_KEYS
    return [keys[order] for order in orders]


def _edit(proposal: tuple[str | None, ...], orders: tuple[str, ...], six_keys: bool) -> list[str]:
    """From the proposal, cursor on the first slot: change what differs, left to right."""
    differ = [i for i in range(PROGRAM_LENGTH) if proposal[i] != orders[i]]
    if not differ:
        return ["OK"]
    last = differ[-1]
    if not six_keys:
        return [DIRECT_KEYS[order] for order in orders[:last + 1]] + ["OK"]
    keys: list[str] = []
    adopted = False  # the first change takes the proposal: from then on BACK clears one slot
    for i in range(last + 1):
        if i in differ:
            turn = cycle(len(ORDERS), ORDERS.index(str(proposal[i])), ORDERS.index(orders[i]))
            if adopted and i < last and len(turn) + 1 > 2:
                keys += ["BACK", ENTRY_KEYS[orders[i]]]  # cleared, then entered: the cursor moves on
                continue
            keys += turn
            adopted = True
        if i < last:
            keys.append("RIGHT")
    return keys + ["OK"]


def _over(slot: int, draft: tuple[str | None, ...], orders: tuple[str, ...], six_keys: bool) -> list[str]:
    """From a program already begun: back to the first slot, then each slot cleared and entered."""
    keys: list[str] = []
    shown = list(draft)
    while slot > 0:
        if shown[slot] is None:
            slot -= 1
            shown[slot] = None
            keys.append("BACK")
        else:
            slot -= 1
            keys.append("LEFT")
    for i, order in enumerate(orders):
        if shown[i] is not None:
            keys.append("BACK")
        keys += _entry((order,), six_keys)
    return keys + ["OK"]
