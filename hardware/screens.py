"""Drawing box frames on a 128x64 monochrome OLED (luma.oled), or on an image for the phone box.

`render(draw, frame)` is pure: it draws a `Frame` with PIL. `Screen` takes an already-built luma
device (tests use `luma.core.device.dummy`), redraws only when the frame changes, and sends only the
8-pixel pages that changed when the device can take partial updates.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from typing import Any

import qrcode
from PIL import Image, ImageDraw, ImageFont

from companion.boxes.frame import Frame

WIDTH, HEIGHT = 128, 64
LINE = 12  # pixels per text line; the font's capitals are 8 px high
FULL_FRAME = WIDTH * HEIGHT // 8  # bytes
LETTERS = {"black": "K", "red": "R", "blue": "B"}


@cache
def font() -> ImageFont.FreeTypeFont:
    # Roboto (from the font-roboto package): Pillow's built-in font has no accents, and the boxes
    # speak French too. At 11 px its capitals are 8 px high.
    files = resources.files("font_roboto").joinpath("files", "Roboto-Regular.ttf")
    with resources.as_file(files) as path:
        return ImageFont.truetype(str(path), 11)


PAD = 4  # room around a kept line for what a glyph draws outside its advance


@lru_cache(maxsize=4096)
def _line(text: str, room: int) -> Image.Image:
    """A line of text as a 1-bit mask, cut with an ellipsis rather than run off the glass. Kept: a box
    shows the same few dozen lines again and again, and drawing text is most of a frame's cost."""
    f = font()
    measure = ImageDraw.Draw(Image.new("1", (1, 1)))
    if measure.textlength(text, font=f) > room:
        while text and measure.textlength(text + "…", font=f) > room:
            text = text[:-1]
        text += "…"
    mask = Image.new("1", (int(measure.textlength(text, font=f)) + 3 * PAD, LINE + 3 * PAD), 0)
    ImageDraw.Draw(mask).text((PAD, PAD), text, font=f, fill=1)
    return mask


def _text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: int = 1) -> None:
    draw.bitmap((xy[0] - PAD, xy[1] - PAD), _line(text, WIDTH - xy[0]), fill=fill)


