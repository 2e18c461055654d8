"""Nothing cut off on the 128x64 glass: every screen of a complete 5-player game, in English and in
French, is drawn and each line of text is measured against the room it has (no title under the page
marker, no line cut with an ellipsis; pages of text wrap and scroll)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from companion.boxes.box import Box
from companion.boxes.controller import SeatController
from companion.boxes.drawing import overflows
from companion.boxes.frame import Frame
from companion.games.xidit.boxes.keys import keys_for
from companion.games.xidit.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    RewardChoice,
)
from tests.engine import engine
from tests.table.support import advance, new_table


def every_screen(path: Path, language: str, seed: int) -> set[Frame]:
    table = new_table(path, players=5, length="long", seed=seed, language=language)
    table.start()
    seen: set[Frame] = set()
    boxes = {seat: Box(seat, table, seen.add) for seat in engine(table).state.seats}
    rng = random.Random(seed)

    def look_at_every_page(box: Box) -> None:
        control = box.controller
        for page in ("status", "instructions", "main"):
            control.page = page  # what LEFT/RIGHT would show, without pressing them mid-decision
            seen.add(control.frame())

    try:
        while table.playing():
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
    seen = every_screen(tmp_path / "fit.db", language, seed=12)
    kinds = {frame.kind for frame in seen}
    assert {"program", "grid", "list", "editor", "message"} <= kinds
    titles = {frame.title for frame in seen}
    assert len(titles) > 10 and len(seen) > 500
    cut = sorted({line for frame in seen for line in overflows(frame)})
    assert cut == [], f"{len(cut)} lines do not fit: {cut[:20]}"


RARE = {  # decisions a random 5-player game seldom reaches, with their longest texts
    "colossus": ColossusChoice(1, 4, ((3, 0), (5, 1)), (2, 1, 1, 1, 1)),
    "neutral": NeutralChoice(1),
    "census": CensusChoice(1, "militia", 9),
    "census bards": CensusBardsChoice(1, 4, (2, 5, 7), 7),
    "reward": RewardChoice(1, 4, "colossus", 1, (("gold", "bards"), ("gold", "guild"), ("bards", "guild")), 3, 4,
                           (2, 5, 7), 7, 3),
    "floor": FloorChoice(1, (6, 12, 19)),
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("decision", sorted(RARE))
def test_the_rarer_decisions_fit_the_glass_at_every_step(tmp_path: Path, language: str, decision: str) -> None:
    """Each key on the decision's screen, its notices included (the table refuses nothing here)."""
    table = new_table(tmp_path / "rare.db", players=5, seed=3, language=language)
    advance(table, random.Random(3), past_placement=True)
    control = SeatController(1, lambda: replace(table.seat_snapshot(1), choice=RARE[decision]),
                             lambda command: None, language=lambda: language)
    seen = {control.frame()}
    for key in ("OK", "DOWN", "RIGHT", "RIGHT", "OK", "LEFT", "UP", "OK", "BACK", "DOWN", "OK", "RIGHT", "OK"):
        seen.add(control.press(key))
    cut = sorted({line for frame in seen for line in overflows(frame)})
    assert cut == [] and len(seen) > 2
