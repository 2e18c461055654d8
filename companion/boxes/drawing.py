"""A `Frame` drawn as the box's screen shows it: a 128x64 one-bit picture, pure Pillow.

The OLED screens (`hardware.screens`), the serial boxes and the phone page all show this picture.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from .font import LINE, font
from .frame import Frame
from .glass import HEIGHT, WIDTH
from .icons import order_icon
from .qr import draw_qr
from .text import text, wrap


def _title(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    draw.rectangle((0, 0, WIDTH - 1, LINE - 1), fill=1)
    text(draw, (2, -2), frame.title, fill=0)
    if frame.page:
        width = int(draw.textlength(frame.page, font=font()))
        draw.rectangle((WIDTH - width - 4, 0, WIDTH - 1, LINE - 1), fill=1)
        draw.text((WIDTH - width - 2, -2), frame.page, font=font(), fill=0)


def _program(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    top, size, gap = LINE + 2, 19, 2
    left = (WIDTH - 6 * size - 5 * gap) // 2
    for i, order in enumerate(frame.slots):
        x0 = left + i * (size + gap)
        box = (x0, top, x0 + size - 1, top + size - 1)
        order_icon(draw, order, box)
        if i == frame.slot and not frame.locked:
            draw.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), outline=1)
    if frame.locked:
        draw.rectangle((0, top + size + 1, WIDTH - 1, top + size + 1), fill=1)
    y = top + size + 2
    for line in frame.lines[:1]:
        text(draw, (2, y - 2), line)
    if frame.footer:
        text(draw, (2, HEIGHT - LINE - 1), frame.footer)


def _rows(draw: ImageDraw.ImageDraw, frame: Frame, rows: int) -> None:
    cursor = frame.cursor if frame.cursor is not None else -1
    first = max(0, min(cursor - rows + 1, len(frame.lines) - rows)) if cursor >= 0 else 0
    first = max(0, min(first, cursor)) if cursor >= 0 else 0
    for row, line in enumerate(frame.lines[first:first + rows]):
        y = LINE + row * LINE
        if first + row == cursor:
            draw.rectangle((0, y, WIDTH - 1, y + LINE - 1), fill=1)
            text(draw, (4, y - 2), line, fill=0)
        else:
            text(draw, (4, y - 2), line)
    if first > 0:
        draw.polygon([(WIDTH - 5, LINE + 3), (WIDTH - 2, LINE + 3), (WIDTH - 4, LINE + 1)], fill=1)
    if first + rows < len(frame.lines):
        y = LINE + rows * LINE - 3
        draw.polygon([(WIDTH - 5, y - 2), (WIDTH - 2, y - 2), (WIDTH - 4, y)], fill=1)


def render(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    """Draws one frame; the image is black (0) where nothing is drawn."""
    if frame.kind == "blank":
        return
    _title(draw, frame)
    if frame.kind == "qr":
        draw_qr(draw, frame.lines[0] if frame.lines else "")
        return
    if frame.kind == "program":
        _program(draw, frame)
        return
    rows = 3 if frame.footer else 4
    if frame.kind == "message":
        frame = Frame(frame.kind, frame.title, wrap(draw, frame.lines), frame.cursor, footer=frame.footer)
    _rows(draw, frame, rows)
    if frame.footer:
        text(draw, (2, HEIGHT - LINE - 1), frame.footer)


def image(frame: Frame) -> Image.Image:
    """The frame as a 128x64 1-bit image (for the OLEDs, the serial boxes, the phone box and golden
    screenshots)."""
    picture = Image.new("1", (WIDTH, HEIGHT), 0)
    render(ImageDraw.Draw(picture), frame)
    return picture
