"""Every kind of step as the table reads it, in English and French, against the texts kept in
tests/games/xidit/steps/golden/. `XIDIT_UPDATE_GOLDENS=1` rewrites them (then read the diff: it is the words
players see)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.games.xidit.agents.play import play, random_setup
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import Game
from companion.games.xidit.rules import events as ev
from companion.games.xidit.table.restore import restore_instructions
from companion.games.xidit.table.steps import KINDS, XiditGrouping, setup_steps
from companion.table.steps import Step, StepBuilder, restore_steps

GOLDEN = Path(__file__).parent / "golden"
BOARD = default_pack()


def every_kind() -> list[Step]:
    """A finished 3-player game (for its scorings), told with one made-up year that holds every event."""
    game = play(BOARD, random_setup(3, True, 17), 17)
    fresh = Game(BOARD, game.setup)
    bastion = BOARD.bastion()
    plain = next(r for r in sorted(BOARD.regions) if r != bastion)
    other = next(r for r in sorted(BOARD.regions) if r not in (bastion, plain))
    year: list[ev.Event] = [
        ev.Placed(1, 3), ev.Placed(2, 7), ev.Placed(3, 12), ev.YearBegan(1, 1), ev.Revealed(),
        ev.Moved(1, 3, 4, "black"), ev.Recruited(2, 7, "archer"), ev.TileOut(7, "recruit_discard"),
        ev.TileIn(16, "recruit", ("militia", "militia", "priest")), ev.NextTile("recruit", 9, "recruit_pile"),
        ev.Waited(3),
        ev.ThreatEliminated(1, 4, 4, ("militia", "militia", "infantry")), ev.TileOut(4, "threat_discard"),
        ev.TileIn(13, "threat", ()), ev.PileRebuilt("threat", (5, 6)), ev.NextTile("threat", 5, "threat_pile"),
        ev.GoldTaken(1, 3), ev.BardsPlaced(1, bastion or plain, 2), ev.NeutralAdvanced(1, "fame"),
        ev.NoRoad(2, 7, "blue"), ev.NoEffect(3, 12, "R-06"),
        ev.ColossusDefeated(1, 4, 0, (("militia", 1), ("archer", 2))), ev.Awakened((1, 3)),
        ev.Reinforced((2, 8), (11, 14, 6)), ev.NextTile("threat", 11, "threat_pile"),
        ev.BardsPlaced(1, plain, 1), ev.BardsPlaced(1, other, 1), ev.FloorsBuilt(1, 4, 2, False),
        ev.ColossusDeclined(2, 7), ev.Moved(3, 12, 13, "red"),
        *[ev.Waited(s) for _ in range(3) for s in (1, 2, 3)],
        ev.CensusBegan(1), ev.CensusCounted("militia", ((1, 2), (2, 0), (3, 1)), (1,)), ev.GoldTaken(1, 1),
        ev.CensusCounted("priest", ((1, 0), (2, 1), (3, 1)), (2, 3)), ev.BardsPlaced(2, plain, 1),
        ev.CensusCounted("mage", ((1, 1), (2, 0), (3, 0)), (1,)), ev.FloorPending(1),
        ev.FloorsBuilt(1, 4, 1, True), ev.CensusCounted("infantry", ((1, 0), (2, 0), (3, 0)), ()),
        ev.YearBegan(2, 2),
    ]
    builder = StepBuilder(XiditGrouping(game))
    builder.add_steps(setup_steps(fresh))
    builder.feed(year + [e for e in game.state.events if isinstance(e, ev.Scored)])
    early, late = Game.replay(BOARD, game.setup, game.actions[:12]), Game.replay(BOARD, game.setup, game.actions[:40])
    builder.add_steps(restore_steps(2, restore_instructions(late.view("referee"), early.view("referee"), BOARD)))
    return builder.steps()


def told(steps: list[Step], language: str) -> str:
    out = []
    for step in steps:
        out.append(f"[{step.kind}, year {step.round}] {step.title.render(language)}")
        for line in step.lines:
            out.append(f"  - {line.text(language, None)}")
            if line.private is not None:
                out.append(f"    (seat {line.seat} reads: {line.text(language, line.seat)})")
    return "\n".join(out) + "\n"


def test_the_made_up_year_holds_every_kind_of_step() -> None:
    assert {s.kind for s in every_kind()} == set(KINDS)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_of_step_reads_as_kept(language: str) -> None:
    text = told(every_kind(), language)
    path = GOLDEN / f"steps.{language}.txt"
    if os.environ.get("XIDIT_UPDATE_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
