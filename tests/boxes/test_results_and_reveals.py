"""Issue 37: a box's result line says the end from the game's `Result` (companion/table/results.py): the team
that won and why, or that nobody won; and a box shows what the game shows its seat alone (companion/table/
reveals.py) until OK reads it, never another seat's. On the toy game's generic box menus (tests/games/toy)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.boxes.box import Box
from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Seal, Table, Tell
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from tests.table.test_team_results import finished_toy


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def said(table: object, seat: int) -> tuple[str, str]:
    frame = Box(seat, table, lambda frame: None, sleeps=False).controller.frame()  # type: ignore[arg-type]
    return frame.title, " ".join(frame.lines)


def test_a_team_win_and_its_reason_on_the_boxes(tmp_path: Path) -> None:
    table = finished_toy(tmp_path / "t.db", (2, 1, 0, 0), teams=True)
    title, lines = said(table, 2)
    assert title == "Game over" and lines.startswith("You won. Team A wins: Ann and Cy")
    assert "Team A scored the most points: 2." in lines
    title, lines = said(table, 1)
    assert "You won." not in lines and "Team A wins: Ann and Cy" in lines


def test_nobody_winning_on_the_boxes(tmp_path: Path) -> None:
    table = finished_toy(tmp_path / "t.db", (1, 1), teams=False, language="fr")
    title, lines = said(table, 0)
    assert title == "Partie terminée" and lines.startswith("Personne ne gagne")


def test_a_card_drawn_is_on_its_drawers_box_alone_until_ok_reads_it(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    table.handle(NewGame({"players": 3, "rounds": 1, "seed": 5}, game="toy", chance="table"))
    for seat in range(3):
        table.handle(EditDraft(seat, {"bid": seat}))
        table.handle(Seal(seat))
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(4, by="seat:0"))
    table.start()
    try:
        boxes = {seat: Box(seat, table, lambda frame: None, sleeps=False) for seat in range(3)}
        # the bids, shown to everyone (T-12), then seat 0's card (T-10), each until OK
        assert said(table, 1) == ("Shown to you", "The bids of round 1: 0, 1, 2. OK: read")
        assert boxes[0].key("OK").lines[0] == "You drew a 4."
        assert boxes[0].key("OK").title != "Shown to you"
        assert table.view("seat:0")["table"].get("reveals") is None
        assert boxes[1].key("OK").title != "Shown to you"  # seat 1 read the bids, and never sees seat 0's card
        assert all("You drew" not in r["text"] for r in table.view("seat:1")["table"].get("reveals", ()))
    finally:
        table.stop()
