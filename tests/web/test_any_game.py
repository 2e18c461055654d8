"""The pages of any game (issue 29): a game found through the registry is offered by the referee's wizard,
its pages open without page parts of its own (the framework's generic parts), and the framework's requests
`tell`, `set_chance` and `state` reach its table, each refused in words on a bad body, changing nothing.

Played on Zargos as it is registered (rules, table, boxes, agents): its page parts are not needed here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, Table
from companion.table import commands as c
from tests.games.zargos.table.support import new_game, play, play_told
from web import command_requests
from web.auth import Role
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

ZARGOS = registry.load("zargos")


def zargos_table(path: Path, players: int = 3, chance: str | None = None, seed: int = 7) -> Table:
    table = Table.open(Store(path), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": players, "seed": seed}, game="zargos", chance=chance))
    return table


@pytest.fixture
def plain_zargos() -> Iterator[None]:
    """Zargos without page parts of its own, whatever its module has by now: the framework's generic parts."""
    key = "zargos"
    registry.register(replace(ZARGOS, web=None))
    yield
    registry._extra.pop(key, None)


@pytest.fixture
def zargos(tmp_path: Path, plain_zargos: None) -> Iterator[Flask]:
    table = zargos_table(tmp_path / "z.db", chance="table")
    table.start()
    yield web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    table.stop()


def asking(app: Flask) -> Any:
    return app.config["TABLE"].view("public")["table"]["asking"]


# -- item 1: the framework's generic requests -------------------------------------------------------------

def test_tell_set_chance_and_state_are_the_frameworks_requests() -> None:
    seat, referee = Role("seat", 2), Role("referee")
    assert command_requests.parse({"command": "tell", "outcome": [7, 4], "question": 3}, seat) == \
        c.Tell([7, 4], by="seat:2", question=3)
    assert command_requests.parse({"command": "tell", "outcome": "fire", "question": 0}, referee) == \
        c.Tell("fire", by="referee", question=0)
    assert command_requests.parse({"command": "set_chance", "policy": "table"}, referee) == c.SetChance("table")
    assert command_requests.parse({"command": "state", "action": {"type": "adjust", "seat": 2}}, seat) == \
        c.State({"type": "adjust", "seat": 2}, by="seat:2")
    assert command_requests.parse({"command": "state", "action": {"type": "adjust", "seat": None}}, referee) == \
        c.State({"type": "adjust", "seat": None}, by="referee")


