"""A table set up from what lies face up (issue: the referee's game night, item 3): only the board's tiles,
the two Next tiles and the colossi told by their print are typed; the table is asked "which tile is on
top now?" whenever the game draws from a pile (§6), answered by one tap, kept on disk, and the record
of the game replays to it."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.agents.levels import make_agent
from companion.games.xidit.agents.play import random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.boards import default_pack, default_pack_text
from companion.games.xidit.rules import Game, action_to_json, record_from_json
from companion.games.xidit.rules.events import Awakened, NextTile, TileIn
from companion.games.xidit.rules.hidden import as_seen
from companion.games.xidit.table.drafts import set_program
from companion.i18n import translate
from companion.store import Store
from companion.table import Acknowledge, Decide, NewGame, Refused, Rollback, Seal, Table, Tell
from tests.engine import engine

BOARD = default_pack()
PLAYERS = [{"seat": s, "colour": c} for s, c in zip((1, 2, 3, 4, 5), ("blue", "red", "green", "yellow", "black"),
                                                    strict=True)]


def typed_from(real: Game) -> dict[str, Any]:
    """What the referee types in from the real table: the board's tiles, the Next tiles, one colossus."""
    laid = [e for e in real.state.events if isinstance(e, TileIn)]
    ladders = real.view("referee")["ladders"]
    return {"recruit": [e.number for e in laid if e.side == "recruit"],
            "threat": [e.number for e in laid if e.side == "threat"],
            "next_recruit": ladders["next_recruit"], "next_threat": ladders["next_threat"],
            "colossi": [real.state.colossi[0][0].index, None, None]}


def start(path: Path, real: Game, **options: Any) -> Table:
    table = Table.open(Store(path), default_pack_text(), **options)
    setup = {"players": PLAYERS[:len(real.setup.players)], "length": real.setup.length,
             "first_player": real.setup.first_player, "seed": 999,
             "layout": {"scoring": list(real.state.scoring_order)}}
    table.handle(NewGame(setup, typed=typed_from(real)))
    return table


def truth(real: Game, asking: dict[str, Any], event: int) -> int:
    found = real.state.events[event]
    if asking["kind"] == "tile":
        assert isinstance(found, NextTile)
        return found.tile
    assert isinstance(found, Awakened)
    return real.state.colossi[("3", "4", "5").index(asking["slot"])][0].index


def reach_question(table: Table) -> dict[str, Any] | None:
    """The table does every step it was told (the question comes after them), then reads what it is asked."""
    table.handle(Acknowledge(len(table.steps())))
    asking: dict[str, Any] | None = table.view("public")["table"]["asking"]
    return asking


def answer_all(table: Table, real: Game) -> int:
    """The table does the steps before each question (asked only then), then says what it turned over."""
    told = 0
    while (asking := reach_question(table)) is not None:
        question = engine(table).questions()[0]
        table.handle(Tell(truth(real, asking, question.event), "player", asking["question"]))
        told += 1
    return told


def play_next(send: Callable[[Any], Any], real: Game, decide: Callable[[Any], Any]) -> None:
    """The real game's next decision (all the programs of a year at once), then the same sent to the table
    as the players would key it in; the table reveals the programs in turn order when the last one locks."""
    awaited = real.legal()
    if awaited[0].decision != "program":
        action = decide(awaited[0])
        real.push(action)
        send(Decide(action.seat, action_to_json(action)))
        return
    by_seat = {choice.seat: decide(choice) for choice in awaited}
    for seat in real.state.turn_order():
        real.push(by_seat[seat])
    for seat, program in by_seat.items():
        send(set_program(seat, tuple(program.orders)))
        send(Seal(seat))


