"""Lords of Xidit (Régis Bonnessée, Libellud 2014): the companion's first game module.

`GAME` is what the framework finds through companion.games; nothing outside this package imports it by name.
Its rules and packs come with it; every other part is imported when the framework first asks for it (a
table playing another game never loads them).
"""

from __future__ import annotations

from companion.core.game import GameModule, Later

from .module import RULES, WORDS, XiditPacks

GAME = GameModule(key="xidit", title="Lords of Xidit", rules=RULES, packs=XiditPacks(),
                  agents=Later("companion.games.xidit.agents.kit:AGENTS"),
                  bench=Later("companion.games.xidit.bench:BENCH"),
                  commands=Later("companion.games.xidit.commands:COMMANDS"),
                  testing=Later("companion.games.xidit.testing:TESTING"),
                  boxes=Later("companion.games.xidit.boxes:BOXES"), table=Later("companion.games.xidit.table:TABLE"),
                  web=Later("companion.games.xidit.web:WEB"), catalog="companion.games.xidit.locale", words=WORDS)
