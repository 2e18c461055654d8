"""Lords of Xidit (Régis Bonnessée, Libellud 2014): the companion's first game module.

`GAME` is what the framework finds through companion.games; nothing outside this package imports it by name.
"""

from __future__ import annotations

from companion.core.game import GameModule

from .module import XiditPacks, XiditRules
from .testing import XiditTesting
from .web import WEB

GAME = GameModule(key="xidit", title="Lords of Xidit", rules=XiditRules(), packs=XiditPacks(),
                  testing=XiditTesting(), web=WEB)
