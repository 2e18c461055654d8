"""The project's layers, checked from the source: rules at the bottom, pure; the table above them;
boxes, hardware and web as adapters on top. An import that crosses a boundary fails here, by name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imports(package: str) -> list[tuple[str, str]]:
    """(file, imported module) for every import in a package, relative imports made absolute."""
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / package).rglob("*.py")):
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
