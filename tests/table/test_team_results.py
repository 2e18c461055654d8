"""Issue 37: a game's `Result` may name teams and say why the game ended (companion.core.game.Result's `teams`,
`reason`); the table says it from the Result alone, in the log's "game N over" line and in every view's
`table.result`, for a team that wins and for nobody winning. Shown on the tests' toy game: its teams (T-01)
and its "nobody scored, nobody wins" (T-09)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Seal, Table
from tests.games.toy import GAME as TOY_AT_THE_TABLE


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def finished_toy(path: Path, bids: tuple[int, ...], *, teams: bool, language: str = "en") -> Table:
    """A one-round toy game played to its end through the table's commands: each seat bids, then draws a card
    (the Pi draws it: a card in hand scores nothing, so the bids alone make the scores)."""
    table = Table.open(Store(path), default_pack_text(), language=language)
    table.handle(NewGame({"players": len(bids), "rounds": 1, "teams": teams, "seed": 3}, game="toy", chance="pi",
                         names=dict(zip(range(len(bids)), ("Ann", "Bob", "Cy", "Dee"), strict=False))))
    for seat, bid in enumerate(bids):
        table.handle(EditDraft(seat, {"bid": bid}))
        table.handle(Seal(seat))
    for seat in range(len(bids)):
        table.handle(Decide(seat, {"type": "turn", "seat": seat, "do": "draw", "card": None}))
    assert table.result() is not None
    return table


def over_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("game 1 over:")]


def seat(table: Table, seat: int) -> int:
    return registry.load(table.game_key).shown_seat(seat)


def test_a_team_result_names_the_team_its_players_and_the_reason_in_the_log_and_every_view(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="companion.table"):
        table = finished_toy(tmp_path / "t.db", (2, 1, 0, 0), teams=True)  # A: seats 0 and 2 (2), B: 1 and 3 (1)
    assert over_lines(caplog) == [f"game 1 over: Team A wins: seat {seat(table, 0)} (Ann) and seat {seat(table, 2)} "
                                  "(Cy) — Team A scored the most points: 2."]
    for reader in ("referee", "public", "seat:0", "seat:1"):
        assert table.view(reader)["table"]["result"] == {
            "winners": [0, 2], "said": "Team A wins: Ann and Cy", "reason": "Team A scored the most points: 2.",
            "teams": [{"name": "Team A", "seats": [0, 2], "won": True},
                      {"name": "Team B", "seats": [1, 3], "won": False}]}


def test_nobody_winning_is_said_so(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="companion.table"):
        table = finished_toy(tmp_path / "t.db", (1, 1), teams=False)  # the same bid: nobody scores (T-05, T-09)
    assert over_lines(caplog) == ["game 1 over: nobody wins — Nobody scored a point: nobody wins."]
    assert table.view("public")["table"]["result"] == {"winners": [], "said": "Nobody wins", "reason":
                                                       "Nobody scored a point: nobody wins.", "teams": []}


def test_a_seat_winning_alone_is_logged_as_before(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="companion.table"):
        table = finished_toy(tmp_path / "t.db", (2, 1), teams=False)
    assert over_lines(caplog) == [f"game 1 over: seat {seat(table, 0)} (Ann) wins"]
    assert table.view("seat:1")["table"]["result"]["said"] == "Ann wins"


def test_the_end_is_said_in_the_tables_language(tmp_path: Path) -> None:
    table = finished_toy(tmp_path / "t.db", (1, 1), teams=False, language="fr")
    assert table.view("public")["table"]["result"]["said"] == "Personne ne gagne"


def test_the_main_jobs_game_over_line_says_the_same(tmp_path: Path) -> None:
    """companion/run.py's own "game over: …" line (the run counting its games) reads the same Result."""
    from companion.run import winners_line  # the main job: it imports the web app

    table = finished_toy(tmp_path / "t.db", (2, 1, 0, 0), teams=True)
    result = table.result()
    assert winners_line(table, result) == f"Team A wins: seat {seat(table, 0)} (Ann) and seat {seat(table, 2)} (Cy) " \
                                          "— Team A scored the most points: 2."
    nobody = finished_toy(tmp_path / "n.db", (1, 1), teams=False)
    assert winners_line(nobody, nobody.result()) == "nobody wins — Nobody scored a point: nobody wins."
