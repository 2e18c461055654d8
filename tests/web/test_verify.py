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

from companion.boards import default_pack_text, parse_pack
from companion.boards.saved import PACK_FILE, PROGRESS_FILE
from companion.store import Store
from companion.table import SetLanguage, Table
from companion.table.bots import new_game_command
from tests.boards.support import differences, sources
from web import create_app
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat

DATE = "2026-11-22"

# The owner's corrections: three roads, a region, two tiles. Every other answer confirms the pack.
CORRECTIONS: dict[str, Any] = {
    "road:1:black": None,  # 1-7 black is not on the board
    "road:5:red": None,  # nor is 5-13 red
    "road:9:blue": 17,  # a blue road joins 9 and 17
    "fame:4": [4, 2],
    "recruit:4-5:1": ["militia", "archer", "infantry", "priest", "mage"],
    "rewards:3:2": [1, 2, 3],
}
# ...which change these values of the pack (a road is seen from both its cities).
CHANGED = {"road:1:black", "road:7:black", "road:5:red", "road:13:red", "road:9:blue", "road:17:blue", "fame:4",
           "recruit:4-5:1", "rewards:3:2"}


def state(client: FlaskClient) -> dict[str, Any]:
    answer = client.get("/api/verify/state")
    assert answer.status_code == 200, answer.json
    data: dict[str, Any] = answer.json  # type: ignore[assignment]
    return data


def answer(client: FlaskClient, key: str, value: Any) -> dict[str, Any]:
    reply = client.post("/api/verify/answer", json={"question": key, "value": value})
    assert reply.status_code == 200, reply.json
    data: dict[str, Any] = reply.json  # type: ignore[assignment]
    return data


def walk_through(client: FlaskClient, planned: dict[str, Any]) -> dict[str, Any]:
    """Answers each question the page shows, as the owner would: the planned value, else Confirm."""
    planned = dict(planned)
    now = state(client)
    while now["question"] is not None:
        question = now["question"]
        now = answer(client, question["key"], planned.pop(question["key"], question["value"]))
    assert planned == {}
    return now


