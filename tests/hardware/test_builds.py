"""The documented builds (docs/builds/*.toml): each config opens as it is on mock pins, stand-in screens
and fake serial boxes, and a year is played through its boxes' keys alone."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.boxes.drawing import image
from companion.boxes.glass import pages
from companion.config import BadConfig, PlayerConfig, load
from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.boxes.keys import keys_for
from companion.store import Store
from companion.table import Table
from hardware.events import Key
from hardware.gpio_box import GpioBox
from hardware.hardware_box import HardwareBox
from hardware.pinout import UART_RX, seat_pins
from hardware.screens import parse_screen
from tests.table.support import new_game_command

from .fakebox import SocketBox
from .glass import GlassBus, oled

BUILDS = Path(__file__).resolve().parents[2] / "docs" / "builds"
CONFIGS = sorted(BUILDS.glob("*.toml"))
SERIAL = re.compile(r'"serial:(/dev/xidit/box-[^"]+)"')
FAST = {"timeout": 0.01, "resend_after": 0.05, "reopen_every": 0.02}


def test_there_are_three_builds_each_with_its_wiring_page() -> None:
    assert [c.stem for c in CONFIGS] == ["five-players", "three-players", "three-screens"]
    for config in CONFIGS:
        page = config.with_suffix(".md").read_text(encoding="utf-8")
        assert config.name in page and "## Parts" in page and "## Wiring" in page


def on_fakes(config: Path, folder: Path) -> tuple[Path, dict[str, SocketBox]]:
    """The config as it is, but each serial box's udev name replaced by a fake box's socket."""
    text = config.read_text(encoding="utf-8")
    fakes = {name: SocketBox().start() for name in SERIAL.findall(text)}
    for name, fake in fakes.items():
        text = text.replace(f'"serial:{name}"', f'"serial:{fake.url}"')
    text = text.replace('store = "/var/lib/xidit/companion.db"', 'store = "build.db"')
    copy = folder / config.name
    copy.write_text(text, encoding="utf-8")
    return copy, fakes


def check_wiring(players: tuple[PlayerConfig, ...]) -> None:
    """What the Pi's header and buses allow: no pin twice, not on I²C, one screen per address of a bus."""
    gpio = [p for p in players if p.box.partition(":")[0] == "gpio"]
    assert len(gpio) <= 3
    used = [pin for p in gpio for pin in seat_pins(p.box, p.pins).values()]
    assert len(used) == len(set(used)) and not {2, 3} & set(used)
    screens = [parse_screen(p.screen)[1:] for p in players if p.screen]
    assert len(screens) == len(set(screens)) == len(gpio)  # every GPIO box has its screen, each its own


@pytest.mark.parametrize("config", CONFIGS, ids=[c.stem for c in CONFIGS])
def test_a_build_plays_a_year_through_its_boxes(config: Path, tmp_path: Path) -> None:
    path, fakes = on_fakes(config, tmp_path)
    loaded = load(path)
    check_wiring(loaded.players)
    table = Table.open(Store(loaded.store), default_pack_text())
    table.handle(new_game_command([(p.seat, p.colour, p.name) for p in loaded.players], "short", "normal", 18))
    table.start()
    factory = MockFactory()
    buses: dict[int, GlassBus] = {}
    boxes: dict[int, HardwareBox] = {}
    presses: dict[int, Callable[[str], None]] = {}
    try:
        for player in loaded.players:
            screen = None
            if player.screen:
                screen, buses[player.seat] = oled()
            hardware = HardwareBox(player.seat, player.box, table, screen=screen, pins=player.pins,
                                   pin_factory=factory, serial_options=FAST)
            boxes[player.seat] = hardware
            if isinstance(hardware.adapter, GpioBox):
                presses[player.seat] = _pin_presser(factory, hardware.adapter.pins)
            else:
                fake = next(f for f in fakes.values() if player.box.endswith(f.url))
                presses[player.seat] = fake.press
                assert hardware.adapter.wait_bound(5)
        rng = random.Random(18)
        assert table.playing()
        while (table.round() or 0) < 2:
            moved = False
            for seat, hardware in boxes.items():
                # a box with the direct-order keys uses them, as its player would
                six = not isinstance(hardware.adapter, GpioBox) or Key.BLACK not in hardware.adapter.pins
                for key in keys_for(hardware.box, rng, six_keys=six):
                    expected = hardware.handled + 1
                    presses[seat](key)
                    assert hardware.wait_handled(expected, 10), (seat, key)
                    moved = True
            assert moved
        for seat, bus in buses.items():  # each GPIO box's glass shows what its seat should see
            assert boxes[seat].box.settled(5)
            assert bytes(bus.memory) == b"".join(pages(image(boxes[seat].box.controller.frame())))
    finally:
        for hardware in boxes.values():
            hardware.close()
        for fake in fakes.values():
            fake.close()
        table.stop()


def _pin_presser(factory: MockFactory, pins: dict[Key, int]) -> Callable[[str], None]:
    def press(key: str) -> None:
        pin = factory.pin(pins[Key(key)])
        pin.drive_low()
        pin.drive_high()

    return press


def test_only_the_build_with_a_third_gpio_box_needs_the_uart_pin() -> None:
    needs = {c.stem: any(UART_RX in seat_pins(p.box, p.pins).values() for p in load(c).players) for c in CONFIGS}
    assert needs == {"five-players": False, "three-players": False, "three-screens": True}


def _config(tmp_path: Path, player: str) -> Path:
    path = tmp_path / "c.toml"
    others = "".join(f'\n[[player]]\nseat = {s}\nbox = "bot"\n' for s in (2, 3))
    path.write_text(f"[[player]]\nseat = 1\n{player}\n{others}", encoding="utf-8")
    return path


@pytest.mark.parametrize("player, message", [
    ('box = "gpio:0"\n[player.pins]\nOK = 5', 'needs box = "gpio"'),
    ('box = "gpio"\n[player.pins]\nSELECT = 5', "unknown key(s) SELECT"),
    ('box = "gpio"\n[player.pins]\nOK = 40', "GPIO number 0 to 27"),
    ('box = "gpio"\n[player.pins]\nOK = 5\nBACK = 5', "two keys share a pin"),
    ('box = "gpio"\n[player.pins]\nOK = "5"', "must be int"),
])
def test_bad_pins_are_refused_naming_the_key(tmp_path: Path, player: str, message: str) -> None:
    with pytest.raises(BadConfig, match=re.escape(message)):
        load(_config(tmp_path, player))


def test_a_seat_s_own_pins_include_the_direct_keys(tmp_path: Path) -> None:
    loaded = load(_config(tmp_path, 'box = "gpio"\nscreen = "sh1106:3:0x3D"\n[player.pins]\nOK = 5\nWAIT = 6'))
    assert loaded.players[0].pins == {"OK": 5, "WAIT": 6} and loaded.players[0].screen == "sh1106:3:0x3D"
    assert parse_screen("sh1106:3:0x3D") == ("sh1106", 3, 0x3D)
    for bad in ("ssd1306", "ssd1306:x:0x3C", "st7735:1:0x3C", "ssd1306:1:0x99"):
        with pytest.raises(ValueError):
            parse_screen(bad)
