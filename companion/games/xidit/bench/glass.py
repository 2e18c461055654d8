"""Box figures closer to the glass: from a GPIO key press to the last byte of its frame on a modelled
400 kHz I²C bus, with the store's commits slowed as an SD card's fsync is, and the CPU time the companion
spends per key press.

The build is docs/builds/three-screens: three GPIO boxes (gpiozero's mock pins), two screens sharing one
bus and the third on a bus of its own. A transfer on a bus takes (address byte + control byte + payload)
× 9 bits / 400 kHz and holds that bus meanwhile, as the kernel's I²C driver holds the caller's thread;
a commit takes SD_FSYNC more than it does on this machine's disk. Both are models, stated in the figures'
notes: no Pi is reachable from here. The two screens of bus 1 take their turns on it as the companion's
screens do on the Pi (`hardware.shared_bus`: a key's frame before the other screen's redraw).
"""

from __future__ import annotations

import itertools
import random
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, cast

from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1306

from companion.bench.figure import Figure, percentile
from companion.games.xidit.bench.games import new_game_command
from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules.board import Board
from companion.store import Store
from companion.table import Table
from hardware.hardware_box import HardwareBox
from hardware.screens import Screen
from hardware.shared_bus import SharedBus

I2C_HZ = 400_000
SD_FSYNC = 0.005  # seconds an SD card's fsync adds to each commit (class 10 cards: 2 to 10 ms)


class Bus:
    """One I²C bus: its transfers go one after the other, each taking its bits' time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.turns = SharedBus()  # the screens' turns on this bus, as `oled_screen` shares them on the Pi

    def transfer(self, count: int) -> float:
        """Sends `count` bytes after the address and control bytes; returns when the last one is out."""
        with self._lock:
            end = time.perf_counter() + (2 + count) * 9 / I2C_HZ
            while (left := end - time.perf_counter()) > 0:
                time.sleep(left)
            return end


class Wire:
    """luma's serial interface for one SSD1306 on a modelled bus; `last` is when its last byte went out."""

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.last = 0.0

    def command(self, *cmd: int) -> None:
        self.last = self.bus.transfer(len(cmd))

    def data(self, data: list[int]) -> None:
        self.last = self.bus.transfer(len(data))

    def cleanup(self) -> None:
        pass


class _SlowCommits:
    """A store's SQLite connection whose commits take SD_FSYNC more, as on an SD card."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        cursor = self._db.execute(sql, *args)
        if sql == "COMMIT":
            time.sleep(SD_FSYNC)
        return cursor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


class SdCardStore(Store):
    """The table's store with every commit slowed to an SD card's fsync."""

    def _open(self) -> sqlite3.Connection:
        return cast(sqlite3.Connection, _SlowCommits(super()._open()))


def _press(factory: MockFactory, hardware: HardwareBox, key: str) -> None:
    pins: dict[Any, int] = hardware.adapter.pins  # type: ignore[union-attr]
    pin = factory.pin(next(p for k, p in pins.items() if k.value == key))
    pin.drive_low()
    pin.drive_high()


def key_to_glass(board: Board, presses: int) -> list[Figure]:
    """`presses` key presses, game after game, on build 3's boxes."""
    latencies: list[float] = []
    pressed = 0
    cpu = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for n in itertools.count():
            if pressed >= presses:
                break
            table = Table.open(SdCardStore(Path(folder) / f"glass{n}.db"), default_pack_text())
            table.handle(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)],
                                          "short", "normal", n))
            table.start()
            factory = MockFactory()
            bus_1, bus_3 = Bus(), Bus()
            wires = {1: Wire(bus_1), 2: Wire(bus_1), 3: Wire(bus_3)}
            boxes = {seat: HardwareBox(seat, f"gpio:{seat - 1}", table, pin_factory=factory,
                                       screen=Screen(ssd1306(serial_interface=wires[seat]), bus=wires[seat].bus.turns))
                     for seat in wires}
            rng = random.Random(n)
            process, driver = time.process_time(), time.thread_time()
            try:
                while table.playing() and pressed < presses:
                    for seat, hardware in boxes.items():
                        for key in keys_for(hardware.box, rng, six_keys=True):
                            before, expected = wires[seat].last, hardware.handled + 1
                            start = time.perf_counter()
                            _press(factory, hardware, key)
                            hardware.wait_handled(expected, 30)
                            pressed += 1
                            if wires[seat].last != before:
                                latencies.append((wires[seat].last - start) * 1000)
                # The companion's CPU: the whole process's, less this thread's (the virtual players' choices).
                cpu += (time.process_time() - process) - (time.thread_time() - driver)
            finally:
                for hardware in boxes.values():
                    hardware.close()
                table.stop()
    model = f"model: I2C at {I2C_HZ // 1000} kHz, (2 + n) bytes x 9 bits a transfer; commits +{SD_FSYNC * 1000:g} ms"
    return [
        Figure("boxes: GPIO key press to the last byte on the glass (modelled I2C bus, SD-card store)",
               percentile(latencies, 50), "ms (p50)", len(latencies), "",
               f"p99 {percentile(latencies, 99):.2f} ms; 3 GPIO boxes, two screens on one bus; {model}"),
        Figure("boxes: GPIO key press to the last byte on the glass, p99", percentile(latencies, 99), "ms (p99)",
               len(latencies), "≤ 30 ms", "the same presses; the slowest store a decision (the table's answer, "
               "its commit with the fsync) and redraw most of the glass (8 pages, about 20 ms on the bus)"),
        Figure("boxes: CPU time of the companion per key press", 1000 * cpu / max(1, pressed), "ms", pressed, "",
               "process CPU less the virtual players' thread; the figure that scales to a slower Pi"),
    ]
