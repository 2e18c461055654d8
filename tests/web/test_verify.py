"""The board pack's walk-through through the API (referee only), its saved pack, import and export, the
reference sheet and the provisional banner."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from flask import Flask, render_template
from flask.testing import FlaskClient

from companion.games.xidit.boards import default_pack, default_pack_text, pack_labels, parse_pack
from companion.games.xidit.boards.saved import PACK_FILE, PROGRESS_FILE
from companion.games.xidit.boards.verify import SCREENS, Walk
from companion.games.xidit.boards.verify.terminal import TERMINAL
from companion.store import Store
from companion.table import SetLanguage, Table
from companion.terminal_walk import run_walk
from tests.games.xidit.boards.support import Owner, same_board, sources, their_board
from tests.table.support import new_game_command
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, web_app

DATE = "2026-11-22"


def state(client: FlaskClient) -> dict[str, Any]:
    answer = client.get("/api/verify/state")
    assert answer.status_code == 200, answer.json
    data: dict[str, Any] = answer.json  # type: ignore[assignment]
    return data


def answer(client: FlaskClient, key: str, value: Any) -> dict[str, Any]:
    reply = client.post("/api/verify/answer", json={"screen": key, "value": value})
    assert reply.status_code == 200, reply.json
    data: dict[str, Any] = reply.json  # type: ignore[assignment]
    return data


def walk_through(client: FlaskClient, owner: Owner) -> dict[str, Any]:
    """Answers each screen the page shows with what the owner sees, reading only the screen's prompt."""
    now = state(client)
    while now["screen"] is not None:
        screen = now["screen"]
        now = answer(client, screen["key"], owner.see(screen["key"], screen["prompt"]))
    return now


def test_an_owner_answering_what_they_see_through_the_api_ends_with_their_board(
        app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    first = state(referee)
    screen = first["screen"]
    assert screen["key"] == "city:1" and screen["prompt"] == "City 1: where do its roads lead?"
    assert [(f["name"], f["kind"], f["known"], f["value"]) for f in screen["fields"]] == [
        ("black", "road", False, None), ("red", "road", False, None), ("blue", "road", False, None)]
    assert first["answered"] == 0 and first["total"] == 80
    assert first["pack_text"] == "New games use the pack Lords of Xidit: provisional."

    theirs = their_board()
    owner = Owner(theirs)
    end = walk_through(referee, owner)
    assert end["ready"] and not end["complete"] and end["three_player_open"] == 19
    done = referee.post("/api/verify/finish", json={"date": DATE})
    assert done.status_code == 200, done.json
    assert done.json["verified"] is False and "3-player" in done.json["message"]
    assert table.new_board.status == "provisional" and table.new_board.tiles["4-5"] == theirs.tiles["4-5"]
    assert (tmp_path / PROGRESS_FILE).exists()  # the 3-player section resumes

    referee.post("/api/verify/goto", json={"screen": "tile:3:1"})
    end = walk_through(referee, owner)
    assert end["complete"] and end["ready"]
    done = referee.post("/api/verify/finish", json={"date": DATE})
    assert done.status_code == 200 and done.json["verified"] is True
    pack = tmp_path / PACK_FILE
    assert not (tmp_path / PROGRESS_FILE).exists()
    check = subprocess.run([sys.executable, "-m", "companion", "board", "check", str(pack)], capture_output=True,
                           text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "clean (Lords of Xidit, verified, 21 cities, 9 regions, 39 tiles)" in check.stdout
    text = pack.read_text("utf-8")
    board = parse_pack(text)
    assert board.status == "verified" and same_board(board, theirs) == []
    assert sources(text) == {f"checked against a physical copy on {DATE}"}

    # It is now the table's pack for new games; the game under way keeps its own.
    assert table.board.status == "provisional" and table.new_board.sha256 == board.sha256
    view = referee.get("/api/view").json
    assert view["table"]["board"]["status"] == "provisional"
    assert view["table"]["board"]["next"]["status"] == "verified"
    table.submit(replace(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)], "short", "normal",
                                          3), replacing=table.game_id)).result(timeout=30)
    assert table.board.status == "verified" and table.board_text == text
    assert state(referee)["pack_text"] == "New games use the pack Lords of Xidit: verified."
    assert state(referee)["answered"] == 0


def in_the_terminal(walk: Walk, key: str) -> tuple[list[str], list[str]]:
    """What the terminal says on screen `key` when the owner types ? then q: its lines and its prompts."""
    walk.goto(key)
    said: list[str] = []
    typed = iter(["?", "q"])
    asked: list[str] = []

    def ask(text: str) -> str:
        asked.append(text)
        return next(typed)

    run_walk(walk, TERMINAL, ask=ask, say=said.append, save=lambda _: None, finish=lambda _: False)
    return said, asked


