"""One seat's physical box at the table: its keys (GPIO pins or a serial link) drive the seat's menus,
and its screen (an OLED on the Pi's I²C bus, or the one inside a serial box) shows the seat's frames.

The adapter's thread only queues a key: lgpio delivers every GPIO edge of the Pi on one thread, so a
key handled there (the table's fsync, the drawing, the I²C transfer) would hold up every other box.
Each box takes its keys from its own queue on its own worker thread.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Mapping
from typing import Any

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import pages
from companion.table import BoxStatus, Table

from .adapters import open_box
from .events import InputEvent
from .screens import Screen
from .serial_box import SerialLink

log = logging.getLogger("companion.hardware")


class HardwareBox:
    """Keys queued by the adapter's thread and handled on the box's worker, frames out to the screen;
    `handled` counts the keys taken. `screen` is a luma device, or a `Screen` already made around one."""

    def __init__(self, seat: int, spec: str, table: Table, *, screen: Any = None, pins: Mapping[str, int] | None = None,
                 pin_factory: Any = None, serial_options: dict[str, Any] | None = None) -> None:
        self.seat = seat
        self.handled = 0
        self._changed = threading.Condition()
        if screen is None or isinstance(screen, Screen):
            self._screen: Screen | None = screen
        else:
            self._screen = Screen(screen, name=f"seat {seat}'s screen")
        self.box = Box(seat, table, self._post, send=self._send)
        self._keys: queue.SimpleQueue[InputEvent | None] = queue.SimpleQueue()
        self._worker = threading.Thread(target=self._work, name=f"box-{seat}-keys", daemon=True)
        self._worker.start()
        try:
            self.adapter = open_box(spec, seat, self._keys.put, pins=pins, pin_factory=pin_factory,
                                    serial_options=serial_options)
        except BaseException:
            self._keys.put(None)
            raise
        self._link = self.adapter if isinstance(self.adapter, SerialLink) else None
        self._kind = spec.partition(":")[0]
        self.box.attach()
        self._closing = threading.Event()
        self._table = table
        table.submit(BoxStatus(seat, self._kind, self._kind == "gpio"))  # a serial box is there once it says HELLO
        self._watcher: threading.Thread | None = None
        if self._link is not None:
            self._watcher = threading.Thread(target=self._watch, name=f"box-{seat}-watch", daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        """Tells the table when the serial box comes and goes (it shows on every phone)."""
        assert self._link is not None
        link = self._link
        while not self._closing.is_set():
            if link.wait_bound(0.5):
                self._table.submit(BoxStatus(self.seat, self._kind, True))
                while not self._closing.is_set() and not link.wait_unbound(0.5):
                    pass
                if not self._closing.is_set():
                    self._table.submit(BoxStatus(self.seat, self._kind, False))

    def _work(self) -> None:
        while (event := self._keys.get()) is not None:
            try:
                self.box.key(event.key.value, event.kind)
            except Exception:  # a bad moment for one key must not stop the box's next keys
                log.exception("seat %s: key %s failed", self.seat, event.key)
            with self._changed:
                self.handled += 1
                self._changed.notify_all()

    def _post(self, frame: Frame) -> None:
        """Under the box's lock: the screen takes the frame, to send outside it (`_send`)."""
        if self._screen is not None:
            self._screen.post(frame)
        if self._link is not None:
            self._link.send_frame(b"".join(pages(image(frame))))

    def _send(self, key: bool) -> None:
        if self._screen is not None:
            self._screen.flush(key=key)

    @property
    def screen(self) -> Screen | None:
        return self._screen

    def wait_handled(self, count: int, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self.handled >= count, timeout)

    def show_final(self, frame: Frame) -> None:
        self.box.show_final(frame)

    def close(self) -> None:
        """Stops the keys, then lets go of the screen with its last picture (the farewell) still on it."""
        self._closing.set()
        if self._watcher is not None:
            self._watcher.join(2)
        self.adapter.close()
        self._keys.put(None)
        self._worker.join(5)
        self.box.close()
        if self._screen is not None:
            self._screen.close()
