"""Zargos played at the table (companion.table) through its commands and reads alone: whole 2- and 6-player
games to a victory (14.1) with the Pi's dice and draws, the record (zargos-record/1) replaying to the same
view, a restart resuming where the game was, a rollback undoing moves."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from companion.core import rebuild, registry
from companion.games.zargos.rules import replay_json
from companion.games.zargos.rules.terms import PEOPLES
from companion.table import ImportGame, Rollback, Table

from .support import BOARD, engine_view, new_game, open_table, play


def whole_game(tmp_path: Path, players: int, seed: int) -> None:
    table = new_game(tmp_path / "z.db", players, seed)
    assert table.game_key == "zargos" and table.view("public")["format"] == "zargos-state/1"
    started = time.perf_counter()
    play(table, seed)
    elapsed = time.perf_counter() - started
    result = table.result()
    assert result is not None and len(result.winners) == 1, f"no victory in {elapsed:.1f} s"
    view = table.view("referee")
    assert view["winner"]["seat"] == result.winners[0]
    held = {BOARD.forbidden_city, *BOARD.around}
    assert {view["provinces"][p]["people"] for p in held} == {view["winner"]["people"]}  # 14.1
    record = table.record()
    assert record["format"] == "zargos-record/1"
    replayed = rebuild.from_record(registry.load("zargos").rules, BOARD, record)
    assert replayed.view("referee") == {**engine_view(view), "version": replayed.version}
    # The Pi's draws are in the stored log, marked as its own: a restart replays them, drawing nothing.
    table.stop()
    again = open_table(tmp_path / "z.db")
    assert engine_view(again.view("referee")) == engine_view(view) and again.record() == record
    other = open_table(tmp_path / "other.db")
    other.handle(ImportGame(record))
    assert other.game_key == "zargos" and other.record() == record


def test_a_two_player_game_plays_to_a_victory_and_its_record_replays(tmp_path: Path) -> None:
    whole_game(tmp_path, 2, 3)


def test_a_six_player_game_plays_to_a_victory_and_its_record_replays(tmp_path: Path) -> None:
    whole_game(tmp_path, 6, 4)


def test_a_game_resumes_mid_round_and_rolls_back(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 4, 5)
    play(table, 5, until=lambda t: t.round() == 2 and t.phase() == "attack")
    view, record = table.view("referee"), table.record()
    table.stop()
    table = open_table(tmp_path / "z.db")
    assert engine_view(table.view("referee")) == engine_view(view)
    keep = len(record["moves"]) - 5
    preview = table.handle(Rollback(keep))
    assert preview["drops"] == 5 and preview["undo"]
    table.handle(Rollback(keep, confirm=True))
    moves = table.record()["moves"]
    assert moves[:keep] == record["moves"][:keep]
    # What the Pi drew again after the rollback is what it drew the first time (seed and length).
    assert moves == record["moves"][:len(moves)]
    assert any(step.kind == "restore" for step in table.steps())


def test_a_rollback_over_the_first_count_takes_the_rank_tokens_back_off_their_circles(tmp_path: Path) -> None:
    # 10.6, Z-17: each people's rank marker is a token of its supply in the circle of its rank; undoing the count
    # that put them says to take each one back off its circle, and nothing else of the ranks.
    table = new_game(tmp_path / "z.db", 4, 5)
    play(table, 5, until=lambda t: bool(t.view("referee")["ranks"]))
    ranks = table.view("referee")["ranks"]
    moves = table.record()["moves"]
    # Back to before the last move a player made (the Pi would roll its dice again at once): before the count.
    keep = max(n for n, move in enumerate(moves) if move["type"] != "chance")
    assert not engine_at(table, keep)["ranks"]
    table.handle(Rollback(keep, confirm=True))
    assert table.view("referee")["ranks"] == {}
    restore = [s for s in table.steps() if s.kind == "restore"][-1]
    said = [line.text("en", None) for line in restore.lines if "rank" in line.text("en", None)]
    names = {k: PEOPLES[k] for k in ranks}
    assert sorted(said) == sorted(f"{names[k]}: take your rank token off circle {r} → your supply."
                                  for k, r in ranks.items())
    table.stop()


def engine_at(table: Table, moves: int) -> dict[str, Any]:
    """The referee's view of the game after its first `moves` moves, replayed from its record."""
    record = table.record()
    return replay_json(BOARD, {**record, "moves": record["moves"][:moves]}).view("referee")
