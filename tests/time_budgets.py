"""Per-folder time budgets of the test suite (docs/testing.md), enforced at the end of every run.

CI must finish a fresh clone's `make test` in under 20 minutes on a busy 2-core machine. A single total
would only show the overrun in whichever commit crosses the line; a budget per folder shows it in the commit
that makes its own folder grow. The budgets are wall seconds on a busy machine, so an idle run sits well
under them and a test that suddenly costs minutes fails its folder's budget by name.

The budgets live in docs/testing.md (one table, read here) so that the page people read is the one enforced.
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "testing.md"
# A row of the budget table: | `tests/web` | 95 | ... |
ROW = re.compile(r"^\|\s*`(tests(?:/[\w.]+){0,2})`\s*\|\s*(\d+)\s*\|")
REPORT = ROOT / "build" / "test-times.json"


def budgets(text: str | None = None) -> dict[str, int]:
    """The budget table of docs/testing.md: folder (as `tests/<folder>`, or `tests` for the files at the top)
    -> seconds."""
    found: dict[str, int] = {}
    for line in (DOC.read_text(encoding="utf-8") if text is None else text).splitlines():
        match = ROW.match(line.strip())
        if match:
            found[match.group(1)] = int(match.group(2))
    return found


def folder_of(nodeid: str) -> str:
    """`tests/web/test_api.py::test_x` -> `tests/web`; `tests/test_cli.py::test_y` -> `tests`; a game's own
    tests count for that game: `tests/games/xidit/rules/test_s4.py::t` -> `tests/games/xidit`."""
    parts = nodeid.split("::", 1)[0].split("/")
    if parts[:2] == ["tests", "games"] and len(parts) > 3:
        return "/".join(parts[:3])
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


class TimeBudgets:
    def __init__(self, enforce: bool = True) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.enforce = enforce  # off: the times are still shown and written, for new budgets

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # Set-up and tear-down count: a folder's slow fixture is that folder's cost.
        self.spent[folder_of(report.nodeid)] += report.duration

    def over(self, table: dict[str, int]) -> list[str]:
        lines = []
        for folder, seconds in sorted(self.spent.items()):
            allowed = table.get(folder)
            if allowed is None:
                lines.append(f"{folder}: {seconds:.0f} s and no budget in docs/testing.md")
            elif seconds > allowed:
                lines.append(f"{folder}: {seconds:.0f} s, over its budget of {allowed} s")
        return lines

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        REPORT.parent.mkdir(exist_ok=True)
        REPORT.write_text(json.dumps({k: round(v, 1) for k, v in sorted(self.spent.items())}, indent=1) + "\n")
        if self.enforce and self.over(budgets()) and exitstatus == 0:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        table = budgets()
        if not self.spent:
            return
        terminalreporter.section("time budgets (docs/testing.md)")
        for folder, seconds in sorted(self.spent.items(), key=lambda kv: -kv[1]):
            allowed = table.get(folder)
            share = f"{100 * seconds / allowed:3.0f} %" if allowed else "  no budget"
            terminalreporter.write_line(f"{folder:24} {seconds:7.1f} s of {allowed or '?':>4} s  {share}")
        for line in self.over(table):
            terminalreporter.write_line(f"{'OVER BUDGET' if self.enforce else 'over budget (not enforced)'}: {line}",
                                        red=self.enforce, bold=True)


def pytest_configure(config: pytest.Config) -> None:
    # A run with the budgets turned off (TEST_BUDGETS=off) is for measuring new budgets, never CI's.
    config.pluginmanager.register(TimeBudgets(enforce=os.environ.get("TEST_BUDGETS", "on") != "off"),
                                  "time-budgets")
