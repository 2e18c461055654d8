"""Box figures: from a key press to the frame handed to the display, and the bytes sent to an
SSD1306 per key press while programming, against a full frame."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from luma.core.interface.serial import noop
from luma.oled.device import ssd1306

from companion.bench.figure import Figure, percentile
from companion.boxes.box import Box
from companion.boxes.glass import FULL_FRAME
from companion.games.xidit.bench.games import new_game_command
from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules.board import Board
from companion.store import Store
from companion.table import Table
from hardware.screens import Screen


class _Timed:
    """An SSD1306 on a serial interface that goes nowhere, noting when data reaches it."""

    def __init__(self) -> None:
        self.device: Any = ssd1306(noop())
        self.last = 0.0
        data = self.device.data

        def timed(values: Any) -> None:
            data(values)
            self.last = time.perf_counter()

        self.device.data = timed


def _play(games: int) -> tuple[list[float], list[int], int]:
    latencies: list[float] = []
    programming_bytes: list[int] = []
    programs = 0
    with tempfile.TemporaryDirectory() as folder:
        for n in range(games):
            table = Table.open(Store(Path(folder) / f"boxes{n}.db"), default_pack_text())
            table.handle(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None),
                                           (4, "yellow", None)], "short", "normal", n))
            table.start()
            devices = {s: _Timed() for s in (1, 2, 3, 4)}
            screens = {s: Screen(devices[s].device) for s in devices}
            boxes = {s: Box(s, table, screens[s].show) for s in devices}
            for box in boxes.values():
                box.attach()
            rng = random.Random(n)
            while table.playing():
                for seat, box in boxes.items():
                    keys = keys_for(box, rng, six_keys=seat % 2 == 0)
                    programs += bool(keys) and table.phase() == "program"
                    for key in keys:
                        programming = table.phase() == "program"
                        before, sent = devices[seat].last, screens[seat].bytes_sent
                        start = time.perf_counter()
                        box.key(key)
                        if devices[seat].last != before:
                            latencies.append((devices[seat].last - start) * 1000)
                        if programming:
                            programming_bytes.append(screens[seat].bytes_sent - sent)
            table.stop()
    return latencies, programming_bytes, programs


def key_to_frame(board: Board, games: int) -> list[Figure]:
    latencies, sent, programs = _play(games)
    average = sum(sent) / max(1, len(sent))
    per_program = sum(sent) / max(1, programs)
    return [
        Figure("boxes: key press to frame handed to the display", percentile(latencies, 50), "ms (p50)",
               len(latencies), "", f"p99 {percentile(latencies, 99):.2f} ms; includes storing the decision"),
        Figure("boxes: bytes sent to the display per key press while programming", 100 * average / FULL_FRAME,
               "% of a full frame", len(sent), "≤ 25 %",
               f"{average:.0f} bytes on average against {FULL_FRAME}, {per_program:.0f} bytes per program entered; "
               "page-addressed partial updates (SSD1306)"),
    ]