def _title(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    draw.rectangle((0, 0, WIDTH - 1, LINE - 1), fill=1)
    _text(draw, (2, -2), frame.title, fill=0)
    if frame.page:
        width = int(draw.textlength(frame.page, font=font()))
        draw.rectangle((WIDTH - width - 4, 0, WIDTH - 1, LINE - 1), fill=1)
        draw.text((WIDTH - width - 2, -2), frame.page, font=font(), fill=0)


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
        _text(draw, (2, y - 2), line)
    if frame.footer:
        _text(draw, (2, HEIGHT - LINE - 1), frame.footer)


def _rows(draw: ImageDraw.ImageDraw, frame: Frame, rows: int) -> None:
    cursor = frame.cursor if frame.cursor is not None else -1
    first = max(0, min(cursor - rows + 1, len(frame.lines) - rows)) if cursor >= 0 else 0
    first = max(0, min(first, cursor)) if cursor >= 0 else 0
    for row, line in enumerate(frame.lines[first:first + rows]):
        y = LINE + row * LINE
        if first + row == cursor:
            draw.rectangle((0, y, WIDTH - 1, y + LINE - 1), fill=1)
            _text(draw, (4, y - 2), line, fill=0)
        else:
            _text(draw, (4, y - 2), line)
    if first > 0:
        draw.polygon([(WIDTH - 5, LINE + 3), (WIDTH - 2, LINE + 3), (WIDTH - 4, LINE + 1)], fill=1)
    if first + rows < len(frame.lines):
        y = LINE + rows * LINE - 3
        draw.polygon([(WIDTH - 5, y - 2), (WIDTH - 2, y - 2), (WIDTH - 4, y)], fill=1)


def wrap(draw: ImageDraw.ImageDraw, lines: tuple[str, ...]) -> tuple[str, ...]:
    """Breaks message lines at spaces so that each fits the glass."""
    out: list[str] = []
    for line in lines:
        words, current = line.split(" "), ""
        for word in words:
            trial = f"{current} {word}".strip()
            if current and draw.textlength(trial, font=font()) > WIDTH - 6:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return tuple(out)


def _qr(draw: ImageDraw.ImageDraw, text: str) -> None:
    """A QR code of the seat's link under the title, 1 or 2 pixels a module as space allows."""
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    room = HEIGHT - LINE - 1
    scale = max(1, room // len(matrix))
    left, top = (WIDTH - len(matrix) * scale) // 2, LINE + 1 + (room - len(matrix) * scale) // 2
    # The quiet zone around the code is lit glass, as wide as the screen allows.
    draw.rectangle((left - 4, LINE, left + len(matrix) * scale + 3, HEIGHT - 1), fill=1)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                draw.rectangle((left + x * scale, top + y * scale, left + (x + 1) * scale - 1,
                                top + (y + 1) * scale - 1), fill=0)


def render(draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    """Draws one frame; the image is black (0) where nothing is drawn."""
    if frame.kind == "blank":
        return
    _title(draw, frame)
    if frame.kind == "qr":
        _qr(draw, frame.lines[0] if frame.lines else "")
        return
    if frame.kind == "program":
        _program(draw, frame)
        return
    rows = 3 if frame.footer else 4
    if frame.kind == "message":
        frame = Frame(frame.kind, frame.title, wrap(draw, frame.lines), frame.cursor, footer=frame.footer)
    _rows(draw, frame, rows)
    if frame.footer:
        _text(draw, (2, HEIGHT - LINE - 1), frame.footer)


def image(frame: Frame) -> Image.Image:
    """The frame as a 128x64 1-bit image (for the phone box and for golden screenshots)."""
    picture = Image.new("1", (WIDTH, HEIGHT), 0)
    render(ImageDraw.Draw(picture), frame)
    return picture


def pages(picture: Image.Image) -> list[bytes]:
    """The image in the controller's memory layout: 8 pages of 128 column bytes, bit 0 on top.

    Turned a quarter, each column of the picture becomes a row of 8 packed bytes (most significant
    bit first), the bottom page first: page p of every column is then every 8th byte from 7 - p.
    """
    data = picture.convert("1").transpose(Image.Transpose.ROTATE_270).tobytes()
    return [data[7 - page::8] for page in range(HEIGHT // 8)]


class Screen:
    """One box's OLED: redraws only when the frame changes, dims and blanks when idle."""

    def __init__(self, device: Any, *, contrast: int = 0xCF, dim_contrast: int = 0x10) -> None:
        self.device = device
        self.contrast = contrast
        self.dim_contrast = dim_contrast
        self.shown: Frame | None = None
        self._pages: list[bytes] | None = None
        self.frames_sent = 0
        self.bytes_sent = 0  # data bytes sent to the glass: whole frames, or changed runs when partial

    def show(self, frame: Frame) -> bool:
        """Draws the frame if it differs from the one on the glass; True when something was sent."""
        if frame == self.shown:
            return False
        picture = image(frame)
        new_pages = pages(picture)
        if self.shown is None or frame.dim != self.shown.dim:
            self.device.contrast(self.dim_contrast if frame.dim else self.contrast)
        controller = partial_controller(self.device)
        if controller is None or self._pages is None:
            self.device.display(picture.convert(self.device.mode))
            self.bytes_sent += FULL_FRAME
        else:
            self.bytes_sent += send_changes(self.device, controller, self._pages, new_pages)
        self.shown, self._pages = frame, new_pages
        self.frames_sent += 1
        return True

    def close(self) -> None:
        self.device.cleanup() if hasattr(self.device, "cleanup") else None


def partial_controller(device: Any) -> str | None:
    """"ssd1306" or "sh1106" when the device takes page-addressed partial updates, else None."""
    if getattr(device, "rotate", 0) or (getattr(device, "width", 0), getattr(device, "height", 0)) != (WIDTH, HEIGHT):
        return None
    names = {cls.__name__ for cls in type(device).__mro__}
    if "ssd1306" in names:
        return "ssd1306"
    if "sh1106" in names:
        return "sh1106"
    return None


def runs(before: list[bytes], after: list[bytes]) -> list[tuple[int, int, bytes]]:
    """Per page, the run of columns from the first to the last change: (page, first column, bytes)."""
    out = []
    for page, (old, new) in enumerate(zip(before, after, strict=True)):
        changed = [x for x in range(WIDTH) if old[x] != new[x]]
        if changed:
            out.append((page, changed[0], new[changed[0]:changed[-1] + 1]))
    return out


def send_changes(device: Any, controller: str, before: list[bytes], after: list[bytes]) -> int:
    """Sends only the changed runs of columns, addressed page by page; returns the data bytes sent."""
    sent = 0
    for page, x0, data in runs(before, after):
        if controller == "ssd1306":
            start = getattr(device, "_colstart", 0) + x0
            const = device._const
            device.command(const.COLUMNADDR, start, start + len(data) - 1, const.PAGEADDR, page, page)
        else:  # sh1106: 132 columns, the glass starts at column 2
            column = 2 + x0
            device.command(0xB0 + page, column & 0x0F, 0x10 | (column >> 4))
        device.data(list(data))
        sent += len(data)
    return sent


def changed_bytes(before: list[bytes] | None, after: list[bytes]) -> int:
    """Bytes a partial update sends (a full frame when nothing was shown before)."""
    return FULL_FRAME if before is None else sum(len(data) for _, _, data in runs(before, after))
