"""Astoria, Version Laboratoire: two teams move gems around a six-slot laboratory, set off reactions and make
objects from the patterns of their cards (the rules digest's Part L). Its pure engine (`rules`), its
provisional pack (`rules/pack.py`, PROVISIONAL.md), a random virtual player (`agents`), its part for the
shared test suites (`testing`), its table part (`table`: the steps in the rulebook's words) and its pages
(`web`: the laboratory from each team's side, a seat's hand and choices in taps). No box part of its own
yet: the framework's stands in."""

from companion.core.errors import N_
from companion.core.game import GameModule, Later

from .module import RULES
from .words import COLOUR_WORDS

GAME: GameModule = GameModule(key="astoria-laboratory", title=N_("Astoria: the Laboratory"), rules=RULES,
                              agents=Later("companion.games.astoria.laboratory.agents:AGENTS"),
                              testing=Later("companion.games.astoria.laboratory.testing:TESTING"),
                              table=Later("companion.games.astoria.laboratory.table:TABLE"),
                              web=Later("companion.games.astoria.laboratory.web:WEB"),
                              catalog="companion.games.astoria.common.locale", words=frozenset(COLOUR_WORDS))
