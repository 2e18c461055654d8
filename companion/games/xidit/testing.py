"""What the shared test suites ask of Lords of Xidit (companion.core.game.GameTesting): short random games,
and the oracle of what a view may not show its reader (docs/formats.md's State view, ruling P-07).

The oracle lives with the game because only the game knows its secrets; tests/secrecy.py uses it for the
campaigns' page and stream scans."""

from __future__ import annotations

from random import Random
from typing import Any

from companion.core.game import Reader

from .agents.random_player import decide
from .agents.simulation import random_setup
from .boards import default_pack
from .rules import Game, Setup
from .rules.actions import Action
from .rules.board import Board
from .rules.choices import Choice
from .rules.events import TileIn
from .rules.face_up import from_sight


class XiditTesting:
    def short_setup(self, seed: int) -> tuple[Board, Setup]:
        """A short game of 3 to 5 players, set up at random. An odd seed sets it up as a table does, from
        what lies face up: the game then asks the table (chance nodes) for the tiles and colossi it meets."""
        board, setup = default_pack(), random_setup(Random(seed).randint(3, 5), True, seed)
        if seed % 2 == 0:
            return board, setup
        dealt = Game(board, setup)
        laid = [e for e in dealt.state.events if isinstance(e, TileIn)]
        ladders = dealt.view()["ladders"]
        face_up = from_sight(board, setup, (tuple(e.number for e in laid if e.side == "recruit"),
                                            tuple(e.number for e in laid if e.side == "threat")),
                             (ladders["next_recruit"], ladders["next_threat"]), (None, None, None))
        return board, face_up

    def random_move(self, match: Game, choice: Choice, rng: Random) -> Action:
        return decide(rng, choice, match.state)

    def forbidden(self, view: dict[str, Any], reader: str, match: Game | None) -> list[str]:
        who = Reader.parse(reader)
        return [] if who.referee else forbidden_in(view, who.seat, match)


def forbidden_in(view: dict[str, Any], reader: int | None, game: Game | None) -> list[str]:
    """What docs/formats.md's State view (and ruling P-07) forbid a seat or public reader to see. Without
    the game (a view read later from a stream), what the view itself says stands in for the game's state."""
    found = []
    fame_scored = (game.state.fame_scored if game is not None else
                   any(r["category"] == "fame" for r in view["scoring"]["rounds"]))
    revealed = view["phase"] not in ("place", "program")
    for p in view["players"]:
        if p["seat"] == reader:
            continue
        for key in ("gold", "units", "pending_floors"):
            if key in p:
                found.append(f"seat {p['seat']} {key}")
        if not fame_scored and ("bards_left" in p or "floors_left" in p):
            found.append(f"seat {p['seat']} reserve")
        if "program" in p and not revealed:
            found.append(f"seat {p['seat']} program before the reveal")
    part = view.get("table") or {}  # a table's view; the engine's own views have no table part
    if "drafts" in part or (reader is None and "draft" in part):
        found.append("a program being keyed in")
    for region in view["regions"]:
        if region["bastion"] and not fame_scored and "bards" in region:
            found.append("Bastion bards")
    for pile in ("recruit_pile", "threat_pile"):
        if not isinstance(view["ladders"][pile], dict):
            found.append(f"{pile} order")
    census = view["census"]
    if census and ("choices" in census or ("my_choice" in census and reader is None)):
        found.append("census choices")
    if census and "chosen" in census and game is not None:
        # A player the engine answered for (they own none of the unit) must look like one still choosing.
        hidden = game.state.census_auto - {reader}
        if hidden & set(census["chosen"]):
            found.append("who owns none of the census unit")
        awaited = {a["seat"] for a in view["awaiting"]}
        if not game.state.pending and hidden - awaited:
            found.append("who owns none of the census unit (awaiting)")
    return found


TESTING = XiditTesting()  # what `GAME.testing` holds
