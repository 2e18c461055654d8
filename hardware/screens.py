"""A box's screen on a 128x64 monochrome OLED driven by luma.oled.

`Screen` takes an already-built luma device (tests use `luma.core.device.dummy`), redraws only when the
frame changes, and sends only the 8-pixel pages that changed when the device can take partial updates.
The picture itself is drawn by `companion.boxes.drawing`.

An I2C transfer can fail (`OSError` 121 on a long ribbon cable, a loose wire): the screen then logs it
once, tries the same frame again after a growing pause, and sends the whole frame on its next success,
since what the controller's memory holds is no longer known. The box and its keys never see the error.

A screen that does not answer when the table starts (unplugged, a loose wire, powered late) is opened
again every few seconds until it answers, then shows the box's current frame; its box's keys work all
along (issue 25: they used to be lost with it until the next restart).

A box posts each frame as it makes it (`post`, no transfer) and sends outside its own lock (`flush`), so
a key never waits for its box's redraw to be on the wire (issue 37). The newest frame posted wins: a
frame being sent stops between two pages when a newer one is posted, and the newer one is sent against
what had landed, so the glass always ends showing the last frame, whole. A key's frame goes before other
screens' redraws on a shared bus (`hardware.shared_bus`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from luma.core.error import Error as LumaError

from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import FULL_FRAME, HEIGHT, WIDTH, pages
from hardware.firmware import xidit_protocol as proto

from .shared_bus import SharedBus, shared_bus

log = logging.getLogger("companion.hardware")

#: Seconds before the first retry of a frame the device refused, and the longest pause between retries.
RETRY_FIRST = 0.05
RETRY_AT_MOST = 2.0

#: Seconds between two attempts to open a screen that did not answer when its box was opened.
REOPEN_EVERY = 5.0


def later(delay: float, action: Callable[[], None]) -> Any:
    """Runs `action` on a thread of its own after `delay` seconds; what it returns has `cancel()` (tests
    give the screen a timer of their own)."""
    timer = threading.Timer(delay, action)
    timer.daemon = True
    timer.start()
    return timer


DRIVERS = ("ssd1306", "sh1106")


def parse_screen(spec: str) -> tuple[str, int, int]:
    """(driver, bus, address) of a `screen` setting: `ssd1306:<bus>:<address>` or `sh1106:<bus>:<address>`,
    e.g. ssd1306:1:0x3C; the bus is N of /dev/i2c-N (a multiplexer's channels are buses of their own)."""
    kind, _, rest = spec.partition(":")
    bus, _, address = rest.partition(":")
    try:
        number = int(address or "0x3C", 16)
    except ValueError:
        number = -1
    if kind not in DRIVERS or not bus.isdigit() or not 0x03 <= number <= 0x77:
        raise ValueError(f"screen {spec!r}: ssd1306:<bus>:<address> or sh1106:<bus>:<address>, "
                         "e.g. ssd1306:1:0x3C")
    return kind, int(bus), number


def oled(spec: str) -> Any:
    """A luma device for a `screen` setting (see `parse_screen`)."""
    from luma.core.interface.serial import i2c
    from luma.oled.device import sh1106, ssd1306

    kind, bus, address = parse_screen(spec)
    device = (ssd1306 if kind == "ssd1306" else sh1106)
    return device(i2c(port=bus, address=address))


def oled_screen(spec: str, name: str) -> Screen:
    """The `Screen` of a `screen` setting, opened now or, if it does not answer yet, later (see `Screen`).
    A setting that names no screen is a ValueError at once: that is no reason to try again."""
    _, bus, _ = parse_screen(spec)
    return Screen(opener=lambda: oled(spec), name=name, bus=shared_bus(bus))


class Screen:
    """One box's OLED: redraws only when the frame changes, dims and blanks when idle, and outlives
    the device's errors (see the module's notes)."""

    def __init__(self, device: Any = None, *, opener: Callable[[], Any] | None = None, contrast: int = 0xCF,
                 dim_contrast: int = 0x10, name: str = "screen", retry_first: float = RETRY_FIRST,
                 retry_at_most: float = RETRY_AT_MOST, reopen_every: float = REOPEN_EVERY,
                 timer: Callable[[float, Callable[[], None]], Any] = later, bus: SharedBus | None = None) -> None:
        """`device` is a luma device already open, else `opener` makes one: tried at once and, while it
        fails, again every `reopen_every` seconds (on `timer`). `bus` is the turns of the I²C bus the
        screen shares with other screens; a screen alone on its bus needs none."""
        if device is None and opener is None:
            raise ValueError("a screen needs a device or an opener")
        self.device = device
        self.contrast = contrast
        self.dim_contrast = dim_contrast
        self.name = name
        self.shown: Frame | None = None  # the frame whole on the glass, None when unknown or in part
        self._wanted: Frame | None = None  # the newest frame posted: the one the glass must end showing
        self._dim: bool | None = None  # the contrast set, dim or not (None: not set yet)
        self._memory: bytes | bytearray | None = None  # what the controller's memory holds, page after page
        self.frames_sent = 0
        self.bytes_sent = 0  # data bytes sent to the glass: whole frames, or changed runs when partial
        self.failures = 0  # device errors since the last frame that went through
        self._retry_first = retry_first
        self._retry_at_most = retry_at_most
        self._pause = retry_first
        self._retry: Any = None  # the timer trying the wanted frame again after a device error
        self._closed = False
        self._lock = threading.RLock()  # one sender at a time: the box's threads and the retry timer
        self._timer = timer
        self._opener, self._reopen_every = opener, reopen_every
        self._reopen: Any = None
        self._absent = 0  # failed attempts to open the device
        self.bus = bus if bus is not None else SharedBus()
        if device is None:
            self._open()

    @property
    def answering(self) -> bool:
        """Whether the device is open (it may still fail a transfer now and then)."""
        return self.device is not None

    def _open(self) -> None:
        with self._lock:
            if self._closed or self.device is not None:
                return
            assert self._opener is not None
            try:
                self.device = self._opener()
            except Exception as error:  # luma's DeviceNotFoundError, OSError, no /dev/i2c-N yet: all the same
                if not self._absent:  # once: a screen left unplugged all night must not flood the journal
                    log.warning("%s: the screen does not answer (%s); its keys work, trying it again every %g s",
                                self.name, error, self._reopen_every)
                self._absent += 1
                self._reopen = self._timer(self._reopen_every, self._open)
                return
            if self._absent:
                log.info("%s: the screen answers now, after %d attempt(s)", self.name, self._absent)
            self.flush()  # the box's current frame, kept while there was no device

    def show(self, frame: Frame) -> bool:
        """Posts the frame and sends it (`post`, then `flush`)."""
        self.post(frame)
        return self.flush()

    def post(self, frame: Frame) -> None:
        """Takes the frame as the newest the glass must show, over any older one; sends nothing. Posts
        come in the order their frames were made (the box posts under its lock). A frame equal to the
        newest one is not news: a frame being sent for it goes on."""
        if frame != self._wanted:
            self._wanted = frame  # one reference: a sender reads it between pages

    def flush(self, key: bool = False) -> bool:
        """Sends the newest frame posted until the glass shows it, unless it does already; True when a frame
        went through. `key` when a key's frame is on its way: it goes first on a shared bus. A device error
        is caught: the frame is tried again later, unless another one comes first."""
        if not key:
            return self._flush()
        with self.bus.key_frame(self):
            return self._flush()

    def _flush(self) -> bool:
        went = False
        with self._lock:
            while (frame := self._wanted) is not None and frame != self.shown and not self._closed:
                if self.device is None:  # not opened yet: shown as soon as it is
                    return False
                self._cancel_retry()
                try:
                    if not self._send(frame):
                        continue  # a newer frame was posted: it goes on from what landed
                except (OSError, LumaError) as error:  # luma words errno 121 on a command as "device not found"
                    self._failed(error)
                    return False
                if self.failures:
                    log.info("%s: the screen answers again after %d failed attempt(s)", self.name, self.failures)
                self.failures, self._pause, went = 0, self._retry_first, True
        return went

    def _send(self, frame: Frame) -> bool:
        """Sends `frame`, a page a turn of the bus; False when it stopped for a newer frame posted."""
        picture = image(frame)
        memory = b"".join(pages(picture))
        if frame.dim != self._dim:
            with self.bus.turn(self):
                self.device.contrast(self.dim_contrast if frame.dim else self.contrast)
            self._dim = frame.dim
        controller = partial_controller(self.device)
        if controller is None or self._memory is None:
            with self.bus.turn(self):  # luma sends a whole frame in one transfer
                self.device.display(picture.convert(self.device.mode))
            self.bytes_sent += FULL_FRAME
        else:
            # From the first page on the glass shows neither frame whole: `_memory` follows what landed.
            self.shown, landed = None, bytearray(self._memory)
            self._memory = landed
            # One run a page, from its first to its last change, as the OLEDs have always been sent: the
            # bench's figure of bytes per key press counts exactly these.
            for page, x0, data in proto.diff_runs(bytes(landed), memory, merge_gap=WIDTH):
                if self._wanted is not frame:
                    return False
                with self.bus.turn(self):
                    self.bytes_sent += send_run(self.device, controller, page, x0, data)
                proto.apply_run(landed, page, x0, data)
        self.shown, self._memory = frame, memory
        self.frames_sent += 1
        return True

    def _failed(self, error: Exception) -> None:
        # Part of the frame may have landed: forget what the glass shows, so the next try sends it all.
        self.shown, self._memory, self._dim = None, None, None
        if not self.failures:  # once per burst: a loose cable must not flood the journal
            log.warning("%s: the screen did not take a frame (%s); trying again until it does", self.name, error)
        self.failures += 1
        self._retry = self._timer(self._pause, self._try_again)
        self._pause = min(self._pause * 2, self._retry_at_most)

    def _try_again(self) -> None:
        self.flush()

    def _cancel_retry(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None

    def close(self) -> None:
        """Stops retrying and lets go of the device, leaving the last picture (the farewell) on the glass:
        luma would otherwise blank it when the program ends."""
        with self._lock:
            if self.device is not None:
                self.flush()  # one last try for a farewell the device refused (nothing if it is shown)
            self._closed = True
            self._cancel_retry()
            if self._reopen is not None:
                self._reopen.cancel()
        if self.device is None:
            return
        self.device.persist = True
        if hasattr(self.device, "cleanup"):
            self.device.cleanup()


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


def send_run(device: Any, controller: str, page: int, x0: int, data: bytes) -> int:
    """Sends one run of columns of one page at its address; returns its data bytes."""
    if controller == "ssd1306":
        start = getattr(device, "_colstart", 0) + x0
        const = device._const
        device.command(const.COLUMNADDR, start, start + len(data) - 1, const.PAGEADDR, page, page)
    else:  # sh1106: 132 columns, the glass starts at column 2
        column = 2 + x0
        device.command(0xB0 + page, column & 0x0F, 0x10 | (column >> 4))
    device.data(list(data))
    return len(data)
