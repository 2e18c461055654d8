"""Per-folder time budgets of the test suite (docs/testing.md), enforced at the end of every run.

A single total would only show an overrun in whichever commit crosses the line; a budget per folder shows it in
the commit that makes its own folder grow.

What is measured is CPU seconds, not wall seconds: the processor time the test's process spends (all its
threads) and that of every process it starts (live ones read from /proc, ended ones from the kernel's account
of reaped children), set-up and tear-down included. Wall seconds depend on the neighbours: the same code took
1.4 times as long on a machine kept busy by two other processes, so a budget in wall seconds either failed
busy runs by construction or let an idle run hide a regression. CPU seconds are what the code costs, whoever
else runs: a machine crowded far past its cores (load average 17 on 2) stretched them by a third to a half
(caches and cores shared), where it stretched wall seconds 3 to 15 times.

The verdict: a folder over its budget is named ("over budget"); the run fails only when a folder is over its
budget by more than MARGIN (a clear regression, not noise), or has no budget. Each run writes every test's
figures to build/test-times.json; the next run names the tests that grew the most since then, and, for a
folder over its budget, its costliest tests. The slowest ten tests of the run (wall seconds, with their
folder) close the report.

Under pytest-xdist each worker measures its own tests and sends the figures with the test's report
(`report.user_properties`); the controller adds them up. The budgets live in docs/testing.md (one table, read
here) so that the page people read is the one enforced.
"""

from __future__ import annotations

import json
import os
import re
import resource
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "testing.md"
# A row of the budget table: | `tests/web` | 95 | ... |
ROW = re.compile(r"^\|\s*`(tests(?:/[\w.]+){0,2})`\s*\|\s*(\d+)\s*\|")
REPORT = Path("build") / "test-times.json"  # under the run's root folder
#: How far over its budget a folder may go before the run fails: more than this is a clear regression (a test
#: that plays a whole game more, a campaign twice as large); less is what the same code varies by between a
#: quiet and a crowded machine (docs/testing.md: the budgets are crowded figures, a quiet run sits a quarter under).
MARGIN = 0.25
#: ... and by at least this many CPU seconds, so that a folder of one-second budget does not fail on noise.
SLACK = 3.0
CPU = "cpu_seconds"  # the name of the figure in a report's user_properties
TICKS = os.sysconf("SC_CLK_TCK")


def budgets(text: str | None = None) -> dict[str, int]:
    """The budget table of docs/testing.md: folder (as `tests/<folder>`, or `tests` for the files at the top)
    -> CPU seconds."""
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


def games_of(nodeid: str, games: list[str], texts: dict[str, str] | None = None) -> list[str]:
    """The games a test plays, as far as its file tells: a game's own folder (`tests/games/<id>/`) is that
    game's; elsewhere, each game its file names (a word starting with the id: `zargos_table`, `Xidit`). A file
    naming none plays the default table (Xidit's, today) or no game at all (the installer, the budgets):
    `[]`. Measured per file, not per test, because a test's fixtures name its game more often than its name."""
    path = nodeid.split("::", 1)[0]
    parts = path.split("/")
    if parts[:2] == ["tests", "games"] and len(parts) > 3 and parts[2] in games:
        return [parts[2]]
    texts = {} if texts is None else texts
    if path not in texts:
        try:
            texts[path] = (ROOT / path).read_text(encoding="utf-8").lower()
        except OSError:
            texts[path] = ""
    return [game for game in games if re.search(rf"\b{re.escape(game)}", texts[path])]


def game_folders() -> list[str]:
    """The games with tests of their own: the folders under tests/games but the conformance suite."""
    return sorted(folder.name for folder in (ROOT / "tests" / "games").iterdir()
                  if folder.is_dir() and folder.name not in ("conformance", "__pycache__"))


def without_group(nodeid: str) -> str:
    """The test's own name, without the group pytest-xdist appends under `--dist loadgroup` (`...::t@group`);
    an `@` inside a parameter (`t[a@b]`) stays."""
    head, at, group = nodeid.rpartition("@")
    return head if at and "::" in head and "]" not in group and "::" not in group else nodeid


