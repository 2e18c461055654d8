"""From a player's `box` setting to the adapter that reads that box's keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.events import Key, Sink
from hardware.gpio_box import GpioBox
from hardware.pinout import default_pins
from hardware.serial_box import SerialLink


def open_box(spec: str, seat: int, sink: Sink, *, pins: Mapping[str, int] | None = None, pin_factory: Any = None,
             serial_options: dict[str, Any] | None = None) -> GpioBox | SerialLink:
    """`gpio:N` (a GPIO box on default pin map N, 0 to 2), `gpio` with `pins` (a GPIO box on the pins the
    seat's config gives, key name to BCM number) or `serial:<port>` (a serial box on that USB port, e.g.
    serial:/dev/xidit/box-platform-...-usb-0_1_2_1_0). The adapter sends the seat's key events to `sink`;
    close it when done. Other kinds (bot, phone) have no hardware: ValueError. `pin_factory` and
    `serial_options` reach gpiozero and `SerialLink` (tests use mock pins and short timeouts)."""
    kind, _, where = spec.partition(":")
    if kind == "gpio":
        if pins:
            if where:
                raise ValueError(f"box {spec!r}: with its own pins a GPIO box is box = \"gpio\", not gpio:N")
            return GpioBox(seat, {Key(key): pin for key, pin in pins.items()}, sink, pin_factory=pin_factory)
        if where and not where.isdigit():
            raise ValueError(f"box {spec!r}: gpio:N, N the pin map 0, 1 or 2")
        return GpioBox(seat, default_pins(int(where or 0)), sink, pin_factory=pin_factory)
    if kind == "serial":
        if not where:
            raise ValueError(f"box {spec!r}: serial:<port>, the box's USB port (see companion doctor)")
        return SerialLink(where, sink, seat_for_port={where: seat}, **(serial_options or {}))
    raise ValueError(f"box {spec!r} is not a hardware box (gpio:N or serial:<port>)")