def test_a_walk_through_the_api_with_three_roads_a_region_and_two_tiles_corrected(
        app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    first = state(referee)
    assert first["question"]["key"] == "road:1:black"
    assert first["question"]["prompt"] == "From city 1, where does the black road lead?"
    assert first["question"]["value"] == 7 and first["question"]["shown"] == "city 7"
    assert first["answered"] == 0 and first["total"] == 204
    assert first["pack_text"] == "New games use the pack Lords of Xidit: provisional."

    end = walk_through(referee, CORRECTIONS)
    assert end["ready"] and end["unanswered"] == 0
    assert {c["question"] for c in end["changes"]} == CHANGED
    assert all(not c["blocking"] for c in end["conflicts"])  # warnings only: 1-7 and 5-13 bounded regions

    done = referee.post("/api/verify/finish", json={"date": DATE})
    assert done.status_code == 200, done.json
    assert done.json["saved"] == PACK_FILE and done.json["changes"] == len(CHANGED)
    pack = tmp_path / PACK_FILE
    assert not (tmp_path / PROGRESS_FILE).exists()

    # The real `companion board check` accepts it.
    check = subprocess.run([sys.executable, "-m", "companion", "board", "check", str(pack)], capture_output=True,
                           text=True, timeout=60)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "clean (Lords of Xidit, verified, 21 cities, 9 regions, 39 tiles)" in check.stdout

    # Exactly those changes; every table says it was checked, and when.
    text = pack.read_text("utf-8")
    assert set(differences(text, default_pack_text())) == CHANGED
    board, default = parse_pack(text), parse_pack(default_pack_text())
    assert board.status == "verified"
    assert board.road(9, "blue") == 17 and board.road(1, "black") is None and board.regions[4].fame == (4, 2)
    assert board.tiles["3"][2].gold == 1 and list(board.tiles["4-5"][1].recruit) == CORRECTIONS["recruit:4-5:1"]
    assert (board.positions, board.variants, board.cities) == (default.positions, default.variants, default.cities)
    assert sources(text) == {f"checked against a physical copy on {DATE}"}

    # It is now the table's pack for new games; the game under way keeps its own.
    assert table.board.status == "provisional" and table.new_board.sha256 == board.sha256
    view = referee.get("/api/view").json
    assert view["table"]["board"]["status"] == "provisional"
    assert view["table"]["board"]["next"]["status"] == "verified"
    table.submit(replace(new_game_command([(1, "blue", None), (2, "red", None), (3, "green", None)], "short", "normal",
                                          3), replacing=table.game_id)).result(timeout=30)
    assert table.board.status == "verified" and table.board_text == text
    assert "next" not in referee.get("/api/view").json["table"]["board"]
    # A new walk would start from the verified pack.
    assert state(referee)["pack_text"] == "New games use the pack Lords of Xidit: verified."
    assert state(referee)["answered"] == 0


def test_only_the_referee_walks(app: Flask) -> None:
    public, seat = app.test_client(), as_seat(app, 1)
    for client in (public, seat):
        assert client.get("/api/verify/state").status_code == 403
        assert client.post("/api/verify/answer", json={"question": "road:1:black", "value": 7}).status_code == 403
        assert client.post("/api/verify/finish", json={}).status_code == 403
        assert client.get("/api/verify/export").status_code == 403
        assert client.post("/api/verify/import", json={"pack": default_pack_text()}).status_code == 403


def test_a_road_answered_at_one_end_shows_at_the_other_and_conflicts_point_at_their_question(app: Flask) -> None:
    referee = as_referee(app)
    after = answer(referee, "road:5:blue", 18)
    assert {t["question"] for t in after["touched"]} == {"road:12:blue", "road:18:blue", "road:19:blue"}
    referee.post("/api/verify/goto", json={"question": "road:18:blue"})
    shown = state(referee)["question"]
    assert shown["key"] == "road:18:blue" and shown["value"] == 5 and shown["answered"]
    assert shown["implied_text"] == "Already answered by the road from city 5."

    # 19's blue road was confirmed; an answer elsewhere that moves it is a conflict at 19, shown live.
    answer(referee, "road:19:blue", None)
    now = answer(referee, "road:9:blue", 19)
    conflicts = [c for c in now["conflicts"] if c["question"] == "road:19:blue"]
    assert len(conflicts) == 1 and conflicts[0]["blocking"]
    assert "City 19" in conflicts[0]["text"] and conflicts[0]["prompt"].startswith("From city 19")
    # The button of that conflict goes to the question that fixes it, where it is shown too.
    jumped = referee.post("/api/verify/goto", json={"question": conflicts[0]["question"]}).json
    assert jumped["question"]["key"] == "road:19:blue"
    assert jumped["question"]["conflicts"] == [conflicts[0]["text"]]
    fixed = answer(referee, "road:19:blue", 9)
    assert not [c for c in fixed["conflicts"] if c["question"] == "road:19:blue"]


def test_answers_of_the_wrong_form_are_refused_and_moves_work(app: Flask) -> None:
    referee = as_referee(app)
    bad = referee.post("/api/verify/answer", json={"question": "road:1:black", "value": 1})
    assert bad.status_code == 400 and "two different cities" in bad.json["error"]
    assert referee.post("/api/verify/answer", json={"question": "nope", "value": 1}).status_code == 400
    assert referee.post("/api/verify/answer", json={"question": "road:1:black"}).status_code == 400
    assert referee.post("/api/verify/goto", json={"question": "nope"}).status_code == 400
    assert state(referee)["answered"] == 0
    assert referee.post("/api/verify/skip").json["question"]["key"] == "road:1:red"
    assert referee.post("/api/verify/back").json["question"]["key"] == "road:1:black"
    early = referee.post("/api/verify/finish", json={"date": DATE})
    assert early.status_code == 422 and "204 question(s) unanswered" in early.json["error"]
    assert referee.post("/api/verify/finish", json={"date": "today"}).status_code == 400


def test_a_half_done_walk_resumes_after_a_restart(app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    answer(referee, "road:1:black", 7)
    answer(referee, "road:1:red", 4)
    referee.post("/api/verify/goto", json={"question": "fame:4"})
    answer(referee, "fame:4", [4, 2])
    before = state(referee)
    table.stop()  # the Pi restarts: a new table and app on the same store

    again = Table.open(Store(tmp_path / "web.db"), default_pack_text())
    again.start()
    try:
        app2 = create_app({"REFEREE_PIN": PIN, "TESTING": True}, again, PhoneBoxes(again, set()))
        after = state(as_referee(app2))
    finally:
        again.stop()
    assert after["question"] == before["question"] and after["question"]["key"] == "border:4"
    assert after["answered"] == before["answered"] == 5  # three answers, and 7's black and 4's red roads implied
    assert after["changes"] == before["changes"] and len(after["changes"]) == 1


def test_import_refuses_a_pack_with_problems_listing_every_one(app: Flask, tmp_path: Path) -> None:
    referee = as_referee(app)
    broken = (default_pack_text().replace("between = [5, 12]", "between = [5, 22]", 1)
              .replace('"militia", "militia", "infantry"', '"militia", "milita", "infantry"', 1))
    refused = referee.post("/api/verify/import", json={"pack": broken})
    assert refused.status_code == 422
    assert "2 problem(s)" in refused.json["error"]
    problems = refused.json["problems"]
    assert len(problems) == 2
    assert any("unknown city 22" in p for p in problems)
    assert any('unknown unit "milita"' in p for p in problems)
    raw = referee.post("/api/verify/import", data=b"not = [toml", content_type="text/plain")
    assert raw.status_code == 422 and "not valid TOML" in raw.json["problems"][0]
    assert not (tmp_path / PACK_FILE).exists()


def test_import_of_a_verified_pack_uses_it_and_export_gives_it_back(app: Flask, table: Table, tmp_path: Path) -> None:
    referee = as_referee(app)
    shared = default_pack_text().replace('status = "provisional"', 'status = "verified"', 1)
    done = referee.post("/api/verify/import", data=shared.encode(), content_type="application/toml")
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
    referee.post("/api/verify/goto", json={"question": "fame:8"})
    assert state(referee)["question"]["value"] == [3, 1]
    answer(referee, "road:1:black", 7)
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
    assert 'id="verify-login"' in public and 'id="confirm"' not in public
    page = as_referee(app).get("/verify").get_data(as_text=True)
    assert 'id="confirm"' in page and "verify.js" in page and 'id="verify-texts"' in page
