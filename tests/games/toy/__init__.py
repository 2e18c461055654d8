"""A toy game, the framework's test game: small, pure, and using every capability of the contract (turns,
a window several seats answer at once, a public roll, a secret draw, a sealed choice, teams, views per
reader, its own record format). It lives in the tests: the companion never ships it. Tests make it
known through `companion.core.registry.register(GAME)` (tests/conftest.py's `toy_game` fixture)."""

from __future__ import annotations

from companion.core.game import GameModule

from .table import RULES, ToyTable
from .testing import ToyTesting

GAME = GameModule(key="toy", title="Toy game", rules=RULES, table=ToyTable(), testing=ToyTesting())
