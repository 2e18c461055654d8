"""A player's `box` setting opens the right adapter for that seat."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.adapters import open_box
from hardware.events import InputEvent, Key
from hardware.gpio_box import GpioBox
from hardware.pinout import DEFAULT_PIN_MAPS
from hardware.serial_box import SerialLink

from .fakebox import SocketBox
from .support import Collector


def test_gpio_spec_opens_a_gpio_box_on_that_default_pin_map() -> None:
    previous = Device.pin_factory
    Device.pin_factory = factory = MockFactory()
    sink = Collector()
    try:
        with open_box("gpio:1", 4, sink) as box:
            assert isinstance(box, GpioBox) and box.pins == DEFAULT_PIN_MAPS[1]
            factory.pin(DEFAULT_PIN_MAPS[1][Key.OK]).drive_low()
            assert sink.wait_for(1)
    finally:
        factory.reset()
        Device.pin_factory = previous
    assert sink.snapshot() == [InputEvent(4, Key.OK, "press")]


def test_serial_spec_opens_a_link_whose_port_is_the_seat() -> None:
    fake = SocketBox().start()
    try:
        with open_box(f"serial:{fake.url}", 2, Collector()) as link:
            assert isinstance(link, SerialLink)
            assert link.wait_bound(5) and link.seat == 2
    finally:
        fake.close()


@pytest.mark.parametrize("spec", ["bot", "phone", "serial", "serial:", "gpio:x", "gpio:3", "usb:1"])
def test_other_specs_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        open_box(spec, 1, Collector())
