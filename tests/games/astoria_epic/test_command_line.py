"""The Epic on the command line, as its owner runs it: `companion replay` of a record (the game found by its
record's format, the view of one reader) and `companion board check` of its pack."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.games.astoria.epic import GAME
from tests.games.conformance.play import play

SHIPPED = Path(__file__).parents[3] / "companion" / "games" / "astoria" / "epic" / "packs" / "epic.toml"


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_replay_gives_a_seats_view_with_its_own_objective_only() -> None:
    match = play(GAME, 7)
    record = match.record_json()
    record["moves"] = record["moves"][:20]  # mid-game: the objectives are still secret
    done = companion("replay", "-", "--view", "seat:2", "--json", stdin=json.dumps(record))
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["format"] == "astoria-epic-state/1"
    assert view["phase"] != "over"
    assert all(("objective" in p) == (p["seat"] == 2 or p["revealed"]) for p in view["players"])
    assert not all(p["revealed"] for p in view["players"] if p["seat"] != 2)
    line = companion("replay", "-", stdin=json.dumps(match.record_json()))
    assert line.returncode == 0 and "winners: seats" in line.stdout, line.stderr


def test_board_check_reads_the_shipped_pack_and_names_a_problem(tmp_path: Path) -> None:
    done = companion("board", "check", "--game", "astoria-epic", str(SHIPPED))
    assert done.returncode == 0 and "provisional" in done.stdout + done.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "astoria-epic-pack/1"\nhealth_max = "ten"\n')
    done = companion("board", "check", "--game", "astoria-epic", str(bad))
    assert done.returncode == 2 and "health_max must be a whole number" in done.stdout + done.stderr


def test_simulate_plays_random_games_on_a_pack_with_invasion_cards() -> None:
    invented = Path(__file__).parent / "invented-cards.toml"  # INVENTED cards: the tests', not the game's
    done = companion("simulate", "--game", "astoria-epic", "--players", "5", "--games", "4", "--seed", "3",
                     "--board", str(invented), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 4 and sum(summary["ends"].values()) == 4
    refused = companion("simulate", "--game", "astoria-epic", "--players", "5", "--games", "1", "--seed", "3")
    assert refused.returncode == 2 and "[[invasion]] cards" in refused.stderr
