"""`companion run --game zargos`: the simulated table plays Zargos (issue 29), on its own pack and seats."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.spawned import spawned, terminated


def test_companion_run_starts_a_zargos_table_with_its_virtual_players(tmp_path: Path) -> None:
    with spawned([sys.executable, "-m", "companion", "run", "--game", "zargos", "--store", str(tmp_path / "z.db"),
                  "--all-bots", "--bot-delay", "0", "--port", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                 env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        assert process.stderr is not None
        lines: list[str] = []
        for line in process.stderr:
            lines.append(line.rstrip("\n"))
            if "the Pi drew" in line:  # 2.3: the people roll, made by the Pi for the virtual players
                break
        code, _, rest = terminated(process, within=60)
    assert code == 0 and "Game saved — safe to unplug" in rest, rest
    assert any("game 1 started: Zargos, 4 players" in line for line in lines), lines
    assert not any("Nobody plays seat" in line or "xidit-board/1" in line for line in lines), lines
