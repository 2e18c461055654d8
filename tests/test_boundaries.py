"""The project's layers, checked from the source: rules at the bottom, pure; the table above them;
boxes, hardware and web as adapters on top. An import that crosses a boundary fails here, by name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import companion.table
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


# A game's own words: its commands (Xidit's SetOrder, SetProgram, TellTile, its pages' set_order...), its set-up
# typed from the table (face_up) and the fields of its views (census, program, neutral). Matched on identifiers
# (CamelCase read as snake_case) and on strings, not on comments and docstrings, which may name an example.
GAME_WORDS = re.compile(r"(?<![a-z])(set_order|set_program|tell_tile|face_up|census|program(s|med|ming)?|neutral)"
                        r"(?![a-z])")


def spoken(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every identifier and string of a module's code: docstrings and comments left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            found.append((line, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((line, node.attr))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.append((line, node.name))
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg:
            found.append((line, node.arg))
        elif isinstance(node, ast.alias):
            found += [(line, name) for name in (node.name, node.asname) if name]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((line, node.value))
    return found


def game_words(text: str) -> list[str]:
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", text).lower()
    return [match.group(1) for match in GAME_WORDS.finditer(snake)]


def test_the_checker_hears_a_games_word_in_code_only() -> None:
    assert game_words("SetOrder") == ["set_order"] and game_words("face_up=typed") == ["face_up"]
    assert game_words("_lock_program") == ["program"] and game_words("The census counts") == ["census"]
    assert game_words("programmer") == game_words("neutrality") == game_words("Seal") == []
    module = ROOT / "companion" / "table" / "commands.py"
    assert any(text == "Command" for _, text in spoken(module))
    assert not any("What the table accepts" in text for _, text in spoken(module)), "a docstring was read"


def test_no_framework_module_names_a_games_command_or_view_field() -> None:
    """Issue 37: the framework's words are its own. A game's commands decode into the framework's (EditDraft,
    Seal, Unseal, Tell) in the game's own code; its set-up typed in is `typed`; its options are its own."""
    found = []
    for part in FRAMEWORK:
        where = ROOT / part
        for path in [where] if where.is_file() else sorted(where.rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}:{line}: {text[:60]!r} says {', '.join(words)}"
                      for line, text in spoken(path) if (words := game_words(text))]
    assert found == [], "the framework speaks a game's words"


def test_the_tables_sealed_choice_commands_are_the_frameworks() -> None:
    assert {"EditDraft", "Seal", "Unseal", "Tell"} <= set(companion.table.__all__)
    assert not {"Lock", "Unlock", "SetOrder", "SetProgram", "TellTile"} & set(companion.table.__all__)
