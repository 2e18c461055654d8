"""One seat's physical box at the table: its keys (GPIO pins or a serial link) drive the seat's menus,
and its screen (an OLED on the Pi's I²C bus, or the one inside a serial box) shows the seat's frames."""

from __future__ import annotations

import logging
import threading
from typing import Any

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import pages
from companion.table.commands import BoxStatus
from companion.table.table import Table

from .adapters import open_box
from .events import InputEvent
from .screens import Screen
from .serial_box import SerialLink

log = logging.getLogger("companion.hardware")


class HardwareBox:
    """Keys in from the adapter's thread, frames out to the screen; `handled` counts the keys taken."""

    def __init__(self, seat: int, spec: str, table: Table, *, screen: Any = None, pin_factory: Any = None,
                 serial_options: dict[str, Any] | None = None) -> None:
        self.seat = seat
        self.handled = 0
        self._changed = threading.Condition()
        self._screen: Screen | None = Screen(screen) if screen is not None else None
        self.box = Box(seat, table, self._show)
        self.adapter = open_box(spec, seat, self._key, pin_factory=pin_factory, serial_options=serial_options)
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

    def _key(self, event: InputEvent) -> None:
        try:
            self.box.key(event.key.value, event.kind)
        except Exception:  # a bad moment for one key must not kill the adapter's thread
            log.exception("seat %s: key %s failed", self.seat, event.key)
        with self._changed:
            self.handled += 1
            self._changed.notify_all()

    def _show(self, frame: Frame) -> None:
        if self._screen is not None:
            self._screen.show(frame)
        if self._link is not None:
            self._link.send_frame(b"".join(pages(image(frame))))

    def wait_handled(self, count: int, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self.handled >= count, timeout)

    def show_final(self, frame: Frame) -> None:
        self.box.show_final(frame)

    def close(self) -> None:
        self._closing.set()
        if self._watcher is not None:
            self._watcher.join(2)
        self.adapter.close()
