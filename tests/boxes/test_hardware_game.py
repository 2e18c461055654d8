"""A complete game played only through box key events: two seats on GPIO boxes (gpiozero's mock pins),
one on a serial box (the firmware's protocol behind a socket), ending with the right winner."""

from __future__ import annotations

import random
from pathlib import Path

from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy

from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules import Game, record_from_json
from hardware.events import Key
from hardware.hardware_box import HardwareBox
from hardware.pinout import default_pins
from tests.hardware.fakebox import SocketBox
from tests.table.support import new_table


def test_a_whole_game_through_gpio_and_serial_boxes(tmp_path: Path) -> None:
    table = new_table(tmp_path / "hw.db", players=3, length="short", seed=123)
    table.start()
    factory = MockFactory()
    fakes = {3: SocketBox().start()}
    fast = {"timeout": 0.01, "resend_after": 0.05, "reopen_every": 0.02}
    boxes = {
        1: HardwareBox(1, "gpio:0", table, screen=dummy(width=128, height=64, mode="1"), pin_factory=factory),
        2: HardwareBox(2, "gpio:1", table, screen=dummy(width=128, height=64, mode="1"), pin_factory=factory),
        3: HardwareBox(3, f"serial:{fakes[3].url}", table, serial_options=fast),
    }
    assert boxes[3].adapter.wait_bound(5)  # type: ignore[union-attr]

    def press(seat: int, key: str) -> None:
        expected = boxes[seat].handled + 1
        if seat in fakes:
            fakes[seat].press(key)
        else:
            pin = factory.pin(default_pins(seat - 1)[Key(key)])
            pin.drive_low()
            pin.drive_high()
        assert boxes[seat].wait_handled(expected, 10), (seat, key)

    rng = random.Random(123)
    presses = 0
    try:
        while table.playing():
            moved = False
            for seat, hardware in boxes.items():
                for key in keys_for(hardware.box, rng, six_keys=True):
                    press(seat, key)
                    presses += 1
                    moved = True
            assert moved
        record = record_from_json(table.record())
        alone = Game.replay(table.board, record.setup, record.actions)
        assert alone.outcome() == table.outcome()
        assert presses > 100
        # The serial boxes' own screens show what the table shows them.
        final = boxes[3].box.controller.frame()
        assert final.title == "Game over"
    finally:
        for hardware in boxes.values():
            hardware.close()
        for fake in fakes.values():
            fake.close()
        table.stop()


def test_an_unplugged_serial_box_shows_on_the_phones_and_comes_back(tmp_path: Path) -> None:
    import threading

    table = new_table(tmp_path / "plug.db", players=3, seed=5)
    table.start()
    fake = SocketBox().start()
    states: list[bool] = []
    changed = threading.Event()

    def seen(view: dict) -> None:  # type: ignore[type-arg]
        box = view["table"]["boxes"].get("2")
        if box is not None and (not states or states[-1] != box["connected"]):
            states.append(box["connected"])
            changed.set()

    table.watch(lambda version: seen(table.view("public")))
    hardware = HardwareBox(2, f"serial:{fake.url}", table,
                           serial_options={"timeout": 0.01, "resend_after": 0.05, "reopen_every": 0.02})
    try:
        def wait_for(state: bool) -> bool:
            while True:
                changed.clear()  # before looking, so that a change in between still wakes us
                if states and states[-1] == state:
                    return True
                if not changed.wait(10):
                    return False

        assert wait_for(True)
        fake.unplug()
        assert wait_for(False)
        fake.plug()
        assert wait_for(True)
        assert states == [False, True, False, True]
    finally:
        hardware.close()
        fake.close()
        table.stop()
