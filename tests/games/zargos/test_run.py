"""`companion run --game zargos`: the simulated table plays Zargos (issue 29), on its own pack and seats."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path


def test_companion_run_starts_a_zargos_table_with_its_virtual_players(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--game", "zargos", "--store", str(tmp_path / "z.db"),
         "--all-bots", "--bot-delay", "0", "--port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stderr is not None
    lines: list[str] = []
    try:
        for line in process.stderr:
            lines.append(line.rstrip("\n"))
            if "the Pi drew" in line:  # 2.3: the people roll, made by the Pi for the virtual players
                break
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        process.stderr.close()
    assert any("game 1 started: Zargos, 4 players" in line for line in lines), lines
    assert not any("Nobody plays seat" in line or "xidit-board/1" in line for line in lines), lines
