"""Zargos (the game of six peoples and the kingdom of Zargos): the companion's second game.

Its pure engine (`rules`), its map packs (`boards`), a random agent (`agents`) and its table part
(`table`: the physical steps, chance told or drawn, the moves a seat or the referee states). The box menus
and the page parts come with the rest of issue 29."""

from dataclasses import replace

from companion.core.game import GameModule

from .agents.kit import AGENTS
from .bench import BENCH
from .boxes import BOXES
from .commands import COMMANDS
from .module import game_module
from .table import TABLE
from .web import WEB

GAME: GameModule = replace(game_module(), table=TABLE, boxes=BOXES, agents=AGENTS, bench=BENCH, commands=COMMANDS,
                           web=WEB, catalog="companion.games.zargos.locale")