def test_the_page_and_the_terminal_show_the_same_screens(app: Flask) -> None:
    referee = as_referee(app)
    walk = Walk.start(default_pack(), pack_labels(default_pack_text()))
    for screen in SCREENS:
        shown = referee.post("/api/verify/goto", json={"screen": screen.key}).json["screen"]
        said, asked = in_the_terminal(walk, screen.key)
        assert any(line.endswith("] " + shown["prompt"]) for line in said), (screen.key, said[:4])
        assert "  " + shown["hint"] in said
        assert asked[0].strip().startswith(shown["fields"][0]["label"] + " [")


def test_only_the_referee_walks(app: Flask) -> None:
    public, seat = app.test_client(), as_seat(app, 1)
    for client in (public, seat):
        assert client.get("/api/verify/state").status_code == 403
        assert client.post("/api/verify/answer", json={"screen": "city:1", "value": {}}).status_code == 403
        assert client.post("/api/verify/finish", json={}).status_code == 403
        assert client.get("/api/verify/export").status_code == 403
        assert client.post("/api/verify/import", json={"pack": default_pack_text()}).status_code == 403


def test_a_road_seen_from_one_city_is_known_at_the_other_and_conflicts_point_at_their_screen(app: Flask) -> None:
    referee = as_referee(app)
    answer(referee, "city:1", {"black": 7, "red": 4, "blue": 2})
    referee.post("/api/verify/goto", json={"screen": "city:7"})
    fields = {f["name"]: f for f in state(referee)["screen"]["fields"]}
    assert fields["black"]["known"] and fields["black"]["value"] == 1 and fields["black"]["shown"] == "city 1"
    assert not fields["blue"]["known"]
    now = answer(referee, "city:7", {"black": 9, "red": 6, "blue": 8})
    [conflict] = [c for c in now["conflicts"] if c["screen"] == "city:1"]
    assert conflict["blocking"] and conflict["prompt"] == "City 1: where do its roads lead?"
    jumped = referee.post("/api/verify/goto", json={"screen": conflict["screen"]}).json
    assert jumped["screen"]["key"] == "city:1" and jumped["screen"]["conflicts"] == [conflict["text"]]


def test_answers_of_the_wrong_form_are_refused_and_moves_work(app: Flask) -> None:
    referee = as_referee(app)
    bad = referee.post("/api/verify/answer", json={"screen": "city:1", "value": {"black": 1, "red": None,
                                                                                 "blue": None}})
    assert bad.status_code == 400 and "two different cities" in bad.json["error"]
    blank = referee.post("/api/verify/answer", json={"screen": "city:1", "value": {"black": 7}})
    assert blank.status_code == 400 and "red is missing" in blank.json["error"]
    assert referee.post("/api/verify/answer", json={"screen": "nope", "value": {}}).status_code == 400
    assert referee.post("/api/verify/answer", json={"screen": "city:1"}).status_code == 400
    assert referee.post("/api/verify/goto", json={"screen": "nope"}).status_code == 400
    assert state(referee)["answered"] == 0
    assert referee.post("/api/verify/skip", json={}).json["screen"]["key"] == "city:2"
    assert referee.post("/api/verify/back", json={}).json["screen"]["key"] == "city:1"
    early = referee.post("/api/verify/finish", json={"date": DATE})
    assert early.status_code == 422 and "61 screens unanswered" in early.json["error"]
    assert referee.post("/api/verify/finish", json={"date": "today"}).status_code == 400


