"""The config names its game and gives the game's options in the game's own table; older configs, with
Xidit's options at the top, load as before. Every mistake is one error naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.agents.bots import new_game
from companion.config import BadConfig, load
from companion.core import registry

PLAYERS = "[[player]]\n[[player]]\n[[player]]\n"


def config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "c.toml"
    path.write_text(text)
    return path


def test_the_game_and_its_options_in_its_own_table(tmp_path: Path) -> None:
    loaded = load(config(tmp_path, 'game = "xidit"\n[xidit]\nlength = "short"\nboard = "mine.toml"\n' + PLAYERS))
    assert loaded.game == "xidit" and loaded.length == "short" and loaded.board == tmp_path / "mine.toml"
    assert loaded.game_options() == {"length": "short", "neutral": "normal"}
    # The game a run starts from it has those options.
    players = [(p.seat, p.colour, p.name) for p in loaded.players]
    command = new_game(registry.load(loaded.game), players, loaded.game_options(), 5)
    assert command.game == "xidit" and command.setup["length"] == "short" and command.setup["neutral"] == "normal"


def test_an_older_config_with_the_options_at_the_top_loads_as_before(tmp_path: Path) -> None:
    old = load(config(tmp_path, 'length = "short"\nneutral = "hard"\nboard = "b.toml"\n' + PLAYERS))
    assert (old.game, old.length, old.neutral, old.board) == ("xidit", "short", "hard", tmp_path / "b.toml")
    both = load(config(tmp_path, 'length = "short"\n[xidit]\nlength = "long"\n' + PLAYERS))
    assert both.length == "long"  # the game's own table wins


@pytest.mark.parametrize(("text", "said"), [
    ('game = "chess"\n', "game must be one of xidit, zargos, not 'chess'"),
    ('[xidit]\nlength = "medium"\n', "length must be one of long, short, not 'medium'"),
    ('[xidit]\nspeed = "fast"\n', "unknown key(s) in [xidit]: speed (its options: length, neutral, board)"),
    ("[xidit]\nlength = 9\n", "'length' must be str"),
    ('[[player]]\nlevel = "godlike"\n', "level must be one of random, easy, normal, strong, not 'godlike'"),
])
def test_a_mistake_about_the_game_names_it(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(BadConfig) as error:
        load(config(tmp_path, text + PLAYERS))
    assert said in str(error.value)


def test_the_number_of_players_is_the_games(tmp_path: Path) -> None:
    with pytest.raises(BadConfig, match="a table has 3 to 5 \\[\\[player\\]\\] entries, not 6"):
        load(config(tmp_path, PLAYERS * 2))
