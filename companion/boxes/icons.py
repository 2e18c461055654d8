"""The orders of a program as small pictures on the glass."""

from __future__ import annotations

from PIL import ImageDraw

from .font import font

LETTERS = {"black": "K", "red": "R", "blue": "B"}


def order_icon(draw: ImageDraw.ImageDraw, order: str | None, box: tuple[int, int, int, int]) -> None:
    """An order drawn by shape, never by colour alone: roads are a solid, dashed or dotted bar with
    their letter; an action is a diamond; a wait is a cross; an empty slot is a small dot."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    if order in LETTERS:
        draw.text((cx - 3, y0 - 2), LETTERS[order], font=font(), fill=1)
        bar = y1 - 4
        if order == "black":
            draw.rectangle((x0 + 2, bar - 1, x1 - 2, bar + 1), fill=1)
        elif order == "red":
            for x in range(x0 + 1, x1 - 2, 7):
                draw.rectangle((x, bar - 1, min(x + 4, x1 - 1), bar + 1), fill=1)
        else:
            for x in range(x0 + 2, x1 - 1, 3):
                draw.point((x, bar), fill=1)
                draw.point((x, bar + 1), fill=1)
    elif order == "action":
        r = 6
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=1)
    elif order == "wait":
        r = 5
        draw.line((cx - r, cy - r, cx + r, cy + r), fill=1, width=2)
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=1, width=2)
    else:
        draw.rectangle((cx - 1, cy - 1, cx + 1, cy + 1), fill=1)
