"""The agents harness plays any game through the registry and the contract: the tests' toy game
(tests/games/toy, not Xidit) is simulated, recorded and replayed by the same commands, and the table is told
the levels of the game's agents rather than importing them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.agents.match import agents_for, play_match
from companion.agents.simulate import simulate, simulate_agents
from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Refused, Table
from tests.games.toy import WITH_AGENTS as TOY
from tests.games.toy.agents import ToyAgents
from tests.games.toy.moves import Bid, Turn
from tests.games.toy.rules import ToyMatch

KIT = ToyAgents()


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    """The companion's command line with the toy game registered beside the installed ones."""
    return subprocess.run([sys.executable, "-m", "tests.games.toy", *args], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parent.parent.parent)


def test_the_command_line_simulates_records_and_replays_another_game(tmp_path: Path) -> None:
    listed = json.loads(companion("games", "--json").stdout)["games"]
    toy = next(game for game in listed if game["id"] == "toy")
    assert (toy["name"], toy["seats"], toy["record_format"]) == ("Toy game", {"min": 2, "max": 6}, "toy-record/1")
    done = companion("simulate", "--game", "toy", "--players", "3", "--games", "4", "--seed", "2",
                     "--option", "rounds=3", "--records", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout)["wins"].values()) >= 4  # a tie has several winners
    record = json.loads((tmp_path / "game-0004.json").read_text())
    assert record["format"] == "toy-record/1" and record["setup"]["rounds"] == 3
    replayed = companion("replay", str(tmp_path / "game-0004.json"))  # no --game: the format names it
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith(f"{len(record['moves'])} moves, scores ") and "winners: seats" in replayed.stdout
    refused = companion("simulate", "--game", "toy", "--players", "7", "--games", "1", "--seed", "1")
    assert refused.returncode == 2 and refused.stderr.startswith("companion: --players must be 2")
    xidit_only = companion("simulate", "--game", "toy", "--players", "2", "--games", "1", "--seed", "1", "--short")
    assert xidit_only.returncode == 2 and "Toy game has no short game" in xidit_only.stderr


def test_simulations_of_another_game_are_the_same_for_the_same_seed() -> None:
    options = {"rounds": "2"}
    one: list[ToyMatch] = []
    two: list[ToyMatch] = []
    simulate(KIT, None, 3, options, 5, 9, one.append)
    simulate(KIT, None, 3, options, 5, 9, two.append)
    assert [match.record_json() for match in one] == [match.record_json() for match in two]
    assert len({json.dumps(match.record_json()) for match in one}) > 1  # each game its own seed
    summary = simulate_agents(KIT, None, options, 6, 1, ("greedy", "random"))
    assert summary.to_json()["agents"] == ["greedy", "random"] and sum(summary.to_json()["wins"].values()) >= 6


def test_agents_are_shown_their_seats_view_and_choice_only() -> None:
    match = play_match(KIT, None, KIT.setup(2, {}, 4), agents_for(KIT, None, ("greedy", "greedy"), 4), seed=4)
    assert isinstance(match, ToyMatch) and match.result() is not None
    assert all(move.bid == 2 for move in match.moves if isinstance(move, Bid))  # the greedy bid
    assert any(isinstance(move, Turn) for move in match.moves)
    assert TOY.agents is not None and TOY.agents.levels == ("random", "greedy")


def test_the_table_is_told_the_levels_a_virtual_player_may_play(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    # The table still parses Xidit's pack whatever the game (as tests/table/test_shared_toy.py's tables do).
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text(), levels=("random", "greedy"))
    setup = {"players": 3, "rounds": 1, "teams": False, "seed": 3}
    virtual = {str(s): {"device": "virtual", "level": "greedy"} for s in (0, 1, 2)}
    with pytest.raises(Refused, match="one of these levels: greedy"):
        table.handle(NewGame(setup, game="toy", seats={**virtual, "2": {"device": "virtual", "level": "strong"}}))
    table.handle(NewGame(setup, game="toy", seats=virtual))
    assert table.view("referee")["table"]["devices"]["levels"] == ["greedy"]
    table.stop()
