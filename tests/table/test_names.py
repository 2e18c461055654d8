"""Names are 1 to 20 printable characters, checked by the table for new games and imports; a log line
stays one line whatever a name holds."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from companion.run import OneLineFormatter
from companion.table import ImportGame, NewGame, Refused

from .support import new_table


def setup(name: str) -> dict[str, object]:
    return {"players": [{"seat": 1, "colour": "blue", "name": name}, {"seat": 2, "colour": "red"},
                        {"seat": 3, "colour": "green"}], "length": "short", "neutral": "normal", "seed": 1}


@pytest.mark.parametrize("name", ["", " ", "x" * 21, "x" * 5000, "Ann\nINFO forged line", "Bob\x1b[31m", "Cé\u2028"])
def test_a_name_out_of_bounds_is_refused_for_new_games_and_imports(tmp_path: Path, name: str) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    game, record = table.game_id, table.record()
    record["setup"] = setup(name)
    with pytest.raises(Refused, match="A name is 1 to 20 printable characters."):
        table.handle(NewGame(setup(name), replacing=game))
    with pytest.raises(Refused, match="A name is 1 to 20 printable characters."):
        table.handle(ImportGame(record, replacing=game))
    assert table.game_id == game


@pytest.mark.parametrize("name", ["A", "x" * 20, "Zoé & <Léon>"])
def test_a_name_within_bounds_is_taken(tmp_path: Path, name: str) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    table.handle(NewGame(setup(name), replacing=table.game_id))
    assert table.players()[0][2] == name


def test_a_log_line_escapes_control_characters() -> None:
    formatter = OneLineFormatter("%(levelname)s %(name)s: %(message)s")
    record = logging.LogRecord("companion.table", logging.INFO, __file__, 1, "seat %s: %s", (1, "Ann\nINFO x\x1b"),
                               None)
    assert formatter.format(record) == "INFO companion.table: seat 1: Ann\\nINFO x\\x1b"
