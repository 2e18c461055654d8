"""The pen that frames are drawn with: text placed in the room it has, each line that does not fit noted.

The framework's painters (`drawing`) and a game's own (its `BoxMenus.painters`) draw with it, so that the
test that plays whole games can list every line the glass would cut, whoever drew it.
"""

from __future__ import annotations

from PIL import ImageDraw

from .font import LINE
from .frame import Frame
from .glass import HEIGHT, WIDTH
from .text import text, width, wrap

FOOTER_ROOM = WIDTH - 3


class Pen:
    """Draws text, noting each line that does not fit its room."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw
        self.overflows: list[str] = []

    def text(self, xy: tuple[int, int], line: str, room: int, fill: int = 1) -> None:
        if width(line) > room:
            self.overflows.append(line)
        text(self.draw, xy, line, fill=fill, room=room)


def footer(pen: Pen, frame: Frame, most: int = 1) -> None:
    """The footer on the last row, or on the last two when it needs them (a list then shows fewer rows)."""
    if not frame.footer:
        return
    lines = wrap((frame.footer,), FOOTER_ROOM) if most > 1 else (frame.footer,)
    pen.overflows.extend(lines[most:])
    lines = lines[:most]
    for row, line in enumerate(lines):
        pen.text((2, HEIGHT - LINE * (len(lines) - row) - 1), line, FOOTER_ROOM)


def footer_rows(frame: Frame) -> int:
    return len(wrap((frame.footer,), FOOTER_ROOM)) if frame.footer else 0