def test_a_half_done_walk_resumes_after_a_restart(app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    owner = Owner(their_board())
    for key in ("city:1", "city:2"):
        answer(referee, key, owner.see(key, ""))
    before = state(referee)
    table.stop()  # the Pi restarts: a new table and app on the same store

    again = Table.open(Store(tmp_path / "web.db"), default_pack_text())
    again.start()
    try:
        app2 = web_app({"REFEREE_PIN": PIN, "TESTING": True}, again, PhoneBoxes(again, set()))
        after = state(as_referee(app2))
    finally:
        again.stop()
    assert after["screen"] == before["screen"] and after["screen"]["key"] == "city:3"
    assert after["answered"] == before["answered"] == 2 and after["changes"] == before["changes"]


def test_import_refuses_a_pack_with_problems_listing_every_one(app: Flask, tmp_path: Path) -> None:
    referee = as_referee(app)
    broken = (default_pack_text().replace("between = [5, 12]", "between = [5, 22]", 1)
              .replace('"militia", "militia", "infantry"', '"militia", "milita", "infantry"', 1))
    refused = referee.post("/api/verify/import", json={"pack": broken})
    assert refused.status_code == 422
    assert "2 problems" in refused.json["error"]
    problems = refused.json["problems"]
    assert len(problems) == 2
    assert any("unknown city 22" in p for p in problems)
    assert any('unknown unit "milita"' in p for p in problems)
    raw = referee.post("/api/verify/import", json={"pack": "not = [toml"})
    assert raw.status_code == 422 and "not valid TOML" in raw.json["problems"][0]
    plain = referee.post("/api/verify/import", data=b"not = [toml", content_type="text/plain")
    assert plain.status_code == 403  # a pack comes as JSON from the table's page, never as a simple form post
    assert not (tmp_path / PACK_FILE).exists()


def test_import_of_a_verified_pack_uses_it_and_export_gives_it_back(app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    shared = default_pack_text().replace('status = "provisional"', 'status = "verified"', 1)
    done = referee.post("/api/verify/import", json={"pack": shared})
    assert done.status_code == 200 and done.json["used"] is True
    assert (tmp_path / PACK_FILE).read_text("utf-8") == shared
    assert table.new_board.status == "verified"
    exported = referee.get("/api/verify/export")
    assert exported.status_code == 200 and exported.get_data(as_text=True) == shared
    assert exported.headers["Content-Disposition"] == "attachment; filename=lords-of-xidit-verified.toml"


def test_import_of_a_provisional_pack_starts_the_walk_from_it(app: Flask) -> None:
    referee = as_referee(app)
    theirs = default_pack_text().replace("fame = [2, 1]", "fame = [3, 1]", 1)  # region 8
    assert theirs != default_pack_text()
    started = referee.post("/api/verify/import", json={"pack": theirs})
    assert started.status_code == 200 and started.json["walk"] is True
    assert state(referee)["origin"]["sha256"] == parse_pack(theirs).sha256
    answer(referee, "city:1", {"black": 7, "red": 4, "blue": 2})
    again = referee.post("/api/verify/import", json={"pack": theirs})
    assert again.status_code == 409 and again.json["answered"] >= 1
    replaced = referee.post("/api/verify/import", json={"pack": theirs, "replace": True})
    assert replaced.status_code == 200 and replaced.json["answered"] == 0


def test_the_banner_says_a_provisional_pack_plainly_with_the_link(app: Flask, table: Table) -> None:
    with app.test_request_context("/"):
        banner = render_template("_provisional.html")
    assert "Provisional board pack." in banner and 'href="/verify"' in banner
    table.submit(replace(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)], "short", "normal",
                                          3), replacing=table.game_id)).result(timeout=30)
    verified = default_pack_text().replace('status = "provisional"', 'status = "verified"', 1)
    assert as_referee(app).post("/api/verify/import", json={"pack": verified}).status_code == 200
    with app.test_request_context("/"):
        banner = render_template("_provisional.html")
    assert "A verified pack is ready: new games use it." in banner  # the game under way is still provisional
    table.submit(replace(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)], "short", "normal",
                                          4), replacing=table.game_id)).result(timeout=30)
    with app.test_request_context("/"):
        assert render_template("_provisional.html").strip() == ""


def test_the_reference_sheet_lists_the_pack_in_use_for_printing(app: Flask, table: Table) -> None:
    page = app.test_client().get("/reference")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Provisional board pack." in html and "@media print" not in html  # print rules live in the CSS
    assert "<svg" in html and 'class="road road-blue" data-between="5-12"' in html
    assert html.count("<tr data-city=") == 21 and html.count("<tr data-region=") == 9
    assert html.count("<tr data-tile=") == 21 + 18
    assert 'data-set="4-5"' in html and 'data-set="3"' in html
    assert '<td class="road-blue">12</td>' in html
    with app.test_client().get("/static/verify.css") as sheet:  # closed: it holds the file open
        css = sheet.get_data(as_text=True)
    assert "@page { size: A4" in css
    french = app.test_client()
    table.submit(SetLanguage("fr")).result(timeout=30)
    assert "Fiche de référence" in french.get("/reference").get_data(as_text=True)


def test_the_walk_page_asks_for_the_pin_then_serves_the_walk(app: Flask) -> None:
    public = app.test_client().get("/verify").get_data(as_text=True)
    assert 'id="verify-login"' in public and 'id="fields"' not in public
    page = as_referee(app).get("/verify").get_data(as_text=True)
    assert 'id="fields"' in page and "verify.js" in page and 'id="verify-texts"' in page
