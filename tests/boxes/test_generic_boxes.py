"""A game made of rules alone plays on a box: the tests' toy game (tests/games/toy, at the table with
tests/games/toy/table.py, no box part of its own) keyed to its end on the framework's generic box menus,
through the same box shell as every game (`Box`, `SeatController`), against a real table. Its sealed bids
are keyed in and locked, its turns and answers picked (a card's number stepped with LEFT/RIGHT), the die and
the secret draws told from the box; the table's record holds what was keyed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.boxes.box import Box
from companion.boxes.frame import Frame
from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.engine import engine
from tests.games.toy import GAME as TOY
from tests.games.toy.moves import move_to_json


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    yield


def play(table: Table, boxes: dict[int, Box], rng: random.Random) -> tuple[list[Any], list[Frame]]:
    """Keys the game to its end: at each point the box of the seat asked (the teller of a roll or draw)
    presses the keys its own menus give for an input `rng` picks. What was picked, and every frame seen."""
    picked: list[Any] = []
    frames: list[Frame] = []
    while engine(table).result() is None:
        match = engine(table)
        node = match.chance()
        if node is not None:
            seat = node.told_by if node.told_by is not None else rng.choice(match.setup.seats)
            target: Any = rng.choice(node.outcomes)
        else:
            locked = table.view()["table"]["locked"]
            choice = next(c for c in match.awaited() if not (c.sealed and c.seat in locked))
            seat, target = choice.seat, rng.choice(choice.enumerate())
        keys = boxes[seat].controller.keys_for(target, six_keys=True)
        assert keys and keys[-1] == "OK", f"seat {seat} cannot key in {target!r}"
        version = match.version
        for key in keys:
            frame = boxes[seat].key(key)
            assert frame is not None
            frames.append(frame)
        assert not boxes[seat].controller.notice, boxes[seat].controller.notice  # nothing refused
        if not (node is None and choice.sealed):
            assert engine(table).version > version, f"{target!r} keyed in, not taken"
        picked.append(target)
    return picked, frames


@pytest.mark.parametrize("seed", range(3))
def test_the_toy_game_is_keyed_to_its_end_on_generic_boxes(tmp_path: Path, seed: int) -> None:
    table = Table.open(Store(tmp_path / "toy.db"), default_pack_text())
    table.start()
    try:
        table.submit(NewGame({"players": 3, "rounds": 2, "teams": False, "seed": seed}, game="toy",
                             chance="table")).result(timeout=30)
        boxes = {seat: Box(seat, table, lambda frame: None, sleeps=False) for seat in range(3)}
        picked, frames = play(table, boxes, random.Random(seed))
        match = engine(table)
        result = match.result()
        assert result is not None
        kinds = {frame.kind for frame in frames}
        assert "editor" in kinds  # lists of moves and of outcomes
        # every move and outcome keyed is in the record, in the order keyed (bids revealed all at once)
        record = table.record()
        keyed = [move_to_json(m) if not isinstance(m, int) else {"type": "chance", "outcome": m} for m in picked]
        stored = record["moves"]
        assert sorted(map(repr, keyed)) == sorted(map(repr, stored))
        assert any(m["type"] == "bid" for m in stored) and any(m["type"] == "chance" for m in stored)
        for seat, box in boxes.items():
            over = box.controller.frame()
            assert over.title == "Game over"
            assert ("You won." in over.lines) == (seat in result.winners)
    finally:
        table.stop()
