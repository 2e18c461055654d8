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


def test_rules_import_nothing_from_the_outside_world() -> None:
    assert crossing("companion/rules", ("companion.table", "companion.boxes", "companion.store", "hardware",
                                        "web", "threading", "time", "datetime", "os", "pathlib", "sqlite3",
                                        "socket", "io")) == []


def test_the_table_does_not_import_the_boxes() -> None:
    assert crossing("companion/table", ("companion.boxes", "hardware", "web")) == []


def test_the_web_does_not_import_hardware() -> None:
    assert crossing("web", ("hardware",)) == []


@pytest.mark.parametrize("package", ["companion/boxes", "companion/table", "companion/agents"])
def test_no_package_reaches_for_device_libraries(package: str) -> None:
    assert crossing(package, ("luma", "gpiozero", "serial", "smbus2")) == []


def test_the_checker_sees_an_import_it_must_refuse() -> None:
    # The checks above pass on an empty list: make sure the walk finds relative and absolute imports.
    found = imports("companion/table")
    assert ("companion.table.table", "companion.table.commands") in found
    assert any(module == "companion.rules" for _, module in found)


# What is Xidit's today, before the companion becomes a framework of game modules (issue 28): its engine,
# packs, random player, virtual players and bench.
XIDIT = ("companion.rules", "companion.boards", "companion.sim", "companion.agents", "companion.bench")
FRAMEWORK = ("companion/table", "companion/boxes", "web", "hardware", "companion/store.py", "companion/config.py",
             "companion/cli.py", "companion/run.py", "companion/players.py", "companion/notify.py",
             "companion/i18n.py")
# Every place where the would-be framework reaches into Xidit today. The list may only shrink: a new entry
# is a new weld to undo; an entry gone must leave the list, so the guard follows the work.
KNOWN_CROSSINGS = {
    "companion.boxes.controller imports companion.rules", "companion.boxes.keys imports companion.sim",
    "companion.boxes.programming imports companion.rules", "companion.boxes.sequences imports companion.rules",
    "companion.table.bots imports companion.agents", "companion.table.bots imports companion.rules",
    "companion.table.bots imports companion.sim", "companion.table.commands imports companion.rules",
    "companion.table.drafts imports companion.rules", "companion.table.face_up imports companion.rules",
    "companion.table.history imports companion.rules", "companion.table.instructions imports companion.rules",
    "companion.table.printed imports companion.rules", "companion.table.reads imports companion.boards",
    "companion.table.reads imports companion.rules", "companion.table.restore imports companion.rules",
    "companion.table.seats imports companion.agents", "companion.table.snapshot imports companion.rules",
    "companion.table.steps imports companion.rules", "companion.table.table imports companion.boards",
    "companion.table.table imports companion.rules", "companion.table.views imports companion.rules",
    "web.layout imports companion.rules", "web.pages imports companion.rules", "web.seatmap imports companion.rules",
    "web.seatpage imports companion.rules", "web.svg imports companion.rules", "web.verify imports companion.boards",
    "web.verify imports companion.rules", "companion.store imports companion.rules",
    "companion.config imports companion.agents", "companion.config imports companion.rules",
    "companion.cli imports companion.rules", "companion.cli imports companion.boards",
    "companion.cli imports companion.agents", "companion.cli imports companion.sim",
    "companion.run imports companion.boards",
}


def test_the_framework_reaches_into_the_game_only_where_known() -> None:
    found = set()
    for package in FRAMEWORK:
        for source, module in imports(package):
            found |= {f"{source} imports {game}" for game in XIDIT if module == game or module.startswith(game + ".")}
    assert sorted(found - KNOWN_CROSSINGS) == [], "a new place where the framework depends on Xidit"
    assert sorted(KNOWN_CROSSINGS - found) == [], "a crossing undone: take it off KNOWN_CROSSINGS"
