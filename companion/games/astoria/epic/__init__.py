"""Astoria, Version Epique (docs/games.md "One box, two versions"): mages defend a city while some secretly
want the King dead. Its pure engine (`rules`), its provisional pack (`packs`), and the parts the shared
test suites ask for (`testing`), its table part (`table`: the steps and the history in the rulebook's words),
its page parts (`web`: the table view, a mage's phone page, the reveal at the end), its box menus (`boxes`:
the framework's generic menus in the game's words)."""

from companion.core.game import GameModule, Later

from .module import RULES, TITLE, WORDS
from .packs import EpicPacks

GAME = GameModule(key="astoria-epic", title=TITLE, rules=RULES, packs=EpicPacks(),
                  table=Later("companion.games.astoria.epic.table:TABLE"),
                  web=Later("companion.games.astoria.epic.web:WEB"),
                  boxes=Later("companion.games.astoria.epic.boxes:BOXES"),
                  testing=Later("companion.games.astoria.epic.testing:TESTING"),
                  commands=Later("companion.games.astoria.epic.commands:COMMANDS"),
                  agents=Later("companion.games.astoria.epic.agents:AGENTS"),
                  catalog="companion.games.astoria.common.locale", words=WORDS)
