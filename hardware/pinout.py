"""Which of the Pi's pins the GPIO boxes take: the default pin maps, and the pins a table's config uses.

Imports nothing but the standard library and `hardware.events`, so that the installer can ask it with the
system's python3 before the companion is installed:  python3 -m hardware.pinout CONFIG  prints the BCM
numbers the config's GPIO boxes take, one line, and exits 0.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from hardware.events import Key

#: BCM numbers of the pins left free by I²C (2, 3: the OLED screens), SPI (7-11), the UART (14, 15) and the
#: HAT EEPROM (0, 1): seventeen pins.
FREE_PINS: tuple[int, ...] = (4, 5, 6, 12, 13, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27)

#: The UART's receive pin: a box on it needs the serial console off.
UART_RX = 15

#: The default wiring of up to three GPIO boxes (config `box = "gpio:0"`, `"gpio:1"`, `"gpio:2"`), BCM numbers
#: with the header's physical pin in the comment. Three boxes of six keys need eighteen pins and only
#: seventeen are free of I²C, SPI, UART and the HAT EEPROM, so box 2's BACK takes GPIO 15 (the UART's receive
#: pin, an input anyway): keep the serial console and the UART off (`raspi-config nonint do_serial_cons 1`,
#: `raspi-config nonint do_serial_hw 1`; the installer does it when a config needs it). The direct-order
#: keys (BLACK, RED, BLUE, ACTION, WAIT) have no default pins: give the seat its own `pins` to use them.
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


def seat_pins(box: str, pins: Mapping[str, int] | None) -> dict[Key, int]:
    """The pins of one seat's GPIO box: its own `pins`, else the default map its `box = "gpio:N"` names."""
    if pins:
        return {Key(key): pin for key, pin in pins.items()}
    kind, _, where = box.partition(":")
    if kind != "gpio":
        return {}
    return default_pins(int(where or 0))


#: The pins of the Pi's I²C bus 1, where the boxes' screens are (a multiplexer's channels hang on it too), and
#: of bus 0 (the HAT EEPROM's pins).
I2C_PINS: Mapping[int, tuple[tuple[int, str], ...]] = {
    1: ((2, "data line (SDA)"), (3, "clock line (SCL)")),
    0: ((0, "data line (SDA)"), (1, "clock line (SCL)")),
}

#: The UART's pins, taken by a serial box wired to the Pi's own serial port rather than plugged into USB.
UART_PINS: tuple[tuple[int, str], ...] = ((14, "transmit pin (TX)"), (UART_RX, "receive pin (RX)"))
UART_PORTS: tuple[str, ...] = ("/dev/serial0", "/dev/serial1", "/dev/ttyAMA0", "/dev/ttyS0")


class Wiring(Protocol):
    """What a seat's config says about its box (companion.config.PlayerConfig)."""

    @property
    def seat(self) -> int: ...
    @property
    def box(self) -> str: ...
    @property
    def pins(self) -> Mapping[str, int] | None: ...
    @property
    def screen(self) -> str | None: ...


def _screen_bus(screen: str) -> int:
    bus = screen.split(":")[1] if screen.count(":") >= 1 else ""
    return int(bus) if bus.isdigit() and int(bus) in I2C_PINS else 1


def pin_uses(seats: Iterable[Wiring], power_pin: int | None = None) -> list[tuple[int, str]]:
    """Every (BCM pin, what takes it) of a table: the power button, each key of each GPIO box, the I²C pins
    when a screen is on the Pi's I²C, the UART's pins when a serial box is on the Pi's serial port."""
    uses: list[tuple[int, str]] = []
    if power_pin is not None:
        uses.append((power_pin, "the power button"))
    buses: set[int] = set()
    uart = False
    for seat in seats:
        kind, _, where = seat.box.partition(":")
        if kind == "gpio":
            owner = f"box {seat.box}" if where else "the GPIO box"
            uses.extend((pin, f"{owner}'s {key} key (seat {seat.seat})")
                        for key, pin in seat_pins(seat.box, seat.pins).items())
        if seat.screen:
            buses.add(_screen_bus(seat.screen))
        uart = uart or (kind == "serial" and where in UART_PORTS)
    for bus in sorted(buses):
        uses.extend((pin, f"the I²C screens' {line} (bus {bus})") for pin, line in I2C_PINS[bus])
    if uart:
        uses.extend((pin, f"the serial box's {line}") for pin, line in UART_PINS)
    return uses


def pin_clash(uses: Iterable[tuple[int, str]]) -> str | None:
    """The first pin taken twice, in words naming both uses, or None."""
    first: dict[int, str] = {}
    for pin, use in uses:
        if pin in first:
            return f"GPIO {pin} is used twice: {first[pin]} and {use}"
        first[pin] = use
    return None


def config_pins(config: dict[str, Any]) -> set[int]:
    """Every BCM pin the GPIO boxes of a parsed config take (no check: `companion run` does those)."""
    used: set[int] = set()
    for player in config.get("player", []):
        box, pins = player.get("box", ""), player.get("pins")
        if isinstance(box, str) and box.partition(":")[0] == "gpio":
            used.update(seat_pins(box, pins).values())
    return used


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python3 -m hardware.pinout CONFIG", file=sys.stderr)
        return 2
    config = tomllib.loads(Path(args[0]).read_text(encoding="utf-8"))
    print(" ".join(str(pin) for pin in sorted(config_pins(config))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
