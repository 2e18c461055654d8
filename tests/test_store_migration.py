"""A store written by earlier code opens with today's and resumes every game exactly as it was: the games on
players' Pis survive an upgrade. The stores are in `tests/stores/` (see its README); each test works on a copy."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Table
from tests.engine import engine

STORES = Path(__file__).resolve().parent / "stores"


@pytest.fixture
def v1(tmp_path: Path) -> Iterator[tuple[Table, dict[str, Any]]]:
    copy = tmp_path / "companion.db"
    shutil.copyfile(STORES / "store-v1.db", copy)
    oracle = json.loads((STORES / "store-v1.json").read_text(encoding="utf-8"))
    table = Table.open(Store(copy), default_pack_text())
    yield table, oracle
    table.stop()


def test_the_game_under_way_resumes_with_its_draft_and_pace(v1: tuple[Table, dict[str, Any]]) -> None:
    table, oracle = v1
    assert table.game_id == 3
    assert table.record() == oracle["3"]["record"]
    assert engine(table).view("referee") == oracle["3"]["referee"]
    assert list(table.seat_snapshot(2).draft) == oracle["3"]["draft2"]
    assert table.view("referee")["table"]["pace"] == oracle["3"]["pace"]


def test_the_game_set_aside_is_listed_and_resumes_where_it_was(v1: tuple[Table, dict[str, Any]]) -> None:
    table, oracle = v1
    assert [g["game"] for g in table.set_aside()] == [2]
    assert table.record_of(2) == oracle["2"]["record"]



def test_every_game_of_a_store_v1_is_a_game_of_xidit(tmp_path: Path) -> None:
    copy = tmp_path / "companion.db"
    shutil.copyfile(STORES / "store-v1.db", copy)
    oracle = json.loads((STORES / "store-v1.json").read_text(encoding="utf-8"))
    table = Table.open(Store(copy), default_pack_text())
    try:
        assert table.game_key == "xidit" and table.record_of(3) == oracle["3"]["record"]
    finally:
        table.stop()
    with Store(copy) as store:
        assert sorted(str(game) for game, _, _ in store.games()) == sorted(oracle)
        assert {store.load(game).game for game, _, _ in store.games()} == {"xidit"}
        later = store.new_game("", {}, game="tabletoy")  # the migrated store takes games of any game
        assert store.load(later).game == "tabletoy"


def test_the_finished_game_still_exports(v1: tuple[Table, dict[str, Any]]) -> None:
    table, oracle = v1
    assert table.record_of(1) == oracle["1"]["record"]
    assert [g["game"] for g in table.finished()] == [1]
