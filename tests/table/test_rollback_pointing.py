"""Rollback by pointing: the last actions in words, a preview of exactly what going back undoes, and a
confirm bound to its preview (refused, with a fresh preview, once the game moved on). Undone
instructions leave the to-do, also after a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.store import Store
from companion.table import Acknowledge, Refused, Rollback, SetLanguage, Table
from tests.engine import engine

from .support import advance, new_table, next_inputs


def test_the_last_actions_in_words_newest_first(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    advance(table, random.Random(3), actions=40)
    history = table.history()
    assert [a["keep"] for a in history] == list(range(table.actions() - 1, table.actions() - 16, -1))
    assert history[-1]["text"].startswith("Year ")
    placed = Table.open(Store(tmp_path / "t.db"), table.board_text)  # years found again after a restart
    assert placed.history() == history
    first = new_table(tmp_path / "p.db", seed=3)
    advance(first, random.Random(3), actions=1)
    city = engine(first).actions[0].city  # type: ignore[union-attr]
    assert first.history() == [{"keep": 0, "text": f"Year 1 — Ann places the Idrakys on city {city}"}]
    first.handle(SetLanguage("fr"))
    assert first.history()[0]["text"] == f"Année 1 — Ann place son Idrakys sur la cité {city}"


def test_a_preview_says_what_it_undoes_and_a_confirm_is_bound_to_it(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    rng = random.Random(3)
    advance(table, rng, actions=40)
    keep = table.history()[0]["keep"]  # the last action
    preview = table.handle(Rollback(keep))
    assert preview["drops"] == 1 and preview["dropped"] == [table.history()[0]["text"]]
    # The game moves on (a lock reveals the programs): the confirm is refused with the new preview.
    while table.actions() == keep + 1:
        for command in next_inputs(table, rng):
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


def test_a_blind_preview_shows_no_seat_secret(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    advance(table, random.Random(3), actions=40)
    seeing, blind = table.handle(Rollback(30)), table.handle(Rollback(30, blind=True))
    assert any("set your screen back to" in line for line in seeing["undo"])
    assert not any("set your screen back to" in line for line in blind["undo"])
    assert any("set your screen back." in line for line in blind["undo"])


def test_undone_steps_leave_the_to_do_also_after_a_restart(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    advance(table, random.Random(3), actions=30)
    table.handle(Acknowledge(len(table.steps())))  # the table did all it was told
    steps = table.handle(Rollback(10, confirm=True))["undo"]
    after = table.view("referee")["table"]
    to_do = [i["text"] for i in after["instructions"] if not i["done"]]
    # What the undone actions asked was done: the steps that put the pieces back are left, to do.
    assert steps and to_do == steps
    done = [i["text"] for i in after["instructions"] if i["done"]]
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    part = again.view("referee")["table"]
    assert [i["text"] for i in part["instructions"] if not i["done"]] == to_do
    assert [i["text"] for i in part["instructions"] if i["done"]] == done
    again.stop()
