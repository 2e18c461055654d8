"""Kill and resume: the running table is killed with SIGKILL at many points of a game, restarted, and
checked: no acknowledged action is lost and the resumed state is the replayed record's."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path

from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.rules import Game, record_from_json
from companion.store import Store
from companion.table import Table
from tests.engine import engine
from tests.spawned import spawned

ROOT = Path(__file__).resolve().parents[2]  # where `tests.counting_run` can be run as a module


def start(store: Path) -> AbstractContextManager[subprocess.Popen[str]]:
    """The counting run on `store`; leaving the `with` block kills it (SIGKILL) and reaps it."""
    return spawned(
        [sys.executable, "-m", "tests.counting_run", "--store", str(store), "--games", "1", "--bot-delay", "0",
         "--all-bots", "--port", "-1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"}, cwd=ROOT)


def test_sigkill_at_many_points_loses_no_acknowledged_action(tmp_path: Path) -> None:
    store = tmp_path / "night.db"
    rng = random.Random(2026)
    phases: set[str] = set()
    kills = 0
    while True:
        with start(store) as process:
            assert process.stdout is not None
            acknowledged = 0
            wanted = rng.randint(1, 5)
            for _ in range(wanted):
                line = process.stdout.readline()
                if not line:
                    break
                acknowledged = int(line.split()[1])
            finished = process.poll() is not None
        kills += not finished
        table = Table.open(Store(store), default_pack_text())
        if table.outcome() is not None:  # the game finished (and stays shown): the night is over
            table.stop()
            break
        game = engine(table)
        # Nothing acknowledged is lost...
        assert table.stored() >= acknowledged
        # ...and the resumed state is exactly what replaying the stored record gives.
        record = record_from_json(table.record())
        assert Game.replay(table.board, record.setup, record.actions).view("referee") == game.view("referee")
        phases.add(game.state.phase if not game.state.pending else f"decision:{game.state.pending[0].kind}")
        table.stop()
        assert kills < 200, "the game should end"
    with Store(store) as stored:
        games = stored.games()
    assert len(games) == 1 and games[0][2], "the one game was played to its end across the restarts"
    assert kills >= 20
    # Killed during programming, during the census, and while a decision was awaited.
    assert {"program", "census"} <= phases and any(p.startswith("decision") for p in phases), phases
