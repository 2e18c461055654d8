"""From a player's `box` setting to the adapter that reads that box's keys."""

from __future__ import annotations

from typing import Any

from hardware.events import Sink
from hardware.gpio_box import GpioBox, default_pins
from hardware.serial_box import SerialLink


def open_box(spec: str, seat: int, sink: Sink, *, pin_factory: Any = None,
             serial_options: dict[str, Any] | None = None) -> GpioBox | SerialLink:
    """`gpio:N` (a GPIO box on default pin map N, 0 to 2) or `serial:<port>` (a serial box on that USB port,
    e.g. serial:/dev/serial/by-path/...-usb-0:1.2:1.0). The adapter sends the seat's key events to `sink`;
    close it when done. Other kinds (bot, phone) have no hardware: ValueError. `pin_factory` and
    `serial_options` reach gpiozero and `SerialLink` (tests use mock pins and short timeouts)."""
    kind, _, where = spec.partition(":")
    if kind == "gpio":
        if where and not where.isdigit():
            raise ValueError(f"box {spec!r}: gpio:N, N the pin map 0, 1 or 2")
        return GpioBox(seat, default_pins(int(where or 0)), sink, pin_factory=pin_factory)
    if kind == "serial":
        if not where:
            raise ValueError(f"box {spec!r}: serial:<port>, the box's USB port (see companion doctor)")
        return SerialLink(where, sink, seat_for_port={where: seat}, **(serial_options or {}))
    raise ValueError(f"box {spec!r} is not a hardware box (gpio:N or serial:<port>)")
