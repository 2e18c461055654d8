"""The glass's memory layout: what the OLED controllers and the serial boxes are sent."""

from __future__ import annotations

from PIL import Image

from companion.boxes.glass import FULL_FRAME, HEIGHT, WIDTH, pages
from hardware.firmware import xidit_protocol as proto


def test_pages_put_pixels_in_the_controller_layout() -> None:
    picture = Image.new("1", (WIDTH, HEIGHT), 0)
    for xy in ((0, 0), (127, 9), (9, 63)):
        picture.putpixel(xy, 1)
    expected = bytearray(FULL_FRAME)
    expected[0] = 0x01
    expected[1 * 128 + 127] = 0x02
    expected[7 * 128 + 9] = 0x80
    memory = pages(picture)
    assert len(memory) == 8 and all(len(page) == WIDTH for page in memory)
    assert b"".join(memory) == bytes(expected)


def test_the_glass_is_what_the_serial_boxes_show() -> None:
    assert (WIDTH, HEIGHT, FULL_FRAME) == (proto.WIDTH, proto.HEIGHT, proto.FRAME_BYTES)
