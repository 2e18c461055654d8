"""What one box screen shows: a small value, compared to decide whether to redraw."""

from __future__ import annotations

from dataclasses import dataclass

KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "BLACK", "RED", "BLUE", "ACTION", "WAIT")
DIRECT = {"BLACK": "black", "RED": "red", "BLUE": "blue", "ACTION": "action", "WAIT": "wait"}


@dataclass(frozen=True)
class Frame:
    kind: str  # program, list, editor, grid, message, qr, blank
    title: str
    lines: tuple[str, ...] = ()
    cursor: int | None = None  # the highlighted line of a list or editor, the cell of a grid
    slots: tuple[str | None, ...] = ()  # program: the six orders (None: empty)
    slot: int = 0  # program: the slot under the cursor
    locked: bool = False
    proposal: bool = False  # program: the slots show last year's program, not yet taken
    taken: tuple[int, ...] = ()  # grid: the cells that cannot be chosen
    top: int = 0  # message: the first line shown (UP/DOWN scroll)
    footer: str = ""
    page: str = ""  # "1/3"-like marker when LEFT/RIGHT turn pages
    dim: bool = False
    black: str = "K"  # program: the letter of a black road in the box's language (French: N, for noir)
