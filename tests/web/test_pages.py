"""The pages for every role: what each route answers, what each page shows, and in which language."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from companion.agents.bots import next_commands
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Acknowledge, SetLanguage, Table
from companion.table.views import RECENT, TODO_LISTED
from tests.engine import engine
from tests.table.support import new_table, next_inputs
from web.auth import seat_token
from web.pages import LISTED
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app
from .test_scoring import scenario_app

SVG = "{http://www.w3.org/2000/svg}"


def play_until(table: Table, phase: str, seed: int = 9) -> None:
    rng = random.Random(seed)
    while table.playing() and table.phase() != phase:
        for c in next_inputs(table, rng):
            table.submit(c).result(timeout=10)


def status(client: FlaskClient, url: str) -> int:
    with client.get(url) as response:  # closed: a static file's response holds the file open
        return response.status_code


def test_every_page_answers_each_role(app: Flask) -> None:
    public, seat, referee = app.test_client(), as_seat(app, 1), as_referee(app)
    expected = {
        "/": (200, 200, 200), "/scoring": (200, 200, 200), "/referee": (200, 200, 200),
        "/seat/1": (403, 200, 403), "/part/table": (200, 200, 200), "/part/scoring": (200, 200, 200),
        "/part/referee": (200, 200, 200), "/part/seat": (403, 200, 403), "/part/nothing": (404, 404, 404),
        "/map.svg": (200, 200, 200), "/scoring.svg": (404, 404, 404), "/texts.json": (200, 200, 200),
        "/static/app.js": (200, 200, 200), "/static/style.css": (200, 200, 200),
    }
    for url, codes in expected.items():
        got = tuple(status(client, url) for client in (public, seat, referee))
        assert got == codes, url


def test_the_referee_page_asks_for_the_pin_until_signed_in(app: Flask) -> None:
    page = app.test_client().get("/referee").get_data(as_text=True)
    assert 'id="login"' in page and 'id="wizard"' not in page and "seat/1?t=" not in page
    signed = as_referee(app).get("/referee").get_data(as_text=True)
    for part in ('id="wizard"', 'id="rollback"', 'id="decide-load"', 'id="import"', 'href="/api/record"',
                 'data-command="pace"', 'data-command="language"', 'id="blind"'):
        assert part in signed, part
    # Every seat's secret link, each with its QR code.
    assert signed.count('class="seat-link"') == 4 and signed.count('class="qr"') == 4


def test_a_blind_referee_gets_no_secret_forms_and_no_legal_choices(app: Flask) -> None:
    referee = as_referee(app)
    assert referee.post("/api/blind", json={"on": True}).status_code == 200
    page = referee.get("/referee").get_data(as_text=True)
    assert 'id="decide-load"' not in page and 'href="/api/record"' not in page
    assert referee.get("/api/legal?seat=1").status_code == 403


def test_legal_choices_are_for_the_referee_only(app: Flask, table: Table) -> None:
    first = engine(table).state.turn_order()[0]
    referee = as_referee(app)
    answer = referee.get(f"/api/legal?seat={first}").get_json()
    assert answer["seat"] == first and answer["choices"][0]["decision"] == "place"
    assert 4 in answer["choices"][0]["cities"]
    other = next(s for s in (1, 2, 3, 4) if s != first)
    assert referee.get(f"/api/legal?seat={other}").get_json()["choices"] == []
    assert referee.get("/api/legal?seat=9").status_code == 404
    assert referee.get("/api/legal?seat=x").status_code == 400
    assert referee.get("/api/legal").status_code == 400
    assert app.test_client().get(f"/api/legal?seat={first}").status_code == 403
    assert as_seat(app, first).get(f"/api/legal?seat={first}").status_code == 403


def test_the_map_is_svg_with_every_city_road_and_region(app: Flask, table: Table) -> None:
    play_until(table, "program")
    svg = ET.fromstring(app.test_client().get("/map.svg").data)
    groups = list(svg.iter(f"{SVG}g"))
    assert len([g for g in groups if g.get("class") == "city"]) == 21
    roads = [g for g in groups if (g.get("class") or "").startswith("road ")]
    assert len(roads) == 29
    dashes = {}
    for road in roads:
        colour = road.get("class", "").split("road-")[1]
        line = road.findall(f"{SVG}line")[1]
        dashes.setdefault(colour, set()).add(line.get("stroke-dasharray"))
        assert road.find(f"{SVG}text").text == {"black": "K", "red": "R", "blue": "B"}[colour]  # type: ignore[union-attr]
    # Three distinct patterns: solid (none), dashed, dotted.
    assert dashes["black"] == {None} and len(dashes["red"] | dashes["blue"]) == 2
    assert len([p for p in svg.iter(f"{SVG}polygon") if "region" in (p.get("class") or "")]) == 9
    idrakys = [g for g in groups if g.get("class") == "idrakys"]
    assert sorted(int(g.get("data-seat", 0)) for g in idrakys) == [1, 2, 3, 4]
    for g in idrakys:  # a number on every Idrakys, not colour alone
        assert g.find(f"{SVG}text").text == g.get("data-seat")  # type: ignore[union-attr]
    tiles = [g for g in groups if (g.get("class") or "").startswith("tile ")]
    assert len(tiles) == 10 and {g.get("class") for g in tiles} == {"tile tile-recruit", "tile tile-threat"}


def test_the_map_greys_void_regions_and_shows_guilds(tmp_path: Path) -> None:
    app, table = scenario_app(tmp_path, "5p-short-void-region.json")
    svg = app.test_client().get("/map.svg").data
    root = ET.fromstring(svg)
    void = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "region void"]
    assert [p.get("data-region") for p in void] == ["2"] and void[0].get("fill") == "url(#void-hatch)"
    guilds = [g for g in root.iter(f"{SVG}g") if g.get("class") == "guild"]
    expected = {(c["guild"]["seat"], c["guild"]["floors"]) for c in table.view("public")["cities"] if c["guild"]}
    assert expected and {(int(g.get("data-seat", 0)), int(g.get("data-floors", 0))) for g in guilds} == expected


def test_the_table_page_shows_the_game_and_its_current_step_with_a_done_button(app: Flask, table: Table) -> None:
    play_until(table, "program")
    page = app.test_client().get("/").get_data(as_text=True)
    assert "Year 1 of 9" in page and "Programming" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="map"' in page
    assert 'class="qr"' in page and "Next recruitment" in page and "Colossi" in page
    current = table.view("public")["table"]["steps"][table.view("public")["table"]["acknowledged"]]
    assert f'data-command="acknowledge" data-upto="{current["n"] + 1}"' in page  # anyone at the table ticks it
    assert page.count('class="step current"') == 1 and page.count('class="step next"') <= 1
    assert command(app.test_client(), app, command="acknowledge", upto=current["n"] + 1).status_code == 200
    assert f'data-upto="{current["n"] + 1}"' not in app.test_client().get("/").get_data(as_text=True)


def test_locks_show_on_the_table_but_never_the_orders(app: Flask, table: Table) -> None:
    play_until(table, "program")
    seat = as_seat(app, 2)
    for slot, order in enumerate(["red", "action", "black", "wait", "action", "blue"]):
        assert command(seat, app, command="set_order", seat=2, slot=slot, order=order).status_code == 200
    public = app.test_client().get("/part/table").get_data(as_text=True)
    assert 'data-seat="2" data-locked="no"' in public
    assert command(seat, app, command="lock", seat=2).status_code == 200
    for page in (app.test_client().get("/part/table").get_data(as_text=True),
                 as_seat(app, 1).get("/part/seat").get_data(as_text=True)):
        assert 'class="order o-' not in page  # no program of anyone else, locked or not
    assert 'data-seat="2" data-locked="yes"' in app.test_client().get("/part/table").get_data(as_text=True)
    mine = seat.get("/part/seat").get_data(as_text=True)
    assert mine.count('class="order o-') == 6 and "o-red" in mine and "o-blue" in mine


def test_the_seat_page_has_the_phone_box_and_the_players_own_secrets(app: Flask, table: Table) -> None:
    play_until(table, "resolution")
    page = as_seat(app, 1).get("/seat/1").get_data(as_text=True)
    for key in ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "BLACK", "RED", "BLUE", "ACTION", "WAIT"):
        assert f'data-key="{key}"' in page, key
    assert 'id="screen" src="/api/box/screen.png"' in page
    me = table.view("seat:1")["players"][0]
    assert f'<dd class="gold">{me["gold"]}</dd>' in page and "Behind your screen" in page
    # Seat 3 plays a hardware box here: its page has no phone box.
    assert 'data-key="OK"' not in as_seat(app, 3).get("/seat/3").get_data(as_text=True)


def test_the_pages_follow_the_table_language(app: Flask, table: Table) -> None:
    table.submit(SetLanguage("fr")).result(timeout=10)
    page = app.test_client().get("/").get_data(as_text=True)
    assert '<html lang="fr">' in page and "Année 1 sur 9" in page and "Le plateau" in page
    texts = app.test_client().get("/texts.json").get_json()
    assert texts["language"] == "fr" and texts["texts"]["Wrong PIN."] == "Code PIN erroné."
    assert texts["texts"]["militia"] == "milice paysanne"
    assert "chemin rouge entre les cités" in app.test_client().get("/map.svg").get_data(as_text=True)
    referee = as_referee(app).get("/referee").get_data(as_text=True)
    assert "Nouvelle partie" in referee and "Revenir en arrière" in referee


def test_a_seat_link_of_an_earlier_game_no_longer_opens_the_seat(app: Flask) -> None:
    seat = as_seat(app, 1)
    referee = as_referee(app)
    setup = {"players": [{"seat": 1, "colour": "blue"}, {"seat": 2, "colour": "red"}, {"seat": 3, "colour": "green"},
                         {"seat": 4, "colour": "yellow"}], "length": "short", "seed": 4}
    under_way = app.config["TABLE"].game_id
    assert command(referee, app, command="new_game", setup=setup, replacing=under_way).status_code == 200
    assert seat.get("/seat/1").status_code == 403 and seat.get("/part/seat").status_code == 403


def test_before_any_game_the_pages_say_so_and_the_wizard_is_open(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "empty.db"), default_pack_text())
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, None)
    client = app.test_client()
    for url in ("/", "/scoring", "/part/table", "/map.svg"):
        assert client.get(url).status_code == 200, url
    assert "No game yet" in client.get("/").get_data(as_text=True)
    referee = as_referee(app).get("/referee").get_data(as_text=True)
    assert '<details id="new-game" open>' in referee and 'id="rollback"' not in referee
    table.stop()


def test_a_live_part_is_rendered_for_its_own_reader_and_version(app: Flask, table: Table) -> None:
    """Live parts are kept per reader and version (web/parts.py): a kept part must never reach
    another reader, or outlive the state it was drawn from."""
    play_until(table, "resolution")
    one, two = as_seat(app, 1), as_seat(app, 2)
    for client, seat in ((one, 1), (two, 2), (one, 1)):
        me = table.view(f"seat:{seat}")["players"]
        mine = next(p for p in me if p["seat"] == seat)
        part = client.get("/part/seat").get_data(as_text=True)
        assert f'<dd class="gold">{mine["gold"]}</dd>' in part and part.count('<dd class="gold">') == 1
        assert f'You play <span class="person"><span class="chip c-{mine["colour"]}"' in part
        assert f'data-seat="{seat}"' in client.get(f"/seat/{seat}").get_data(as_text=True)
    public = app.test_client()
    before = public.get("/part/table").get_data(as_text=True)
    assert f'data-version="{table.version}"' in before
    assert 'data-command="acknowledge"' in as_referee(app).get("/part/table").get_data(as_text=True)
    assert public.get("/part/table").get_data(as_text=True) == before  # the referee's part stays theirs
    assert command(as_referee(app), app, command="acknowledge", upto=1).status_code == 200
    after = public.get("/part/table").get_data(as_text=True)
    assert f'data-version="{table.version}"' in after and after != before


def test_a_table_that_never_ticks_shows_one_step_and_logs_every_step(tmp_path: Path) -> None:
    table = new_table(tmp_path / "owed.db", players=5, length="long", seed=8)
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    rng = random.Random(8)
    while table.playing() and (table.round() or 0) < 3:  # nobody marks anything done
        for c in next_commands(table, rng):
            table.handle(c)
    table.handle(Acknowledge(10))
    part = app.test_client().get("/part/table").get_data(as_text=True)
    view = table.view("public")["table"]
    steps, done = view["steps"], table.steps()[:10]
    assert view["steps_total"] > RECENT + TODO_LISTED + 1 and len(steps) <= RECENT + TODO_LISTED  # a window
    assert part.count('class="step current"') == 1 and 'data-n="10"' in part
    assert part.count('<li data-n=') == len(done)  # the log: every step done
    assert part.index('<li data-n="9"') < part.index('<li data-n="0"')  # newest first
    seat = table.view("seat:1")
    mine = [i for i in seat["table"]["instructions"] if i.get("seat") == 1]
    listed = as_seat(app, 1).get("/part/seat").get_data(as_text=True)
    assert all(str(escape(i["text"])) in listed for i in mine[-LISTED:])


def test_a_seat_s_cookie_is_set_once_at_sign_in_not_on_every_refresh(app: Flask) -> None:
    client = app.test_client()
    token = seat_token(app.config["SECRET_KEY"], app.config["TABLE"].game_id, 1)
    signed_in = client.get(f"/seat/1?t={token}")
    # 12 hours from the sign-in, counted by the phone (Max-Age), never a date from the Pi's clock.
    cookie = signed_in.headers["Set-Cookie"]
    assert f"Max-Age={12 * 3600}" in cookie and "Expires=" not in cookie
    for url in ("/part/seat", "/seat/1", "/map.svg", "/api/view"):
        response = client.get(url)
        assert response.status_code == 200 and "Set-Cookie" not in response.headers, url


def test_waiting_for_the_table_is_said_on_every_seat_page_and_only_the_referee_skips(tmp_path: Path) -> None:
    table = new_table(tmp_path / "wait.db", players=3, seed=4, pace="orders")
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2, 3}))
    table.start()
    try:
        waiting_is_said_and_skipped(app)
    finally:
        table.stop()


def waiting_is_said_and_skipped(app: Flask) -> None:
    for seat in (1, 2, 3):
        page = as_seat(app, seat).get("/part/seat").get_data(as_text=True)
        assert "Waiting for the table to finish: Year 1 · Set up: recruitment tiles" in page
        assert "Your turn" not in page
    assert command(as_seat(app, 1), app, command="acknowledge", upto=1, skip=True).status_code == 403
    assert command(as_referee(app), app, command="acknowledge", upto=1, skip="yes").status_code == 400
    assert command(as_referee(app), app, command="acknowledge", upto=1, skip=True).status_code == 200
    log = as_referee(app).get("/part/table").get_data(as_text=True)
    assert 'class="skipped"' in log and "skipped by the referee" in log
    assert "Year 1 · Set up: threats and piles" in as_seat(app, 2).get("/part/seat").get_data(as_text=True)


def test_the_table_view_shows_the_board_as_of_the_step_or_now(tmp_path: Path) -> None:
    table = new_table(tmp_path / "asof.db", players=4, seed=8)
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    rng = random.Random(8)
    while table.playing() and (table.round() or 0) < 2:
        for c in next_commands(table, rng):
            table.handle(c)
    first_order = next(s for s in table.view("public")["table"]["steps"] if s["kind"] == "order")
    table.handle(Acknowledge(first_order["n"]))
    client = app.test_client()
    step = client.get("/part/table").get_data(as_text=True)
    assert 'data-board="step" aria-pressed="true"' in step and "Year 1 of" in step.split("</h1>")[0]
    client.set_cookie("board", "now")
    now = client.get("/part/table").get_data(as_text=True)
    assert 'data-board="now" aria-pressed="true"' in now and "Year 2 of" in now.split("</h1>")[0]
    assert now.split('id="mapbox"')[1] != step.split('id="mapbox"')[1]  # two boards: the pieces moved since
