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
    assert loaded.game == "xidit" and loaded.board == tmp_path / "mine.toml"
    assert loaded.game_options() == {"length": "short", "neutral": "normal"}
    # The game a run starts from it has those options.
    players = [(p.seat, p.colour, p.name) for p in loaded.players]
    command = new_game(registry.load(loaded.game), players, loaded.game_options(), 5)
    assert command.game == "xidit" and command.setup["length"] == "short" and command.setup["neutral"] == "normal"


def test_an_older_config_with_the_options_at_the_top_loads_as_before(tmp_path: Path) -> None:
    old = load(config(tmp_path, 'length = "short"\nneutral = "hard"\nboard = "b.toml"\n' + PLAYERS))
    assert (old.game, old.game_options(), old.board) == \
        ("xidit", {"length": "short", "neutral": "hard"}, tmp_path / "b.toml")
    both = load(config(tmp_path, 'length = "short"\n[xidit]\nlength = "long"\n' + PLAYERS))
    assert both.game_options()["length"] == "long"  # the game's own table wins


@pytest.mark.parametrize(("text", "said"), [
    ('game = "chess"\n', "game must be one of astoria-laboratory, xidit, zargos, not 'chess'"),
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


# -- seats as the pages number them (issue 29, zref item 3) -------------------------------------------------

def test_a_zargos_config_numbers_its_seats_as_the_pages_do_from_1(tmp_path: Path) -> None:
    text = 'game = "zargos"\n' + "".join(f'[[player]]\nseat = {s}\nbox = "phone"\n' for s in (1, 2, 3))
    loaded = load(config(tmp_path, text))
    assert [p.seat for p in loaded.players] == [0, 1, 2]  # Zargos's own seats: "Player 1" is its seat 0
    # Without seat keys: the places in the file, the same seats.
    assert [p.seat for p in load(config(tmp_path, 'game = "zargos"\n' + PLAYERS)).players] == [0, 1, 2]
    # The game a run starts from it has these seats and nobody is missing.
    zargos = registry.load("zargos")
    setup = zargos.rules.setup_from_json(new_game(zargos, [(p.seat, p.colour, p.name) for p in loaded.players],
                                                  loaded.game_options(), 1).setup)
    assert [seat for seat, _, _ in zargos.rules.players(setup)] == [0, 1, 2]


@pytest.mark.parametrize(("text", "said"), [
    ('game = "zargos"\n[[player]]\nseat = 0\n[[player]]\nseat = 2\n',
     "player[0].seat must be 1 to 6 (the seats as the pages number them), not 0"),
    ('game = "zargos"\n[[player]]\nseat = 7\n[[player]]\n',
     "player[0].seat must be 1 to 6 (the seats as the pages number them), not 7"),
    ('game = "zargos"\n[[player]]\nseat = 1\n[[player]]\nseat = 3\n',
     "a game of zargos seats its 2 players in order: seats 1, 2, not 1, 3"),
    ('game = "zargos"\n[[player]]\nseat = 2\n[[player]]\nseat = 2\n', "player[1].seat 2 is another player's seat too"),
    ("[[player]]\nseat = 6\n[[player]]\n[[player]]\n",
     "player[0].seat must be 1 to 5 (the seats as the pages number them), not 6"),
    ("[[player]]\nseat = 0\n[[player]]\n[[player]]\n",
     "player[0].seat must be 1 to 5 (the seats as the pages number them), not 0"),
])
def test_a_seat_out_of_range_is_refused_in_words(tmp_path: Path, text: str, said: str) -> None:
    with pytest.raises(BadConfig) as error:
        load(config(tmp_path, text))
    assert said in str(error.value)


def test_xidit_seats_load_as_before(tmp_path: Path) -> None:
    # Xidit's seats are its own numbers, 1 to 5, any three of them.
    text = "".join(f'[[player]]\nseat = {s}\ncolour = "{c}"\n' for s, c in ((1, "blue"), (3, "red"), (5, "green")))
    assert [p.seat for p in load(config(tmp_path, text)).players] == [1, 3, 5]
    for shipped in ("systemd/companion.toml", "docs/config.example.toml", "docs/builds/five-players.toml",
                    "docs/builds/three-players.toml", "docs/builds/three-screens.toml"):
        path = Path(__file__).parents[1] / shipped
        raw = [int(line.split("=")[1].split("#")[0]) for line in path.read_text().splitlines()
               if line.startswith("seat =")]
        assert [p.seat for p in load(path).players][:len(raw)] == raw, shipped


def test_run_game_keeps_the_seats_people_read(tmp_path: Path) -> None:
    from companion.config import for_game

    xidit = load(config(tmp_path, PLAYERS))
    assert [p.seat for p in for_game(xidit, registry.load("zargos")).players] == [0, 1, 2]
    assert [p.seat for p in for_game(for_game(xidit, registry.load("zargos")), registry.load("xidit")).players] \
        == [1, 2, 3]
