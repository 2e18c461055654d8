"""`companion simulate --game astoria-laboratory`: a game with no packs on the command line simulates on its
rules' own pack; a sensible alchemist beats the random player, every game played to its end."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def test_simulate_plays_laboratory_games_to_their_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "astoria-laboratory", "--players", "2", "--games", "4", "--seed", "3",
                 "--agents", "normal,random", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4 and summary["wins"] == {"A": 4}
    assert sum(summary["ends"].values()) == 4


def test_simulate_refuses_a_pack_for_a_game_without_packs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "astoria-laboratory", "--players", "2", "--games", "1", "--seed", "3",
                 "--board", "x.toml"]) != 0
    assert "no packs" in capsys.readouterr().err
