"""The project's layers, checked from the source: rules at the bottom, pure; the table above them;
boxes, hardware and web as adapters on top. An import that crosses a boundary fails here, by name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.core import framework

ROOT = Path(__file__).resolve().parent.parent


def imports(package: str) -> list[tuple[str, str]]:
    """(module, imported module) for every import in a package or one file, relative imports made absolute."""
    found: list[tuple[str, str]] = []
    where = ROOT / package
    for path in [where] if where.is_file() else sorted(where.rglob("*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(dotted, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = dotted.split(".")[: -node.level]
                    if path.name == "__init__.py":
                        parent = dotted.split(".")[: len(dotted.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                found.append((dotted, base))
    return found


def crossing(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{source} imports {module}" for source, module in imports(package)
            if any(module == f or module.startswith(f + ".") for f in forbidden)]


GAMES = sorted(p.parent.name for p in (ROOT / "companion" / "games").glob("*/__init__.py"))
OUTSIDE_WORLD = ("companion.table", "companion.boxes", "companion.store", "companion.agents", "companion.bench",
                 "hardware", "web", "threading", "time", "datetime", "os", "pathlib", "sqlite3", "socket", "io")


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_import_nothing_from_the_outside_world(game: str) -> None:
    assert crossing(f"companion/games/{game}/rules", OUTSIDE_WORLD) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game: str) -> None:
    others = tuple(f"companion.games.{other}" for other in GAMES if other != game)
    assert crossing(f"companion/games/{game}", others) == []


def test_the_core_imports_only_the_standard_library_and_itself() -> None:
    found = [f"{source} imports {module}" for source, module in imports("companion/core")
             if module.split(".")[0] in ("companion", "web", "hardware") and not module.startswith("companion.core")]
    assert found == []


def test_the_table_does_not_import_the_boxes() -> None:
    assert crossing("companion/table", ("companion.boxes", "hardware", "web")) == []


def test_the_table_does_not_import_the_agents() -> None:
    # The virtual players are a client of the table (companion.agents.bots); the table is told their levels.
    agents = tuple(f"companion.games.{game}.{part}" for game in GAMES for part in ("agents", "sim"))
    assert crossing("companion/table", ("companion.agents", "companion.bench", "companion.config", *agents)) == []


def test_the_config_imports_no_adapter() -> None:
    assert crossing("companion/config.py", ("companion.boxes", "companion.table", "companion.agents", "web")) == []


def test_the_web_does_not_import_hardware() -> None:
    assert crossing("web", ("hardware",)) == []


def test_the_web_imports_no_game() -> None:
    """The pages find the table's game through the registry; a game's page parts are its own (web/game_parts.py)."""
    assert crossing("web", ("companion.games",)) == []


@pytest.mark.parametrize("package", ["companion/boxes", "companion/table", "companion/agents",
                                     "companion/games/xidit/agents"])
def test_no_package_reaches_for_device_libraries(package: str) -> None:
    assert crossing(package, ("luma", "gpiozero", "serial", "smbus2")) == []


def test_the_checker_sees_an_import_it_must_refuse() -> None:
    # The checks above pass on an empty list: make sure the walk finds relative and absolute imports.
    found = imports("companion/table")
    assert ("companion.table.table", "companion.table.commands") in found
    assert any(module.startswith("companion.games.xidit.rules") for _, module in imports("companion/games/xidit/table"))
    assert ("companion.games.xidit.table.steps", "companion.games.xidit.table.lines") in \
        imports("companion/games/xidit/table")


# The framework: every package that is not a game. It finds games through companion.core.registry only.
# The list is companion.core.framework's, which `companion games --json` prints for outside checks.
FRAMEWORK = tuple(name.replace(".", "/") + ("" if (ROOT / name.replace(".", "/")).is_dir() else ".py")
                  for name in framework.FRAMEWORK)
def test_every_part_of_the_framework_is_there_to_be_checked() -> None:
    # A name misspelt or moved would be checked on nothing, and pass.
    assert [part for part in FRAMEWORK if not (ROOT / part).exists()] == []
    assert {"companion/agents", "companion/bench", "companion/cli.py", "web", "hardware"} <= set(FRAMEWORK)


def test_the_framework_imports_no_game() -> None:
    """Issue 28: the framework finds its games through companion.core.registry, never by importing one."""
    found = sorted(f"{source} imports {module}" for package in FRAMEWORK for source, module in imports(package)
                   if module.startswith("companion.games."))
    assert found == [], "the framework depends on a game"
