"""What one box screen shows: a small value, compared to decide whether to redraw."""

from __future__ import annotations

from dataclasses import dataclass

KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "BLACK", "RED", "BLUE", "ACTION", "WAIT")
DIRECT = {"BLACK": "black", "RED": "red", "BLUE": "blue", "ACTION": "action", "WAIT": "wait"}


@dataclass(frozen=True)
class Frame:
    kind: str  # program, list, editor, message, qr, blank
    title: str
    lines: tuple[str, ...] = ()
    cursor: int | None = None  # the highlighted line of a list or editor
    slots: tuple[str | None, ...] = ()  # program: the six orders (None: empty)
    slot: int = 0  # program: the slot under the cursor
    locked: bool = False
    footer: str = ""
    page: str = ""  # "1/3"-like marker when LEFT/RIGHT turn pages
    dim: bool = False
