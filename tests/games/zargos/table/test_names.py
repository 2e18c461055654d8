"""Issue 35: the names typed in the wizard for a Zargos game (whose setup names nobody) name its players in
Zargos's own words too: the steps for the table, the referee's list of moves, the question of who draws, and
every view's players (which the boxes and seat pages read). A seat nobody named is "Player N" as before, in
the table's language, and the game's record is the same as without names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games.zargos.boxes import BOXES
from companion.i18n import translate
from companion.table import NewGame, SetLanguage, Table

from .support import open_table, play

NAMES = {0: "Ann", 2: "Cy"}


def named_game(path: Path, names: dict[int, str] | None = NAMES) -> Table:
    table = open_table(path)
    table.handle(NewGame({"players": 3, "seed": 5}, game="zargos", seed=5, names=names))
    play(table, seed=3, until=lambda t: len(t.view("public")["peoples"]) == 6)  # every people chosen
    return table


def lines(table: Table, reader: str = "public") -> list[str]:
    return [line["text"] for step in table.steps_json(reader) for line in step["lines"]]


def test_the_steps_and_moves_name_the_players_as_typed(tmp_path: Path) -> None:
    table = named_game(tmp_path / "t.db")
    said = lines(table)
    assert any(line.startswith("Ann rolls") for line in said), said
    assert any(line.startswith("Cy chooses") for line in said), said
    assert any(line.startswith("Player 2 chooses") for line in said), said  # nobody typed a name for seat 1
    assert not any("Player 1" in line or "Player 3" in line for line in said), said
    moves = [entry["text"] for entry in table.history(limit=40)]
    assert any("Ann chooses" in text for text in moves) and not any("Player 1" in text for text in moves), moves
    table.handle(SetLanguage("fr"))
    said = lines(table)
    assert any(line.startswith("Ann fait") for line in said) and any(line.startswith("Joueur 2 choisit")
                                                                        for line in said), said


def test_every_view_names_its_players_and_a_restart_keeps_them(tmp_path: Path) -> None:
    table = named_game(tmp_path / "t.db")
    for reader in ("public", "referee", "seat:0", "seat:1"):
        players: list[dict[str, Any]] = table.view(reader)["players"]
        assert [p.get("name") for p in players] == ["Ann", None, "Cy"], (reader, players)
    before = lines(table, "referee")
    again = open_table(tmp_path / "t.db")  # the same store opened again, as after a restart
    assert lines(again, "referee") == before
    assert [p.get("name") for p in again.view("seat:2")["players"]] == ["Ann", None, "Cy"]


def test_the_record_is_the_same_with_or_without_names(tmp_path: Path) -> None:
    named = named_game(tmp_path / "a.db").record()
    unnamed = named_game(tmp_path / "b.db", names=None)
    assert named == unnamed.record()
    assert all("name" not in p for p in unnamed.view("public")["players"])  # views as they were
    assert any(line.startswith("Player 1 rolls") for line in lines(unnamed))


def test_a_box_names_the_player_it_waits_for(tmp_path: Path) -> None:
    """Before he has a people a player is shown by his name on the others' boxes ("Ann: choosing a people")."""
    table = open_table(tmp_path / "t.db")
    table.handle(NewGame({"players": 3, "seed": 5}, game="zargos", seed=5, names=NAMES))
    choosing = table.view("public")["awaiting"][0]["seat"]
    other = (choosing + 1) % 3
    for language in ("en", "fr"):
        lines = BOXES.waiting(table.seat_snapshot(other), other,
                              lambda message, params=None, lang=language: translate(lang, message, params))
        who = NAMES.get(choosing) or ("Player 2" if language == "en" else "Joueur 2")
        assert any(line.startswith(who) for line in lines), lines
