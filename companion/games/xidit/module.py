"""Lords of Xidit as the framework sees it: its rules and packs behind the contract of companion.core.game.

The other parts of the module (the table's steps, the box menus, the page parts, the agents, the bench) are
added to `GAME` by the packages that hold them, each typed by the framework adapter that uses it."""

from __future__ import annotations

from typing import Any

from companion.core.errors import N_
from companion.core.game import Option
from companion.core.packs import ShippedPacks

from .boards import check_pack, default_pack, default_pack_text, parse_pack
from .boards.saved import PackFiles
from .boards.schema import FORMAT as PACK_FORMAT
from .rules import Game, record_from_json
from .rules.board import Board
from .rules.record import FORMAT as RECORD_FORMAT
from .rules.terms import PLAYER_COLOURS
from .rules.views import FORMAT as VIEW_FORMAT

# Xidit's words that fill message fields, translated there (companion.i18n.word): units, categories, tiles,
# rewards and the names of the decisions.
WORDS = frozenset({
    N_("militia"), N_("archer"), N_("infantry"), N_("priest"), N_("mage"),
    N_("wealth"), N_("influence"), N_("fame"), N_("recruitment"), N_("threat"),
    N_("gold"), N_("bards"), N_("guild"),
    N_("place"), N_("program"), N_("reward"), N_("colossus"), N_("neutral"), N_("census"),
    N_("census_bards"), N_("floor"),
})


class XiditRules:
    key = "xidit"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(3, 6)  # §2: 3 to 5 players
    colours = PLAYER_COLOURS
    options = (
        Option("length", ("long", "short"), "long", "Game length"),
        Option("neutral", ("normal", "hard"), "normal", "Neutral player (3 players)"),
    )

    def replay_json(self, pack: Board, record: Any) -> Game:
        parsed = record_from_json(record)
        return Game.replay(pack, parsed.setup, parsed.actions)


class XiditPacks(ShippedPacks[Board]):
    def __init__(self) -> None:
        super().__init__(PACK_FORMAT, default_pack_text, default_pack, parse_pack)

    # The owner's walk-through (web/verify.py and `companion board verify`): its screens and texts, every
    # problem of a pack's text, and its files beside the store.
    @property
    def walk(self) -> Any:
        from .web.walk import WALK  # read only when a page or a command asks (it imports the page parts)

        return WALK

    def check(self, text: str) -> list[Any]:
        return check_pack(text)

    def saved(self, store: Any) -> PackFiles:
        return PackFiles.beside(store)
