"""Nothing cut off on the 128x64 glass: every screen of a complete 5-player game, in English and in
French, is drawn and each line of text is measured against the room it has (no title under the page
marker, no line cut with an ellipsis; pages of text wrap and scroll)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.boxes.box import Box
from companion.boxes.drawing import overflows
from companion.boxes.frame import Frame
from companion.boxes.keys import keys_for
from tests.table.support import new_table


def every_screen(path: Path, language: str, seed: int) -> set[Frame]:
    table = new_table(path, players=5, length="long", seed=seed, language=language)
    table.start()
    seen: set[Frame] = set()
    boxes = {seat: Box(seat, table, seen.add) for seat in table.game.state.seats}  # type: ignore[union-attr]
    rng = random.Random(seed)

    def look_at_every_page(box: Box) -> None:
        control = box.controller
        for page in ("status", "instructions", "main"):
            control.page = page  # what LEFT/RIGHT would show, without pressing them mid-decision
            seen.add(control.frame())

    try:
        while table.game is not None and table.game.outcome() is None:
            for box in boxes.values():
                keys = keys_for(box, rng, six_keys=box.seat % 2 == 1)
                if keys:
                    look_at_every_page(box)
                for key in keys:
                    box.key(key)
        for box in boxes.values():
            look_at_every_page(box)
    finally:
        table.stop()
    return seen


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_screen_of_a_whole_game_fits_the_glass(tmp_path: Path, language: str) -> None:
    seen = every_screen(tmp_path / "fit.db", language, seed=11)
    kinds = {frame.kind for frame in seen}
    assert {"program", "grid", "list", "editor", "message"} <= kinds
    titles = {frame.title for frame in seen}
    assert len(titles) > 10 and len(seen) > 500
    cut = sorted({line for frame in seen for line in overflows(frame)})
    assert cut == [], f"{len(cut)} lines do not fit: {cut[:20]}"
