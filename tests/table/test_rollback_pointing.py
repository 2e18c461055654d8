"""Rollback by pointing: a preview of exactly what going back undoes, and a confirm bound to its preview
(refused, with a fresh preview, once the game moved on). Undone instructions leave the to-do, also after a
restart. On the tests' toy game (tests/games/toy); Xidit's words for its actions and its blind preview are
tested in tests/games/xidit/table/test_rollback_words.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.store import Store
from companion.table import Acknowledge, Refused, Rollback, Table

from .support import advance_toy, new_toy_table, toy_inputs

pytestmark = pytest.mark.usefixtures("toy_with_agents")


def test_a_preview_says_what_it_undoes_and_a_confirm_is_bound_to_it(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", seed=3)
    rng = random.Random(3)
    advance_toy(table, rng, 40)
    keep = table.history()[0]["keep"]  # the last action
    preview = table.handle(Rollback(keep))
    assert preview["drops"] == 1 and preview["dropped"] == [table.history()[0]["text"]]
    # The game moves on: the confirm is refused with the new preview.
    while table.actions() == keep + 1:
        for command in toy_inputs(table, rng):
            table.handle(command)
    moved = table.actions()
    with pytest.raises(Refused, match="The game moved on since this preview") as refused:
        table.handle(Rollback(keep, confirm=True, seen=preview["seen"]))
    assert table.actions() == moved
    fresh = refused.value.details["preview"]
    assert fresh["drops"] == moved - keep and len(fresh["dropped"]) == moved - keep
    table.handle(Rollback(keep, confirm=True, seen=fresh["seen"]))
    assert table.actions() == keep
    with pytest.raises(Refused, match="Choose an action of this game"):
        table.handle(Rollback(keep))


def test_undone_steps_leave_the_to_do_also_after_a_restart(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "t.db", seed=3)
    advance_toy(table, random.Random(3), 30)
    table.handle(Acknowledge(len(table.steps())))  # the table did all it was told
    steps = table.handle(Rollback(10, confirm=True))["undo"]
    after = table.view("referee")["table"]
    to_do = [i["text"] for i in after["instructions"] if not i["done"]]
    # What the undone actions asked was done: the steps that put the pieces back are left, to do.
    assert steps and to_do == steps
    done = [i["text"] for i in after["instructions"] if i["done"]]
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text, game="toy")
    part = again.view("referee")["table"]
    assert [i["text"] for i in part["instructions"] if not i["done"]] == to_do
    assert [i["text"] for i in part["instructions"] if i["done"]] == done
    again.stop()
