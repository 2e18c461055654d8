"""The glass every box draws on: a 128x64 one-bit OLED, and the page layout of its controller's memory
(the layout the OLED controllers and the serial boxes' frames both use)."""

from __future__ import annotations

from PIL import Image

WIDTH, HEIGHT = 128, 64
FULL_FRAME = WIDTH * HEIGHT // 8  # bytes


def pages(picture: Image.Image) -> list[bytes]:
    """The image in the controller's memory layout: 8 pages of 128 column bytes, bit 0 on top.

    Turned a quarter, each column of the picture becomes a row of 8 packed bytes (most significant
    bit first), the bottom page first: page p of every column is then every 8th byte from 7 - p.
    """
    data = picture.convert("1").transpose(Image.Transpose.ROTATE_270).tobytes()
    return [data[7 - page::8] for page in range(HEIGHT // 8)]
