"""Issue 37: a box's result line says the end from the game's `Result` (companion/table/results.py): the team
that won and why, or that nobody won, on the toy game's generic box menus (tests/games/toy, no box part)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.boxes.box import Box
from companion.core import registry
from tests.table.test_team_results import finished_toy
from tests.table.toy_table import TOY_AT_THE_TABLE


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
