"""Crash campaign: SIGKILL the running table at 200 random moments over simulated games; after every
restart no acknowledged action is lost and the state equals the replayed record."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.games.xidit.boards import default_pack_text
from companion.games.xidit.rules import Game, record_from_json
from companion.store import Store
from companion.table import Table
from tests.engine import engine

from .results import record

KILLS = 200 if os.environ.get("CAMPAIGN_FULL") == "1" else 60  # 60 in `make test`: CI's 20 minutes
ROOT = Path(__file__).resolve().parents[2]  # where `tests.counting_run` can be run as a module


def start(store: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.counting_run", "--store", str(store), "--games", "3", "--bot-delay", "0",
         "--all-bots", "--port", "-1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        cwd=ROOT)


def test_sigkills_lose_nothing(tmp_path: Path) -> None:
    rng = random.Random(8)
    kills = lost = checked = restarts = 0
    store = tmp_path / "crash.db"
    night = 0
    while kills < KILLS:
        process = start(store, night)
        assert process.stdout is not None
        acknowledged = 0
        for _ in range(rng.randint(0, 4)):
            line = process.stdout.readline()
            if not line:
                break
            acknowledged = int(line.split()[1])
        ended = process.poll() is not None
        process.send_signal(signal.SIGKILL)
        process.wait(30)
        process.stdout.close()
        kills += not ended
        with Store(store) as opened:
            table = Table.open(opened, default_pack_text())
            restarts += not ended
            if table.has_game():  # under way, or the last game finished (it stays shown)
                lost += max(0, acknowledged - table.stored())
                record_ = record_from_json(table.record())
                replayed = Game.replay(table.board, record_.setup, record_.actions)
                assert replayed.view("referee") == engine(table).view("referee")
                checked += 1
            if ended:
                night += 1  # the three games of that store are over: a fresh store
                store = tmp_path / f"crash{night}.db"
    record("crash", tried=kills, survived=restarts, compared_with_replay=checked, lost=lost)
    assert lost == 0 and restarts == kills and checked >= KILLS * 0.9
