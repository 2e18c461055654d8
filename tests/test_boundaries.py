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


def imports(package: str, root: Path = ROOT) -> list[tuple[str, str]]:
    """(module, imported module) for every import in a package or one file, relative imports made absolute
    (dotted from `root`, the checkout)."""
    found: list[tuple[str, str]] = []
    where = root / package
    for path in [where] if where.is_file() else sorted(where.rglob("*.py")):
        dotted = ".".join(path.relative_to(root).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found += [(dotted, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    # A package's __init__ is dotted "<package>.__init__": `.` is its package, as for a module.
                    parent = dotted.split(".")[: -node.level]
                    base = ".".join([*parent, base] if base else parent)
                found.append((dotted, base))
    return found


def crossing(package: str, forbidden: tuple[str, ...], root: Path = ROOT) -> list[str]:
    return [f"{source} imports {module}" for source, module in imports(package, root)
            if any(module == f or module.startswith(f + ".") for f in forbidden)]


def game_packages(place: Path, root: Path = ROOT) -> dict[str, str]:
    """Game id -> its package's folder (from `root`), laid out as companion.core.registry finds them: one
    package a game, or a box of several, `<box>/common/` what they share and `<box>/<version>/` each game
    ("<box>-<version>"). A box's `common` is listed too (as "<box>"): it is held to a game's rules."""
    found: dict[str, str] = {}
    for package in sorted(p.parent for p in place.glob("*/__init__.py")):
        versions = sorted(p.parent for p in package.glob("*/__init__.py"))
        if not (package / "common" / "__init__.py").is_file():
            found[package.name] = package.relative_to(root).as_posix()
            continue
        found.update({package.name if version.name == "common" else f"{package.name}-{version.name}":
                      version.relative_to(root).as_posix() for version in versions})
    return found


def other_games(game: str, packages: dict[str, str]) -> tuple[str, ...]:
    """What a game (or a box's shared part) may not import: every other game, its box's other versions
    included. A version may import its box's shared part; the shared part imports none of its versions."""
    shared = f"{packages[game].rpartition('/')[0]}/common"  # its box's, when it is a version
    return tuple(where.replace("/", ".") for other, where in packages.items() if other != game and where != shared)


PACKAGES = game_packages(ROOT / "companion" / "games")
GAMES = sorted(PACKAGES)
SHELF = game_packages(ROOT / "tests" / "games" / "shelf")  # the tests' box of two games (tests/test_game_boxes.py)
OUTSIDE_WORLD = ("companion.table", "companion.boxes", "companion.store", "companion.agents", "companion.bench",
                 "hardware", "web", "threading", "time", "datetime", "os", "pathlib", "sqlite3", "socket", "io")


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_import_nothing_from_the_outside_world(game: str) -> None:
    assert crossing(f"{PACKAGES[game]}/rules", OUTSIDE_WORLD) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_other_game(game: str) -> None:
    assert crossing(PACKAGES[game], other_games(game, PACKAGES)) == []


@pytest.mark.parametrize("game", sorted(SHELF))
def test_the_games_of_one_box_import_its_shared_part_and_not_each_other(game: str) -> None:
    assert set(SHELF) == {"twins", "twins-short", "twins-long"}, "the tests' box is laid out as a box"
    assert crossing(SHELF[game], other_games(game, SHELF)) == []
    assert crossing(f"{SHELF[game]}/rules", OUTSIDE_WORLD) == []


def test_a_version_importing_the_other_version_of_its_box_fails_by_name(tmp_path: Path) -> None:
    box = tmp_path / "games" / "box"
    for part, text in {"__init__.py": "", "common/__init__.py": "", "common/words.py": "WORDS = ()\n",
                       "one/__init__.py": "from ..common.words import WORDS\n",
                       "two/__init__.py": "from ..common.words import WORDS\nfrom ..one import GAME\n"}.items():
        (box / part).parent.mkdir(parents=True, exist_ok=True)
        (box / part).write_text(text)
    packages = game_packages(tmp_path / "games", tmp_path)
    assert crossing(packages["box-one"], other_games("box-one", packages), tmp_path) == []
    assert crossing(packages["box-two"], other_games("box-two", packages), tmp_path) == \
        ["games.box.two.__init__ imports games.box.one"]


def test_the_core_imports_only_the_standard_library_and_itself() -> None:
    found = [f"{source} imports {module}" for source, module in imports("companion/core")
             if module.split(".")[0] in ("companion", "web", "hardware") and not module.startswith("companion.core")]
    assert found == []


def test_the_table_does_not_import_the_boxes() -> None:
    assert crossing("companion/table", ("companion.boxes", "hardware", "web")) == []


def test_the_table_does_not_import_the_agents() -> None:
    # The virtual players are a client of the table (companion.agents.bots); the table is told their levels.
    agents = tuple(f"{where.replace('/', '.')}.{part}" for where in PACKAGES.values() for part in ("agents", "sim"))
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


def declared(protocol: type) -> set[str]:
    """The members a protocol declares: its methods, properties and attributes (with or without a default)."""
    return {name for name in (*vars(protocol), *getattr(protocol, "__annotations__", {}))
            if not name.startswith("_")}


def test_the_framework_reads_a_games_declared_hook_as_a_member_never_by_getattr() -> None:
    """Issue 37: an optional hook of a game's part or of its engine is declared, with its default, on its
    protocol (companion/core/game.py's Rules, Match and Choice, companion/table/game_parts.py,
    companion/core/agents.py, companion/boxes/game_parts.py): the framework reads it as a member, and mypy
    checks every game's part against it. A `getattr` would hide a misspelt hook behind its default."""
    from companion.boxes.game_parts import BoxMenus
    from companion.core.agents import AgentKit
    from companion.core.game import Choice, Match, Rules
    from companion.table.game_parts import GameTable, SealedDrafts, StepGrouping

    hooks = set().union(*map(declared, (GameTable, StepGrouping, SealedDrafts, AgentKit, BoxMenus, Rules, Match,
                                        Choice)))
    assert {"not_asked", "stated", "time_up", "heading", "rule", "first_seat", "painters"} <= hooks
    assert {"as_of", "seed", "seat_of", "seat_colours", "state", "outcome", "reveals", "awaiting_for",
            "time_limit", "enumerate"} <= hooks
    found = []
    for part in FRAMEWORK:
        where = ROOT / part
        for path in [where] if where.is_file() else sorted(where.rglob("*.py")):
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}"
                      for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                      and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)
                      and node.args[1].value in hooks]
    assert found == [], "a declared hook found by getattr"
