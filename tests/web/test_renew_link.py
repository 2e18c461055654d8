"""The referee renews a seat's link during a game (issue 27, item 7): the old link, long or short, and every
sign-in made with it stop working at once; the new one works, and a restart keeps it so. On the tests' toy
game (tests/games/toy), whose seats are numbered from 0: its seat 1 is linked as /seat/2."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.store import Store
from companion.table import Table
from web.auth import SHORT, seat_token
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app


def test_a_renewed_link_ends_the_old_one_and_its_sign_ins_at_once(toy_app: Flask, toy_table: Table,
                                                                  tmp_path: Path) -> None:
    app, table = toy_app, toy_table
    secret = app.config["SECRET_KEY"]
    old = seat_token(secret, table.game_id, 1)
    phone, other = as_seat(app, 1), as_seat(app, 0)
    stream = phone.get("/api/stream", buffered=False)
    chunks = iter(stream.response)  # type: ignore[attr-defined]
    assert next(chunks).startswith(b": connected") and b'"reader":"seat:1"' in next(chunks)
    referee = as_referee(app)
    assert command(phone, app, command="renew_link", seat=1).status_code == 403  # only the referee
    assert command(referee, app, command="renew_link", seat=9).status_code == 422
    answer = command(referee, app, command="renew_link", seat=1)
    assert answer.status_code == 200
    # At once: the phone signed in with the old link is a seat no more, even its open stream.
    assert phone.get("/api/whoami").get_json()["role"] == "public"
    bid = {"type": "bid", "seat": 1, "bid": 2}
    assert command(phone, app, command="decide", seat=1, action=bid).status_code == 403
    assert phone.get("/seat/2").status_code == 403
    assert [c for c in chunks if b"event: view" in c] == []  # its stream ended too, with no view sent
    stream.close()
    assert app.test_client().get(f"/seat/2?t={old}").status_code == 403
    assert app.test_client().get(f"/s/2/{old[:SHORT].upper()}").status_code == 403
    # Another seat is not touched; the new link, from the referee's list, signs in.
    assert other.get("/api/whoami").get_json() == {"role": "seat", "seat": 0, "blind": False, "reader": "seat:0"}
    url = next(s["url"] for s in referee.get("/api/links").get_json()["seats"] if s["seat"] == 1)
    assert old not in url
    fresh = app.test_client()
    assert fresh.get(url).status_code == 302 and fresh.get("/api/whoami").get_json()["seat"] == 1
    assert f"seat/2?t={url.split('t=')[1]}" in referee.get("/referee").get_data(as_text=True)
    new = seat_token(secret, table.game_id, 1, 1)
    assert app.test_client().get(f"/S/2/{new[:SHORT].upper()}").status_code == 302
    # A restart keeps the new link and not the old one.
    table.stop()
    again = Table.open(Store(tmp_path / "web.db"), "", game="toy")
    again.start()
    restarted = web_app({"REFEREE_PIN": PIN}, again, PhoneBoxes(again, set()))
    restarted.config["SECRET_KEY"] = secret
    assert restarted.test_client().get(f"/seat/2?t={old}").status_code == 403
    assert restarted.test_client().get(f"/seat/2?t={new}").status_code == 302
    again.stop()
