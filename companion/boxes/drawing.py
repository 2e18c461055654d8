"""A `Frame` drawn as the box's screen shows it: a 128x64 one-bit picture, pure Pillow.

The OLED screens (`hardware.screens`), the serial boxes and the phone page all show this picture.
Every line of text is placed with the room it has; `overflows` lists the lines that would not fit (and
would be cut with an ellipsis), for the test that plays whole games and looks at every screen.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .font import LINE, font
from .frame import Frame
from .glass import HEIGHT, WIDTH
from .icons import key_legend, order_icon
from .qr import draw_qr
from .text import MARGIN, TEXT_ROOM, TEXT_ROWS, text, width, wrap

GRID_COLUMNS, CELL = 7, 18
PROGRAM_ROWS = 2  # rows of text under the program's slots
FOOTER_ROOM = WIDTH - 3


class _Pen:
    """Draws text, noting each line that does not fit its room."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw
        self.overflows: list[str] = []

    def text(self, xy: tuple[int, int], line: str, room: int, fill: int = 1) -> None:
        if width(line) > room:
            self.overflows.append(line)
        text(self.draw, xy, line, fill=fill, room=room)


def _title(pen: _Pen, frame: Frame) -> None:
    draw = pen.draw
    draw.rectangle((0, 0, WIDTH - 1, LINE - 1), fill=1)
    room = WIDTH - 4
    if frame.page:
        marker = int(width(frame.page))
        room = WIDTH - marker - 9
        draw.text((WIDTH - marker - 2, -2), frame.page, font=font(), fill=0)
    pen.text((2, -2), frame.title, room, fill=0)


def _footer(pen: _Pen, frame: Frame, most: int = 1) -> None:
    """The footer on the last row, or on the last two when it needs them (a list then shows fewer rows)."""
    if not frame.footer:
        return
    lines = wrap((frame.footer,), FOOTER_ROOM) if most > 1 else (frame.footer,)
    pen.overflows.extend(lines[most:])
    lines = lines[:most]
    for row, line in enumerate(lines):
        pen.text((2, HEIGHT - LINE * (len(lines) - row) - 1), line, FOOTER_ROOM)


def _footer_rows(frame: Frame) -> int:
    return len(wrap((frame.footer,), FOOTER_ROOM)) if frame.footer else 0


def _program(pen: _Pen, frame: Frame) -> None:
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
    _footer(pen, frame)


def _rows(pen: _Pen, frame: Frame, rows: int) -> None:
    draw = pen.draw
    cursor = frame.cursor if frame.cursor is not None else -1
    if cursor >= 0:
        first = max(0, min(cursor - rows + 1, len(frame.lines) - rows))
        first = max(0, min(first, cursor))
    else:
        first = max(0, min(frame.top, len(frame.lines) - rows))
    room = TEXT_ROOM
    for row, line in enumerate(frame.lines[first:first + rows]):
        y = LINE + row * LINE
        if first + row == cursor:
            draw.rectangle((0, y, WIDTH - 1, y + LINE - 1), fill=1)
            pen.text((MARGIN, y - 2), line, room, fill=0)
        else:
            pen.text((MARGIN, y - 2), line, room)
    if first > 0:
        draw.polygon([(WIDTH - 5, LINE + 3), (WIDTH - 2, LINE + 3), (WIDTH - 4, LINE + 1)], fill=1)
    if first + rows < len(frame.lines):
        y = LINE + rows * LINE - 3
        draw.polygon([(WIDTH - 5, y - 2), (WIDTH - 2, y - 2), (WIDTH - 4, y)], fill=1)


def _grid(pen: _Pen, frame: Frame, rows: int) -> None:
    """Numbered cells, seven a row; the cursor's cell lit, a taken one struck through."""
    draw = pen.draw
    cursor = frame.cursor or 0
    total = (len(frame.lines) + GRID_COLUMNS - 1) // GRID_COLUMNS
    first = max(0, min(cursor // GRID_COLUMNS - rows + 2, total - rows))
    left = (WIDTH - GRID_COLUMNS * CELL) // 2
    for i, label in enumerate(frame.lines):
        row, column = divmod(i, GRID_COLUMNS)
        if not first <= row < first + rows:
            continue
        x, y = left + column * CELL, LINE + (row - first) * LINE
        fill = 1
        if i == cursor:
            draw.rectangle((x, y, x + CELL - 2, y + LINE - 1), fill=1)
            fill = 0
        pen.text((x + (CELL - 1 - int(width(label))) // 2, y - 2), label, CELL - 1, fill=fill)
        if i in frame.taken:
            draw.line((x + 2, y + LINE // 2, x + CELL - 4, y + LINE // 2), fill=fill)


def render(draw: ImageDraw.ImageDraw, frame: Frame) -> list[str]:
    """Draws one frame (the image is black, 0, where nothing is drawn); returns the lines of text that
    did not fit their room."""
    pen = _Pen(draw)
    if frame.kind == "blank":
        return pen.overflows
    _title(pen, frame)
    if frame.kind == "qr":
        draw_qr(draw, frame.lines[0] if frame.lines else "")
        return pen.overflows
    if frame.kind == "program":
        _program(pen, frame)
        return pen.overflows
    footer = min(2, _footer_rows(frame))
    rows = TEXT_ROWS - footer
    if frame.kind == "grid":
        _grid(pen, frame, rows)
    else:
        lines = wrap(frame.lines) if frame.kind == "message" else frame.lines
        _rows(pen, Frame(frame.kind, frame.title, lines, frame.cursor, top=frame.top), rows)
    _footer(pen, frame, most=2)
    return pen.overflows


def image(frame: Frame) -> Image.Image:
    """The frame as a 128x64 1-bit image (for the OLEDs, the serial boxes, the phone box and golden
    screenshots)."""
    picture = Image.new("1", (WIDTH, HEIGHT), 0)
    render(ImageDraw.Draw(picture), frame)
    return picture


def overflows(frame: Frame) -> list[str]:
    """The lines of `frame` that the glass cannot show whole."""
    return render(ImageDraw.Draw(Image.new("1", (WIDTH, HEIGHT), 0)), frame)
