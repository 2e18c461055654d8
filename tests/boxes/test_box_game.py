"""Whole games played only through box key events, and what the screens show on the way."""

from __future__ import annotations

import random
from pathlib import Path

from luma.core.device import dummy

from companion.boxes.box import Box
from companion.boxes.frame import Frame
from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules import Game, record_from_json
from hardware.screens import Screen
from tests.table.support import new_table


def test_a_whole_game_through_key_events_only(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=77)
    table.start()
    screens = {s: Screen(dummy(width=128, height=64, mode="1")) for s in (1, 2, 3)}
    boxes = {s: Box(s, table, screens[s].show) for s in (1, 2, 3)}
    for box in boxes.values():
        box.attach()
    rng = random.Random(77)
    notices: list[str] = []
    presses = 0
    while table.playing():
        moved = False
        for seat, box in boxes.items():
            for key in keys_for(box, rng, six_keys=seat != 2):
                frame = box.key(key)
                presses += 1
                if frame is not None and frame.kind == "list" and frame.footer:
                    notices.append(frame.footer)
                moved = True
        assert moved, "someone must be awaited until the game ends"
    table.stop()
    assert notices == []  # no key was refused on the way
    record = record_from_json(table.record())
    alone = Game.replay(table.board, record.setup, record.actions)
    assert alone.outcome() == table.outcome()
    assert boxes[1].settled(5)
    final = screens[1].shown
    assert final is not None and final.title in ("Game over",)
    assert all(s.frames_sent > 50 for s in screens.values()) and presses > 150


def test_redraws_only_when_the_picture_changes() -> None:
    screen = Screen(dummy(width=128, height=64, mode="1"))
    frame = Frame("message", "Title", ("a line",))
    assert screen.show(frame) is True
    assert screen.show(Frame("message", "Title", ("a line",))) is False
    assert screen.frames_sent == 1
    assert screen.show(Frame("message", "Title", ("another",))) is True
    assert screen.bytes_sent == 1024 * 2  # the dummy device takes whole frames only
