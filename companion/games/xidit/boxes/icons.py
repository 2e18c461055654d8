"""The orders of a program as small pictures on the glass."""

from __future__ import annotations

from PIL import ImageDraw

from companion.boxes.text import letters, width

from ..pieces import ROAD_LETTERS as LETTERS


def order_icon(draw: ImageDraw.ImageDraw, order: str | None, box: tuple[int, int, int, int], black: str = "K") -> None:
    """An order drawn by shape, never by colour alone: roads are a solid, dashed or dotted bar with
    their letter (`black`: the black road's, in the box's language); an action is a diamond; a wait is a
    cross; an empty slot is a small dot."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    if order in LETTERS:
        letters(draw, (cx - 3, y0 - 2), black if order == "black" else LETTERS[order])
        bar = y1 - 3
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


#: Which key enters which order on an empty slot (see `entry.ENTRY`), in the legend's order.
LEGEND = (("UP", "black"), ("LEFT", "red"), ("RIGHT", "blue"), ("OK", "action"), ("DOWN", "wait"))


def _key(draw: ImageDraw.ImageDraw, key: str, x: int, cy: int) -> int:
    """A key's sign (a small arrow, or OK) from `x`; returns where the sign ends."""
    if key == "OK":
        letters(draw, (x, cy - 8), "OK")
        return x + int(width("OK"))
    a = 3
    cx = x + a
    shape = {"UP": [(cx - a, cy + 2), (cx + a, cy + 2), (cx, cy - a)],
             "DOWN": [(cx - a, cy - 2), (cx + a, cy - 2), (cx, cy + a)],
             "LEFT": [(cx + 2, cy - a), (cx + 2, cy + a), (cx - a, cy)],
             "RIGHT": [(cx - 2, cy - a), (cx - 2, cy + a), (cx + a, cy)]}[key]
    draw.polygon(shape, fill=1)
    return x + 2 * a + 1


def key_legend(draw: ImageDraw.ImageDraw, top: int, black: str = "K") -> None:
    """Under an empty slot: each key's sign beside the order it enters, in one row 16 pixels high."""
    wide, high, gap = 14, 16, 2
    x = 1
    for key, order in LEGEND:
        end = _key(draw, key, x, top + high // 2)
        order_icon(draw, order, (end + 1, top, end + wide, top + high - 1), black)
        x = end + wide + gap + 1
