"""The toy game made of rules alone (issue 37): its rules and its testing part, nothing else. No table part,
box part, page part nor agents: it plays at a table on the framework's defaults (companion/table/default_part.py,
companion/boxes/generic.py, web/generic.py). Its own key and record format, so that it is a game of its own
beside the toy: the shared suites (tests/games/conformance) play it as they play every game."""

from __future__ import annotations

from typing import Any

from companion.core.errors import BadRecord
from companion.core.game import GameModule

from .module import ToyRules
from .moves import RECORD_FORMAT, Move, ToySetup
from .rules import ToyMatch
from .testing import ToyTesting

KEY = "toy-bare"
BARE_FORMAT = "toy-bare-record/1"


class BareMatch(ToyMatch):
    def record_json(self) -> dict[str, Any]:
        return {**super().record_json(), "format": BARE_FORMAT}


class BareRules(ToyRules):
    key = KEY
    record_format = BARE_FORMAT
    first_seat = 0  # the toy numbers its seats from 0: people read them from 1 (GameModule.shown_seat)

    def start(self, pack: Any, setup: ToySetup) -> BareMatch:
        return BareMatch(setup)

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[ToySetup, list[Move]]:
        if not isinstance(data, dict) or data.get("format") != BARE_FORMAT:
            raise BadRecord(f"not a {BARE_FORMAT} record")
        return super().record_from_json({**data, "format": RECORD_FORMAT}, pack)


BARE = GameModule(key=KEY, title="Toy game of rules alone", rules=BareRules(), testing=ToyTesting())
