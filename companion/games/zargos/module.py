"""Zargos as the framework will see it (companion.core.game's `Rules` and packs). Not yet offered as a
`GAME`: the table's steps, the box menus and the page parts come with the rest of issue 29."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import N_, BadRecord
from companion.core.game import GameModule, Later, Option, Rules
from companion.core.packs import ShippedPacks

from .boards import FORMAT as PACK_FORMAT
from .boards import check_pack, default_pack, default_pack_text, parse_pack
from .rules import RECORD_FORMAT, VIEW_FORMAT, Board, Game, Setup, Told, action_from_json, action_to_json
from .rules.record import moves_from_json
from .rules.setup import OPTIONS, setup_from_json, setup_to_json
from .rules.terms import COLOURS


class ZargosRules(Rules):
    key = "zargos"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(2, 7)  # 2.1
    colours = COLOURS
    first_seat = 0  # the engine and its published formats number seats from 0 ("reader": "seat:0")
    seat_colours = False  # a seat is shown by its peoples, chosen by a roll in play, which also sets the order (2.3)
    # The readings of Z-06 and Z-14 the text leaves open, each value in words for the wizard.
    options = tuple(Option(name, values, values[0], label, labels) for (name, values), (label, labels) in zip(
        OPTIONS.items(), (
            (N_("Capital cards after set-up"), (N_("All go back to a common supply"),
                                                N_("Each stays with the people that held it at set-up"))),
            (N_("The Master's magic cards"), (N_("He draws 5, then keeps 5 of all he holds"),
                                              N_("He draws until he holds 5")))), strict=True))

    def setup_from_json(self, data: Any) -> TableSetup:
        seed = data.get("seed", 0) if isinstance(data, dict) else 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("setup.seed must be a whole number")
        rest = {k: v for k, v in data.items() if k != "seed"} if isinstance(data, dict) else data
        return seeded(setup_from_json(rest), seed)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return {**setup_to_json(setup), "seed": self.seed(setup)}

    def move_from_json(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "chance":
            return moves_from_json([data])[0]
        return action_from_json(data)

    def move_to_json(self, move: Any) -> dict[str, Any]:
        if isinstance(move, Told):
            outcome = list(move.outcome) if isinstance(move.outcome, tuple) else move.outcome
            return {"type": "chance", "kind": move.kind, "outcome": outcome}
        return action_to_json(move)

    def record_from_json(self, data: Any, pack: Board | None = None) -> tuple[TableSetup, list[Any]]:
        """A zargos-record/1's setup and moves; given the pack it is replayed on, BadRecord unless it was
        played on that pack (its sha256)."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise BadRecord(f"not a Zargos record: format must be {RECORD_FORMAT!r}")
        played_on = data.get("board")
        if pack is not None and (not isinstance(played_on, dict) or played_on.get("sha256") != pack.sha256):
            raise BadRecord("this record was played on another map pack (its sha256 differs)")
        return seeded(setup_from_json(data.get("setup")), 0), moves_from_json(data.get("moves"))

    def start(self, pack: Board, setup: Setup) -> Game:
        return Game(pack, setup)

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> TableSetup:
        # Nothing of a Zargos set-up is drawn before play: the order is rolled in the game (2.3).
        return seeded(Setup(len(players), 0, tuple(sorted((k, v) for k, v in options.items() if k in OPTIONS))), 0)

    def seed(self, setup: Setup) -> int:
        return setup.seed if isinstance(setup, TableSetup) else 0

    def seat_of(self, move: Any) -> int | None:
        return None if isinstance(move, Told) else move.seat

    def players(self, setup: Setup) -> list[tuple[int, str, str | None]]:
        # A Zargos player has no colour (the pages show a seat by its peoples) and the setup no name: the
        # table names a player by the name kept for the game, else "Player N" in the reader's language.
        return [(seat, "", None) for seat in range(setup.players)]


RULES = ZargosRules()  # the game's one engine object: GAME's rules, and what its agents and tests ask


@dataclass(frozen=True)
class TableSetup(Setup):
    """A Zargos setup as the table keeps it: with the seed the Pi rolls and draws by (companion.table.chance).
    The record (zargos-record/1) holds every outcome, so it needs no seed."""

    seed: int = 0
    # The names the table keeps for the players (companion.table.names), by seat: the game's lines name them.
    # Kept in the table's state, never in the stored setup nor the record.
    names: tuple[tuple[int, str], ...] = ()


def seeded(setup: Setup, seed: int) -> TableSetup:
    return TableSetup(setup.players, setup.peoples_each, setup.options, seed)


class ZargosPacks(ShippedPacks[Board]):
    def __init__(self) -> None:
        super().__init__(PACK_FORMAT, default_pack_text, default_pack, parse_pack)

    @property
    def walk(self) -> Any:
        from .boards.verify.pages import WALK  # the owner's walk-through, read only when a page asks

        return WALK

    def check(self, text: str) -> list[PackProblem]:
        return [PackProblem(line) for line in check_pack(text)]

    def saved(self, store: Any) -> Any:
        from .commands import PackFiles

        return PackFiles.beside(store)


@dataclass(frozen=True)
class PackProblem:
    """One problem of a pack's text, as the owner's pages list them."""

    line: str


def game_module(**parts: Any) -> GameModule:
    """Zargos's rules, packs and the test suites' part (imported when asked for); `__init__` adds the table,
    box, agents, bench and command-line parts to make `GAME`."""
    return GameModule(key="zargos", title=N_("Zargos"), rules=RULES, packs=ZargosPacks(),
                      **{"testing": Later("companion.games.zargos.testing:TESTING"), **parts})
