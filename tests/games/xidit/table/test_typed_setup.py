"""After a typed set-up, no instruction asks to place what the referee typed as already on the table;
what was not typed (drawn by the Pi) is still to place. A record of the typed game replays to it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games.xidit.rules import Game, record_from_json
from companion.table import NewGame
from tests.engine import engine
from tests.table.support import new_table

PLAYERS = [{"seat": s, "colour": c} for s, c in zip((1, 2, 3, 4), ("blue", "red", "green", "yellow"), strict=True)]
TYPED = {"recruit": [1, 2, 3, 4, 5], "threat": [6, 7, 8, 9, 10], "recruit_pile": [11, 12, 13, 14, 15],
         "threat_pile": [16, 17, 18, 19, 20, 21], "colossi": [[0, 1], [2, 3], [4, 5]],
         "scoring": ["fame", "wealth", "influence"]}


def to_do(setup: dict[str, Any], tmp_path: Path) -> list[str]:
    table = new_table(tmp_path / "t.db")
    table.handle(NewGame(setup, replacing=table.game_id))
    record = table.record()
    replayed = Game.replay(table.board, record_from_json(record).setup, [])
    assert replayed.view("referee") == engine(table).view("referee")  # the record replays to the same game
    return [i["text"] for i in table.view("referee")["table"]["instructions"] if not i["done"]]


def test_nothing_typed_is_asked_again(tmp_path: Path) -> None:
    typed = to_do({"players": PLAYERS, "length": "long", "seed": 3, "layout": TYPED}, tmp_path)
    assert not any(word in line for line in typed for word in ("Put tile", "pile", "colossi", "Scoring tiles"))


def test_what_was_not_typed_is_still_to_place(tmp_path: Path) -> None:
    piles_only = {k: v for k, v in TYPED.items() if k in ("recruit_pile", "threat_pile")}
    left = to_do({"players": PLAYERS, "length": "long", "seed": 3, "layout": piles_only}, tmp_path)
    assert any("Put tile" in line for line in left) and any("-colossi sleeping side up" in line for line in left)
    assert not any("pile, " in line for line in left)
