"""Which key enters which order of a program: the direct keys on any slot, the six keys on an empty one."""

from __future__ import annotations

#: The direct keys of a box that has them: one key per order, on any slot.
DIRECT = {"BLACK": "black", "RED": "red", "BLUE": "blue", "ACTION": "action", "WAIT": "wait"}
#: On an empty slot, the six keys but BACK enter an order too (the screen's legend, `icons.LEGEND`).
ENTRY = {"UP": "black", "LEFT": "red", "RIGHT": "blue", "OK": "action", "DOWN": "wait"}
#: Their inverses: the key that enters an order (the key-level players and the bench press them).
DIRECT_KEYS = {order: key for key, order in DIRECT.items()}
ENTRY_KEYS = {order: key for key, order in ENTRY.items()}
