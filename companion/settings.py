"""Words a config file may use whose meaning lives in a layer the config does not import: the table's
paces, a box's key names. One place, so that the config checks against what the table and the boxes use."""

from __future__ import annotations

from typing import Final

from hardware.events import Key

# How far the table waits for the people at it: "decisions" pauses only for decisions; "orders" also until
# the table has carried out each physical instruction.
PACES: Final = ("decisions", "orders")
# Every key of a button box, as `[player.pins]` names them: six to move through menus, then the optional
# direct keys whose meaning the game gives (Xidit's direct orders).
BOX_KEYS: Final = tuple(key.value for key in Key)
