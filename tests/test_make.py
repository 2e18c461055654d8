"""The README's two commands: a first `make run` installs what the table needs and nothing of the tests (the
test tools took most of a fresh clone's time to its first page); `make test` adds them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def planned(target: str, tmp_path: Path) -> list[str]:
    """The commands `make TARGET` would run in a clone without a virtual environment (make -n runs none)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("make is not installed")
    done = subprocess.run([make, "-n", "-C", str(ROOT), target, f"VENV={tmp_path / 'venv'}"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if "pip install" in line]


def test_a_first_make_run_installs_the_table_and_no_test_tool(tmp_path: Path) -> None:
    installs = planned("run", tmp_path)
    assert installs and installs[-1].endswith("install --quiet -e .")
    assert not any("[dev]" in line for line in installs)


def test_make_test_adds_the_test_tools(tmp_path: Path) -> None:
    assert any(line.endswith("install --quiet -e '.[dev]'") for line in planned("test", tmp_path))
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("make test")
