"""What the table states happened (Z-27), on the referee's page and a seat's page, in taps (issue 29, zref
item 1): the form names provinces, peoples and cards as the rulebook does (never a key, never JSON), offers the
referee its own ruling and a seat only cards and powers, and what it sends is recorded with who stated it,
shown on every page, replayed; a refusal comes back in words naming the rule. English and French."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import replay_json
from companion.games.zargos.rules.terms import CARDS
from companion.table import SetLanguage, Table
from tests.games.zargos.table.support import new_game, play
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes

BOARD = default_pack()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = new_game(tmp_path / "z.db", 3, seed=5)
    table.start()
    play(table, until=lambda t: t.view("public")["round"] >= 1 and t.view("public")["phase"] == "attack")
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))


def form_of(page: str) -> str:
    found = re.search(r'<section class="card zstate".*?</section>', page, re.S)
    assert found, "no form of what the table states"
    return found.group(0)


def data(form: str, key: str) -> Any:
    found = re.search(rf'data-{key}="([^"]*)"', form)
    assert found, key
    return json.loads(html.unescape(found.group(1)))


def options(form: str, name: str) -> list[tuple[str, str]]:
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', form, re.S)
    assert found, name
    listed = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', found.group(1))
    return [(v, html.unescape(t)) for v, t in listed]


def peoples_of(view: dict[str, Any], seat: int) -> list[str]:
    return [k for k, p in view["peoples"].items() if p["seat"] == seat]


def state(client: Any, table: Table, action: dict[str, Any]) -> Any:
    return client.post("/api/command", json={"command": "state", "version": table.version, "action": action})


def test_the_referee_states_an_effect_in_taps_never_json(app: Flask, table: Table) -> None:
    page = as_referee(app).get("/referee").get_data(as_text=True)
    form = form_of(page)
    assert "<textarea" not in form and "JSON" not in form
    assert 'src="/games/zargos/static/stated.js"' in page
    view = table.view("referee")
    # Every province of the map by its name, with who holds it and how strong; the peoples in play by name.
    provinces = options(form, "zprovince")[1:]
    assert {v for v, _ in provinces} == set(BOARD.provinces)
    province, held = next(iter(view["provinces"].items()))
    assert (province, f"{BOARD.provinces[province].name} · {data(form, 'names')['peoples'][held['people']]} "
                      f"{held['strength']}") in provinces
    assert [v for v, _ in options(form, "zpeople")] == list(view["peoples"])
    assert all(label and label != key for key, label in options(form, "zpeople"))
    # What the effect comes from: the referee's ruling, each magic card by its name, each power in play.
    reasons = dict(options(form, "zreason"))
    assert reasons["referee"] == "A ruling of the referee"
    assert {v for v in reasons if v.startswith("card:")} == {f"card:{c}" for c in CARDS}
    assert reasons["card:vent_de_guerre"] == "Wind of War"
    assert {v for v in reasons if v.startswith("power:")} == {f"power:{k}" for k in view["peoples"]}
    text = html.unescape(re.sub(r"<[^>]+>", " ", form))
    assert "One more attack that needs no border" in text and "One more reorganisation" in text
    assert data(form, "words")["more"] == ["{province}: {n} tokens more for {people}",
                                           "{province}: {n} token more for {people}",
                                           "{province}: {n} tokens more for {people}"]
    assert 'data-seat=""' in form  # the referee states as the referee


def test_a_seat_states_an_effect_of_its_own_and_every_page_shows_it(app: Flask, table: Table) -> None:
    view = table.view("referee")
    province, held = next(iter(view["provinces"].items()))
    seat = view["peoples"][held["people"]]["seat"]
    client = as_seat(app, seat)
    form = form_of(client.get(f"/seat/{seat + 1}").get_data(as_text=True))
    assert f'data-seat="{seat}"' in form
    reasons = [v for v, _ in options(form, "zreason")]
    assert "referee" not in reasons  # a seat states a card's effect or a power, its own people's first
    assert set(peoples_of(view, seat)) == {v[6:] for v in reasons[:len(peoples_of(view, seat))]}
    # What the page sends: a line of tokens, a boat, a move allowed, from the power of its people.
    people = held["people"]
    before = table.version
    sent = state(client, table, {"type": "adjust", "seat": seat, "reason": f"power:{people}",
                                 "allow": ["extra_reorganisation"], "boats": {people: 1},
                                 "tokens": [{"province": province, "people": people, "change": 2}]})
    assert sent.status_code == 200 and table.version == before + 1
    now = table.view("referee")
    assert now["provinces"][province]["strength"] == held["strength"] + 2
    assert now["peoples"][people]["boats"] == view["peoples"][people]["boats"] + 1
    shown = html.unescape(app.test_client().get("/").get_data(as_text=True))
    assert "Effects stated at the table" in shown and f"Player {seat + 1}:" in shown
    record = as_referee(app).get("/api/record").get_json()
    stated = [m for m in record["moves"] if m["type"] == "adjust"]
    assert stated[-1]["seat"] == seat and stated[-1]["reason"] == f"power:{people}"
    assert replay_json(BOARD, record).view("referee")["provinces"][province] == now["provinces"][province]


def test_a_refused_effect_is_said_in_words_and_changes_nothing(app: Flask, table: Table) -> None:
    view = table.view("referee")
    province, held = next(iter(view["provinces"].items()))
    referee = as_referee(app)
    before = table.version
    refused = state(referee, table, {"type": "adjust", "seat": None, "reason": "referee", "allow": [], "boats": {},
                                     "tokens": [{"province": province, "people": held["people"],
                                                 "change": -held["strength"] - 1}]})
    assert refused.status_code == 422 and table.version == before
    assert refused.json["error"] == "That would leave less than no tokens there." and refused.json["rule"] == "Z-27"
    empty = state(referee, table, {"type": "adjust", "seat": None, "reason": "referee", "allow": [], "boats": {},
                                   "tokens": []})
    assert empty.json["error"] == "An effect changes tokens or boats, or allows a move." and table.version == before


def test_the_form_in_french_names_what_the_rulebook_names(app: Flask, table: Table) -> None:
    table.handle(SetLanguage("fr"))
    form = form_of(as_referee(app).get("/referee").get_data(as_text=True))
    text = html.unescape(re.sub(r"<[^>]+>", " ", form))
    assert "Dire ce qui s'est passé à la table" in text and "What the rules" not in text
    reasons = dict(options(form, "zreason"))
    assert reasons["card:vent_de_guerre"] == "Vent de Guerre" and reasons["referee"] == "Une décision de l'arbitre"
    assert "Une attaque de plus qui ne demande pas de frontière" in text
    assert data(form, "words")["fewer"][1] == "{province}\u202f: {n} pion en moins pour {people}"


def test_2_10_the_referee_records_a_trade_of_placement_cards_in_taps(tmp_path: Path) -> None:
    table = new_game(tmp_path / "t.db", 3, seed=5)
    table.start()
    try:
        play(table, until=lambda t: t.view("public")["phase"] == "trade")
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))
        referee = as_referee(app)
        form = form_of(referee.get("/referee").get_data(as_text=True))
        kinds = re.findall(r'name="zkind" value="([^"]*)"', form)
        assert kinds == ["adjust", "trade", "trades_done", "magic_trade", "out_of_game"]
        parties = data(form, "parties")
        view = table.view("referee")
        assert [p["key"] for p in parties] == list(view["peoples"])
        # Each people's cards by name (never a bare key on the page), as many as it holds.
        first, second = parties[0], parties[1]
        assert all(c["value"].startswith("pc:") and ":" not in c["name"] for c in first["cards"])
        assert sum(c["most"] for c in first["cards"]) == len(view["peoples"][first["key"]]["cards"])
        # What the page sends for one card each way (the script strips the value's prefix).
        give, take = first["cards"][0]["value"][3:], second["cards"][0]["value"][3:]
        sent = state(referee, table, {"type": "trade", "seat": None, "a": first["key"], "b": second["key"],
                                      "a_gives": [give], "b_gives": [take]})
        assert sent.status_code == 200
        assert give in table.view("referee")["peoples"][second["key"]]["cards"]
        held = table.view("referee")["peoples"][first["key"]]["cards"]
        refused = state(referee, table, {"type": "trade", "seat": None, "a": first["key"], "b": second["key"],
                                         "a_gives": [take] * (held.count(take) + 1), "b_gives": []})
        assert refused.status_code == 422
        assert refused.json["error"] == "That trade cannot be made with the cards the two peoples hold."
    finally:
        table.stop()