def test_a_whole_game_from_what_lies_face_up(tmp_path: Path) -> None:
    """§2, §6: the table answers each question with what it turned over; the game is the real one, the
    steps never ask to place a typed piece, and the record replays to the same game."""
    real = Game(BOARD, random_setup(5, True, 5001))
    table = start(tmp_path / "t.db", real)
    to_do = [line["text"] for line in table.view("referee")["table"]["instructions"] if not line["done"]]
    assert not any("Put tile" in line or "pile" in line or "colossi" in line for line in to_do)
    agents = {seat: make_agent("strong", BOARD, 50010 + seat) for seat in real.state.seats}
    told = answer_all(table, real)
    while real.outcome() is None:
        play_next(table.handle, real,
                  lambda choice: agents[choice.seat].decide(real.view(f"seat:{choice.seat}"), choice))
        told += answer_all(table, real)
        assert as_seen(engine(table).state.events) == as_seen(real.state.events)
    assert told > 0 and real.state.awakenings > 0
    record = record_from_json(table.record())
    assert as_seen(Game.replay(BOARD, record.setup, record.actions).state.events) == as_seen(real.state.events)


def test_a_question_holds_the_game_survives_a_restart_and_refuses_a_wrong_tile(tmp_path: Path) -> None:
    """While asked, no decision is taken; a tile that cannot be there is refused and changes nothing; a
    power cut keeps the question and every answer already given."""
    real = Game(BOARD, random_setup(4, False, 21))
    table = start(tmp_path / "t.db", real)
    rng = random.Random(4)
    told = 0
    while reach_question(table) is None:
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
        if told == 0 and reach_question(table) is not None:
            told = answer_all(table, real)  # the first question is answered: the next one is kept
    asking = table.view("seat:1")["table"]["asking"]
    assert asking["text"].startswith("Turn the top tile")
    assert table.view("seat:1")["awaiting"] == []
    values = [a["value"] for a in asking["answers"]]
    outside = next(t for t in range(1, 22) if t not in values)
    before = table.view("referee")
    with pytest.raises(Refused):
        table.handle(Tell(outside, "player", asking["question"]))
    assert {k: v for k, v in table.view("referee").items() if k != "version"} == \
        {k: v for k, v in before.items() if k != "version"}
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    assert again.view("public")["table"]["asking"]["answers"] == asking["answers"]
    assert answer_all(again, real) > 0
    assert as_seen(engine(again).state.events) == as_seen(real.state.events)


def test_typing_mistakes_are_told_in_the_table_language(tmp_path: Path) -> None:
    """Errors in plain words, in French on a French table, and nothing is started."""
    real = Game(BOARD, random_setup(4, False, 1))
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text(), language="fr")
    typed = typed_from(real)
    setup = {"players": PLAYERS[:4], "length": "long", "seed": 1}
    cases = [({**typed, "recruit": typed["recruit"][:3]}, "tapez 5 tuiles, pas 3"),
             ({**typed, "next_threat": typed["recruit"][0]}, "deux fois"),
             ({**typed, "next_recruit": 40}, "pas de tuile 40")]
    for wrong, words in cases:
        with pytest.raises(Refused) as refused:
            table.handle(NewGame(setup, typed=wrong))
        assert words in translate("fr", refused.value.template, refused.value.params)
        assert table.game_id is None


def test_a_rollback_puts_drawn_tiles_back_and_asks_again(tmp_path: Path) -> None:
    """Going back before a draw: the steps put the tile back on its face-down pile, never naming a tile
    nobody has seen; played again, the game asks again, and the answer makes it the real game again."""
    real = Game(BOARD, random_setup(4, False, 21))
    table = start(tmp_path / "t.db", real)
    rng = random.Random(4)
    while reach_question(table) is None:
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
    asked_at = table.actions()
    answer_all(table, real)
    keep = asked_at - 1  # just before the action that drew (the year's programs, if it was their reveal)
    while real.actions[keep].type == "program" and keep > 0 and real.actions[keep - 1].type == "program":
        keep -= 1
    preview = table.handle(Rollback(keep))
    assert not any("None" in line for line in preview["undo"])
    seen = preview["seen"]
    done = table.handle(Rollback(keep, confirm=True, seen=seen))
    assert any("a hidden tile" in line for line in done["undo"])
    assert table.view("public")["table"]["asking"] is None
    for action in real.actions[keep:asked_at]:
        if action.type == "program":
            table.handle(set_program(action.seat, list(action.orders)))
            table.handle(Seal(action.seat))
        else:
            table.handle(Decide(action.seat, action_to_json(action)))
    assert reach_question(table) is not None  # asked again: the game may have gone otherwise
    answer_all(table, real)
    assert as_seen(engine(table).state.events)[:len(real.state.events)] == as_seen(real.state.events)


