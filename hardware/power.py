"""An optional power button: held for 3 seconds, the table saves and stops, then the Pi shuts down.

On GPIO3 the same button also wakes a halted Pi (a property of that pin), but GPIO3 is also I2C's
clock: use it only when no OLED is wired to the Pi's own I2C bus.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from gpiozero import Button

log = logging.getLogger("companion.power")

HOLD_SECONDS = 3.0


class PowerButton:
    def __init__(self, pin: int, on_hold: Callable[[], None], *, pin_factory: Any = None,
                 hold_time: float = HOLD_SECONDS) -> None:
        self._button = Button(pin, pull_up=True, bounce_time=0.05, hold_time=hold_time, pin_factory=pin_factory)
        self._on_hold = on_hold
        self._button.when_held = self._held

    def _held(self) -> None:
        log.info("power button held: saving and shutting down")
        self._on_hold()

    def close(self) -> None:
        self._button.close()

    def __enter__(self) -> PowerButton:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
