"""The suite on Debian Trixie's own Python (3.13), the second Python the table runs on (Raspberry Pi OS Trixie):
a Trixie root made by debootstrap from Debian's archive (as the installer's test makes Bookworm's), its python3
and python3-venv from Trixie's packages, the checkout's dependencies and test tools from the package index in a
virtual environment there, then the tests that need no tool of this machine run in it, two at a time.

What 3.13 changed for this project: it warns of every SQLite connection left to the garbage collector, and the
suite makes every warning an error; this catches a store or a sign-in left unclosed on 3.13 as it will run.

Left out in the root, each with its reason: the browser tests (Debian's chromium there is another 300 MB),
the installer's tests (they make their own Debian root: not inside one), the firmware under MicroPython (node
and npm from elsewhere), the wheel's test (it builds a second environment), and the campaigns (long; they
exercise the same code on many games, which 3.11 runs). Needs what debian_root needs; skipped elsewhere, failed
in CI (see debian_root.why_not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from . import debian_root
from .debian_root import run_in

SUITE = "trixie"
SOURCE = "/root/table-companion"
VENV = "/root/venv"
FOLDERS = ("tests/test_boundaries.py", "tests/test_cli.py", "tests/test_config_game.py", "tests/test_properties.py",
           "tests/test_store.py", "tests/test_store_migration.py", "tests/test_terminal_walk.py", "tests/agents",
           "tests/boxes", "tests/hardware", "tests/table", "tests/web", "tests/appliance", "tests/games")
SETUP_TIMEOUT = 900  # seconds: Trixie's python3 from its archive, the dependencies from the package index
RUN_TIMEOUT = 1800


@pytest.fixture(scope="module")
def trixie(tmp_path_factory: pytest.TempPathFactory) -> Path:
    debian_root.require()
    root = debian_root.make_root(tmp_path_factory.mktemp("trixie"), suite=SUITE)
    steps = [
        ("apt-get", "update", "-qq"),
        ("apt-get", "install", "-y", "-qq", "--no-install-recommends", "python3", "python3-venv",
         "libfribidi0"),
        ("python3", "-m", "venv", VENV),
        # The checkout editable, as `make` installs it, with the tools the tests need (not the linters, nor
        # playwright: no browser test runs here).
        (f"{VENV}/bin/pip", "install", "--quiet", "-e", SOURCE, "pytest>=8", "pytest-xdist>=3.6", "pytest-timeout>=2.3",
         "hypothesis>=6.100"),
    ]
    for step in steps:
        done = run_in(root, *step, timeout=SETUP_TIMEOUT, suite=SUITE)
        assert done.returncode == 0, f"{' '.join(step)}:\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
    return root


def test_trixie_s_python_is_3_13(trixie: Path) -> None:
    done = run_in(trixie, f"{VENV}/bin/python", "-c", "import sys; print(sys.version_info[:2])", suite=SUITE)
    assert done.stdout.strip() == str(debian_root.SUITES[SUITE][1]), done.stdout + done.stderr


def test_the_suite_passes_on_trixie_s_python(trixie: Path) -> None:
    # The suite's own budgets are this machine's: in the root they are measured by the test that runs it.
    # The environment's commands first on the PATH (`companion`, as an activated environment has it).
    done = run_in(trixie, "env", "TEST_BUDGETS=off", f"PATH={VENV}/bin:/usr/sbin:/usr/bin:/sbin:/bin", "bash", "-c",
                  f"cd {SOURCE} && python -m pytest -q -p no:cacheprovider -n 2 --dist loadscope {' '.join(FOLDERS)}",
                  timeout=RUN_TIMEOUT, suite=SUITE, devices=True)
    summary = [line for line in done.stdout.splitlines() if re.search(r"\d+ (passed|failed)", line)]
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert summary and "failed" not in summary[-1] and "error" not in summary[-1], summary
    print(f"on Debian Trixie's Python: {summary[-1]}")