def _descendants(pid: int) -> list[int]:
    """The live processes `pid` started, and theirs, from /proc (each thread keeps its own children's list)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as listed:
                children = [int(child) for child in listed.read().split()]
        except OSError:
            continue
        for child in children:
            found.append(child)
            found.extend(_descendants(child))
    return found


def _live_cpu(pid: int) -> float:
    """A live process's CPU seconds, with those of its own ended children (utime, stime, cutime, cstime)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0  # ended in between: the kernel's account of reaped children has it, or its parent's has
    return sum(int(value) for value in fields[11:15]) / TICKS


def cpu_seconds() -> float:
    """CPU seconds spent so far by this process and every process it started, ended or not. A process that
    leaves its parent (a daemon's double fork) escapes: none of the tests' processes does."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime
    return total + sum(_live_cpu(child) for child in _descendants(os.getpid()))


class CpuMeter:
    """In the process that runs the tests (a worker under xdist): each phase's CPU seconds, sent with its
    report."""

    def __init__(self) -> None:
        self.started = 0.0
        self.spent = 0.0

    def _measure(self) -> Generator[None, None, None]:
        self.started = cpu_seconds()
        yield
        self.spent = cpu_seconds() - self.started

    pytest_runtest_setup = pytest.hookimpl(hookwrapper=True)(_measure)
    pytest_runtest_call = pytest.hookimpl(hookwrapper=True)(_measure)
    pytest_runtest_teardown = pytest.hookimpl(hookwrapper=True)(_measure)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[Any, Any, None]:
        outcome = yield
        outcome.get_result().user_properties.append((CPU, round(self.spent, 3)))


class TimeBudgets:
    """In the process that reports (the controller under xdist): each folder's CPU and wall seconds against
    its budget."""

    def __init__(self, enforce: bool = True, report: Path | None = None) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.wall: dict[str, float] = defaultdict(float)
        self.tests: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # test -> [cpu, wall]
        self.enforce = enforce  # off: the figures are still shown and written, for new budgets
        self.report = report  # where the figures are written, and the previous run's read; None: nowhere
        self.before = _previous_tests(report) if report else {}

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # Set-up and tear-down count: a folder's slow fixture is that folder's cost.
        cpu = sum(value for name, value in report.user_properties if name == CPU)
        folder = folder_of(report.nodeid)
        self.cpu[folder] += cpu
        self.wall[folder] += report.duration
        figures = self.tests[without_group(report.nodeid)]
        figures[0] += cpu
        figures[1] += report.duration

    def over(self, table: dict[str, int]) -> list[str]:
        """Every folder over its budget or without one, by name."""
        lines = []
        for folder, seconds in sorted(self.cpu.items()):
            allowed = table.get(folder)
            if allowed is None:
                lines.append(f"{folder}: {seconds:.0f} CPU s and no budget in docs/testing.md")
            elif seconds > allowed:
                lines.append(f"{folder}: {seconds:.0f} CPU s, over its budget of {allowed} s by "
                             f"{100 * (seconds / allowed - 1):.0f} %")
        return lines

    def failing(self, table: dict[str, int]) -> list[str]:
        """The folders that fail the run: no budget, or over it by more than MARGIN (and SLACK seconds)."""
        return [folder for folder, seconds in sorted(self.cpu.items())
                if table.get(folder) is None or seconds > max(table[folder] * (1 + MARGIN), table[folder] + SLACK)]

    def grew(self, folder: str | None = None, count: int = 5) -> list[tuple[str, float, float]]:
        """The tests (of a folder, or all) whose CPU seconds grew the most since the previous run's figures:
        (test, then, now), largest growth first, only growth of a second or more."""
        grown = [(test, self.before[test][0], figures[0]) for test, figures in self.tests.items()
                 if test in self.before and (folder is None or folder_of(test) == folder)
                 and figures[0] - self.before[test][0] >= 1.0]
        return sorted(grown, key=lambda row: row[1] - row[2])[:count]

    def costliest(self, folder: str, count: int = 5) -> list[tuple[str, float]]:
        rows = [(test, figures[0]) for test, figures in self.tests.items() if folder_of(test) == folder]
        return sorted(rows, key=lambda row: -row[1])[:count]

    def by_game(self) -> dict[str, list[float]]:
        """CPU and wall seconds per game (`games_of`), a test naming several split evenly among them;
        `""` holds the tests that name none."""
        games = game_folders()
        texts: dict[str, str] = {}
        shares: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for test, (cpu, wall) in self.tests.items():
            named = games_of(test, games, texts) or [""]
            for game in named:
                shares[game][0] += cpu / len(named)
                shares[game][1] += wall / len(named)
        return dict(shares)

    def slowest(self, count: int = 10) -> list[tuple[str, float, float]]:
        """The tests that took the longest, in wall seconds (what waits for them): (test, wall, cpu)."""
        rows = [(test, figures[1], figures[0]) for test, figures in self.tests.items()]
        return sorted(rows, key=lambda row: -row[1])[:count]

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if not self.tests:
            return
        if self.report is not None:
            self._write(self.report)
        if self.enforce and self.failing(budgets()) and exitstatus == 0:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def _write(self, report: Path) -> None:
        """This run's figures over the previous run's: a run of a few files replaces their tests' figures and
        keeps the others', so the whole suite's figures (and the next full run's growth) survive it."""
        tests = {test: [round(cpu, 2), round(wall, 2)] for test, (cpu, wall) in self.tests.items()}
        tests = {**self.before, **tests}
        folders: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        for test, (cpu, wall) in tests.items():
            folders[folder_of(test)][0] += cpu
            folders[folder_of(test)][1] += wall
        report.parent.mkdir(exist_ok=True)
        report.write_text(json.dumps({
            "folders": {folder: {"cpu": round(cpu, 1), "wall": round(wall, 1)}
                        for folder, (cpu, wall) in sorted(folders.items())},
            "tests": dict(sorted(tests.items())),
        }, indent=1) + "\n")

    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.tests:
            return
        table = budgets()
        write = terminalreporter.write_line
        terminalreporter.section("time budgets in CPU seconds (docs/testing.md)")
        write(f"{'folder':24} {'CPU s':>7}   {'budget':>6}  {'share':>5}  {'wall s':>7}")
        for folder, seconds in sorted(self.cpu.items(), key=lambda kv: -kv[1]):
            allowed = table.get(folder)
            share = f"{100 * seconds / allowed:4.0f} %" if allowed else "    ?"
            write(f"{folder:24} {seconds:7.1f}   {allowed or '?':>6}  {share}  {self.wall[folder]:7.1f}")
        failing = set(self.failing(table))
        for line in self.over(table):
            folder = line.split(":", 1)[0]
            fails = folder in failing
            verdict = ("FAILS" if self.enforce else "would fail (not enforced)") if fails else "reported, in the margin"
            write(f"OVER BUDGET ({verdict}; the run fails past {100 * MARGIN:.0f} % over): {line}", red=fails,
                  bold=True)
            for test, seconds in self.costliest(folder):
                write(f"    {seconds:7.1f} CPU s  {test}")
        grown = self.grew()
        if grown:
            write("tests that grew the most since the previous run here (CPU s, build/test-times.json):")
            for test, then, now in grown:
                write(f"    {then:7.1f} -> {now:7.1f}  {test}")
        terminalreporter.section("CPU seconds by game (tests in its folder or whose file names it)")
        total = sum(self.cpu.values()) or 1.0
        for game, (cpu, wall) in sorted(self.by_game().items(), key=lambda kv: -kv[1][0]):
            write(f"{game or 'no game named':24} {cpu:7.1f}   {100 * cpu / total:4.0f} %   {wall:7.1f} wall s")
        terminalreporter.section("slowest ten tests (wall seconds, with their CPU seconds)")
        for test, wall, cpu in self.slowest():
            write(f"{wall:7.1f} s  {cpu:7.1f} CPU s  {folder_of(test):20}  {test}")


def _previous_tests(report: Path) -> dict[str, list[float]]:
    """The previous run's figures per test, to tell which grew; none when there was no run here before."""
    try:
        tests = json.loads(report.read_text(encoding="utf-8")).get("tests", {})
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(tests, dict):  # a report of the older form (wall seconds per folder): nothing to compare
        return {}
    return {test: figures for test, figures in tests.items() if isinstance(figures, list) and len(figures) == 2}


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(CpuMeter(), "cpu-meter")
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller adds up and reports
    # A run with the budgets turned off (TEST_BUDGETS=off) is for measuring new budgets, never CI's.
    config.pluginmanager.register(TimeBudgets(enforce=os.environ.get("TEST_BUDGETS", "on") != "off",
                                              report=config.rootpath / REPORT), "time-budgets")
