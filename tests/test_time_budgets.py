"""The suite's time budgets (docs/testing.md) cover every test folder and fit CI's 20 minutes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.time_budgets import TimeBudgets, budgets, folder_of

TESTS = Path(__file__).parent
# CI's limit is 20 minutes on a busy 2-core machine; 3 of them go to a fresh clone's set-up.
LIMIT_SECONDS = 17 * 60


def test_every_folder_with_tests_has_a_budget() -> None:
    folders = {"tests"} | {f"tests/{d.name}" for d in TESTS.iterdir() if d.is_dir() and any(d.glob("test_*.py"))}
    assert folders - set(budgets()) == set()


def test_the_budgets_fit_in_ci_time() -> None:
    assert 0 < sum(budgets().values()) <= LIMIT_SECONDS


def test_a_test_counts_against_its_folder() -> None:
    assert folder_of("tests/web/test_api.py::test_x[a/b]") == "tests/web"
    assert folder_of("tests/test_cli.py::test_y") == "tests"
    assert folder_of("tests/games/zargos/test_combat.py::test_z") == "tests/games/zargos"


def test_a_folder_over_its_budget_or_without_one_is_named() -> None:
    spent = TimeBudgets()
    for nodeid, seconds in [("tests/web/a.py::t", 50.0), ("tests/web/b.py::t", 51.0), ("tests/new/c.py::t", 1.0),
                            ("tests/rules/d.py::t", 3.0)]:
        spent.pytest_runtest_logreport(pytest.TestReport(nodeid, ("", 0, ""), {}, "passed", None, "call",
                                                         duration=seconds))
    table = budgets("| `tests/web` | 100 | x |\n| `tests/rules` | 5 | y |\n")
    assert spent.over(table) == ["tests/new: 1 s and no budget in docs/testing.md",
                                 "tests/web: 101 s, over its budget of 100 s"]
