"""Generic table commands on the toy game (tests/games/toy): the referee switches who resolves chance during
a game (`SetChance`), kept across a restart; a game without stated moves refuses `State` in words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Refused, Seal, SetChance, State, Table, Tell
from tests.engine import stored_log
from tests.games.toy import GAME as TOY


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))
    registry.register(TOY)
    yield


def toy(path: Path, chance: str) -> Table:
    table = Table.open(Store(path), default_pack_text())
    table.handle(NewGame({"players": 3, "rounds": 1, "teams": False, "seed": 5}, game="toy", chance=chance))
    for seat, bid in enumerate((1, 2, 0)):
        table.handle(EditDraft(seat, {"bid": bid}))
        table.handle(Seal(seat))
    return table


def roll(table: Table, seat: int) -> None:
    table.handle(Decide(seat, {"type": "turn", "seat": seat, "do": "roll", "card": None}))


def test_the_referee_switches_chance_to_the_pi_and_back_during_a_game(tmp_path: Path) -> None:
    table = toy(tmp_path / "t.db", "table")
    assert table.view("public")["table"]["chance"] == "table"
    roll(table, 0)
    assert table.view("public")["table"]["asking"] is not None  # the table's die is awaited
    with pytest.raises(Refused, match="Only the referee can do that"):
        table.handle(SetChance("pi", by="seat:1"))
    with pytest.raises(Refused, match="Chance is drawn by one of pi, table"):
        table.handle(SetChance("dice"))
    table.handle(SetChance("pi"))
    # The die waiting was drawn by the Pi at once, in the same command.
    assert stored_log(table)[-1]["by"] == "pi" and table.view("public")["table"]["asking"] is None
    assert table.view("seat:1")["table"]["chance"] == "pi"
    table.handle(SetChance("table"))
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    assert again.view("referee")["table"]["chance"] == "table"  # kept with the game
    roll(again, 1)
    assert again.view("public")["table"]["asking"] is not None
    again.handle(Tell(4, by="seat:2"))
    assert stored_log(again)[-1] == {"type": "chance", "outcome": 4, "by": "seat:2"}


def test_switching_chance_when_nothing_waits_is_a_new_view_for_every_reader(tmp_path: Path) -> None:
    # Pages and boxes follow the version: a switch that left it alone left every page on the old policy.
    table = toy(tmp_path / "t.db", "table")
    before = table.view("public")["version"]
    table.handle(SetChance("pi"))
    after = table.view("public")
    assert after["version"] > before and after["table"]["chance"] == "pi"


def test_a_game_without_stated_moves_refuses_a_statement(tmp_path: Path) -> None:
    table = toy(tmp_path / "t.db", "pi")
    with pytest.raises(Refused, match="In this game nothing is stated"):
        table.handle(State({"type": "turn", "seat": 0, "do": "roll", "card": None}))
