"""The framework owns the table, a game owns its rules (issue 37): no framework template or script reads a
field of a game's view. The fields are those Xidit's and Zargos's views hold over a random game (every
reader), at the top and in each player; a framework page gets a game's progress, its end, its players and the
seats it awaits from the page's context, and what only a game knows through the game's slots."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from companion.core import registry

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
