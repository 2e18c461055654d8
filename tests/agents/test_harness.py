"""The agents harness plays any game through the registry and the contract: a small game that is not Xidit
(tests/agents/toy_game.py) is simulated, recorded and replayed by the same commands, and the table is told
the levels of the game's agents rather than importing them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.agents.match import agents_for, play_match
from companion.agents.simulate import simulate, simulate_agents
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Refused, Table

from .toy_game import TOY, Agents, Race

KIT = Agents()


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    """The companion's command line with the toy game registered beside the installed ones."""
    return subprocess.run([sys.executable, "-m", "tests.agents.toy_game", *args], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parent.parent.parent)


def test_the_command_line_simulates_records_and_replays_another_game(tmp_path: Path) -> None:
    listed = json.loads(companion("games", "--json").stdout)["games"]
    toy = next(game for game in listed if game["id"] == "toy")
    assert (toy["name"], toy["seats"], toy["record_format"]) == ("Race to ten", {"min": 2, "max": 3}, "toy-record/1")
    done = companion("simulate", "--game", "toy", "--players", "3", "--games", "4", "--seed", "2",
                     "--option", "target=15", "--records", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout)["wins"].values()) == 4
    record = json.loads((tmp_path / "game-0004.json").read_text())
    assert record["format"] == "toy-record/1" and record["setup"]["target"] == 15
    replayed = companion("replay", str(tmp_path / "game-0004.json"))  # no --game: the format names it
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith("total 1") and "of 15 after" in replayed.stdout
    refused = companion("simulate", "--game", "toy", "--players", "4", "--games", "1", "--seed", "1")
    assert refused.returncode == 2 and refused.stderr == "companion: --players must be 2 or 3, not 4\n"
    xidit_only = companion("simulate", "--game", "toy", "--players", "2", "--games", "1", "--seed", "1", "--short")
    assert xidit_only.returncode == 2 and "Race to ten has no short game" in xidit_only.stderr


def test_simulations_of_another_game_are_the_same_for_the_same_seed() -> None:
    options = {"target": "10"}
    one, two = [], []
    simulate(KIT, None, 2, options, 5, 9, one.append)
    simulate(KIT, None, 2, options, 5, 9, two.append)
    assert [race.record_json() for race in one] == [race.record_json() for race in two]
    assert len({json.dumps(race.record_json()) for race in one}) > 1  # each game its own seed
    summary = simulate_agents(KIT, None, options, 6, 1, ("greedy", "random"))
    assert summary.to_json()["agents"] == ["greedy", "random"] and sum(summary.to_json()["wins"].values()) == 6


def test_agents_are_shown_their_seats_view_and_choice_only() -> None:
    race = play_match(KIT, None, KIT.setup(2, {}, 4), agents_for(KIT, None, ("greedy", "greedy"), 4))
    assert isinstance(race, Race) and race.result() is not None
    assert all(move.n in (1, 2) for move in race.moves)
    assert TOY.agents is not None and TOY.agents.levels == ("random", "greedy")


def test_the_table_is_told_the_levels_a_virtual_player_may_play(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text(), levels=("random", "easy"))
    setup = {"players": [{"seat": s, "colour": c} for s, c in ((1, "blue"), (2, "red"), (3, "green"))],
             "length": "short", "seed": 3}
    virtual = {str(s): {"device": "virtual", "level": "easy"} for s in (1, 2, 3)}
    with pytest.raises(Refused, match="one of these levels: easy"):
        table.handle(NewGame(setup, seats={**virtual, "3": {"device": "virtual", "level": "strong"}}))
    table.handle(NewGame(setup, seats=virtual))
    assert table.view("referee")["table"]["devices"]["levels"] == ["easy"]
    table.stop()
