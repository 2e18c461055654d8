"""web/guard.py: the table answers only to its own names, takes changes only from its own pages, as
JSON of bounded size and depth, and runs no inline script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from web.guard import Hosts, too_deep

from .conftest import ORIGIN, PIN, as_referee, as_seat, command


@pytest.fixture
def table(toy_seats_table: Table) -> Table:
    """The toy game's table (tests/web/conftest.py): the guard is the same for every game."""
    return toy_seats_table

ROOT = Path(__file__).parent.parent.parent
TEMPLATES = ROOT / "web" / "templates"


def test_a_request_naming_another_host_is_misdirected(app: Flask) -> None:
    client = app.test_client()
    for host in ("attacker.example", "table.local.attacker.example", ""):
        assert client.get("/", headers={"Host": host}).status_code in (400, 421), host
        assert client.get("/api/view", headers={"Host": host}).status_code in (400, 421), host
    for host in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "127.0.0.2"):
        assert client.get("/api/view", headers={"Host": host}).status_code == 200, host


def test_configured_names_are_served_and_others_looked_for_again_only_now_and_then() -> None:
    now = [0.0]
    found = [{"192.168.4.1"}]
    hosts = Hosts(["Xidit.Local."], detect=lambda: set(found[0]), clock=lambda: now[0])
    assert hosts.allows("xidit.local:8000") and hosts.allows("192.168.4.1:8000") and hosts.allows("LOCALHOST")
    found[0] = {"10.0.0.7"}  # the Pi got another address
    assert not hosts.allows("10.0.0.7")  # looked at the start: not again at once
    now[0] = 11.0
    assert hosts.allows("10.0.0.7") and not hosts.allows("192.168.4.1")


def test_a_change_from_another_origin_or_without_one_is_forbidden(app: Flask) -> None:
    referee = as_referee(app)
    version = app.config["TABLE"].version
    body = {"command": "pace", "pace": "orders", "version": version}
    for origin in ("http://localhost:8080", "http://attacker.example", "https://localhost", "null"):
        answer = referee.post("/api/command", json=body, headers={"Origin": origin})
        assert answer.status_code == 403 and "own pages" in answer.json["error"], origin
    no_origin = FlaskClient(app, app.response_class)  # sends no Origin of its own
    assert no_origin.post("/api/login", json={"pin": PIN}).status_code == 403
    assert no_origin.post("/api/login", json={"pin": PIN}, headers={"Origin": ORIGIN}).status_code == 200
    assert no_origin.post("/api/command", json=body).status_code == 403
    assert no_origin.post("/api/command", json=body, headers={"Referer": "http://localhost/referee"}).status_code == 200
    assert app.config["TABLE"].version > version


def test_a_simple_form_post_is_forbidden_even_from_the_table_itself(app: Flask) -> None:
    referee = as_referee(app)
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        answer = referee.post("/api/logout", data=b"{}", content_type=kind)
        assert answer.status_code == 403 and "JSON" in answer.json["error"], kind
    assert referee.get("/api/whoami").json["role"] == "referee"  # still signed in


def test_deep_huge_or_broken_bodies_are_refused_with_a_4xx(app: Flask) -> None:
    client = app.test_client()
    deep = b"[" * 200_000 + b"]" * 200_000
    answer = client.post("/api/login", data=deep, content_type="application/json")
    assert answer.status_code == 413  # bigger than the public may send
    answer = client.post("/api/login", data=b"[" * 5000 + b"]" * 5000, content_type="application/json")
    assert answer.status_code == 400 and "deeper" in answer.json["error"]
    answer = client.post("/api/login", data=b'{"pin": "1', content_type="application/json")
    assert answer.status_code == 400 and "not valid JSON" in answer.json["error"]
    answer = client.post("/api/login", data=b"\xff\xfe{}", content_type="application/json")
    assert answer.status_code == 400
    referee = as_referee(app)
    big = {"command": "pace", "pace": "x" * (2 << 20), "version": 0}
    assert command(referee, app, **big).status_code == 413
    nested: object = "x"
    for _ in range(40):
        nested = {"a": nested}
    assert command(referee, app, command="import", record=nested).status_code == 400


def test_the_depth_scan_ignores_brackets_in_strings() -> None:
    assert not too_deep(b'{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": [1, [2]]}', 32)
    assert not too_deep(b'["\\"[[[[", ' + b"[" * 31 + b"]" * 31 + b"]", 32)
    assert too_deep(b'["\\"", ' + b"[" * 32 + b"]" * 32 + b"]", 32)
    assert not too_deep(b"[]" * 10_000, 32)


def test_links_and_codes_use_the_tables_address_never_the_host_asked(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "http://xidit.local:8000/"
    referee = as_referee(app)
    page = referee.get("/referee", headers={"Host": "localhost:8000"}).get_data(as_text=True)
    assert "http://xidit.local:8000/seat/1?t=" in page and "http://localhost" not in page
    assert '<p class="url">http://xidit.local:8000/</p>' in referee.get("/").get_data(as_text=True)


def test_every_answer_forbids_inline_script(app: Flask) -> None:
    for answer in (app.test_client().get("/"), as_seat(app, 1).get("/seat/1"), app.test_client().get("/api/view"),
                   app.test_client().get("/nowhere")):
        policy = answer.headers["Content-Security-Policy"]
        script = re.search(r"script-src ([^;]*)", policy)
        assert script is not None and script.group(1) == "'self'"
        assert answer.headers["Referrer-Policy"] == "same-origin"  # the Origin of the pages' own changes


def test_no_template_has_an_inline_script_or_handler() -> None:
    templates = [*TEMPLATES.glob("*.html"), *ROOT.glob("companion/games/*/web/templates/*/*.html")]
    assert any("games" in t.parts for t in templates)
    for template in templates:
        text = template.read_text("utf-8")
        assert not re.search(r"\son[a-z]+\s*=", text), template.name
        for tag in re.findall(r"<script[^>]*>", text):
            assert "src=" in tag or 'type="application/json"' in tag, (template.name, tag)


def test_the_pin_form_still_signs_in(app: Flask) -> None:
    assert app.test_client().post("/api/login", json={"pin": PIN}).status_code == 200
