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

#: BCM numbers of the pins left free by I²C (2, 3: the OLED screens), SPI (7-11), the UART (14, 15) and the
#: HAT EEPROM (0, 1): seventeen pins.
FREE_PINS: tuple[int, ...] = (4, 5, 6, 12, 13, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27)

#: The default wiring of up to three GPIO boxes (config `box = "gpio:0"`, `"gpio:1"`, `"gpio:2"`), BCM numbers
#: with the header's physical pin in the comment. Three boxes of six keys need eighteen pins and only
#: seventeen are free of I²C, SPI, UART and the HAT EEPROM, so box 2's BACK takes GPIO 15 (the UART's receive
#: pin, an input anyway): keep the serial console and the UART off (`raspi-config nonint do_serial_cons 1`,
#: `raspi-config nonint do_serial_hw 1`). The direct-order keys (BLACK, RED, BLUE, ACTION, WAIT) have no
#: default pins: pass your own `pins` to use them (see hardware/README.md).
DEFAULT_PIN_MAPS: tuple[Mapping[Key, int], ...] = (
    {Key.LEFT: 17, Key.RIGHT: 27, Key.UP: 22, Key.DOWN: 23, Key.OK: 24, Key.BACK: 25},  # pins 11 13 15 16 18 22
    {Key.LEFT: 5, Key.RIGHT: 6, Key.UP: 12, Key.DOWN: 13, Key.OK: 19, Key.BACK: 16},  # pins 29 31 32 33 35 36
    {Key.LEFT: 26, Key.RIGHT: 20, Key.UP: 21, Key.DOWN: 4, Key.OK: 18, Key.BACK: 15},  # pins 37 38 40 7 12 10
)


def default_pins(index: int) -> dict[Key, int]:
    """The default pin map of GPIO box `index` (0, 1 or 2), as in `box = "gpio:<index>"`."""
    if not 0 <= index < len(DEFAULT_PIN_MAPS):
        raise ValueError(f"there are default pins for GPIO boxes 0 to {len(DEFAULT_PIN_MAPS) - 1}, not {index}")
    return dict(DEFAULT_PIN_MAPS[index])


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
