"""Zargos as the framework will see it (companion.core.game's `Rules` and packs). Not yet offered as a
`GAME`: the table's steps, the box menus and the page parts come with the rest of issue 29."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import N_
from companion.core.game import GameModule, Later, Option
from companion.core.packs import ShippedPacks

from .boards import FORMAT as PACK_FORMAT
from .boards import check_pack, default_pack, default_pack_text, parse_pack
from .rules import RECORD_FORMAT, VIEW_FORMAT, Board, Game, replay_json
from .rules.setup import OPTIONS
from .rules.terms import COLOURS


class ZargosRules:
    key = "zargos"
    record_format = RECORD_FORMAT
    view_format = VIEW_FORMAT
    seats = range(2, 7)  # 2.1
    colours = COLOURS
    seat_colours = False  # a seat is shown by its peoples, chosen by a roll in play, which also sets the order (2.3)
    # The readings of Z-06 and Z-14 the text leaves open, each value in words for the wizard.
    options = tuple(Option(name, values, values[0], label, labels) for (name, values), (label, labels) in zip(
        OPTIONS.items(), (
            (N_("Capital cards after set-up"), (N_("All go back to a common supply"),
                                                N_("Each stays with the people that held it at set-up"))),
            (N_("The Master's magic cards"), (N_("He draws 5, then keeps 5 of all he holds"),
                                              N_("He draws until he holds 5")))), strict=True))

    def replay_json(self, pack: Board, record: Any) -> Game:
        return replay_json(pack, record)


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
    return GameModule(key="zargos", title=N_("Zargos"), rules=ZargosRules(), packs=ZargosPacks(),
                      **{"testing": Later("companion.games.zargos.testing:TESTING"), **parts})
