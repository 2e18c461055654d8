"""The shared toy game (tests/games/toy: turns, a window several seats answer, a public die, a secret draw, a
sealed bid) played through the table with its table part (tests/games/toy/table.py): the Pi rolling or the table telling
give the same game for the same outcomes; a restart resumes it; a secret draw is told only by its seat."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Refused, Seal, Table, Tell
from tests.engine import engine, stored_log
from tests.games.toy import GAME as TOY
from tests.games.toy.moves import move_to_json

SETUP = {"players": 3, "rounds": 2, "teams": False, "seed": 11}


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    yield


def new_toy(path: Path, chance: str) -> Table:
    table = Table.open(Store(path), default_pack_text())
    table.handle(NewGame(dict(SETUP), game="toy", chance=chance))
    return table


def step(table: Table, rng: random.Random, told: Iterator[Any] | None) -> bool:
    """One input: a chance outcome told (by its drawer for a secret draw), a bid keyed in and locked, or a
    decision picked by `rng` among the legal ones. False once the game is over."""
    match = engine(table)
    if match.result() is not None:
        return False
    node = match.chance()
    if node is not None:
        assert told is not None, "the Pi resolves every node itself"
        teller = random.Random(match.version)  # who tells a public roll: the referee or any seat, by turns
        by = "referee" if node.told_by is None and teller.random() < 0.5 else \
            f"seat:{node.told_by if node.told_by is not None else teller.choice(match.setup.seats)}"
        table.handle(Tell(next(told), by=by))
        return True
    choice = next(c for c in match.awaited() if not (c.sealed and c.seat in table.view()["table"]["locked"]))
    move = rng.choice(choice.enumerate())
    if choice.sealed:
        table.handle(EditDraft(choice.seat, {"bid": move.bid}))
        table.handle(Seal(choice.seat))
    else:
        table.handle(Decide(choice.seat, move_to_json(move)))
    return True


def outcomes(record: dict[str, Any]) -> list[Any]:
    return [m["outcome"] for m in record["moves"] if m["type"] == "chance"]


@pytest.mark.parametrize("seed", range(4))
def test_the_pi_rolling_and_the_table_telling_give_the_same_toy_game(tmp_path: Path, seed: int) -> None:
    by_pi = new_toy(tmp_path / "pi.db", "pi")
    rng = random.Random(seed)
    while step(by_pi, rng, None):
        pass
    record = by_pi.record()
    assert outcomes(record) and all(e["by"] == "pi" for e in stored_log(by_pi) if e["type"] == "chance")

    by_table = new_toy(tmp_path / "table.db", "table")
    rng, told = random.Random(seed), iter(outcomes(record))
    while step(by_table, rng, told):
        pass
    assert by_table.record() == record
    assert {k: v for k, v in by_table.view("referee").items() if k not in ("version", "table")} == \
        {k: v for k, v in by_pi.view("referee").items() if k not in ("version", "table")}


def test_a_toy_game_resumes_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "toy.db"
    table = new_toy(path, "pi")
    rng = random.Random(3)
    for _ in range(9):
        step(table, rng, None)
    readers = ["referee", "public", "seat:0", "seat:1", "seat:2"]
    before = {r: {k: v for k, v in table.view(r).items() if k != "version"} for r in readers}
    record, steps = table.record(), [s.to_json("en", -1) for s in table.steps()]
    table.stop()

    again = Table.open(Store(path), default_pack_text())
    assert again.game_key == "toy" and again.record() == record
    assert [s.to_json("en", -1) for s in again.steps()] == steps
    assert {r: {k: v for k, v in again.view(r).items() if k != "version"} for r in readers} == before
    while step(again, rng, None):  # and it plays on to its end
        pass
    assert again.result() is not None


def test_a_secret_draw_of_the_toy_is_told_only_by_its_seat(tmp_path: Path) -> None:
    table = new_toy(tmp_path / "toy.db", "table")
    for seat in range(3):
        table.handle(EditDraft(seat, {"bid": seat}))
        table.handle(Seal(seat))
    active = engine(table).awaited()[0].seat
    table.handle(Decide(active, {"type": "turn", "seat": active, "do": "draw", "card": None}))
    other = (active + 1) % 3
    with pytest.raises(Refused, match=f"Only seat {active + 1} may say what it drew"):  # people read from 1
        table.handle(Tell(4, by=f"seat:{other}"))
    table.handle(Tell(4, by=f"seat:{active}"))
    assert table.view(f"seat:{active}")["players"][active]["hand"] == [4]
    assert "hand" not in table.view(f"seat:{other}")["players"][active]
    line = table.steps()[-1].lines[-1]
    # The framework's words (companion/table/default_part.py): the card named to its drawer alone.
    assert (line.text("en", None), line.text("en", active)) == \
        (f"Seat {active + 1}: Draw a card.", f"Seat {active + 1}: Draw a card: 4.")  # people read seats from 1
    assert "Draw a card: 4" not in json.dumps(table.steps_json("public"))
    assert table.steps_json("public")[-1]["heading"] == "Round 1 · Moves"
