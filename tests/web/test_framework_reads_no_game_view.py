"""The framework owns the table, a game owns its rules (issue 37): no framework template, script or module
reads a field of a game's view. The fields are those Xidit's and Zargos's views hold over a random game (every
reader), at the top and in each player; a framework page gets a game's progress, its end, its players and the
seats it awaits from the view's envelope (companion/table/envelope.py) in the page's context, and what only a
game knows through the game's slots. No template reads a name or field nobody gives: it fails the page."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template_string
from jinja2 import UndefinedError

import web.pages
from companion.core import registry
from companion.table import Table
from web.i18n import STRICT
from web.phone import PhoneBoxes

from .conftest import PIN, web_app

ROOT = Path(__file__).resolve().parents[2]
FRAMEWORK = [*sorted((ROOT / "web" / "templates").glob("*.html")),
             *sorted((ROOT / "web" / "templates" / "generic").glob("*.html")),
             *sorted((ROOT / "web" / "static").glob("*.js"))]
# The view's envelope (docs/formats.md: its format, reader and version, the table's own part) and a player's
# place at the table (the seat, the name and colour people know them by, a sealed choice locked or not: the
# table writes it): the framework's, not a game's.
ENVELOPE = {"format", "view", "version", "table"}
SEATED = {"seat", "name", "colour", "locked"}
READERS = ("referee", "public", "seat:1")


def view_fields(key: str, moves: int = 300) -> tuple[set[str], set[str]]:
    """The fields of a game's views at the top and in its players, over one random game."""
    game = registry.load(key)
    assert game.testing is not None
    match, rng = game.rules.start(*game.testing.short_setup(3)), random.Random(1)
    top: set[str] = set()
    player: set[str] = set()
    for _ in range(moves):
        for reader in READERS:
            view: dict[str, Any] = match.view(reader)
            top |= set(view)
            for p in view.get("players", ()):
                player |= set(p)
        if match.result() is not None:
            break
        node = match.chance()
        if node is not None:
            match.resolve(rng.choice(list(node.outcomes)))
            continue
        choices = match.awaited()
        if not choices:
            break
        match.push(game.testing.random_move(match, choices[0], rng))
    return top - ENVELOPE, player - SEATED


def reads_of(text: str, fields: set[str], names: str) -> list[str]:
    pattern = re.compile(rf"\b(?:{names})(?:\.|\[[\"'])({'|'.join(sorted(fields))})\b")
    return sorted({m.group(0) for m in pattern.finditer(text)})


def test_no_framework_template_or_script_reads_a_field_of_a_games_view() -> None:
    tops: set[str] = set()
    players: set[str] = set()
    for key in ("xidit", "zargos"):
        top, player = view_fields(key)
        assert {"phase", "players", "awaiting"} <= top  # the walk saw the fields the framework once read
        tops, players = tops | top, players | player
    assert {"year", "census", "first_player", "round", "chance"} <= tops
    assert {"city", "eliminated", "gold", "units"} <= players
    found = {}
    for path in FRAMEWORK:
        text = path.read_text(encoding="utf-8")
        reads = reads_of(text, tops, "view|past") + reads_of(text, players, "p|player")
        if reads:
            found[str(path.relative_to(ROOT))] = reads
    assert found == {}


# The framework's Python: the table, the boxes' shell and their generic menus, the pages and the main job. One
# module may read one field of a game's view: the envelope, the one door through which the framework composes
# the served view and hands a game's templates (and the generic box menus) their players: the contract's
# `players`, never a game's own field. Who is awaited is the contract's `Match.awaiting_for(reader)`.
CODE = [*sorted((ROOT / "web").glob("*.py")), *sorted((ROOT / "companion" / "table").glob("*.py")),
        *sorted((ROOT / "companion" / "boxes").glob("*.py")), *sorted((ROOT / "companion").glob("*.py"))]
MAY_READ = {"companion/table/envelope.py": {"players"}}


def code_reads(tree: ast.AST, fields: set[str]) -> list[str]:
    """`x["field"]`, `x.get("field")` on anything whose source names a view (`view`, `snap.view`, `ctx["view"]`,
    `past`, `own`), for each field given: a read of a game's view."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            target, key = node.value, node.slice.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant)):
            target, key = node.func.value, node.args[0].value
        else:
            continue
        if key in fields and re.search(r"\b(view|past|own)\b", ast.unparse(target)):
            found.append(f"{ast.unparse(target)}[{key!r}] (line {node.lineno})")
    return found


def test_no_framework_module_reads_a_field_of_a_games_view() -> None:
    fields: set[str] = set()
    for key in ("xidit", "zargos"):
        top, _ = view_fields(key)
        fields |= top
    assert {"phase", "players", "awaiting", "round", "winner", "chance"} <= fields
    found = {}
    for path in CODE:
        name = str(path.relative_to(ROOT))
        reads = code_reads(ast.parse(path.read_text(encoding="utf-8")), fields - MAY_READ.get(name, set()))
        if reads:
            found[name] = reads
    assert found == {}


def test_the_scan_finds_the_reads_it_looks_for() -> None:
    source = 'a = view.get("phase")\nb = snap.view["players"]\nc = ctx["view"].get("awaiting")\nd = form.get("phase")'
    assert code_reads(ast.parse(source), {"phase", "players", "awaiting"}) == [
        "view['phase'] (line 1)", "snap.view['players'] (line 2)", "ctx['view']['awaiting'] (line 3)"]


def test_a_template_reading_what_nobody_gives_fails_instead_of_showing_nothing(app: Flask) -> None:
    with app.test_request_context("/"):
        with pytest.raises(UndefinedError):
            render_template_string("{{ view.year }}", view={"version": 1})
        with pytest.raises(UndefinedError):
            render_template_string("{% for a in awaited_by_nobody %}{{ a }}{% endfor %}")
        assert render_template_string("{{ view.get('year', '') }}|{{ view.year is defined }}",
                                      view={"version": 1}) == "|False"


def test_at_a_table_a_read_nobody_gives_is_logged_and_reads_as_nothing(
        table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Outside the tests (no COMPANION_STRICT_TEMPLATES), a read no test reached must not take a page away in
    the middle of a game: it reads as nothing, and the log names it."""
    monkeypatch.delenv(STRICT)
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2}))
    with app.test_request_context("/"), caplog.at_level("WARNING", logger="web.templates"):
        assert render_template_string("[{{ view.year }}][{{ _('Year {n}', n=view.year) }}]",
                                      view={"version": 1}) == "[][Year ]"
    assert "year" in caplog.text


def test_a_framework_page_missing_a_name_of_its_context_is_an_error_not_an_empty_part(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    context = web.pages.context

    def without_awaiting(page: str, who: Any = None) -> dict[str, Any]:
        made = context(page, who)
        del made["awaiting"]
        return made
    monkeypatch.setattr(web.pages, "context", without_awaiting)
    assert client.get("/part/table").status_code == 500
