"""Zargos (the game of six peoples and the kingdom of Zargos): the companion's second game.

Its pure engine (`rules`), its map packs (`boards`), virtual players (`agents`), its table part (`table`: the
physical steps, chance told or drawn, the moves a seat or the referee states), box menus (`boxes`) and page
parts (`web`). Its rules and packs come with `GAME`; every other part is imported when the framework first
asks for it (a table playing another game never loads them)."""

from companion.core.game import GameModule, Later

from .module import game_module

GAME: GameModule = game_module(table=Later("companion.games.zargos.table:TABLE"),
                               boxes=Later("companion.games.zargos.boxes:BOXES"),
                               agents=Later("companion.games.zargos.agents.kit:AGENTS"),
                               bench=Later("companion.games.zargos.bench:BENCH"),
                               commands=Later("companion.games.zargos.commands:COMMANDS"),
                               web=Later("companion.games.zargos.web:WEB"), catalog="companion.games.zargos.locale")
