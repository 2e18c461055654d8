"""A toy game, the framework's test game: small, pure, and using every capability of the contract (turns,
a window several seats answer at once, a public roll, a secret draw, a sealed choice, teams, views per
reader, its own record format; with the option `omens`, a card the table types in, companion.core.typed),
with its own table part (table.py: the framework's defaults and what it says better), command-line part
(commands.py) and agents (agents.py, in WITH_AGENTS;
`python -m tests.games.toy` is the companion's command line with it registered). It lives in the tests: the
companion never ships it. Tests make it known through
`companion.core.registry.register(GAME)` (tests/conftest.py's `toy_game` fixture). Its twin of rules alone,
bare.py's BARE, plays on the framework's defaults alone."""

from __future__ import annotations

from dataclasses import replace

from companion.core.game import GameModule

from .agents import ToyAgents
from .commands import ToyCommands
from .table import RULES, ToyTable
from .testing import ToyTesting

GAME = GameModule(key="toy", title="Toy game", rules=RULES, table=ToyTable(), commands=ToyCommands(),
                  testing=ToyTesting())

WITH_AGENTS = replace(GAME, agents=ToyAgents())
"""The toy with its agents, for the agents harness and `python -m tests.games.toy`. Apart from GAME because a
kit's `first_seat` (0, the toy's) is also the seat number people read (GameModule.first_seat): GAME, without
it, is shown from seat 0 on the pages and boxes its tests and golden screens hold (a change left to the lead)."""
