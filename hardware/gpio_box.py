"""A button box wired straight to the Pi's header: one gpiozero `Button` per key, turned into `InputEvent`s.

Each key is a push button between a GPIO pin and ground; the Pi's internal pull-up holds the pin high, so a
pressed key reads low. `when_pressed` gives a "press"; a key still down after `hold_time` gives one "hold";
UP and DOWN then go on with a "repeat" every `repeat_every` seconds until released (gpiozero's own
`when_held`/`hold_repeat` machinery: after the first hold the button's `hold_time` becomes the repeat period).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from types import TracebackType
from typing import Any

from gpiozero import Button

from hardware.events import HOLD, PRESS, REPEAT, REPEATING_KEYS, InputEvent, Key, Sink

log = logging.getLogger(__name__)


class GpioBox:
    """The keys of one seat's box on GPIO pins. `pins` maps each key to a BCM pin number; `sink` receives
    every `InputEvent` (from gpiozero's threads: keep it quick, e.g. put the event on a queue).

    Tests pass `pin_factory=MockFactory()` and drive the pins with `drive_low()` (press) and `drive_high()`.
    """

    def __init__(
        self,
        seat: int,
        pins: Mapping[Key, int],
        sink: Sink,
        *,
        pin_factory: Any = None,
        bounce_time: float = 0.02,
        hold_time: float = 0.5,
        repeat_every: float = 0.12,
    ) -> None:
        if not pins:
            raise ValueError("a GPIO box needs at least one key")
        if len(set(pins.values())) != len(pins):
            raise ValueError(f"two keys share a pin: {dict(pins)}")
        if bounce_time < 0 or hold_time <= 0 or repeat_every <= 0:
            raise ValueError("bounce_time must be 0 or more, hold_time and repeat_every more than 0")
        self.seat = seat
        self.pins: dict[Key, int] = {Key(key): pin for key, pin in pins.items()}
        self.hold_time = hold_time
        self.repeat_every = repeat_every
        self._sink = sink
        self._lock = threading.Lock()
        self._closed = False
        self._repeating: dict[Key, bool] = {}
        self._buttons: dict[Key, Any] = {}
        try:
            for key, pin in self.pins.items():
                button = Button(pin, pull_up=True, bounce_time=bounce_time, hold_time=hold_time,
                                hold_repeat=key in REPEATING_KEYS, pin_factory=pin_factory)
                self._buttons[key] = button
                self._repeating[key] = False
                button.when_pressed = self._on_pressed(key, button)
                button.when_held = self._on_held(key, button)
        except BaseException:
            self.close()
            raise

    def _on_pressed(self, key: Key, button: Any) -> Any:
        def pressed() -> None:
            # gpiozero calls this before it starts timing the hold, so the hold timer sees the reset hold_time.
            self._repeating[key] = False
            if key in REPEATING_KEYS:
                button.hold_time = self.hold_time
            self._emit(key, PRESS)

        return pressed

    def _on_held(self, key: Key, button: Any) -> Any:
        def held() -> None:
            if not self._repeating[key]:
                self._repeating[key] = True
                if key in REPEATING_KEYS:
                    button.hold_time = self.repeat_every  # from now on gpiozero fires when_held at this period
                self._emit(key, HOLD)
            else:
                self._emit(key, REPEAT)

        return held

    def _emit(self, key: Key, kind: str) -> None:
        if self._closed:
            return
        try:
            self._sink(InputEvent(self.seat, key, kind))
        except Exception:  # a failing sink must not kill gpiozero's event threads
            log.exception("seat %s: the sink failed on %s %s", self.seat, key, kind)

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Release every pin. Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            buttons = list(self._buttons.items())
            self._buttons.clear()
        # Each gpiozero button stops its hold thread, which takes up to 0.1 s: close them side by side.
        closers = [threading.Thread(target=button.close, name=f"close-{key}") for key, button in buttons]
        for closer in closers:
            closer.start()
        for closer in closers:
            closer.join()

    def __enter__(self) -> GpioBox:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "open"
        return f"<GpioBox seat={self.seat} pins={ {k.value: p for k, p in self.pins.items()} } {state}>"
