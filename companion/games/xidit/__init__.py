"""Lords of Xidit (Régis Bonnessée, Libellud 2014): the companion's first game module.

`GAME` is what the framework finds through companion.games; nothing outside this package imports it by name.
"""

from __future__ import annotations

from companion.core.game import GameModule

from .agents.kit import AGENTS
from .bench import XiditBench
from .boxes import BOXES
from .commands import COMMANDS
from .module import WORDS, XiditPacks, XiditRules
from .table import TABLE
from .testing import XiditTesting
from .web import WEB

GAME = GameModule(key="xidit", title="Lords of Xidit", rules=XiditRules(), packs=XiditPacks(), agents=AGENTS,
                  bench=XiditBench(), commands=COMMANDS, testing=XiditTesting(), boxes=BOXES, table=TABLE, web=WEB,
                  catalog="companion.games.xidit.locale", words=WORDS)
