"""The referee decides for a player of any game without a form of its own (issue 35): /api/legal names each
awaited decision in the game's words and lists its legal moves in words when the game lists them, each with
the JSON `decide` sends; /api/decide_once lets the game's normal-level virtual player take the seat's
decision this once, keyed in by the referee. Refused, changing nothing, to anyone else."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, Table
from tests.engine import stored_log
from tests.games.toy import GAME as TOY
from tests.table.test_shared_toy import new_toy, step
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

ZARGOS = registry.load("zargos")


@pytest.fixture
def zargos(tmp_path: Path) -> Iterator[Flask]:
    table = Table.open(Store(tmp_path / "z.db"), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 7}, game="zargos"))
    table.start()
    yield web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    table.stop()


def awaited(table: Table) -> list[tuple[int, str]]:
    return [(a["seat"], a["decision"]) for a in table.view("referee")["awaiting"]]


def test_the_referee_reads_a_zargos_decision_in_words_and_lets_the_virtual_player_take_it(zargos: Flask) -> None:
    table: Table = zargos.config["TABLE"]
    referee = as_referee(zargos)
    [(seat, decision)] = awaited(table)
    legal = referee.get(f"/api/legal?seat={seat}").get_json()
    [choice] = legal["choices"]
    assert (choice["decision"], choice["words"]) == (decision, "choose a people")
    assert choice["moves"] is None  # Zargos does not list its moves: the virtual player's button only
    before = table.actions()
    answer = referee.post("/api/decide_once", json={"seat": seat, "version": legal["version"]})
    assert answer.status_code == 200, answer.get_json()
    assert table.actions() == before + 1
    last = stored_log(table)[-1]
    assert (last["seat"], last["by"]) == (seat, "referee")  # recorded as the referee's decision
    assert awaited(table) != [(seat, decision)] and table.version > legal["version"]
    assert referee.get(f"/api/legal?seat={seat}").get_json()["choices"] == []


def test_french_words_for_a_decision(zargos: Flask) -> None:
    table: Table = zargos.config["TABLE"]
    referee = as_referee(zargos)
    assert command(referee, zargos, command="language", language="fr").status_code == 200
    [(seat, _)] = awaited(table)
    [choice] = referee.get(f"/api/legal?seat={seat}").get_json()["choices"]
    assert choice["words"] == "choisir un peuple"


def test_only_the_referee_may_let_a_virtual_player_decide(zargos: Flask) -> None:
    table: Table = zargos.config["TABLE"]
    [(seat, decision)] = awaited(table)
    version = table.version
    for client in (zargos.test_client(), as_seat(zargos, seat)):
        assert client.post("/api/decide_once", json={"seat": seat, "version": version}).status_code == 403
        assert client.get(f"/api/legal?seat={seat}").status_code == 403
    assert (table.version, awaited(table)) == (version, [(seat, decision)])


def test_nothing_to_decide_and_bad_bodies_are_said_and_change_nothing(zargos: Flask) -> None:
    table: Table = zargos.config["TABLE"]
    referee = as_referee(zargos)
    [(seat, _)] = awaited(table)
    idle = next(s for s in range(3) if s != seat)
    version = table.version
    nothing = referee.post("/api/decide_once", json={"seat": idle, "version": version})
    assert nothing.status_code == 422 and nothing.get_json()["error"] == "Nothing to decide for this seat now."
    for bad in ({"seat": "1", "version": version}, {"seat": seat}, {"seat": 9, "version": version}, []):
        assert referee.post("/api/decide_once", json=bad).status_code in (400, 404)
    assert table.version == version


def open_choice(table: Table) -> Any:
    found = table.awaited_in_game(set(range(6)))
    return found.choice if found is not None and not found.choice.sealed else None


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    table = new_toy(tmp_path / "toy.db", "pi")
    table.start()
    yield web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    table.stop()


def test_a_game_that_lists_its_moves_offers_them_in_words(toy: Flask) -> None:
    table: Table = toy.config["TABLE"]
    referee = as_referee(toy)
    rng = random.Random(1)
    while (choice := open_choice(table)) is None:  # past the sealed bids: a decision taken at once
        assert step(table, rng, None)
    legal = referee.get(f"/api/legal?seat={choice.seat}").get_json()
    [shown] = [c for c in legal["choices"] if c["decision"] == choice.decision]
    assert shown["words"] == choice.decision  # the toy names its decisions in no other words
    labels = [move["label"] for move in shown["moves"]]
    assert all(labels) and len(set(labels)) == len(labels) and not any("{" in label for label in labels)
    move = shown["moves"][-1]
    answer = command(referee, toy, command="decide", seat=choice.seat, action=move["action"])
    assert answer.status_code == 200, answer.get_json()
    assert {**move["action"], "by": "referee"} in stored_log(table)[-2:]  # then the Pi's draw, if any