def test_the_generic_tell_answers_a_face_up_question_and_the_pi_never_draws_a_tile(tmp_path: Path) -> None:
    """A tile on the board is a fact the table sees: even a game whose chance the Pi would draw leaves it to the
    table, and `Tell` (any seat, naming its question) answers it as Xidit's tell_tile request does."""
    real = Game(BOARD, random_setup(4, False, 21))
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    setup = {"players": PLAYERS[:4], "length": real.setup.length, "first_player": real.setup.first_player,
             "seed": 999, "layout": {"scoring": list(real.state.scoring_order)}}
    table.handle(NewGame(setup, typed=typed_from(real), chance="pi"))
    rng = random.Random(4)
    while (asking := reach_question(table)) is None:
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
    question = engine(table).questions()[0]
    answer = truth(real, asking, question.event)
    table.handle(Tell(answer, by="seat:3", question=asking["question"]))
    with pytest.raises(Refused, match="already answered: tile"):
        table.handle(Tell(answer, by="seat:1", question=asking["question"]))
    assert as_seen(engine(table).state.events[:question.event + 1]) == as_seen(real.state.events[:question.event + 1])


@pytest.mark.parametrize("pace", ["decisions", "orders"])
def test_which_tile_is_asked_only_once_the_table_reaches_the_order_that_draws_it(tmp_path: Path, pace: str) -> None:
    """Game night 2026-11-29, problem 5: "which tile is on top now?" was asked while the table was still on
    the year's first order. The question belongs to the order whose resolution draws the tile: whatever the
    pace, it waits until the table has done the steps before it, the pages say what it waits for, and an
    answer given earlier is refused in words and changes nothing."""
    real = Game(BOARD, random_setup(4, False, 21))
    table = start(tmp_path / "t.db", real, pace=pace)
    rng = random.Random(4)
    while engine(table).chance() is None:
        table.handle(Acknowledge(len(table.steps())))  # the table keeps up until the draw comes
        play_next(table.handle, real, lambda choice: decide(rng, choice, real.state))
    part = table.view("seat:1")["table"]
    assert part["acknowledged"] < part["steps_total"]  # the steps of the orders before the draw are to do
    assert part["asking"] is None and part["waiting"]["text"].startswith("Waiting for the table to finish")
    question = engine(table).questions()[0]
    before = table.view("referee")
    with pytest.raises(Refused, match="Waiting for the table to finish"):
        table.handle(Tell(real.state.events[question.event].tile, "player", face_up_number(table)))
    assert {k: v for k, v in table.view("referee").items() if k != "version"} == \
        {k: v for k, v in before.items() if k != "version"}
    table.handle(Acknowledge(part["steps_total"] - 1))
    assert table.view("public")["table"]["asking"] is None  # one step still to do: still not asked
    table.handle(Acknowledge(part["steps_total"]))
    asking = table.view("public")["table"]["asking"]
    assert asking is not None and asking["text"].startswith("Turn the top tile")
    assert "waiting" not in table.view("public")["table"]


def face_up_number(table: Table) -> int:
    """The number of the question the table asks now (what a page's answer names)."""
    from companion.games.xidit.table import face_up
    return face_up.number(engine(table).setup)
