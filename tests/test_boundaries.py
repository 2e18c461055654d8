"""The project's layers, checked from the source: rules at the bottom, pure; the table above them;
boxes, hardware and web as adapters on top. An import that crosses a boundary fails here, by name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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


def test_the_web_does_not_import_hardware() -> None:
    assert crossing("web", ("hardware",)) == []


def test_the_web_imports_no_game() -> None:
    """The pages find the table's game through the registry; a game's page parts are its own (web/game_parts.py)."""
    assert crossing("web", ("companion.games",)) == []


@pytest.mark.parametrize("package", ["companion/boxes", "companion/table", "companion/games/xidit/agents"])
def test_no_package_reaches_for_device_libraries(package: str) -> None:
    assert crossing(package, ("luma", "gpiozero", "serial", "smbus2")) == []


def test_the_checker_sees_an_import_it_must_refuse() -> None:
    # The checks above pass on an empty list: make sure the walk finds relative and absolute imports.
    found = imports("companion/table")
    assert ("companion.table.table", "companion.table.commands") in found
    assert any(module.startswith("companion.games.xidit.rules") for _, module in found)


# The framework: every package that is not a game. It finds games through companion.core.registry only.
FRAMEWORK = ("companion/core", "companion/table", "companion/boxes", "web", "hardware", "companion/store.py",
             "companion/config.py", "companion/cli.py", "companion/run.py", "companion/players.py",
             "companion/notify.py", "companion/i18n.py")
# Every place where the framework still reaches into a game (issue 28 empties it). The list may only shrink:
# a new entry is a new weld to undo; an entry gone must leave the list, so the guard follows the work.
KNOWN_CROSSINGS: set[str] = {
    "companion.boxes.controller imports companion.games.xidit.rules",
    "companion.boxes.keys imports companion.games.xidit.sim",
    "companion.boxes.programming imports companion.games.xidit.rules",
    "companion.boxes.sequences imports companion.games.xidit.rules",
    "companion.cli imports companion.games.xidit",
    "companion.cli imports companion.games.xidit.agents",
    "companion.cli imports companion.games.xidit.boards",
    "companion.cli imports companion.games.xidit.rules",
    "companion.cli imports companion.games.xidit.sim",
    "companion.config imports companion.games.xidit.agents",
    "companion.config imports companion.games.xidit.rules",
    "companion.run imports companion.games.xidit.boards",
    "companion.store imports companion.games.xidit.rules",
    "companion.table.bots imports companion.games.xidit.agents",
    "companion.table.bots imports companion.games.xidit.rules",
    "companion.table.bots imports companion.games.xidit.sim",
    "companion.table.commands imports companion.games.xidit.rules",
    "companion.table.drafts imports companion.games.xidit.rules",
    "companion.table.face_up imports companion.games.xidit.rules",
    "companion.table.history imports companion.games.xidit.rules",
    "companion.table.instructions imports companion.games.xidit.rules",
    "companion.table.printed imports companion.games.xidit.rules",
    "companion.table.reads imports companion.games.xidit.boards",
    "companion.table.reads imports companion.games.xidit.rules",
    "companion.table.restore imports companion.games.xidit.rules",
    "companion.table.seats imports companion.games.xidit.agents",
    "companion.table.snapshot imports companion.games.xidit.rules",
    "companion.table.steps imports companion.games.xidit.rules",
    "companion.table.table imports companion.games.xidit.boards",
    "companion.table.table imports companion.games.xidit.rules",
    "companion.table.views imports companion.games.xidit.rules",
}


def test_the_framework_reaches_into_a_game_only_where_known() -> None:
    found = set()
    for package in FRAMEWORK:
        for source, module in imports(package):
            if module.startswith("companion.games."):
                found.add(f"{source} imports {'.'.join(module.split('.')[:4])}")
    assert sorted(found - KNOWN_CROSSINGS) == [], "a new place where the framework depends on a game"
    assert sorted(KNOWN_CROSSINGS - found) == [], "a crossing undone: take it off KNOWN_CROSSINGS"
