"""The box menus: what each key does and what the screen says, through the Box and the table."""

from __future__ import annotations

import random
from pathlib import Path

from companion.boxes.box import Box
from companion.boxes.controller import BLANK_AFTER, DIM_AFTER
from companion.boxes.frame import Frame
from companion.table import Table
from tests.engine import engine
from tests.table.support import advance, new_table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def boxes(table: Table, clock: Clock | None = None) -> dict[int, Box]:
    shown: dict[int, list[Frame]] = {}
    out = {}
    for seat in engine(table).state.seats:
        shown[seat] = []
        out[seat] = Box(seat, table, shown[seat].append, clock=clock)
    return out


def placed(tmp_path: Path, seed: int = 3) -> Table:
    table = new_table(tmp_path / "t.db", seed=seed)
    rng = random.Random(seed)
    advance(table, rng, past_placement=True)
    table.start()
    return table


def test_placement_lists_every_city_and_refuses_a_taken_one_with_the_reason(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    table.start()
    order = engine(table).state.turn_order()
    box = boxes(table)
    first = box[order[0]].key("OK")  # city 1
    assert first is not None
    second = box[order[1]]
    frame = second.key("OK")  # city 1 again: taken
    assert frame is not None and "(§2)" in frame.footer and "Taken" in frame.footer
    assert frame.lines[0].endswith("(taken)") and len(frame.lines) == 21
    frame = second.key("DOWN")
    frame = second.key("OK")
    assert engine(table).state.players[order[1]].city == 2
    table.stop()


def test_programming_with_six_keys_locks_and_shows_who_is_ready(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    frame = box.key("DOWN")  # slot 1: black
    assert frame is not None and frame.kind == "program" and frame.slots[0] == "black"
    assert frame.lines[0]  # a preview of where that road leads
    for _ in range(5):
        box.key("RIGHT")
        box.key("DOWN")
        box.key("DOWN")
        box.key("DOWN")
        box.key("DOWN")  # action
    frame = box.controller.frame()
    assert frame.slots == ("black", "action", "action", "action", "action", "action")
    frame = box.key("OK")
    assert frame is not None and frame.locked and "1 of 4" in frame.lines[0]
    assert table.view("public")["players"][0]["locked"] is True
    frame = box.key("OK")  # unlock
    assert frame is not None and not frame.locked
    table.stop()


def test_direct_order_keys_fill_the_slot_and_move_on(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[2]
    for key in ("RED", "ACTION", "BLUE", "WAIT", "BLACK", "ACTION"):
        frame = box.key(key)
    assert frame is not None and frame.slots == ("red", "action", "blue", "wait", "black", "action")
    assert frame.footer  # "OK lock" once the six are set
    table.stop()


def test_ok_on_an_unfinished_program_says_why(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    box.key("RED")
    frame = box.key("OK")
    assert frame is not None and not frame.locked and "6" in frame.lines[0]
    table.stop()


def test_pages_status_and_instructions(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    frame = box.key("LEFT")  # on the first slot, LEFT turns to the status page
    assert frame is not None and frame.page == "1/3" and frame.lines[0].startswith("Mi0 Ar0")
    frame = box.key("RIGHT")
    assert frame is not None and frame.kind == "program"
    table.stop()


def test_the_screen_dims_then_blanks_and_the_waking_key_does_nothing_else(tmp_path: Path) -> None:
    table = placed(tmp_path)
    clock = Clock()
    box = boxes(table, clock)[1]
    box.key("RED")
    clock.now += DIM_AFTER + 1
    assert box.controller.frame().dim
    clock.now += BLANK_AFTER
    assert box.controller.frame().kind == "blank"
    frame = box.key("BLUE")
    assert frame is not None and frame.kind == "program" and not frame.dim
    assert frame.slots[1] is None  # the waking press set nothing
    table.stop()


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    before = box.controller.frame()
    assert box.key("SELF_DESTRUCT") is None
    assert box.controller.frame() == before
    table.stop()


def test_the_box_speaks_the_table_language(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3, language="fr")
    table.start()
    first = engine(table).state.turn_order()[0]
    frame = boxes(table)[first].controller.frame()
    assert frame.title == "Départ sur quelle cité ?" and frame.lines[0] == "Cité 1"
    table.stop()


def test_the_last_page_shows_the_seat_link_when_the_table_serves_phones(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    assert box.key("RIGHT") is not None
    for _ in range(6):
        box.key("RIGHT")
    assert box.controller.frame().page == "3/3"  # no phones served: no link page
    box.controller.link = lambda: "HTTP://10.0.0.2:8000/S/1/ABCDEF012345"
    frame = box.key("RIGHT")
    assert frame is not None and frame.kind == "qr" and frame.page == "4/4"
    assert frame.lines == ("HTTP://10.0.0.2:8000/S/1/ABCDEF012345",)
    table.stop()
