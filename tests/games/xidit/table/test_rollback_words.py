"""Rollback by pointing, in Xidit's words: the last actions told by year and player, in English and French,
and a blind preview that names no seat's screen (moved from tests/table/test_rollback_pointing.py, which
tests rollback by pointing on the toy game)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.store import Store
from companion.table import Rollback, SetLanguage, Table
from tests.engine import engine
from tests.table.support import advance, new_table


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


def test_a_blind_preview_shows_no_seat_secret(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", seed=3)
    advance(table, random.Random(3), actions=40)
    seeing, blind = table.handle(Rollback(30)), table.handle(Rollback(30, blind=True))
    assert any("set your screen back to" in line for line in seeing["undo"])
    assert not any("set your screen back to" in line for line in blind["undo"])
    assert any("set your screen back." in line for line in blind["undo"])
