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

from companion.core.errors import N_
from companion.core.game import GameModule

from .agents import ToyAgents
from .commands import ToyCommands
from .table import RULES, ToyTable
from .testing import ToyTesting

# The toy's words that fill message fields and label the generic box's lines: its decisions, its moves' fields
# and values, its players' fields (translated by its catalog, tests/games/toy/locale/fr.po).
WORDS = frozenset({
    N_("bid"), N_("turn"), N_("answer"), N_("do"), N_("roll"), N_("draw"), N_("play"), N_("card"), N_("cards"),
    N_("score"), N_("hand"), N_("bid_in"), N_("revealed_bid"), N_("team"), N_("sun"), N_("moon"),
})

GAME = GameModule(key="toy", title=N_("Toy game"), rules=RULES, table=ToyTable(), commands=ToyCommands(),
                  testing=ToyTesting(), catalog="tests.games.toy.locale", words=WORDS)

WITH_AGENTS = replace(GAME, agents=ToyAgents())
"""The toy with its agents, for the agents harness and `python -m tests.games.toy`. Both number the toy's seats
from 0 (its rules' `first_seat`), shown from 1 on pages and boxes as every game's are."""
