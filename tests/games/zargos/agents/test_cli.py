"""Zargos on the command line beyond simulations (issue 29): `companion board check --game zargos` (one line
per problem, exit 0 when clean), the pack in use, replay's lines and warnings, and `companion bench`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import bench, cli
from companion.core.game import GameModule
from companion.games.zargos.bench import BENCH
from companion.games.zargos.boards import default_pack, default_pack_text
from companion.games.zargos.commands import COMMANDS, PACK_FILE

BROKEN = default_pack_text().replace('capital = "kori-2"', 'capital = "nowhere"').replace(
    'name_fr = "Mer 2"\nlinks = ["s3"]', 'name_fr = "Mer 2"\nlink = ["s3"]')


def test_board_check_names_each_problem_on_a_line_and_exits_2(zargos: GameModule, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "broken.toml"
    pack.write_text(BROKEN, encoding="utf-8")
    assert cli.main(["board", "check", "--game", "zargos", str(pack)]) == 2
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        f"{pack}: sea 2: unknown key 'link' (known: id, lake, links, name, name_fr, source)",
        f"{pack}: kingdom 'kori': its capital 'nowhere' is not one of its provinces"]
    assert out.err == f"{pack}: 2 problem(s)\n"


def test_board_check_of_the_shipped_pack_is_clean_and_says_it_is_provisional(
        zargos: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "zargos.toml"
    pack.write_text(default_pack_text(), encoding="utf-8")
    assert cli.main(["board", "check", "--game", "zargos", str(pack)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"{pack}: warning: this pack is provisional: it is not the real board until its owner has "
                        "checked it (companion board verify --game zargos)")
    assert "no printed value for 10 kingdom(s)" in lines[1]
    assert lines[2] == (f"{pack}: clean (Zargos (provisional, invented map), provisional, 10 kingdoms and Zargos, "
                        "47 provinces outside Zargos, 10 in it, 7 sea spaces)")


def test_the_pack_in_use_is_the_configs_then_the_owners_then_the_shipped_one(tmp_path: Path) -> None:
    store = tmp_path / "store.db"
    text, origin = COMMANDS.pack_in_use(None, store)
    assert text == default_pack_text() and origin.startswith("the default pack (provisional")
    (tmp_path / PACK_FILE).write_text(BROKEN, encoding="utf-8")  # a damaged owner's pack is passed over
    assert COMMANDS.pack_in_use(None, store)[0] == default_pack_text()
    mine = default_pack_text().replace('name = "Zargos (provisional, invented map)"', 'name = "Mine"')
    (tmp_path / PACK_FILE).write_text(mine, encoding="utf-8")
    assert COMMANDS.pack_in_use(None, store) == (mine, str(tmp_path / PACK_FILE))
    configured = tmp_path / "configured.toml"
    configured.write_text(default_pack_text(), encoding="utf-8")
    assert COMMANDS.pack_in_use(configured, store) == (default_pack_text(), str(configured))


def test_replay_warns_of_another_pack_and_refuses_it(zargos: GameModule, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "zargos", "--players", "2", "--games", "1", "--seed", "3",
                     "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    other = tmp_path / "other.toml"
    other.write_text(default_pack_text().replace('name = "Zargos (provisional, invented map)"', 'name = "Other"'),
                     encoding="utf-8")
    assert cli.main(["replay", str(tmp_path / "game-0001.json"), "--board", str(other)]) == 2
    err = capsys.readouterr().err
    assert "warning: the record was played on the map 'Zargos (provisional, invented map)'" in err
    assert "this record was played on another map pack" in err
    assert cli.main(["replay", str(tmp_path / "game-0001.json"), "--view", "seat:1", "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["format"] == "zargos-state/1" and view["winner"] is not None


def test_bench_prints_the_zargos_figures(zargos: GameModule) -> None:
    result = bench.run(BENCH, default_pack(), scale=0.01)
    names = [f["name"] for f in result["figures"]]
    assert names == [
        "complete simulated 4-player games per second (random players)",
        "complete simulated 4-player games per second (four normal agents, from their views)",
        "a combat resolved (20 against 15, every round), median", "a seat's view (round 3 of a 4-player game), median",
        "table: steps per round of a complete 4-player game (mean)", "table: steps in the busiest round",
        "table: lines of the longest step", "walk-through of the Zargos map: screens",
        "walk-through of the Zargos map: estimated time"]
    figures = {f["name"]: f for f in result["figures"]}
    assert all(f["value"] > 0 for f in result["figures"])
    assert figures["walk-through of the Zargos map: estimated time"]["value"] <= 45
    assert figures["walk-through of the Zargos map: screens"]["value"] == 77
