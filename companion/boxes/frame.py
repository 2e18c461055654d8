"""What one box screen shows: a small value, compared to decide whether to redraw."""

from __future__ import annotations

from dataclasses import dataclass

# The keys a box may have: the six every box has, then the direct keys some boxes add (a game gives them a
# meaning in its `BoxMenus.direct_keys`; Xidit: one order each).
KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "BLACK", "RED", "BLUE", "ACTION", "WAIT")


@dataclass(frozen=True)
class Frame:
    kind: str  # list, editor, grid, message, qr, blank (`drawing`), or a game's own (Xidit's program)
    title: str
    lines: tuple[str, ...] = ()
    cursor: int | None = None  # the highlighted line of a list or editor, the cell of a grid
    # A row of slots for a game's own painter (Xidit's program: the six orders, None for an empty slot).
    slots: tuple[str | None, ...] = ()
    slot: int = 0  # the slot under the cursor
    locked: bool = False
    proposal: bool = False  # the slots show a proposal not yet taken (Xidit: last year's program)
    taken: tuple[int, ...] = ()  # grid: the cells that cannot be chosen
    top: int = 0  # message: the first line shown (UP/DOWN scroll)
    footer: str = ""
    page: str = ""  # "1/3"-like marker when LEFT/RIGHT turn pages
    dim: bool = False
    black: str = "K"  # Xidit's program: the letter of a black road in the box's language (French: N, for noir)
