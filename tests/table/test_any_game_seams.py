"""Issue 35: a table started for one game plays any other the referee starts. Its virtual players are the game
under way's (they were the run's --game's, and crashed on every other game's choices), and each game's Pi
draws are seeded by a secret of the table's (every Zargos game rolled the same dice, seeded by 0)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from companion.agents.bots import Bots
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.games.zargos.table.support import play

ZARGOS = {"players": 2}


def xidit_table(path: Path) -> Table:
    """A table as `companion run` opens it without --game: Xidit's."""
    return Table.open(Store(path), default_pack_text())


def test_the_virtual_players_of_a_xidit_table_play_a_zargos_game_started_on_it(tmp_path: Path) -> None:
    table = xidit_table(tmp_path / "t.db")
    table.handle(NewGame(ZARGOS, game="zargos", seats={"0": {"device": "virtual"}, "1": {"device": "virtual"}}))
    bots = Bots(table, {0: "normal", 1: "normal"}, delay=0.0, seed=1)  # the run's game, Xidit, named by default
    played = 0
    for _ in range(30):
        commands = bots.decide()
        if not commands:
            break
        for command in commands:
            table.handle(command)
        played += 1
    assert played == 30, "the virtual players decide every Zargos choice"


def first_rolls(path: Path) -> list[object]:
    table = xidit_table(path)
    table.handle(NewGame(ZARGOS, game="zargos"))
    rolls = [move["outcome"] for move in table.record()["moves"] if move.get("type") == "chance"]
    table.stop()
    return rolls


def test_each_zargos_game_rolls_its_own_dice_and_its_seed_is_never_shown(tmp_path: Path) -> None:
    games = [first_rolls(tmp_path / f"{n}.db") for n in range(4)]
    assert all(games) and len({json.dumps(rolls) for rolls in games}) > 1, games
    table = xidit_table(tmp_path / "0.db")  # resumed: the same draws, by the same stored seed
    assert [m["outcome"] for m in table.record()["moves"] if m.get("type") == "chance"] == games[0]
    seed = Store(tmp_path / "0.db").load(1).table_state["seed"]
    shown = [json.dumps(table.view(reader)) for reader in ("referee", "public", "seat:0", "seat:1")]
    shown.append(json.dumps(table.record()))
    assert isinstance(seed, int) and not any(str(seed) in text for text in shown)


def test_a_game_stored_before_the_table_kept_a_seed_replays_as_it_was_drawn(tmp_path: Path) -> None:
    table = xidit_table(tmp_path / "t.db")
    table.handle(NewGame(ZARGOS, game="zargos", seed=0))  # seeded by 0, as every Zargos game was before
    rolls = table.record()["moves"]
    table.stop()
    store = Store(tmp_path / "t.db")
    store.set_table_state(1, "seed", None)  # what an older store holds: no seed
    store.close()
    assert xidit_table(tmp_path / "t.db").record()["moves"] == rolls


def test_the_box_of_a_seat_the_game_has_not_reads_what_anyone_may(tmp_path: Path) -> None:
    """A table of four started a game of two: the phone box of its seat 4 (the run's config's) failed to draw at
    every change ("no such reader 'seat:4'"); it shows the public view, with nothing to decide."""
    table = xidit_table(tmp_path / "t.db")
    table.handle(NewGame(ZARGOS, game="zargos"))
    snapshot = table.seat_snapshot(4)
    assert snapshot.view == table.view("public") and snapshot.choice is None


def test_the_virtual_players_of_a_zargos_table_play_a_xidit_game_on_it(tmp_path: Path) -> None:
    """The other way round: a Xidit game on a `companion run --game zargos` table (it failed with
    KeyError: 'program', Zargos's agents given Xidit's sealed programs)."""
    from companion.games.zargos.boards import default_pack_text as zargos_pack

    table = Table.open(Store(tmp_path / "t.db"), zargos_pack(), game="zargos", levels=("random", "normal"))
    players = [{"seat": seat, "colour": colour} for seat, colour in ((1, "red"), (2, "blue"), (3, "green"))]
    table.handle(NewGame({"players": players, "length": "short"}, game="xidit",
                         seats={str(s): {"device": "virtual", "level": "strong"} for s in (1, 2, 3)}))
    bots = Bots(table, {1: "strong", 2: "strong", 3: "strong"}, delay=0.0, seed=1, game="zargos")
    for _ in range(12):
        commands = bots.decide()
        assert commands
        for command in commands:
            table.handle(command)
    assert table.actions() > 3


def test_a_zargos_victory_is_logged_from_the_contracts_result_with_names(tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    """Issue 35: the end of a Zargos game crashed `companion run`, which read Xidit's own `outcome().winner`. The
    table says who won from the contract's `Result`, seats from 1 with the names typed."""
    table = xidit_table(tmp_path / "t.db")
    table.handle(NewGame({"players": 2}, game="zargos", names={0: "Ann", 1: "Bob"}))
    with caplog.at_level(logging.INFO, logger="companion.table"):
        play(table, 3)
    result = table.result()
    assert result is not None and result.winners
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("game 1 over:")]
    names = {0: "Ann", 1: "Bob"}
    assert said == [f"game 1 over: seat {result.winners[0] + 1} ({names[result.winners[0]]}) wins"] \
        if len(result.winners) == 1 else said and said[0].endswith(" win")
