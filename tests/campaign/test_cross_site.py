"""Cross-site campaign: every state-changing route of the app (read from its url_map, so none is
missed), with the referee's cookie, from another origin, as a simple form post, with no origin at all;
Host header games on every route; deep and huge bodies on every write route; and the PIN renewed by
another process in the middle of a game. Nothing is let through, nothing changes, nothing crashes."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from tests.table.support import new_table
from tests.web.conftest import ORIGIN, PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes

from .results import record

ROOT = Path(__file__).parent.parent.parent
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
FOREIGN = ["http://localhost:8081", "http://attacker.example", "https://localhost", "null", "http://localhost.evil",
           "http://127.0.0.1", "file://"]
HOSTS = ["attacker.example", "attacker.example:80", "localhost.attacker.example", "xidit.local@attacker.example",
         "[::2]", "10.11.12.13", "localhost:80@evil", " ", "a" * 300]
KINDS = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp",
         "text/json", ""]


def paths(app: Flask) -> list[tuple[str, str]]:
    """Every route and method of the app, with a value in each variable part."""
    found = []
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[^:<>]+:)?[^<>]+>", "x", re.sub(r"<int:[^<>]+>", "1", rule.rule))
        found += [(method, path) for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})]
    return found


def body_for(path: str, table: Table) -> dict[str, object]:
    """A body the route would take from the table's own page (so only the origin or type is wrong)."""
    if path == "/api/login":
        return {"pin": PIN}
    return {"command": "pace", "pace": "orders", "version": table.version, "on": True, "seat": 1, "token": "x",
            "key": "OK", "frame": 0, "question": "road:1:black", "value": 7, "pack": "x", "date": "2026-01-01"}


def test_no_cross_site_request_host_game_or_bad_body_gets_through(tmp_path: Path) -> None:
    table = new_table(tmp_path / "cross.db", players=4, seed=17)
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {1, 2}))
        counts = attack(app, table)
    finally:
        table.stop()
    record("cross_site", **counts)


def attack(app: Flask, table: Table) -> dict[str, object]:
    routes = paths(app)
    writes = [(m, p) for m, p in routes if m in WRITES]
    assert ("POST", "/api/logout") in writes and ("POST", "/api/verify/import") in writes and len(writes) >= 10
    referee = as_referee(app)
    statuses: Counter[str] = Counter()
    before = table.view("referee"), table.version, table.new_pack

    def unchanged() -> None:
        assert (table.view("referee"), table.version, table.new_pack) == before
        assert referee.get("/api/whoami").json["role"] == "referee"  # not even signed out

    for method, path in writes:
        body = json.dumps(body_for(path, table))
        for origin in FOREIGN:
            for header in ("Origin", "Referer"):
                value = origin if header == "Origin" else f"{origin}/referee"
                answer = referee.open(path, method=method, data=body, content_type="application/json",
                                      headers={header: value} if header == "Origin" else
                                      {"Origin": "", "Referer": value})
                statuses[f"foreign {header}: {answer.status_code}"] += 1
                assert answer.status_code == 403, (method, path, header, origin)
        for kind in KINDS:
            answer = referee.open(path, method=method, data=body, content_type=kind or None)
            statuses[f"simple type: {answer.status_code}"] += 1
            assert answer.status_code == 403, (method, path, kind)
        bare = FlaskClient(app, app.response_class)  # no Origin, no Referer: a script outside any page
        bare.set_cookie("session", referee.get_cookie("session").value)  # type: ignore[union-attr]
        answer = bare.open(path, method=method, data=body, content_type="application/json")
        statuses[f"no origin: {answer.status_code}"] += 1
        assert answer.status_code == 403, (method, path)
        unchanged()

    for method, path in routes:
        for host in HOSTS:
            answer = referee.open(path, method=method, json=body_for(path, table) if method in WRITES else None,
                                  headers={"Host": host, "Origin": f"http://{host}"})
            statuses[f"host game: {answer.status_code}"] += 1
            assert answer.status_code in (400, 421), (method, path, host)
    unchanged()

    deep = b'{"command": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    huge = json.dumps({"command": "pace", "pace": "x" * (3 << 20)}).encode()
    nested = b'{"a": ' * 40 + b"1" + b"}" * 40
    seat = as_seat(app, 1)  # one phone: a new sign-in on each route would be the flood sign-ins are limited against
    for method, path in writes:
        for client, name in ((referee, "referee"), (app.test_client(), "public"), (seat, "seat")):
            for data, label, expected in ((deep, "deep", {400, 413}), (huge, "huge", {413}), (nested, "nested", {400}),
                                          (b'{"pin": "1', "broken", {400}), (b"\xff\xfe", "not utf-8", {400})):
                answer = client.open(path, method=method, data=data, content_type="application/json")
                statuses[f"{label} body: {answer.status_code}"] += 1
                assert answer.status_code in expected, (method, path, name, label, answer.status_code)
                assert answer.is_json and "error" in answer.json and "Traceback" not in answer.get_data(as_text=True)
    unchanged()
    return {"write_routes": len(writes), "routes": len(routes), "requests": sum(statuses.values()),
            "statuses": dict(sorted(statuses.items())), "state_changes": 0}


def test_the_pin_renewed_mid_game_signs_the_referee_out_and_the_game_goes_on(tmp_path: Path) -> None:
    table = new_table(tmp_path / "renew.db", players=4, seed=23)
    table.start()
    try:
        renewals = renew_mid_game(table)
    finally:
        table.stop()
    record("pin_renewal", **renewals)


def renew_mid_game(table: Table) -> dict[str, object]:
    app = web_app({}, table, PhoneBoxes(table, set()))  # the PIN the store keeps, as `companion run` does
    seats = {seat: as_seat(app, seat) for seat in (1, 2, 3, 4)}
    renewed = 0
    commands_after = 0
    for round_ in range(3):
        pin = table.setting("referee_pin")
        referee = app.test_client()
        assert referee.post("/api/login", json={"pin": pin}).status_code == 200
        assert _acknowledge(referee, table) == 200
        done = subprocess.run([sys.executable, "-m", "companion", "pin", "--new", "--store", str(table.store_path)],
                              capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert done.returncode == 0, done.stderr
        renewed += 1
        new = done.stdout.strip().rsplit(" ", 1)[1]
        assert _acknowledge(referee, table) == 403, round_  # signed out at once
        assert referee.post("/api/login", json={"pin": pin}).status_code == 403
        assert referee.post("/api/login", json={"pin": new}).status_code == 200
        assert _acknowledge(referee, table) == 200
        commands_after += 2
        for seat, client in seats.items():
            assert client.get(f"/seat/{seat}").status_code == 200  # the players play on
    return {"renewals": renewed, "referee_signed_out_at_once": renewed, "old_pin_refused": renewed,
            "commands_after_renewal": commands_after, "players_kept": len(seats)}


PACES = itertools.cycle(["orders", "decisions"])


def _acknowledge(client: FlaskClient, table: Table) -> int:
    """A referee's command (the pace, one way then the other): its status."""
    answer = client.post("/api/command", json={"command": "pace", "pace": next(PACES), "version": table.version},
                         headers={"Origin": ORIGIN})
    return answer.status_code
