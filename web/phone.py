"""Phone boxes: a seat played from a phone gets the same box as a hardware one, drawn as an image.

Each seat's frame carries a counter that rises when the picture changes; a key press names the
counter of the frame the player saw, so a press on a screen that has changed since is refused."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable

from PIL import Image

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.table import Table


class PhoneBox:
    def __init__(self, seat: int, table: Table, clock: Callable[[], float] | None = None) -> None:
        self.seat = seat
        self.frame: Frame | None = None
        self.counter = 0
        self._listeners: list[Callable[[int], None]] = []
        self._lock = threading.Lock()
        self.box = Box(seat, table, self._show, clock=clock, sleeps=False)  # a phone's screen: no OLED to spare

    def _show(self, frame: Frame) -> None:
        with self._lock:
            if frame == self.frame:
                return
            self.frame = frame
            self.counter += 1
            counter, listeners = self.counter, list(self._listeners)
        for listener in listeners:
            listener(counter)

    def listen(self, listener: Callable[[int], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return stop

    def png(self, scale: int = 4) -> bytes:
        frame = self.frame or self.box.controller.frame()
        picture = image(frame).convert("L").resize((128 * scale, 64 * scale), Image.Resampling.NEAREST)
        out = io.BytesIO()
        picture.save(out, format="PNG")
        return out.getvalue()


class PhoneBoxes:
    """The phone boxes of a table, one per seat that plays from a phone."""

    def __init__(self, table: Table, seats: set[int], clock: Callable[[], float] | None = None) -> None:
        self.table = table
        self.boxes = {seat: PhoneBox(seat, table, clock) for seat in seats}
        for box in self.boxes.values():
            box.box.attach()

    def get(self, seat: int) -> PhoneBox | None:
        return self.boxes.get(seat)
