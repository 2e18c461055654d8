"""An SSD1306 at the far end of a stand-in I²C interface (luma's `command`/`data`): it keeps what the
controller's memory would hold, and a test can make its next transfers fail as a long cable does."""

from __future__ import annotations

import errno
import threading

from luma.oled.device import ssd1306

COLUMNADDR, PAGEADDR = 0x21, 0x22


class GlassBus:
    """The controller's memory in horizontal addressing mode (as luma sets it up), page after page."""

    def __init__(self) -> None:
        self.memory = bytearray(128 * 8)
        self.transfers: list[int] = []  # data bytes of each data transfer that went through
        self.failing = 0  # how many of the next transfers fail with EREMOTEIO
        self.changed = threading.Condition()
        self._window = (0, 127, 0, 7)
        self._at = 0

    def fail_next(self, count: int) -> None:
        with self.changed:
            self.failing = count

    def _maybe_fail(self) -> None:
        if self.failing:
            self.failing -= 1
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def command(self, *cmd: int) -> None:
        with self.changed:
            self._maybe_fail()
            if len(cmd) == 6 and cmd[0] == COLUMNADDR and cmd[3] == PAGEADDR:
                self._window, self._at = (cmd[1], cmd[2], cmd[4], cmd[5]), 0

    def data(self, data: list[int]) -> None:
        with self.changed:
            c0, c1, p0, _ = self._window
            width = c1 - c0 + 1
            landed = data[: len(data) // 2] if self.failing else data  # a transfer cut half-way
            for value in landed:
                page, column = p0 + self._at // width, c0 + self._at % width
                self.memory[page * 128 + column] = value
                self._at += 1
            self._maybe_fail()
            self.transfers.append(len(data))
            self.changed.notify_all()

    def cleanup(self) -> None:
        pass


def oled() -> tuple[ssd1306, GlassBus]:
    bus = GlassBus()
    return ssd1306(serial_interface=bus), bus
