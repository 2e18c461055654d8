"""A seat's link as a QR code on the glass, for a phone to take the seat over."""

from __future__ import annotations

import qrcode
from PIL import ImageDraw

from .font import LINE
from .glass import HEIGHT, WIDTH


def draw_qr(draw: ImageDraw.ImageDraw, text: str) -> None:
    """A QR code of `text` under the title, 1 or 2 pixels a module as space allows."""
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
