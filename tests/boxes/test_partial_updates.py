"""Sending only what changed to an SSD1306 or SH1106: the controller's memory ends up holding exactly
the full picture, for far fewer bytes than whole frames."""

from __future__ import annotations

from typing import Any

import pytest
from luma.core.interface.serial import noop
from luma.oled.device import sh1106, ssd1306

from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import FULL_FRAME, pages
from hardware.screens import Screen


class Glass:
    """Emulates the controller's display memory from the commands and data it is sent."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.memory = [bytearray(132) for _ in range(8)]
        self.page, self.column, self.start, self.end = 0, 0, 0, 127
        self.bytes = 0

    def command(self, *codes: int) -> None:
        codes_list = list(codes)
        while codes_list:
            code = codes_list.pop(0)
            if self.kind == "ssd1306" and code == 0x21:
                self.column, self.end = codes_list.pop(0), codes_list.pop(0)
                self.start = self.column
            elif self.kind == "ssd1306" and code == 0x22:
                self.page = codes_list.pop(0)
                codes_list.pop(0)
            elif self.kind == "sh1106" and 0xB0 <= code <= 0xB7:
                self.page = code - 0xB0
            elif self.kind == "sh1106" and code < 0x10:
                self.column = (self.column & 0xF0) | code
            elif self.kind == "sh1106" and 0x10 <= code < 0x20:
                self.column = (self.column & 0x0F) | ((code & 0x0F) << 4)

    def data(self, values: list[int]) -> None:
        for value in values:
            self.memory[self.page][self.column] = value
            self.column += 1
            if self.kind == "ssd1306" and self.column > self.end:  # horizontal addressing wraps
                self.column, self.page = self.start, self.page + 1
        self.bytes += len(values)

    def picture(self) -> list[bytes]:
        offset = 2 if self.kind == "sh1106" else 0
        return [bytes(page[offset:offset + 128]) for page in self.memory]


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
def test_partial_updates_leave_the_right_picture_for_fewer_bytes(kind: str) -> None:
    device: Any = (ssd1306 if kind == "ssd1306" else sh1106)(noop())
    glass = Glass(kind)
    device.command, device.data = glass.command, glass.data
    screen = Screen(device)
    frames = [Frame("program", "Year 3 - blue", (f"slot {i}",), slots=tuple(["red"] * i + [None] * (6 - i)), slot=i)
              for i in range(6)]
    for frame in frames:
        screen.show(frame)
        assert glass.picture() == pages(image(frame))
    full = FULL_FRAME * len(frames)
    assert screen.bytes_sent == glass.bytes
    assert screen.bytes_sent < full * 0.5
