"""The command line (README.md, The command line) end to end: real processes, real files, exit codes and messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import registry
from companion.games.xidit.agents.play import play, random_setup
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import Game, record_to_json

PACKS = Path(__file__).parent / "games" / "xidit" / "packs"


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def finished() -> Game:
    return play(default_pack(), random_setup(4, True, 99), 99)


def write_record(tmp_path: Path, game: Game, actions: list[dict] | None = None) -> Path:  # type: ignore[type-arg]
    data = record_to_json(game.record())
    if actions is not None:
        data["actions"] = actions
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_prints_the_final_view_as_json(tmp_path: Path, finished: Game) -> None:
    done = companion("replay", str(write_record(tmp_path, finished)), "--json")
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["format"] == "xidit-state/1"
    assert view == finished.view("referee")
    assert view["scoring"]["winner"] == finished.outcome().winner  # type: ignore[union-attr]


def test_replay_reads_standard_input_and_honours_the_reader(finished: Game) -> None:
    done = companion("replay", "-", "--view", "seat:2", "--json", stdin=json.dumps(record_to_json(finished.record())))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == finished.view("seat:2")


def test_replay_of_an_illegal_action_exits_2_naming_its_index_and_rule(tmp_path: Path, finished: Game) -> None:
    actions = record_to_json(finished.record())["actions"]
    # The second placement on the city the first player took: two Idrakys may not share a city (§2).
    actions[1] = {"type": "place", "seat": actions[1]["seat"], "city": actions[0]["city"]}
    done = companion("replay", str(write_record(tmp_path, finished, actions)), "--json")
    assert done.returncode == 2
    assert "action 1" in done.stderr and "§2" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "xidit-record/9"}', "format"),
        (None, "unknown action type"),
    ],
)
def test_replay_of_a_bad_record_is_one_clear_line(tmp_path: Path, finished: Game, content: str | None,
                                                  message: str) -> None:
    path = tmp_path / "bad.json"
    if content is None:
        data = record_to_json(finished.record())
        data["actions"].insert(3, {"type": "teleport", "seat": 1})
        content = json.dumps(data)
    path.write_text(content)
    done = companion("replay", str(path), "--json")
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_replay_of_a_missing_file_and_an_unknown_reader(tmp_path: Path, finished: Game) -> None:
    assert companion("replay", str(tmp_path / "nope.json")).returncode == 2
    done = companion("replay", str(write_record(tmp_path, finished)), "--view", "seat:9", "--json")
    assert done.returncode == 2 and "seat:9" in done.stderr


def test_simulate_plays_every_game_to_the_end() -> None:
    done = companion("simulate", "--players", "5", "--games", "6", "--seed", "4", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 6 and sum(summary["winners"].values()) == 6
    again = companion("simulate", "--players", "5", "--games", "6", "--seed", "4", "--json")
    assert again.stdout == done.stdout  # the same seed gives the same games


def test_simulate_refuses_a_wrong_player_count() -> None:
    done = companion("simulate", "--players", "6", "--games", "1", "--seed", "1")
    assert done.returncode == 2 and "--players" in done.stderr


def test_board_check_accepts_the_shipped_packs() -> None:
    shipped = Path(__file__).parent.parent / "companion" / "games" / "xidit" / "boards" / "xidit.toml"
    for pack in (shipped, PACKS / "tiny.toml"):
        done = companion("board", "check", str(pack))
        assert done.returncode == 0, done.stdout + done.stderr
        assert "clean" in done.stdout


def test_board_check_lists_every_problem(tmp_path: Path) -> None:
    text = (PACKS / "tiny.toml").read_text().replace('colour = "blue"', 'colour = "purple"', 1)
    text = text.replace('"militia"', '"militai"', 1)
    pack = tmp_path / "bad.toml"
    pack.write_text(text)
    done = companion("board", "check", str(pack))
    assert done.returncode == 2
    assert done.stdout == (
        f'{pack}: road[20] (between 21 and 1): colour must be black, red or blue, got "purple"\n'
        f'{pack}: tile[set 3, city 1]: unknown unit "militai" in recruit (did you mean "militia"?)\n')
    assert done.stderr == f"{pack}: 2 problem(s)\n"


def test_board_check_prints_warnings_of_a_clean_pack(tmp_path: Path) -> None:
    text = (Path(__file__).parent.parent / "companion" / "games" / "xidit" / "boards" / "xidit.toml").read_text()
    pack = tmp_path / "open.toml"
    pack.write_text(text.replace("cities = [6, 7, 8, 9, 11]", "cities = [6, 7, 8, 9, 11, 14]", 1))
    done = companion("board", "check", str(pack))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(
        f"{pack}: warning: region 8: its border cities 6-9, 11, 14 are not joined by roads in one closed loop\n")


def test_a_store_that_cannot_be_opened_is_one_line_and_exit_74(tmp_path: Path) -> None:
    """Not bad input (exit 2): the card or its folder is at fault (issue 36), and the store is left as it is."""
    (tmp_path / "file").write_text("not a folder")
    done = companion("pin", "--store", str(tmp_path / "file" / "companion.db"))
    assert done.returncode == 74
    assert done.stderr.startswith("companion: cannot open the store") and done.stderr.count("\n") == 1


def test_every_command_has_help() -> None:
    for args in (["--help"], ["run", "--help"], ["replay", "--help"], ["simulate", "--help"],
                 ["board", "check", "--help"], ["bench", "--help"], ["store", "list", "--help"],
                 ["store", "resume", "--help"]):
        done = companion(*args)
        assert done.returncode == 0 and "usage" in done.stdout


def test_bench_prints_each_figure_with_unit_runs_and_machine() -> None:
    from companion import bench
    from companion.core import registry

    kit = registry.load("xidit").bench
    assert kit is not None
    result = bench.run(kit, default_pack(), scale=0.02)
    assert result["machine"]["python"]
    names = [f["name"] for f in result["figures"]]
    assert any("games" in n for n in names) and any("replay" in n for n in names)
    for figure in result["figures"]:
        assert figure["value"] > 0 and figure["unit"] and figure["runs"] >= 1


def test_replay_of_a_seeded_setup_is_reproducible() -> None:
    board = default_pack()
    setup = random_setup(3, False, 1234)
    one, two = Game(board, setup), Game(board, setup)
    assert one.view("referee") == two.view("referee")
    assert one.legal() == two.legal()
    other = Game(board, random_setup(3, False, 1235))
    assert other.view("referee")["ladders"] != one.view("referee")["ladders"]


def test_replay_of_a_layout_reinforcement_that_cannot_be_honoured_exits_2_naming_it(tmp_path: Path) -> None:
    record = json.loads((PACKS.parent / "scenarios" / "4p-short-two-awakenings.json").read_text())["record"]
    record["setup"]["layout"] = {"reinforcements": [[1, 2, 3]]}  # not the tiles the first awakening shuffles
    path = tmp_path / "typo.json"
    path.write_text(json.dumps(record))
    done = companion("replay", str(path), "--board", str(PACKS / "scenario-board.toml"), "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert "reinforcements" in done.stderr and "Traceback" not in done.stderr


def test_games_lists_each_game_with_its_players_and_options() -> None:
    done = companion("games")
    assert done.returncode == 0, done.stderr
    assert ("xidit: Lords of Xidit, 3 to 5 players; options: length long|short (default long), "
            "neutral normal|hard (default normal)") in done.stdout.splitlines()
    listed = json.loads(companion("games", "--json").stdout)
    xidit = next(game for game in listed["games"] if game["id"] == "xidit")
    assert xidit["name"] == "Lords of Xidit" and xidit["seats"] == {"min": 3, "max": 5}
    assert xidit["record_format"] == "xidit-record/1"
    assert {o["name"]: o["values"] for o in xidit["options"]} == {"length": ["long", "short"],
                                                                  "neutral": ["normal", "hard"]}


def test_games_json_names_exactly_the_framework_the_boundary_test_checks() -> None:
    from tests.test_boundaries import FRAMEWORK

    framework = json.loads(companion("games", "--json").stdout)["framework"]
    assert {"companion.table", "companion.store", "companion.agents", "companion.bench", "companion.cli", "web",
            "hardware"} <= set(framework)
    checked = [part.removesuffix(".py").replace("/", ".") for part in FRAMEWORK]
    assert sorted(framework) == sorted(checked)


def test_game_xidit_is_what_every_command_did_without_it(tmp_path: Path, finished: Game) -> None:
    simulated = ["simulate", "--players", "3", "--short", "--games", "1", "--seed", "8", "--json"]
    assert companion(*simulated, "--game", "xidit").stdout == companion(*simulated).stdout
    record = str(write_record(tmp_path, finished))
    replayed = companion("replay", record, "--game", "xidit")
    assert replayed.returncode == 0 and replayed.stdout == companion("replay", record).stdout
    pack = str(PACKS / "tiny.toml")
    checked = companion("board", "check", pack, "--game", "xidit")
    assert checked.returncode == 0 and checked.stdout == companion("board", "check", pack).stdout


@pytest.mark.parametrize("command", [["simulate", "--players", "3", "--games", "1", "--seed", "1"],
                                     ["board", "check", str(PACKS / "tiny.toml")], ["bench"],
                                     ["run", "--port", "-1", "--games", "1"],
                                     ["board", "verify", "--date", "2026-01-01"]])
def test_an_unknown_game_is_refused_in_words(tmp_path: Path, command: list[str]) -> None:
    done = companion(*command, "--game", "chess", *(["--store", str(tmp_path / "s.db")] if command[0] in
                                                    ("run", "board") and "check" not in command else []))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"companion: no game 'chess': the games are {', '.join(registry.keys())}\n"


def test_replay_finds_the_game_from_the_record_and_refuses_a_format_no_game_writes(tmp_path: Path) -> None:
    path = tmp_path / "chess.json"
    path.write_text('{"format": "chess-record/1", "moves": []}')
    done = companion("replay", str(path))
    assert done.returncode == 2 and done.stderr == "companion: no game writes records of format 'chess-record/1'\n"
    named = companion("replay", str(path), "--game", "xidit")  # told the game, its reader says what is wrong
    assert named.returncode == 2 and "format" in named.stderr and "Traceback" not in named.stderr


def test_an_option_is_the_old_flag_and_a_bad_one_is_refused_naming_the_options() -> None:
    base = ["simulate", "--players", "3", "--games", "1", "--seed", "3", "--json"]
    short = companion(*base, "--short")
    assert json.loads(short.stdout)["length"] == "short"
    assert companion(*base, "--option", "length=short").stdout == short.stdout
    assert companion(*base, "--option", "neutral=hard").stdout != companion(*base).stdout
    for option, said in (("length=medium", "--option length must be one of long, short, not 'medium'"),
                         ("colour=red", "options are length=long|short, neutral=normal|hard"),
                         ("length", "options are length=long|short")):
        done = companion(*base, "--option", option)
        assert done.returncode == 2 and said in done.stderr and done.stdout == ""
