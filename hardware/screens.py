"""A box's screen on a 128x64 monochrome OLED driven by luma.oled.

`Screen` takes an already-built luma device (tests use `luma.core.device.dummy`), redraws only when the
frame changes, and sends only the 8-pixel pages that changed when the device can take partial updates.
The picture itself is drawn by `companion.boxes.drawing`.
"""

from __future__ import annotations

from typing import Any

from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import FULL_FRAME, HEIGHT, WIDTH, pages
from hardware.firmware import xidit_protocol as proto


def oled(spec: str) -> Any:
    """A luma device from `ssd1306:<bus>:<address>` or `sh1106:<bus>:<address>` (e.g. ssd1306:1:0x3C)."""
    from luma.core.interface.serial import i2c
    from luma.oled.device import sh1106, ssd1306

    kind, _, rest = spec.partition(":")
    bus, _, address = rest.partition(":")
    if kind not in ("ssd1306", "sh1106") or not bus.isdigit():
        raise ValueError(f"screen {spec!r}: ssd1306:<bus>:<address> or sh1106:<bus>:<address>")
    device = (ssd1306 if kind == "ssd1306" else sh1106)
    return device(i2c(port=int(bus), address=int(address or "0x3C", 16)))


class Screen:
    """One box's OLED: redraws only when the frame changes, dims and blanks when idle."""

    def __init__(self, device: Any, *, contrast: int = 0xCF, dim_contrast: int = 0x10) -> None:
        self.device = device
        self.contrast = contrast
        self.dim_contrast = dim_contrast
        self.shown: Frame | None = None
        self._memory: bytes | None = None  # what the controller's memory holds, page after page
        self.frames_sent = 0
        self.bytes_sent = 0  # data bytes sent to the glass: whole frames, or changed runs when partial

    def show(self, frame: Frame) -> bool:
        """Draws the frame if it differs from the one on the glass; True when something was sent."""
        if frame == self.shown:
            return False
        picture = image(frame)
        memory = b"".join(pages(picture))
        if self.shown is None or frame.dim != self.shown.dim:
            self.device.contrast(self.dim_contrast if frame.dim else self.contrast)
        controller = partial_controller(self.device)
        if controller is None or self._memory is None:
            self.device.display(picture.convert(self.device.mode))
            self.bytes_sent += FULL_FRAME
        else:
            self.bytes_sent += send_changes(self.device, controller, self._memory, memory)
        self.shown, self._memory = frame, memory
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


def send_changes(device: Any, controller: str, before: bytes, after: bytes) -> int:
    """Sends only the changed runs of columns, addressed page by page; returns the data bytes sent."""
    sent = 0
    # One run a page, from its first to its last change, as the OLEDs have always been sent: the
    # bench's figure of bytes per key press counts exactly these.
    for page, x0, data in proto.diff_runs(before, after, merge_gap=WIDTH):
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
