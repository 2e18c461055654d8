"""Which pack a table plays on (the config's, else the owner's verified one, else the default), and
`companion run` saying plainly, with the walk-through's link, when it is provisional."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion import config as configuration
from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.boards.saved import PACK_FILE, PackFiles, pack_in_use
from companion.games.xidit.rules import BadBoard
from companion.run import warn_if_provisional
from companion.store import Store
from companion.table import Refused, SetBoard, Table
from tests.spawned import spawned, terminated
from tests.table.support import new_game_command

VERIFIED = default_pack_text().replace('status = "provisional"', 'status = "verified"', 1)


def test_the_config_board_then_the_verified_pack_then_the_default(tmp_path: Path,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    store = tmp_path / "companion.db"
    assert pack_in_use(None, store) == (default_pack_text(), "the default pack")
    PackFiles.beside(store).save_pack(VERIFIED)
    assert pack_in_use(None, store) == (VERIFIED, str(tmp_path / PACK_FILE))
    mine = tmp_path / "mine.toml"
    mine.write_text(default_pack_text(), "utf-8")
    assert pack_in_use(mine, store) == (default_pack_text(), str(mine))
    mine.write_text("format = 1", "utf-8")
    with pytest.raises(BadBoard):
        pack_in_use(mine, store)
    (tmp_path / PACK_FILE).write_text(VERIFIED.replace("between = [5, 12]", "between = [5, 99]"), "utf-8")
    with caplog.at_level(logging.WARNING):
        assert pack_in_use(None, store)[1] == "the default pack"  # a damaged pack is not used...
    assert "unknown city 99" in caplog.text  # ...and the log says why


def test_new_games_take_the_new_pack_and_the_game_under_way_keeps_its_own(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    players = [(1, "blue", None), (2, "red", None), (3, "green", None)]
    table.handle(new_game_command(players, "short", "normal", 1))
    table.handle(SetBoard(VERIFIED))
    assert table.board.status == "provisional" and table.new_board.status == "verified"
    with pytest.raises(Refused):
        table.handle(SetBoard("format = 1"))
    with pytest.raises(Refused):
        table.handle(SetBoard(VERIFIED, by="player"))
    table.stop()
    resumed = Table.open(Store(tmp_path / "t.db"), VERIFIED)  # the game resumes on the pack it was stored with
    assert resumed.board.status == "provisional" and resumed.new_board.status == "verified"
    resumed.handle(replace(new_game_command(players, "short", "normal", 2), replacing=resumed.game_id))
    assert resumed.board.status == "verified"
    resumed.stop()


def test_a_3_player_game_on_unchecked_3_player_tiles_warns_the_referee(tmp_path: Path,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    three = [(1, "blue", None), (2, "red", None), (3, "green", None)]
    with caplog.at_level(logging.WARNING, logger="companion.table"):
        answer = table.handle(new_game_command(three, "short", "normal", 1))
    assert "walk-through (/verify)" in answer["warning"]
    assert "3-player tiles are not checked" in caplog.text
    four = replace(new_game_command([*three, (4, "yellow", None)], "short", "normal", 2), replacing=table.game_id)
    assert "warning" not in table.handle(four)
    table.handle(SetBoard(VERIFIED))
    three_again = replace(new_game_command(three, "short", "normal", 3), replacing=table.game_id)
    assert "warning" not in table.handle(three_again)
    table.stop()


def test_the_log_says_plainly_when_the_pack_is_provisional(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    with caplog.at_level(logging.WARNING, logger="companion.run"):
        warn_if_provisional(table, None)
    assert "PROVISIONAL board pack" in caplog.text and "`companion board verify`" in caplog.text
    caplog.clear()
    table.handle(SetBoard(VERIFIED))
    with caplog.at_level(logging.WARNING, logger="companion.run"):
        warn_if_provisional(table, None)
    assert caplog.text == ""
    table.stop()


def run_until(store: Path, marker: str) -> list[str]:
    """`companion run` on a store until its log says `marker`, then stopped by SIGTERM (it must end cleanly:
    tests/table/test_stop.py); the log lines up to there."""
    with spawned([sys.executable, "-m", "companion", "run", "--store", str(store), "--all-bots", "--bot-delay", "1",
                  "--port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                 env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        assert process.stderr is not None
        lines = []
        for line in process.stderr:
            lines.append(line.rstrip("\n"))
            if marker in line:
                break
        code, _, rest = terminated(process, within=60)
    assert any(marker in line for line in lines), lines
    assert code == 0 and "Game saved — safe to unplug" in rest, rest
    return lines


def test_companion_run_warns_with_the_link_then_plays_on_the_verified_pack(tmp_path: Path) -> None:
    store = tmp_path / "companion.db"
    lines = run_until(store, "table ready")
    [warning] = [line for line in lines if "PROVISIONAL" in line]
    assert warning.startswith("WARNING companion.run:")
    assert "/verify on the referee's phone" in warning and "http://" in warning
    assert "companion board verify" in warning

    PackFiles.beside(store).save_pack(VERIFIED)
    lines = run_until(store, "table ready")
    assert any(f"board pack for new games: {tmp_path / PACK_FILE} (Lords of Xidit, verified)" in line
               for line in lines)
    # The game under way (started by the first run) keeps its provisional pack, and the log says so.
    [warning] = [line for line in lines if "PROVISIONAL" in line]
    assert "the game under way" in warning
    assert any("new games start on the verified board pack" in line for line in lines)
    assert configuration.simulated().board is None
