"""Holding a key does what pressing it does, except where a hold is defined: UP and DOWN repeat in lists
and counters, and BACK held clears the program being entered. Every key is held (its press, its hold and,
for UP and DOWN, the repeats of two seconds) on a box beside an identical one where it is pressed once."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.boxes.box import Box
from companion.boxes.frame import KEYS
from companion.table import Table
from tests.engine import engine
from tests.table.support import advance, new_table

REPEATS = 12  # a 2 s hold: the hold after 0.5 s, then a repeat every 0.12 s


def events(key: str) -> list[str]:
    return ["press", "hold"] + (["repeat"] * REPEATS if key in ("UP", "DOWN") else [])


def placement(path: Path) -> tuple[Table, Box]:
    table = new_table(path, seed=3)
    table.start()
    first = engine(table).state.turn_order()[0]
    return table, Box(first, table, lambda frame: None)


def programming(*keys: str) -> Callable[[Path], tuple[Table, Box]]:
    def make(path: Path) -> tuple[Table, Box]:
        table = new_table(path, seed=3)
        advance(table, random.Random(3), past_placement=True)
        table.start()
        box = Box(1, table, lambda frame: None)
        for key in keys:
            box.key(key)
        return table, box
    return make


SCREENS: dict[str, Callable[[Path], tuple[Table, Box]]] = {
    "placement": placement,
    "empty program": programming(),
    "program begun": programming("RED", "ACTION", "BLUE"),
    "full program": programming("RED", "ACTION", "BLUE", "WAIT", "BLACK", "ACTION"),
    "locked program": programming("RED", "ACTION", "BLUE", "WAIT", "BLACK", "ACTION", "OK"),
    "status page": programming("BACK"),
}


def state(table: Table, box: Box) -> tuple[Any, ...]:
    snap = table.seat_snapshot(box.seat)
    return snap.draft, snap.locked, engine(table).version, box.controller.frame()


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize("key", KEYS)
def test_a_held_key_is_one_press_unless_its_hold_is_defined(tmp_path: Path, screen: str, key: str) -> None:
    pressed_table, pressed = SCREENS[screen](tmp_path / "pressed.db")
    held_table, held = SCREENS[screen](tmp_path / "held.db")
    try:
        assert state(pressed_table, pressed) == state(held_table, held)
        for kind in events(key):
            held.key(key, kind)
        if key == "BACK" and screen in ("program begun", "full program"):  # the one long press: a clean slate
            draft, locked, _, frame = state(held_table, held)
            assert draft == (None,) * 6 and not locked and frame.slots == (None,) * 6
            return
        # (BACK on an empty first slot turns to the status page: its hold, pressed elsewhere, does nothing)
        presses = len(events(key)) if key in ("UP", "DOWN") and screen == "placement" else 1
        for _ in range(presses):  # in a list UP and DOWN repeat: as many steps as events
            pressed.key(key)
        assert state(held_table, held) == state(pressed_table, pressed)
    finally:
        pressed_table.stop()
        held_table.stop()


def test_a_hold_after_a_press_on_another_screen_does_nothing(tmp_path: Path) -> None:
    table, box = programming("RED", "ACTION", "BLUE", "WAIT", "BLACK", "ACTION", "OK")(tmp_path / "t.db")
    try:
        box.key("BACK")  # unlocks
        box.key("BACK", "hold")  # the press was on the locked screen: the hold does not clear the program
        assert table.seat_snapshot(1).draft == ("red", "action", "blue", "wait", "black", "action")
    finally:
        table.stop()
