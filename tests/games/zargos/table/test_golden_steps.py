"""Every kind of Zargos step as the table reads it, in English and French, for the public, the referee and
one seat, against the texts kept in tests/games/zargos/table/golden/. `ZARGOS_UPDATE_GOLDENS=1` rewrites
them (then read the diff: it is the words players see). The lines name strengths as the tokens that make
them, large and small (2.6, Z-01: the table makes the change), and boats go in front of their owner (2.13)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.games.zargos.agents import play
from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.table.events import events
from companion.games.zargos.table.restore import restore_instructions
from companion.games.zargos.table.steps import ZargosGrouping, setup_steps
from companion.table.steps import Step, StepBuilder, restore_steps

from .support import BOARD

GOLDEN = Path(__file__).parent / "golden"
READERS = {"public": None, "referee": -1, "seat1": 1}


def rare(round_: int) -> list[dict[str, Any]]:
    """Events a short random game seldom has: trades, stated effects, cards played, the Master."""
    return [{"event": e.pop("event"), **e, "round": round_} for e in [
        {"event": "trade", "a": "moines", "b": "dragons", "a_gives": ["province:kori-1", "boat"],
         "b_gives": ["reinforcement"]},
        {"event": "played", "seat": 0, "card": "vent_de_folie", "target": "kingdom:kori"},
        {"event": "folie", "province": "kori-1", "die": 5, "loss": 2},
        {"event": "played", "seat": 1, "card": "vent_de_guerre", "target": "province:kori-3"},
        {"event": "demons", "province": "z-c1", "dice": [7], "loss": 3, "left": 4},
        {"event": "combat_over", "province": "z-c1", "holder": None},
        {"event": "attack", "people": "dragons", "from": "kori-1", "to": "z-c1", "strength": 12, "route": ["s1"]},
        {"event": "reorganised", "people": "dragons", "steps": [["kori-1", "kori-2", 6, []],
                                                                ["kori-2", "z-c2", 3, ["s1", "s2"]]]},
        {"event": "adjusted", "stated_by": 1, "reason": "power:dragons", "tokens": [["kori-2", "dragons", 3]],
         "boats": {}, "allow": ["attack_anywhere"]},
        {"event": "adjusted", "stated_by": None, "reason": "card:vent_de_glace", "tokens": [["kori-2", "dragons", -6]],
         "boats": {"dragons": -1}, "allow": []},
        {"event": "value", "kingdom": "kori", "value": 9},
        {"event": "kingdom_card", "people": "dragons", "kingdom": "kori"},
        {"event": "kingdom_card_lost", "people": "moines", "kingdom": "ludos"},
        {"event": "rank", "people": "moines", "from": 3, "to": None, "token": True},  # out (Z-26)
        {"event": "rank", "people": "dragons", "from": None, "to": 2, "token": False},  # none left (10.6, Z-17)
        {"event": "drew", "seat": 1, "card": "vent_de_terre", "secret": True},
        {"event": "drew", "seat": 1, "card": "eclipse", "secret": True},
        {"event": "drew", "seat": 0, "card": "typhon", "secret": True},
        {"event": "move", "type": "keep", "seat": 1, "cards": ["eclipse", "vent_de_terre"]},
        {"event": "master", "seat": 1, "people": "dragons"},
        {"event": "magic_trade", "a": 0, "b": 1, "a_gives": ["typhon"], "b_gives": []},
        {"event": "out_of_game", "seat": 0, "card": "canicule"},
        {"event": "discarded", "seat": 1, "card": "vent_de_mort", "secret": True},  # 12.12
        {"event": "master_ends", "seat": 1},
        {"event": "out", "people": "moines", "seat": 0},  # Z-26
        {"event": "left", "seat": 0, "cards": 2},
        {"event": "no_peoples_left"},
        {"event": "victory", "people": "dragons", "seat": 1},
    ]]


def every_kind() -> list[Step]:
    game = play(BOARD, Setup(3), 21)
    fresh = Game(BOARD, game.setup)
    told = [e for e in events(game) if e["round"] <= 2]
    builder = StepBuilder(ZargosGrouping(fresh))
    builder.add_steps(setup_steps(fresh))
    builder.feed(told + rare(2))
    early, late = (Game.replay(BOARD, game.setup, game.history[:n]) for n in (300, 420))
    undo = restore_instructions(late.view("referee"), early.view("referee"), BOARD)
    builder.add_steps(restore_steps(2, undo, heading=ZargosGrouping.heading))
    return builder.steps()


def text(steps: list[Step], language: str, reader: int | None) -> str:
    out = []
    for step in steps:
        out.append(f"[{step.kind}] {step.heading.render(language)}")
        out += [f"  {'' if line.physical else '(news) '}{line.text(language, reader)}" for line in step.lines]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_of_step_reads_as_kept(language: str) -> None:
    steps = every_kind()
    kinds = {s.kind for s in steps}
    assert kinds >= {"setup", "peoples", "draft", "boats", "place", "attacks", "combat", "reorganise", "count",
                     "reinforce", "deal", "magic", "stated", "trade", "victory", "restore"}
    assert all(len(s.lines) <= 6 for s in steps)  # never piling up: a long step goes on in another
    for name, reader in READERS.items():
        path = GOLDEN / f"steps-{name}.{language}.txt"
        written = text(steps, language, reader)
        assert "{" not in written
        if os.environ.get("ZARGOS_UPDATE_GOLDENS"):
            path.write_text(written, encoding="utf-8")
        assert written == path.read_text(encoding="utf-8"), f"{path.name} differs: read the diff"


def test_what_is_behind_a_screen_is_in_its_player_s_lines_alone() -> None:
    steps = every_kind()
    public, seat1, referee = (text(steps, "en", r) for r in (None, 1, -1))
    assert "Wind of Earth" not in public and "Wind of Earth" in seat1 and "Wind of Earth" in referee
    assert "Typhoon" not in seat1 and "Typhoon" in referee  # seat 0's card
    assert "reinforcement card" not in public and "reinforcement card" in referee  # 2.9: which, behind the screen


def test_the_draft_and_the_peoples_chosen_are_one_step_each_not_one_per_card() -> None:
    # The table takes the cards drafted at once, when the piles are empty (2.7-2.9), and the peoples once all
    # are chosen (2.4): a table waiting for the steps ("wait for the table") taps Done once for each
    game = play(BOARD, Setup(4), 3)
    builder = StepBuilder(ZargosGrouping(Game(BOARD, game.setup)))
    builder.feed([e for e in events(game) if e["round"] == 0])
    steps = builder.steps()
    draft = [s for s in steps if s.kind == "draft"]
    assert len(draft) == 1 and len(draft[0].lines) == 4  # one line a people
    chosen = [line for s in steps if s.kind == "peoples" for line in s.lines if "chooses" in line.text("en", None)]
    assert len(chosen) == 4 and len({id(s) for s in steps if s.kind == "peoples" and s.physical}) == 1
