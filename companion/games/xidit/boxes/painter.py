"""The program frame drawn on the glass: six slots, the proposal dotted, the key legend under an empty slot."""

from __future__ import annotations

from companion.boxes.font import LINE
from companion.boxes.frame import Frame
from companion.boxes.glass import WIDTH
from companion.boxes.pen import Pen, footer
from companion.boxes.text import wrap

from .icons import key_legend, order_icon

PROGRAM_ROWS = 2  # rows of text under the program's slots


def paint_program(pen: Pen, frame: Frame) -> None:
    """Six slots under the title, then two rows for the preview or a notice (wrapped) and the footer."""
    draw = pen.draw
    top, wide, high, gap = LINE + 1, 19, 14, 2
    left = (WIDTH - 6 * wide - 5 * gap) // 2
    for i, order in enumerate(frame.slots):
        x0 = left + i * (wide + gap)
        box = (x0, top, x0 + wide - 1, top + high - 1)
        order_icon(draw, order, box, frame.black)
        if i == frame.slot and not frame.locked:
            draw.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), outline=1)
    if frame.proposal:  # last year's program, not yet taken: a dotted line under it says so
        for x in range(left, WIDTH - left, 3):
            draw.point((x, top + high + 1), fill=1)
    if frame.locked:
        draw.rectangle((0, top + high + 1, WIDTH - 1, top + high + 1), fill=1)
    y = top + high + 2
    entering = not frame.locked and not frame.proposal and frame.slots and frame.slots[frame.slot] is None
    if entering and not any(frame.lines):
        key_legend(draw, y, frame.black)
    rows = wrap(tuple(line for line in frame.lines if line), WIDTH - 4)
    for row, line in enumerate(rows):
        if row < PROGRAM_ROWS:
            pen.text((2, y - 2 + row * LINE), line, WIDTH - 4)
        else:
            pen.overflows.append(line)  # a third row has no room
    footer(pen, frame)
