"""The optional power button: a short press does nothing, holding it asks for a clean shutdown."""

from __future__ import annotations

import threading

from gpiozero.pins.mock import MockFactory

from hardware.power import PowerButton


def test_holding_the_button_asks_for_shutdown_and_a_tap_does_not() -> None:
    factory = MockFactory()
    asked = threading.Event()
    with PowerButton(26, asked.set, pin_factory=factory, hold_time=0.05):
        pin = factory.pin(26)
        pin.drive_low()
        pin.drive_high()
        assert not asked.wait(0.2), "a tap is not a shutdown"
        pin.drive_low()
        assert asked.wait(2), "holding asks for the shutdown"
        pin.drive_high()
