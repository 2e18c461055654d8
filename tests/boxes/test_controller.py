"""The box menus: what each key does and what the screen says, through the Box and the table."""

from __future__ import annotations

import random
from pathlib import Path

from companion.boxes.box import Box
from companion.boxes.controller import BLANK_AFTER, DIM_AFTER
from companion.boxes.editors import count_step, split_step, spread
from companion.boxes.frame import Frame
from companion.boxes.text import wrap
from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules import actions
from companion.games.xidit.table.drafts import set_order
from companion.table import Acknowledge, Table
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


def test_placement_is_a_grid_from_the_middle_and_refuses_a_taken_city_with_the_reason(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    table.start()
    order = engine(table).state.turn_order()
    box = boxes(table)
    first = box[order[0]].key("OK")  # the cursor starts on city 11, in the middle of the grid
    assert first is not None
    assert engine(table).state.players[order[0]].city == 11
    second = box[order[1]]
    frame = second.key("OK")  # city 11 again: taken
    assert frame is not None and frame.kind == "grid" and len(frame.lines) == 21
    assert "§" not in frame.footer and "Taken" in frame.footer and frame.taken == (10,)
    for key in ("UP", "LEFT", "LEFT"):  # a row up, two cities left: city 2
        frame = second.key(key)
    assert frame is not None and frame.footer == "City 2: OK"
    second.key("OK")
    assert engine(table).state.players[order[1]].city == 2
    table.stop()


def test_a_fresh_program_is_six_keys_and_ok_then_ok_unlocks(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    frame = box.controller.frame()
    assert frame.kind == "program" and frame.slots == (None,) * 6 and not frame.lines  # the key legend
    for key in ("UP", "LEFT", "RIGHT", "OK", "DOWN", "OK"):  # on an empty slot a key enters an order
        frame = box.key(key)
    assert frame is not None and frame.slots == ("black", "red", "blue", "action", "wait", "action")
    assert frame.slot == 5 and frame.lines[0] and "OK" in frame.footer  # a preview of the last slot
    frame = box.key("OK")
    assert frame is not None and frame.locked and "1 of 4" in frame.lines[0]
    assert table.view("public")["players"][0]["locked"] is True
    frame = box.key("OK")  # unlock
    assert frame is not None and not frame.locked
    table.stop()


def test_on_a_set_slot_keys_move_turn_and_clear_and_back_deletes_the_previous_slot(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    for key in ("UP", "UP", "UP", "UP", "UP", "UP"):
        box.key(key)
    frame = box.key("RIGHT")  # the last slot: RIGHT stays in the program
    assert frame is not None and frame.kind == "program" and frame.slot == 5
    box.key("LEFT")
    frame = box.key("DOWN")  # turns slot 5's order: black, red
    assert frame is not None and frame.slots[4] == "red" and frame.slot == 4
    frame = box.key("BACK")  # clears the slot under the cursor
    assert frame is not None and frame.slots[4] is None and frame.slot == 4
    frame = box.key("BACK")  # on an empty slot: deletes the previous one
    assert frame is not None and frame.slots[3] is None and frame.slot == 3
    frame = box.key("OK")  # an empty slot: OK enters an action and moves on
    assert frame is not None and frame.slots[3] == "action" and frame.slot == 4
    table.stop()


def test_direct_order_keys_fill_the_slot_and_move_on(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[2]
    for key in ("RED", "ACTION", "BLUE", "WAIT", "BLACK", "ACTION"):
        frame = box.key(key)
    assert frame is not None and frame.slots == ("red", "action", "blue", "wait", "black", "action")
    assert frame.footer.startswith("OK lock")  # once the six are set
    table.stop()


def test_ok_on_an_unfinished_program_says_why(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    for key in ("RED",) * 6:
        box.key(key)
    table.submit(set_order(1, 2, None)).result(timeout=5)  # cleared from the phone meanwhile
    frame = box.key("OK")
    assert frame is not None and not frame.locked and "6" in frame.lines[0] and frame.slot == 2
    table.stop()


def test_back_held_clears_the_program_and_the_screen_says_so(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    for key in ("RED", "BLUE", "ACTION"):
        frame = box.key(key)
    assert frame is not None and "held" in frame.footer
    box.key("BACK")
    frame = box.key("BACK", "hold")
    assert frame is not None and frame.slots == (None,) * 6 and frame.slot == 0
    assert table.seat_snapshot(1).draft == (None,) * 6
    table.stop()


def test_pages_turn_round_and_round(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    frame = box.key("BACK")  # on an empty first slot, BACK turns to the status page
    assert frame is not None and frame.page == "1/3" and frame.lines[0].startswith("Mi0 Ar0")
    frame = box.key("LEFT")
    assert frame is not None and frame.page == "3/3" and frame.title == "For you to do"
    frame = box.key("RIGHT")
    frame = box.key("RIGHT")
    assert frame is not None and frame.kind == "program"
    table.stop()


def year_two(tmp_path: Path) -> tuple[Table, dict[int, Box]]:
    """A table in its second year, its boxes having played the first through their keys."""
    table = placed(tmp_path, seed=4)
    box = boxes(table)
    rng = random.Random(4)
    while engine(table).state.year == 1:
        for one in box.values():
            for key in keys_for(one, rng, six_keys=True):
                one.key(key)
    assert engine(table).state.phase == "program"
    return table, box


def test_a_year_starts_from_last_years_program_that_ok_locks_at_once(tmp_path: Path) -> None:
    table, box = year_two(tmp_path)
    last = engine(table).actions
    programs = {a.seat: a.orders for a in last if isinstance(a, actions.Program)}
    frame = box[1].controller.frame()
    assert frame.proposal and frame.slots == programs[1] and frame.slot == 0
    assert table.seat_snapshot(1).draft == (None,) * 6  # the proposal is the box's own: not at the table
    assert all(p.get("program") is None for p in table.view("seat:2")["players"])
    frame = box[1].key("OK")
    assert frame is not None and frame.locked and table.seat_snapshot(1).draft == programs[1]
    table.stop()


def test_back_declines_the_proposal_and_an_edit_takes_it(tmp_path: Path) -> None:
    table, box = year_two(tmp_path)
    frame = box[2].key("BACK")
    assert frame is not None and not frame.proposal and frame.slots == (None,) * 6
    proposal = box[3].controller.frame().slots
    frame = box[3].key("DOWN")  # turns the first order: the proposal becomes the draft
    assert frame is not None and not frame.proposal and frame.slots[1:] == proposal[1:]
    assert table.seat_snapshot(3).draft == frame.slots
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
    assert frame.title == "Départ\u202f: quelle cité\u202f?" and frame.footer == "Cité 11\u202f: OK"
    table.stop()


def test_the_last_page_shows_the_seat_link_when_the_table_serves_phones(tmp_path: Path) -> None:
    table = placed(tmp_path)
    box = boxes(table)[1]
    box.key("BACK")  # the status page
    assert box.key("LEFT") is not None
    assert box.controller.frame().page == "3/3"  # no phones served: no link page
    box.controller.link = lambda: "HTTP://10.0.0.2:8000/S/1/ABCDEF012345"
    frame = box.key("RIGHT")
    assert frame is not None and frame.kind == "qr" and frame.page == "4/4"
    assert frame.lines == ("HTTP://10.0.0.2:8000/S/1/ABCDEF012345",)
    table.stop()


def test_the_instructions_page_shows_the_newest_first_and_scrolls(tmp_path: Path) -> None:
    table, box = year_two(tmp_path)
    mine = [i["text"] for i in table.view("seat:1")["table"]["instructions"] if i["seat"] == 1 and i["physical"]]
    assert len(mine) >= 2
    box[1].key("BACK")  # declines the proposal: the first slot is empty
    box[1].key("BACK")  # the status page
    frame = box[1].key("LEFT")  # round to the instructions
    assert frame is not None and frame.title == "For you to do" and frame.top == 0
    assert frame.lines == wrap(tuple(reversed(mine)))
    assert frame.lines[0] == wrap((mine[-1],))[0]
    frame = box[1].key("DOWN")
    assert frame is not None and frame.top == (1 if len(frame.lines) > 4 else 0)
    for _ in range(len(frame.lines) + 3):
        frame = box[1].key("DOWN")
    assert frame is not None and frame.top == max(0, len(frame.lines) - 4)  # stops at the end
    table.stop()


def test_ok_on_the_instructions_page_ticks_the_tables_current_step(tmp_path: Path) -> None:
    """Issue 13: a step is done when someone says so, OK on a box's instructions page among them."""
    table, box = year_two(tmp_path)
    before = table.acknowledged()
    assert before < len(table.steps())
    box[1].key("BACK")  # declines the proposal: the first slot is empty
    box[1].key("BACK")  # the status page
    frame = box[1].key("LEFT")  # round to the instructions
    assert frame is not None and frame.title == "For you to do"
    box[1].key("OK")
    assert table.acknowledged() == before + 1 and table.view("public")["table"]["ticked"] == before + 1
    table.stop()


def test_a_census_count_moves_by_one_and_by_five() -> None:
    counts = [9]
    for key in ("LEFT", "DOWN", "RIGHT", "LEFT", "LEFT", "UP", "RIGHT", "RIGHT"):
        counts.append(count_step(key, counts[-1], 9))
    assert counts == [9, 4, 3, 8, 3, 0, 1, 6, 9]


def test_bards_start_spread_and_move_one_at_a_time() -> None:
    assert spread((3, 7, 9), 4) == (2, 1, 1) and spread((3, 7), 1) == (1, 0)
    cursor, split = 0, spread((3, 7, 9), 4)
    cursor, split = split_step("RIGHT", cursor, split, 4)  # one more here, from the fullest other region
    assert split == (3, 0, 1)
    cursor, split = split_step("LEFT", cursor, split, 4)  # one less here, to the next region
    assert split == (2, 1, 1)
    cursor, split = split_step("UP", cursor, split, 4)  # wraps to the last region
    assert cursor == 2


def test_with_pace_wait_for_the_table_each_box_says_which_step_it_waits_for(tmp_path: Path) -> None:
    """Issue 26: a decision waits for the table's step, and the box says which; the reveal too, once all locked."""
    table = new_table(tmp_path / "t.db", seed=3, pace="orders")
    table.start()
    box = boxes(table)
    first = engine(table).state.turn_order()[0]
    frame = box[first].controller.frame()
    assert frame.kind == "message" and " ".join(frame.lines).startswith("Waiting for the table to finish:")
    assert "Year 1" in " ".join(frame.lines) and "Set up" in " ".join(frame.lines)
    table.submit(Acknowledge(len(table.steps()))).result(timeout=10)
    assert box[first].controller.frame().kind == "grid"  # nothing to wait for: the placement
    table.stop()
