"""A store that cannot be used now (a full, failing or read-only card) is refused and left as it is; only
real damage is salvaged; a store set aside is listed and its games taken back (issue 36).

The faults are made deterministically: a full tmpfs (root only), a read-only folder, and an opener that
fails as SQLite does when it cannot make its shared-memory file on a full card."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import EXIT_CANNOT_OPEN, main
from companion.store import CannotOpen, Store
from companion.table.commands import ResumeGame
from tests.spawned import ended, spawned
from tests.table.support import advance, new_table

SHM_OPEN = sqlite3.SQLITE_IOERR | (18 << 8)  # SQLITE_IOERR_SHMOPEN: "disk I/O error" (sqlite.org/rescode.html)


def a_game(path: Path, actions: int) -> int:
    with Store(path) as store:
        game = store.new_game("pack", {"players": []})
        for n in range(actions):
            store.append(game, {"type": "bid", "n": n})
    return game


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith(("-shm", "-wal"))}


class ShmFails(Store):
    """SQLite's answer on a full card at start-up: making the WAL's shared-memory file fails."""

    def _connect(self, path: Path) -> sqlite3.Connection:
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorcode = SHM_OPEN  # type: ignore[attr-defined]
        raise error


def test_a_disk_error_at_start_up_never_sets_a_healthy_store_aside(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    game = a_game(path, 221)
    before = files(tmp_path)
    with pytest.raises(CannotOpen, match="disk I/O error.*left as it is"):
        ShmFails(path)
    assert files(tmp_path) == before  # no `.damaged-` file, no new empty store
    with Store(path) as store:  # once the card is well again, the night's game is there, whole
        assert store.last_unfinished() == game and len(store.load(game).entries) == 221


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tiny tmpfs needs root")
def test_a_full_card_at_start_up_leaves_the_store_as_it_is(tmp_path: Path) -> None:
    card = tmp_path / "card"
    card.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(card)], check=False).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        path = card / "c.db"
        game = a_game(path, 20)
        filler = os.open(card / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            for _ in range(1 << 10):  # 1 MB at most: the card is full well before
                os.write(filler, b"x" * 4096)
        except OSError:
            pass
        finally:
            os.close(filler)
        before = files(card)
        with pytest.raises(CannotOpen, match="left as it is"):
            Store(path)
        assert files(card) == before
        (card / "filler").unlink()
        with Store(path) as store:
            assert len(store.load(game).entries) == 20
    finally:
        subprocess.run(["umount", str(card)], check=False)


def test_real_damage_is_still_salvaged(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    path.write_bytes(b"this is not a SQLite database, whatever its name says" * 100)
    with Store(path) as store:
        assert any("was damaged" in warning for warning in store.warnings)
    assert len(list(tmp_path.glob("c.db.damaged-*"))) == 1


@pytest.fixture
def read_only_folder(tmp_path: Path):  # type: ignore[no-untyped-def]
    folder = tmp_path / "ro"
    folder.mkdir()
    a_game(folder / "c.db", 5)
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False).returncode:
            pytest.skip("cannot make a folder read-only for root here (no chattr)")
        yield folder
        subprocess.run(["chattr", "-i", str(folder)], check=False)
    else:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)


def test_companion_run_on_a_read_only_folder_says_so_in_one_line_and_exits(read_only_folder: Path) -> None:
    before = files(read_only_folder)
    command = [sys.executable, "-m", "companion", "run", "--store", str(read_only_folder / "c.db"), "--port", "-1"]
    with spawned(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        code, out, err = ended(run, 60)
    assert code == EXIT_CANNOT_OPEN, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "cannot open the store" in lines[0] and "Traceback" not in err, err
    assert files(read_only_folder) == before


def test_a_store_set_aside_is_listed_and_its_games_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = tmp_path / "night.db"
    table = new_table(night, players=4)  # the night's game, some actions in
    advance(table, random.Random(3), actions=30)
    night_view, night_actions = table.view("referee"), table.actions()
    table.stop()
    aside = tmp_path / "c.db.damaged-1795922424"
    shutil.copy(night, aside)  # as today's main set a healthy store aside...
    path = tmp_path / "c.db"
    table = new_table(path, players=3)  # ...and the table began a new game 1 in its place
    store_args = ["--store", str(path)]
    assert main(["store", "list", *store_args]) == 0  # while the table runs
    listed = capsys.readouterr().out
    assert str(aside) in listed and "1 game(s), 1 under way" in listed and "companion store resume" in listed
    assert main(["store", "resume", str(aside), *store_args]) == 0
    assert main(["store", "resume", str(aside), *store_args]) == 2  # once only
    assert main(["store", "list", *store_args]) == 0 and "taken back" in capsys.readouterr().out
    assert [(g["game"], g["actions"]) for g in table.set_aside()] == [(2, night_actions)]  # on the referee's page
    table.handle(ResumeGame(2, replacing=table.game_id))
    assert table.game_id == 2 and table.actions() == night_actions
    state = ("version", "table")  # the table's own counters go on; the game is the night's, as it was
    assert {k: v for k, v in table.view("referee").items() if k not in state} == \
        {k: v for k, v in night_view.items() if k not in state}
    table.stop()
