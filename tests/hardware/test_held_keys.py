"""Every key held for two seconds on real adapters, a box beside one where the key is pressed once: the
same program, the same screen (BACK held clears the program: the one long press). On gpiozero's mock
pins the hold runs on a shortened clock (hold after 50 ms, repeats every 12 ms, held for 200 ms: the
shape of a 2 s hold); on the serial box the firmware's own key scanner is fed two seconds of a key
held down on an injected clock, and its events go over the wire."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from companion.boxes.box import Box
from companion.table import Table
from hardware.events import InputEvent, Key
from hardware.firmware import xidit_protocol as proto
from hardware.gpio_box import GpioBox
from hardware.pinout import FREE_PINS
from hardware.serial_box import SerialLink
from tests.table.support import advance, new_table

from .fakebox import SocketBox
from .support import settle

BEGUN = ("RED", "ACTION", "BLUE")  # three orders entered, the cursor on the fourth slot


class Keyed:
    """A sink that hands each key event to a box and counts them, so that a test waits for the box."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.kinds: list[tuple[str, str]] = []
        self._changed = threading.Condition()

    def __call__(self, event: InputEvent) -> None:
        self.box.key(event.key.value, event.kind)
        with self._changed:
            self.kinds.append((event.key.value, event.kind))
            self._changed.notify_all()

    def wait_for(self, count: int, timeout: float = 5.0) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: len(self.kinds) >= count, timeout)


def programming(path: Path, keys: tuple[str, ...] = BEGUN) -> tuple[Table, Box]:
    table = new_table(path, seed=3)
    advance(table, random.Random(3), past_placement=True)
    table.start()
    box = Box(1, table, lambda frame: None)
    for key in keys:
        box.key(key)
    return table, box


def state(table: Table, box: Box) -> tuple[Any, ...]:
    snap = table.seat_snapshot(box.seat)
    return snap.draft, snap.locked, box.controller.frame()


def expected(path: Path, key: str) -> tuple[Any, ...]:
    """What one press of `key` leaves; BACK held leaves the program as it was before any key."""
    table, box = programming(path, () if key == "BACK" else BEGUN)
    try:
        if key != "BACK":
            box.key(key)
        return state(table, box)
    finally:
        table.stop()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


@pytest.mark.parametrize("key", list(Key))
def test_a_key_held_on_a_gpio_box_is_one_press(tmp_path: Path, factory: MockFactory, key: Key) -> None:
    want = expected(tmp_path / "pressed.db", key.value)
    table, box = programming(tmp_path / "held.db")
    sink = Keyed(box)
    pins = dict(zip(Key, FREE_PINS, strict=False))
    try:
        with GpioBox(1, pins, sink, pin_factory=factory, hold_time=0.05, repeat_every=0.012):
            pin = factory.pin(pins[key])
            pin.drive_low()
            repeats = 12 if key in (Key.UP, Key.DOWN) else 0
            assert sink.wait_for(2 + repeats)  # the press, the hold and, for UP and DOWN, twelve repeats
            settle(0.1)  # still held: nothing more is due for the other keys
            pin.drive_high()
        kinds = [kind for _, kind in sink.kinds]
        assert kinds[:2] == ["press", "hold"] and set(kinds[2:]) <= {"repeat"}
        assert bool(kinds[2:]) == bool(repeats)
        assert state(table, box) == want
    finally:
        table.stop()


def held_for_two_seconds(key: str) -> list[tuple[str, str]]:
    """The events the box's firmware sends for `key` held down 2 s (its scanner on an injected clock)."""
    scanner = proto.KeyScanner([k.value for k in Key])
    out: list[tuple[str, str]] = []
    for now in range(0, 2001, 10):
        out += scanner.update(now, {key})
    return out + scanner.update(2010, set()) + scanner.update(2040, set())


def test_the_firmware_scanner_makes_a_two_second_hold_a_press_a_hold_and_repeats_of_up_and_down() -> None:
    assert held_for_two_seconds("OK") == [("OK", "press"), ("OK", "hold")]
    down = held_for_two_seconds("DOWN")
    assert down[:2] == [("DOWN", "press"), ("DOWN", "hold")] and len(down) == 2 + 12


@pytest.fixture
def fake() -> Iterator[SocketBox]:
    box = SocketBox().start()
    yield box
    box.close()


@pytest.mark.parametrize("key", list(Key))
def test_a_key_held_on_a_serial_box_is_one_press(tmp_path: Path, fake: SocketBox, key: Key) -> None:
    want = expected(tmp_path / "pressed.db", key.value)
    table, box = programming(tmp_path / "held.db")
    sink = Keyed(box)
    link = SerialLink(fake.url, sink, seat_for_port={fake.url: 1}, timeout=0.01, resend_after=0.05,
                      reopen_every=0.02)
    try:
        assert link.wait_bound(5)
        events = held_for_two_seconds(key.value)
        for name, kind in events:
            fake.press(name, kind)
        assert sink.wait_for(len(events))
        assert sink.kinds == events
        assert state(table, box) == want
    finally:
        link.close()
        table.stop()
