"""The JSON API for every role: what each may see and do, and how bad requests are answered."""

from __future__ import annotations

import json
import random

from flask import Flask

from companion.games.xidit.table.drafts import set_order
from companion.table import Table
from tests.engine import engine
from tests.table.support import advance
from web.public_writes import IN_ALL, PER_ADDRESS, TABLE, PublicWrites

from .conftest import PIN, as_referee, as_seat, command


def test_anyone_reads_the_public_view(app: Flask) -> None:
    view = app.test_client().get("/api/view").get_json()
    assert view["view"] == "public" and view["format"] == "xidit-state/1"


def test_a_seat_link_gives_that_seat_and_nothing_more(app: Flask) -> None:
    client = as_seat(app, 2)
    assert client.get("/api/whoami").get_json()["reader"] == "seat:2"
    assert client.get("/api/view").get_json()["view"] == "seat:2"
    assert client.get("/seat/3").status_code == 403
    assert client.get("/api/record").status_code == 403
    assert client.get("/api/links").status_code == 403


def test_a_wrong_seat_token_is_refused(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/seat/2?t=0000").status_code == 403
    assert client.post("/api/join", json={"seat": 2, "token": "nope"}).status_code == 403
    assert client.get("/api/whoami").get_json()["role"] == "public"


def test_the_referee_signs_in_with_the_pin_and_failures_are_rate_limited(app: Flask) -> None:
    client = app.test_client()
    for _ in range(5):
        assert client.post("/api/login", json={"pin": "000000"}).status_code == 403
    blocked = client.post("/api/login", json={"pin": PIN})
    assert blocked.status_code == 429 and "try again" in blocked.get_json()["error"]
    other = app.test_client()
    # Another address is not blocked (the limit is per address).
    assert other.post("/api/login", json={"pin": PIN}, environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code == 200


def test_a_player_programs_locks_and_the_others_see_only_that_they_locked(app: Flask, table: Table) -> None:
    rng = random.Random(9)
    advance(table, rng, past_placement=True)
    client = as_seat(app, 1)
    for slot, order in enumerate(["red", "action", "black", "wait", "action", "blue"]):
        answer = command(client, app, command="set_order", seat=1, slot=slot, order=order)
        assert answer.status_code == 200, answer.get_json()
    assert command(client, app, command="lock", seat=1).status_code == 200
    other = as_seat(app, 2).get("/api/view").get_json()
    public = app.test_client().get("/api/view").get_json()
    for view in (other, public):
        assert view["players"][0]["locked"] is True
        assert "program" not in view["players"][0] and "draft" not in view["table"]
        assert '"red", "action", "black"' not in json.dumps(view)
    mine = client.get("/api/view").get_json()
    assert mine["table"]["draft"] == ["red", "action", "black", "wait", "action", "blue"]


def test_a_player_cannot_act_for_another_seat_or_as_referee(app: Flask) -> None:
    client = as_seat(app, 1)
    assert command(client, app, command="lock", seat=2).status_code == 403
    assert command(client, app, command="rollback", keep=0).status_code == 403
    assert command(app.test_client(), app, command="lock", seat=1).status_code == 403


def test_a_tap_made_stale_by_a_change_to_what_it_depends_on_gets_409_and_changes_nothing(
        app: Flask, table: Table) -> None:
    advance(table, random.Random(3), past_placement=True)
    seat = as_seat(app, 1)
    seen = table.version
    table.submit(set_order(1, 0, "red")).result()  # the seat's own box changes its draft meanwhile
    before = table.view("referee")
    answer = command(seat, app, command="set_order", seat=1, slot=0, order="blue", version=seen)
    assert answer.status_code == 409 and answer.get_json()["version"] == table.version
    assert table.view("referee") == before


def test_a_tap_does_not_fail_because_something_unrelated_changed(app: Flask, table: Table) -> None:
    advance(table, random.Random(3), past_placement=True)
    seat, referee = as_seat(app, 1), as_referee(app)
    seen = table.version
    table.submit(set_order(2, 0, "red")).result()  # another seat keys in its program
    assert command(referee, app, command="pace", pace="orders").status_code == 200
    assert command(app.test_client(), app, command="acknowledge", upto=len(table.steps())).status_code == 200
    assert table.version > seen
    answer = command(seat, app, command="set_order", seat=1, slot=0, order="blue", version=seen)
    assert answer.status_code == 200 and table.view("seat:1")["table"]["draft"][0] == "blue"


def test_a_command_that_changes_nothing_leaves_the_version_where_it_is(app: Flask, table: Table) -> None:
    public = app.test_client()
    assert command(public, app, command="acknowledge", upto=len(table.steps())).status_code == 200
    version = table.version
    for _ in range(5):
        answer = command(public, app, command="acknowledge", upto=len(table.steps()))
        assert answer.status_code == 200 and answer.get_json()["version"] == version
    assert command(as_referee(app), app, command="rollback", keep=0).status_code == 422  # no action yet to go back to
    assert table.version == version


def test_an_illegal_decision_gets_422_naming_the_rule(app: Flask, table: Table) -> None:
    first = engine(table).state.turn_order()[0]
    second = engine(table).state.turn_order()[1]
    referee = as_referee(app)
    assert command(referee, app, command="decide", seat=first,
                   action={"type": "place", "seat": first, "city": 4}).status_code == 200
    answer = command(referee, app, command="decide", seat=second, action={"type": "place", "seat": second, "city": 4})
    assert answer.status_code == 422 and answer.get_json()["rule"] == "§2"


def test_hostile_requests_get_a_clear_4xx(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    before = table.view("referee")
    cases = [
        referee.post("/api/command", data="{not json", content_type="application/json"),
        referee.post("/api/command", json=[1, 2, 3]),
        referee.post("/api/command", json={"command": "self_destruct", "version": table.version}),
        referee.post("/api/command", json={"command": "rollback", "keep": "all", "version": table.version}),
        referee.post("/api/command", json={"command": "decide", "seat": 1, "action": "x", "version": table.version}),
        referee.post("/api/command", json={"command": "new_game", "setup": {"players": "x"}, "version": table.version}),
        referee.post("/api/command", data="x" * (2 << 20), content_type="application/json"),
        referee.get("/api/nowhere"),
        referee.delete("/api/view"),
        referee.post("/api/box/key", json={"key": "OK", "frame": 1}),
        referee.post("/api/login", json={"pin": 123456}),
    ]
    for answer in cases:
        assert 400 <= answer.status_code < 500, (answer.status_code, answer.data[:200])
        assert answer.is_json and answer.get_json()["error"]
    assert table.view("referee") == before


def test_the_phone_box_shows_the_oled_image_and_takes_keys(app: Flask, table: Table) -> None:
    seat = engine(table).state.turn_order()[0]
    client = as_seat(app, 1)
    picture = client.get("/api/box/screen.png")
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    frame = int(picture.headers["X-Frame"])
    answer = client.post("/api/box/key", json={"key": "DOWN", "frame": frame})
    assert answer.status_code == 200
    stale = client.post("/api/box/key", json={"key": "OK", "frame": frame})
    assert stale.status_code == 409
    if seat == 1:
        new = answer.get_json()["frame"]
        assert client.post("/api/box/key", json={"key": "OK", "frame": new}).status_code == 200
        assert engine(table).state.players[1].city == 18  # grid: city 11, a row down


def test_the_referee_exports_and_sees_seat_links(app: Flask) -> None:
    referee = as_referee(app)
    record = referee.get("/api/record")
    assert record.status_code == 200 and record.get_json()["format"] == "xidit-record/1"
    links = referee.get("/api/links").get_json()["seats"]
    assert len(links) == 4 and all("/seat/" in link["url"] for link in links)
    client = app.test_client()
    assert client.get(links[1]["url"]).status_code == 302


def test_a_blind_referee_manages_without_secrets(app: Flask, table: Table) -> None:
    referee = as_referee(app)
    assert referee.post("/api/blind", json={"on": True}).status_code == 200
    assert referee.get("/api/view").get_json()["view"] == "public"
    assert referee.get("/api/record").status_code == 403
    assert command(referee, app, command="pace", pace="orders").status_code == 200


def test_the_short_seat_link_of_the_oled_qr_code_joins_the_seat(app: Flask) -> None:
    from web.auth import SHORT, seat_token

    token = seat_token(app.config["SECRET_KEY"], app.config["TABLE"].game_id, 3)[:SHORT].upper()
    client = app.test_client()
    assert client.get(f"/S/3/{token}").status_code == 302
    assert client.get("/api/whoami").get_json()["reader"] == "seat:3"
    other = app.test_client()
    assert other.get(f"/S/2/{token}").status_code == 403
    assert other.get("/S/3/000000000000").status_code == 403


def test_pages_not_signed_in_send_a_few_commands_a_second_and_no_more(app: Flask, table: Table) -> None:
    public = app.test_client()
    statuses = [command(public, app, command="acknowledge", upto=0).status_code for _ in range(12)]
    assert statuses[:PER_ADDRESS[0]] == [200] * PER_ADDRESS[0] and 429 in statuses
    refused = command(public, app, command="acknowledge", upto=0)
    assert refused.status_code == 429 and refused.get_json()["retry_after"] > 0
    # A seated player is not counted with them.
    assert command(as_seat(app, 1), app, command="unlock", seat=1).status_code == 422


def test_the_public_bucket_holds_across_addresses_and_refills_with_time() -> None:
    now = [0.0]
    writes = PublicWrites(clock=lambda: now[0], per_address=(3, 1.0), in_all=(5, 2.0))
    assert [writes.take("a") for _ in range(4)] == [0, 0, 0, 1.0]
    assert [writes.take(f"b{n}") for n in range(3)] == [0, 0, 0.5]  # five in all, whatever the address
    now[0] = 0.5
    assert writes.take("b9") == 0 and writes.take("b9") > 0
    now[0] = 10.0
    assert [writes.take("a") for _ in range(3)] == [0, 0, 0]


def test_a_flood_of_anonymous_taps_never_refuses_the_table_views_done() -> None:
    """The audit's TV had its Done refused 22 of 22 while an anonymous flood spent the taps in all: here
    50 addresses tap as fast as they can for 5 minutes on the injectable clock, and the TV taps Done
    every 10 s (a person's pace at most), as it did before the flood began."""
    now = [-10.0]
    writes = PublicWrites(clock=lambda: now[0])
    assert writes.take("10.0.9.9") == 0  # the TV, on the table since the evening began
    done, through = [], 0
    for tick in range(3000):  # every 0.1 s
        now[0] = tick / 10
        for n in range(50):  # 10 a second from each: five times what one address may send
            through += writes.take(f"10.0.4.{n}") == 0
        if tick % 100 == 99:
            done.append(writes.take("10.0.9.9"))
    assert done == [0.0] * 30
    assert through <= IN_ALL[0] + TABLE[0] + 300 * (IN_ALL[1] + TABLE[1])  # the loop got no more than both lanes
