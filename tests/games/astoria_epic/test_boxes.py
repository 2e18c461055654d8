"""The Epic on six-key boxes (companion/games/astoria/epic/boxes.py): a game of three keyed on its boxes, each
move from the list its own box shows, read in the game's words (never a card's or an Objective's internal
id); the status page says the mage's Objective, his alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

from companion.boxes.box import Box
from companion.boxes.frame import Frame
from companion.games.astoria.epic import GAME
from companion.store import Store
from companion.table import NewGame, Table
from tests.engine import engine

CARDS = Path(__file__).parent / "invented-cards.toml"  # INVENTED Invasion cards, for tests
RAW = re.compile(r"\b(artefact:\d|talent\b|grand_alchemist|barbarians\b|populace\b|fire_|shadow_|cobalt_)")
OBJECTIVES = {"save": "Save the King", "dragon": "Victory of the Dragon", "barbarians": "Victory of the Barbarians",
              "populace": "Victory of the Populace"}


def test_a_game_of_three_keyed_on_boxes_reads_in_the_games_words(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "epic.db"), CARDS.read_text(encoding="utf-8"), game=GAME.key)
    table.start()
    try:
        seats = [(s, c, None) for s, c in zip((1, 2, 3), GAME.rules.colours, strict=False)]
        setup = GAME.rules.setup_to_json(GAME.rules.default_setup(seats, {}, 11))
        table.submit(NewGame(setup, game=GAME.key, chance="pi", seed=11)).result(timeout=30)
        boxes = {seat: Box(seat, table, lambda frame: None, sleeps=False) for seat in (1, 2, 3)}
        rng, frames, accused = random.Random(11), list[Frame](), 0
        while (match := engine(table)).result() is None and match.version < 120:
            choice = match.awaited()[0]
            box = boxes[choice.seat]
            if box.controller.frame().kind == "reveal":  # "Your Objective": read first
                box.key("OK")
            moves = choice.enumerate()
            plain = [m for m in moves if m.type != "accuse"]
            move = rng.choice(moves if not plain or rng.random() < 0.05 else plain)
            accused += move.type == "accuse"
            keys = box.controller.keys_for(move, six_keys=True)
            assert keys and keys[-1] == "OK", f"seat {choice.seat} cannot key in {move!r}"
            version = match.version
            for key in keys:
                frame = box.key(key)
                assert frame is not None
                frames.append(frame)
            assert engine(table).version > version, f"{move!r} keyed in, not taken"
        said = [line for frame in frames for line in (frame.title, *frame.lines)]
        assert [line for line in said if RAW.search(line)] == []
        assert any(line.startswith("Strengthen your Power") for line in said)
        box = boxes[1]
        box.key("LEFT")  # the status page
        status = box.controller.frame()
        objective = OBJECTIVES[engine(table).setup.objective(1)]
        assert f"Objective: {objective}" in " ".join(status.lines), status
    finally:
        table.stop()
