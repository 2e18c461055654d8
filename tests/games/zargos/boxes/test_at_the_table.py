"""Zargos's boxes on the real table (companion.table.Table with Zargos's table part): whole games where every
decision is keyed on the seat's box, and every card drawn from the physical piles is told from the drawing
seat's box. Runs once the table part is on the branch (helper ztable's, issue 29); skipped before."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.boxes.box import Box
from companion.boxes.drawing import overflows
from companion.boxes.frame import Frame
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boxes import BOXES

pytest.importorskip("companion.games.zargos.table", reason="Zargos's table part is not on this branch yet")
support = pytest.importorskip("tests.games.zargos.table.support")


@pytest.mark.parametrize(("players", "seed", "chance"), [(4, 2, "table")])  # the Pi's draws: test_box_play
def test_a_whole_game_is_keyed_on_the_boxes_at_the_table(tmp_path: Path, players: int, seed: int,
                                                          chance: str) -> None:
    table = support.new_game(tmp_path / "z.db", players, seed=seed, chance=chance)
    table.start()
    seen: set[Frame] = set()
    boxes = {s: Box(s, table, seen.add, menus=BOXES, sleeps=False) for s in range(players)}
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    told = keyed = 0
    try:
        for _ in range(20000):
            if table.result() is not None:
                break
            asking = table.view("public")["table"]["asking"]
            if asking is not None and asking["told_by"] is not None:  # 2.7: the drawing seat tells its card
                seat = asking["told_by"]
                outcome = rng.choice(table.view(f"seat:{seat}")["chance"]["outcomes"])
                for key in boxes[seat].controller.keys_for(outcome, six_keys=True):
                    boxes[seat].key(key)
                now = table.view("public")["table"]["asking"]
                assert now is None or now["question"] != asking["question"], boxes[seat].controller.notice
                told += 1
                continue
            if asking is not None:
                support.tell(table, rng)  # the dice: typed on the pages
                continue
            found = table.decide_for(lambda choice, state: agent.move(
                SimpleNamespace(board=support.BOARD, state=state), choice))
            assert found is not None
            choice, move = found
            before = table.view("referee")["version"]
            for key in boxes[choice.seat].controller.keys_for(move, six_keys=True):
                boxes[choice.seat].key(key)
            assert table.view("referee")["version"] != before, (move, boxes[choice.seat].controller.notice)
            keyed += 1
    finally:
        table.stop()
    assert table.result() is not None and keyed > 100
    assert (told > 0) == (chance == "table")
    assert sorted({line for frame in seen for line in overflows(frame)}) == []


def test_a_box_given_no_menus_finds_zargoss_by_the_game_the_table_plays(tmp_path: Path) -> None:
    """A box names the table's game in its snapshot (`SeatSnapshot.game`), so a box built without menus (as
    `run` builds them) shows Zargos's decision, not the default game's; needs `GAME.boxes` (wired at merge)."""
    from companion.core import registry

    if registry.load("zargos").boxes is None:
        pytest.skip("Zargos's GAME has no box part yet: the lead wires BOXES at merge")
    table = support.new_game(tmp_path / "z.db", 4, seed=3)
    seat = table.view("referee")["awaiting"][0]["seat"]  # 2.3: the first to choose a people, by the roll
    box = Box(seat, table, lambda frame: None, sleeps=False)
    assert box.controller.frame().title == "Choose a people"
