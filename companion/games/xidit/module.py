"""Lords of Xidit as the framework sees it: its rules and packs behind the contract of companion.core.game.

The other parts of the module (the table's steps, the box menus, the page parts, the agents, the bench) are
added to `GAME` by the packages that hold them, each typed by the framework adapter that uses it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.errors import N_
from companion.core.game import Option, Rules
from companion.core.packs import ShippedPacks

from .boards import check_pack, default_pack, default_pack_text, parse_pack
from .boards.saved import PackFiles
from .boards.schema import FORMAT as PACK_FORMAT
from .rules import (
    Action,
    Game,
    Setup,
    action_from_json,
    action_to_json,
    record_from_json,
    setup_from_json,
    setup_to_json,
)
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


class XiditRules(Rules):
    key = "xidit"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(3, 6)  # §2: 3 to 5 players
    colours: tuple[str, ...] = PLAYER_COLOURS
    options: tuple[Option, ...] = (
        Option("length", ("long", "short"), "long", "Game length"),
        Option("neutral", ("normal", "hard"), "normal", "Neutral player (3 players)"),
    )

    def setup_from_json(self, data: Any) -> Setup:
        return setup_from_json(data)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return setup_to_json(setup)

    def move_from_json(self, data: Any) -> Action:
        return action_from_json(data)

    def move_to_json(self, move: Action) -> dict[str, Any]:
        return action_to_json(move)

    def record_from_json(self, data: Any, pack: Board | None = None) -> tuple[Setup, list[Action]]:
        record = record_from_json(data)
        return record.setup, list(record.actions)

    def start(self, pack: Board, setup: Setup) -> Game:
        return Game(pack, setup)

    def as_of(self, pack: Board, setup: Setup, moves: Sequence[Action], events: int) -> Game:
        """Finer than a replay: the rules' own play after the last move stops at `events` (a step's board)."""
        return Game.as_of(pack, setup, moves, events)

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> Setup:
        data: dict[str, Any] = {
            "players": [{"seat": s, "colour": c, **({"name": n} if n else {})} for s, c, n in players],
            "length": options.get("length", "long"), "first_player": players[0][0], "seed": seed}
        if len(players) == 3:
            data["neutral"] = options.get("neutral", "normal")
        return setup_from_json(data)

    def players(self, setup: Setup) -> list[tuple[int, str, str | None]]:
        return [(p.seat, p.colour, p.name) for p in sorted(setup.players, key=lambda p: p.seat)]

    def seed(self, setup: Setup) -> int:
        return setup.seed

    def seat_of(self, move: Action) -> int:
        return move.seat


RULES = XiditRules()  # the game's one engine object: GAME's rules, and what its agents and tests ask


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