@pytest.mark.parametrize(("body", "role", "error", "words"), [
    ({"command": "tell", "question": 1}, Role("seat", 1), command_requests.BadRequest, "'outcome'"),
    ({"command": "tell", "outcome": 3}, Role("seat", 1), command_requests.BadRequest, "'question'"),
    ({"command": "tell", "outcome": 3, "question": "one"}, Role("referee"), command_requests.BadRequest, "'question'"),
    ({"command": "tell", "outcome": 3, "question": 1}, Role("public"), command_requests.Forbidden, "sign in"),
    ({"command": "set_chance", "policy": "dice"}, Role("referee"), command_requests.BadRequest, "'policy'"),
    ({"command": "set_chance"}, Role("referee"), command_requests.BadRequest, "'policy'"),
    ({"command": "set_chance", "policy": "pi"}, Role("seat", 1), command_requests.Forbidden, "only the referee"),
    ({"command": "state", "action": "adjust"}, Role("referee"), command_requests.BadRequest, "'action'"),
    ({"command": "state", "action": {"type": "adjust", "seat": 2}}, Role("seat", 1), command_requests.Forbidden,
     "own seat"),
    ({"command": "state", "action": {"type": "adjust", "seat": 1}}, Role("public"), command_requests.Forbidden,
     "sign in"),
    ({"command": "new_game", "setup": {}, "game": "chess"}, Role("referee"), command_requests.BadRequest, "'game'"),
    ({"command": "new_game", "setup": {}, "chance": "dice"}, Role("referee"), command_requests.BadRequest, "'chance'"),
])
def test_a_bad_body_is_refused_in_words(body: dict[str, Any], role: Role, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        command_requests.parse(body, role)


def test_the_tables_dice_are_told_from_a_seats_page_and_a_second_tap_is_refused(zargos: Flask) -> None:
    table = zargos.config["TABLE"]
    found = asking(zargos)
    assert found is not None and "sides" in found and found["told_by"] is None
    totals = [side["least"] for side in found["sides"]]
    before = table.version
    wrong = command(as_seat(zargos, 0), zargos, command="tell", outcome=[side["most"] + 1 for side in found["sides"]],
                    question=found["question"])
    assert wrong.status_code == 422 and table.version == before
    seat = as_seat(zargos, 1)
    assert command(seat, zargos, command="tell", outcome=totals, question=found["question"]).status_code == 200
    assert table.version > before
    again = command(seat, zargos, command="tell", outcome=totals, question=found["question"])
    assert again.status_code == 422 and "already answered" in again.get_json()["error"]
    # Nobody signed in may tell.
    assert command(zargos.test_client(), zargos, command="tell", outcome=totals, question=found["question"]) \
        .status_code == 403


def test_the_referee_switches_chance_to_the_pi_and_the_roll_waiting_is_drawn(zargos: Flask) -> None:
    table = zargos.config["TABLE"]
    referee = as_referee(zargos)
    assert asking(zargos) is not None
    assert command(as_seat(zargos, 0), zargos, command="set_chance", policy="pi").status_code == 403
    assert command(referee, zargos, command="set_chance", policy="dice").status_code == 400
    assert table.view("referee")["table"]["chance"] == "table"
    assert command(referee, zargos, command="set_chance", policy="pi").status_code == 200
    assert table.view("referee")["table"]["chance"] == "pi"
    assert asking(zargos) is None


def test_a_seat_states_for_itself_and_the_referee_as_the_referee(tmp_path: Path, plain_zargos: None) -> None:
    table = new_game(tmp_path / "z.db", 4, 8)
    play(table, 8, until=lambda t: t.phase() == "attack")
    table.start()
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    view = table.view("referee")
    people = view["active"]
    seat = view["peoples"][people]["seat"]
    mine = sorted(p for p, h in view["provinces"].items() if h["people"] == people)[0]
    assert "adjust" in table.view(f"seat:{seat}")["table"]["stated"]
    adjust = {"type": "adjust", "seat": seat, "reason": f"power:{people}", "boats": {}, "allow": [],
              "tokens": [{"province": mine, "people": people, "change": 1}]}
    referee = as_referee(app)
    before = table.version
    assert command(as_seat(app, (seat + 1) % 4), app, command="state", action=adjust).status_code == 403
    assert command(referee, app, command="state", action=adjust).status_code == 422  # the referee's seat is null
    assert table.version == before
    assert command(as_seat(app, seat), app, command="state", action=adjust).status_code == 200
    assert command(referee, app, command="state", action={**adjust, "seat": None}).status_code == 200
    stated = [e for e in table.view("public")["log"] if e["event"] == "adjusted"]
    assert [e["stated_by"] for e in stated] == [seat, None]
    table.stop()


# -- item 3: a game without page parts: the framework's generic parts, never a 500 -------------------------

PAGES = ("/", "/part/table", "/map.svg", "/scoring", "/part/scoring", "/texts.json", "/api/view")


def test_every_page_of_a_game_without_page_parts_opens(zargos: Flask) -> None:
    public, referee, seat = zargos.test_client(), as_referee(zargos), as_seat(zargos, 0)
    for client in (public, referee, seat):
        for url in PAGES:
            assert client.get(url).status_code == 200, url
    assert referee.get("/referee").status_code == 200
    assert referee.get("/part/referee").status_code == 200
    page = seat.get("/seat/1").get_data(as_text=True)
    assert 'data-seat="0"' in page and "<title>My seat — Zargos</title>" in page
    assert seat.get("/part/seat").status_code == 200
    assert referee.get("/reference").status_code == 404  # no printable sheet: said, not a crash
    assert referee.get("/verify").status_code == 200  # its owner's walk-through is its packs', not its pages'


# -- item 2: the wizard offers every game, the referee's page shows any game's chance and statements ------

def test_the_wizard_offers_each_registered_game_with_its_seats_colours_options_and_chance(app: Flask,
                                                                                           plain_zargos: None) -> None:
    referee = as_referee(app)
    xidit = referee.get("/referee").get_data(as_text=True)
    assert '<option value="xidit" selected>Lords of Xidit (3 to 5 players)</option>' in xidit
    assert '<option value="zargos">Zargos (2 to 6 players)</option>' in xidit
    assert 'name="chance"' not in xidit  # Xidit's tiles lie on the board: only the table can say them
    assert "wizard-game.js" not in xidit
    page = referee.get("/referee?game=zargos").get_data(as_text=True)
    assert '<option value="zargos" selected>' in page
    counts = page[page.index('id="w-count"'):page.index("</select>", page.index('id="w-count"'))]
    assert [int(n) for n in re.findall(r'<option value="(\d+)"', counts)] == [2, 3, 4, 5, 6]
    for option in ZARGOS.options:  # the framework's form shows the game's options when it has no fields of its own
        assert f'data-option="{option.name}"' in page
        assert all(f'<option value="{v}"' in page for v in option.values)
        # Each value in words, never its id (Z-06, Z-14: the readings the text leaves open).
        assert all(f">{label}</option>" in page for label in option.labels) and ">draw_five<" not in page
    assert '<option value="pi" selected>' in page and '<option value="table">' in page
    # Zargos's peoples are chosen, and its order set, by rolls in play (2.3): no colour, no first player asked.
    assert '<label hidden>Colour' in page and '<label for="w-first" hidden>' in page
    assert '<label hidden>' not in xidit and '<label for="w-first">' in xidit
    assert referee.get("/referee?game=chess").status_code == 200  # an unknown game: the table's own


def test_the_wizard_starts_the_chosen_game_with_its_chance_policy(app: Flask, plain_zargos: None) -> None:
    table = app.config["TABLE"]
    referee = as_referee(app)
    under_way = table.game_id
    started = command(referee, app, command="new_game", game="zargos", chance="table", replacing=under_way,
                      setup={"players": 3, "seed": 4})
    assert started.status_code == 200, started.get_json()
    assert table.game_key == "zargos" and table.view("referee")["table"]["chance"] == "table"
    live = referee.get("/part/referee").get_data(as_text=True)
    assert 'data-command="set_chance" data-policy="pi" aria-pressed="false"' in live
    assert 'data-command="set_chance" data-policy="table" aria-pressed="true"' in live
    asked = table.view("referee")["table"]["asking"]
    assert f'data-tell-sides="{len(asked["sides"])}" data-question="{asked["question"]}"' in live
    for n, side in enumerate(asked["sides"]):  # a total a side, typed on the number pad within its bounds
        assert re.search(rf'<input type="number" name="side-{n}" inputmode="numeric" pattern="\[0-9\]\*" '
                         rf'min="{side["least"]}" max="{side["most"]}" required', live)
    assert 'type="radio"' not in live
    assert 'class="stack state-form"' in live
    assert all(f'<option value="{kind}">' in live for kind in table.view("referee")["table"]["stated"])
    seat = as_seat(app, 0).get("/part/seat").get_data(as_text=True)
    assert "data-tell-sides" in seat and 'data-state-seat="0"' in seat
    public = app.test_client().get("/part/table").get_data(as_text=True)
    assert "data-tell-sides" not in public and "state-form" not in public


def test_an_exported_record_is_named_after_its_game(app: Flask, plain_zargos: None) -> None:
    referee = as_referee(app)
    table = app.config["TABLE"]
    xidit = table.game_id
    assert f"filename=xidit-game-{xidit}.json" in referee.get("/api/record").headers["Content-Disposition"]
    assert command(referee, app, command="new_game", game="zargos", replacing=xidit,
                   setup={"players": 2, "seed": 1}).status_code == 200
    assert f"filename=zargos-game-{table.game_id}.json" in referee.get("/api/record").headers["Content-Disposition"]
    aside = referee.get(f"/api/record?game={xidit}")  # a game set aside keeps its own game's name
    assert f"filename=xidit-game-{xidit}.json" in aside.headers["Content-Disposition"]


def test_a_secret_draw_is_told_from_its_drawers_page_alone(tmp_path: Path, plain_zargos: None) -> None:
    table = new_game(tmp_path / "z.db", 3, 5, chance="table")
    play_told(table, 5, until=lambda t: (t.view("public")["table"]["asking"] or {}).get("told_by") is not None)
    table.start()
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    found = table.view("public")["table"]["asking"]
    drawer, other = found["told_by"], (found["told_by"] + 1) % 3
    cards = table.view(f"seat:{drawer}")["chance"]["outcomes"]
    mine = as_seat(app, drawer).get("/part/seat").get_data(as_text=True)
    assert mine.count('data-command="tell"') == len(cards) > 0
    theirs = as_seat(app, other).get("/part/seat").get_data(as_text=True)
    assert 'data-command="tell"' not in theirs and "says what they drew" in theirs
    assert not any(f"&#34;{card}&#34;" in theirs for card in cards)
    before = table.version
    assert command(as_seat(app, other), app, command="tell", outcome=cards[0], question=found["question"]) \
        .status_code == 422
    assert table.version == before
    assert command(as_seat(app, drawer), app, command="tell", outcome=cards[0], question=found["question"]) \
        .status_code == 200
    table.stop()


def test_a_phone_box_shows_the_order_keys_of_a_game_that_has_them_only(tmp_path: Path, app: Flask,
                                                                     plain_zargos: None) -> None:
    assert 'data-key="BLACK"' in as_seat(app, 1).get("/seat/1").get_data(as_text=True)  # Xidit's orders
    table = zargos_table(tmp_path / "z.db")
    table.start()
    zargos = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0}))
    page = as_seat(zargos, 0).get("/seat/1").get_data(as_text=True)
    assert 'id="box-view"' in page and 'data-key="OK"' in page
    assert 'class="keys orders"' not in page
    table.stop()
