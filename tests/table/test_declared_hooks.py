"""Issue 37: a game's table part declares its optional hooks by subclassing the table's protocols
(companion/table/game_parts.py), which give each its documented default. The toy at the table declares
none of them: it gets the defaults as members, and the table plays it by them (nothing stated, no timed
window, its steps under the framework's heading, the framework's words for a question not asked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import registry
from companion.core.agents import AgentKit
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Refused, State, Table, Tell
from companion.table.game_parts import NOT_ASKED, GameTable, SealedDrafts, StepGrouping
from companion.table.steps import HEADING
from tests.engine import engine
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from tests.games.toy.table import BidDrafts, ToyTable


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    table = Table.open(Store(tmp_path / "toy.db"), default_pack_text())
    table.handle(NewGame({"players": 3, "rounds": 1, "teams": False, "seed": 5}, game="toy", chance="table"))
    return table


def test_a_part_that_declares_no_hook_has_each_default_as_a_member(toy_game: object) -> None:
    part = ToyTable()  # the framework's defaults for the toy, its game read from the registry
    assert GameTable in type(part).__mro__ and SealedDrafts in type(part.drafts).__mro__
    assert part.public_refusals == frozenset() and part.not_asked == NOT_ASKED and part.asks_in_turn is False
    assert part.stated is None and part.time_up is None
    setup, move = object(), object()
    assert part.with_names(setup, {1: "Ann"}) is setup and part.as_stated(move) is move
    assert part.stated_moves(None, 1) is None
    assert BidDrafts().rule is None
    assert StepGrouping in type(part.grouping(None)).__mro__ and StepGrouping.heading == HEADING

    class Bare(AgentKit):  # an agent kit that declares nothing of its own
        pass

    assert Bare().first_seat == 1


def test_the_table_plays_a_part_without_hooks_by_their_defaults(toy: Table) -> None:
    version = toy.version
    with pytest.raises(Refused, match="nothing is stated"):
        toy.handle(State({"type": "bid", "seat": 1, "bid": 1}, by="seat:1"))
    assert engine(toy).chance() is None, "the toy's first move is a seat's"
    with pytest.raises(Refused) as refused:
        toy.handle(Tell(3, by="referee"))
    assert refused.value.template == NOT_ASKED
    assert "stated" not in toy.view("referee")["table"] and toy.version == version


def test_the_engines_optional_members_are_declared_with_their_defaults() -> None:
    """The contract's own optional members (companion/core/game.py) as a game that declares none of them gets
    them: its match lends itself to the agents, reveals nothing, says how it ended by its `Result`, and is
    awaited as its `awaited()` says; a choice lists no moves and has no time limit; the rules number seats
    from 1, replay for a step's board, seed nothing and name no move's seat."""
    from collections.abc import Sequence
    from dataclasses import dataclass
    from typing import Any

    from companion.core.game import Awaiting, Choice, Match, Progress, Reader, Result, Rules

    @dataclass(frozen=True)
    class Asked(Choice):
        seat: int
        decision = "asked"
        sealed = False

        def to_json(self) -> dict[str, Any]:
            return {"decision": self.decision, "seat": self.seat}

    class Plain(Match):
        setup, moves, version = None, (), 0

        def awaited(self, seat: int | None = None) -> Sequence[Choice]:
            return [Asked(2), Asked(0)]

        def chance(self) -> None:
            return None

        def push(self, move: Any) -> None: ...

        def resolve(self, outcome: Any) -> None: ...

        def view(self, reader: str = "referee") -> dict[str, Any]:
            return {}

        def record_json(self) -> dict[str, Any]:
            return {}

        def result(self) -> Result | None:
            return Result(((0,), (2,)), (0,))

        def progress(self) -> Progress:
            return Progress(1, None, "play")

    class Bare(Rules):  # the members Rules requires are not asked here
        pass

    match = Plain()
    assert match.state is match and list(match.reveals()) == [] and match.outcome() == match.result()
    assert list(match.awaiting_for(Reader())) == [Awaiting(2, "asked"), Awaiting(0, "asked")]
    assert Asked(1).time_limit is None and Asked(1).enumerate() is None
    rules = Bare()
    assert (rules.first_seat, rules.seat_colours) == (1, True)
    assert rules.as_of(None, None, (), 3) is None and rules.seed(None) == 0 and rules.seat_of(object()) is None
