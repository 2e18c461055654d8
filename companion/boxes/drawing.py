"""A `Frame` drawn as the box's screen shows it: a 128x64 one-bit picture, pure Pillow.

The OLED screens (`hardware.screens`), the serial boxes and the phone page all show this picture.
Every line of text is placed with the room it has; `overflows` lists the lines that would not fit (and
would be cut with an ellipsis), for the test that plays whole games and looks at every screen.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import painters
from .font import LINE
from .frame import Frame
from .glass import HEIGHT, WIDTH
from .pen import Pen, footer, footer_rows
from .qr import draw_qr
from .text import MARGIN, TEXT_ROOM, TEXT_ROWS, letters, rows, width, wrap

GRID_COLUMNS, CELL = 7, 18
KINDS = ("message", "list", "editor", "grid", "qr", "blank")  # drawn here; any other kind by its game


def _title(pen: Pen, frame: Frame) -> None:
    draw = pen.draw
    draw.rectangle((0, 0, WIDTH - 1, LINE - 1), fill=1)
    room = WIDTH - 4
    if frame.page:
        marker = int(width(frame.page))
        room = WIDTH - marker - 9
        letters(draw, (WIDTH - marker - 2, -2), frame.page, fill=0)
    pen.text((2, _title_top(frame.title)), frame.title, room, fill=0)


def _title_top(title: str) -> int:
    """Where the title's line starts: 2 pixels above the bar, as every line, unless an accent on a
    capital (À faire, Étage) would be cut there: then lower, as far as its tails allow, and when the bar
    cannot hold both, a pixel of each is lost rather than the whole accent."""
    top, bottom = rows(title)
    if top - 2 >= 0:
        return -2
    lowest, highest = -top, LINE - bottom  # the accent whole; the tails whole
    return lowest if lowest <= highest else (lowest + highest) // 2


def _rows(pen: Pen, frame: Frame, rows: int) -> None:
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


def _grid(pen: Pen, frame: Frame, rows: int) -> None:
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
    pen = Pen(draw)
    if frame.kind == "blank":
        return pen.overflows
    _title(pen, frame)
    if frame.kind == "qr":
        draw_qr(draw, frame.lines[0] if frame.lines else "")
        return pen.overflows
    painter = None if frame.kind in KINDS else painters.find(frame.kind)
    if painter is not None:
        painter(pen, frame)
        return pen.overflows
    rows = TEXT_ROWS - min(2, footer_rows(frame))
    if frame.kind == "grid":
        _grid(pen, frame, rows)
    else:
        lines = wrap(frame.lines) if frame.kind == "message" else frame.lines
        _rows(pen, Frame(frame.kind, frame.title, lines, frame.cursor, top=frame.top), rows)
    footer(pen, frame, most=2)
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
