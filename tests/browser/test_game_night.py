"""A game night on phones: the referee sets up a game with the wizard, three phone boxes program and
lock with their on-screen keys, the table view follows live, the referee rolls back, and a finished
record imported through the referee page shows its winner on the scoring page."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.rules import Game, record_to_json, setup_from_json
from companion.table import SetPace
from tests.engine import engine
from tests.table.support import new_table
from web import create_app
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import ARTIFACTS, PHONE, PIN, Served

expect: Any = None


@pytest.fixture
def pages(browser: Any) -> Iterator[Any]:
    """New phone-sized pages; their contexts are closed before the server stops."""
    global expect
    from playwright.sync_api import expect as playwright_expect

    expect = playwright_expect
    contexts: list[Any] = []

    def open_page() -> Any:
        context = browser.new_context(**PHONE)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        # The Content-Security-Policy runs no inline script: a page that needs one shows up here.
        page.on("console", lambda message: errors.append(message.text) if "Content Security Policy" in message.text
                else None)
        return page

    errors: list[str] = []
    yield open_page
    for context in contexts:
        for page in context.pages:
            page.close()  # each page and its event stream end before its context closes (a context closed
            # with a stream still open hung once); a page may be navigating by itself, which a goto would meet
        context.close()
    assert errors == []  # no script error on any page


def sign_in(page: Any, url: str) -> None:
    page.goto(f"{url}/referee")
    page.fill("#pin", PIN)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#wizard")).to_be_attached()


def finished_record(served: Served, path: Path) -> Path:
    """A whole 3-player game played by random legal decisions, as a record file to import."""
    setup = setup_from_json({"players": [{"seat": 1, "colour": "green", "name": "Ann"},
                                         {"seat": 2, "colour": "red", "name": "Bob"},
                                         {"seat": 3, "colour": "blue", "name": "Cleo"}],
                             "length": "short", "seed": 21})
    game = Game(served.table.board, setup)
    rng = random.Random(21)
    while game.outcome() is None:
        game.push(decide(rng, game.legal()[0], game.state))
    path.write_text(json.dumps(record_to_json(game.record())), "utf-8")
    return path


def test_a_game_night_on_phones(served: Served, pages: Any, tmp_path: Path) -> None:
    table, url = served.table, served.url
    referee = pages()
    sign_in(referee, url)

    # The wizard: 3 named players, a short game, tiles shuffled by the Pi.
    referee.locator("#h-new").click()
    referee.select_option("#w-count", "3")
    for row, name in enumerate(["Ann", "Bob", "Cleo"]):
        referee.fill(f"input[name='name-{row}']", name)
    referee.check("input[name='length'][value='short']")
    referee.check("input[name='neutral'][value='hard']")
    referee.fill("input[name='seed']", "7")
    referee.select_option("#w-first", "2")
    referee.get_by_role("button", name="Start the game").click()
    referee.get_by_role("button", name="Set it aside").click()  # the served table's game is set aside
    expect(referee.locator("#live")).to_have_attribute("data-phase", "place")
    game = engine(table)
    assert [p.name for p in game.state.players.values()] == ["Ann", "Bob", "Cleo"]
    assert game.setup.years == 9 and game.state.first == 2 and game.setup.neutral == "hard"

    board = pages()
    board.goto(url)
    board.evaluate("window.stayed = true")  # gone if the page reloads: live updates must not
    expect(board.locator("#live")).to_have_attribute("data-phase", "place")

    # The referee places the three Idrakys on the players' behalf.
    for city in (5, 12, 16):
        seat = game.legal()[0].seat
        referee.select_option("#decide-seat", str(seat))
        referee.locator("#decide-load").click()
        form = referee.locator("form[data-decision='place']")
        form.locator("select[name='city']").select_option(str(city))
        form.get_by_role("button", name="Send").click()
        expect(referee.locator("#decide-note")).to_have_text("Done.")
    expect(board.locator("#live")).to_have_attribute("data-phase", "program")
    # Nobody tapped Done: the map shows the board as of the set-up still to do; "Now" shows the game now.
    expect(board.locator("svg.map g.idrakys")).to_have_count(0)
    board.locator("button[data-board='now']").click()
    expect(board.locator("svg.map g.idrakys")).to_have_count(3)
    expect(board.locator("button[data-board='now']")).to_have_attribute("aria-pressed", "true")

    # Each player opens their seat link and programs on the phone box; the table sees only the locks.
    links = {int(link.get_attribute("data-seat")): link.locator("a.seat-link").get_attribute("href")
             for link in referee.locator("li.link").all()}
    assert sorted(links) == [1, 2, 3]
    phones = {}
    for seat in (1, 2, 3):
        phone = pages()
        phone.goto(links[seat])
        expect(phone).to_have_url(f"{url}/seat/{seat}")
        phone.locator("#box-view summary").click()  # the box's picture, one tap away
        expect(phone.locator("#screen")).to_have_attribute("data-frame", re.compile(r"\d+"))
        phones[seat] = phone
    for seat in (1, 2):
        phone = phones[seat]
        for key in ("BLACK", "RED", "BLUE", "ACTION", "WAIT", "WAIT"):
            phone.locator(f"button[data-key='{key}']").click()
        expect(phone.locator("#editor .slot .order")).to_have_count(6)
        expect(phone.locator("#editor .slot .o-empty")).to_have_count(0)
        phone.locator("button[data-key='OK']").click()
        expect(board.locator(f"li.player[data-seat='{seat}']")).to_have_attribute("data-locked", "yes")
        expect(phone.locator("#editor .tag.ok")).to_be_visible()
    assert "o-black" not in board.locator("#live").inner_html()  # locked, never what
    phones[1].screenshot(path=str(ARTIFACTS / "seat-box.png"))
    # The last player uses the keyboard: K R B A W for the orders, Enter for OK.
    last = phones[3]
    last.locator("#screen").click()
    for key in ("k", "a", "w", "w", "b", "r"):
        last.keyboard.press(key)
    expect(last.locator("#editor .slot .o-empty")).to_have_count(0)
    last.keyboard.press("Enter")
    # Revealed: the table view leaves year 1's programming (the year may even resolve at once).
    board.wait_for_function("() => { const live = document.getElementById('live');"
                            " return !(live.dataset.year === '1' && live.dataset.phase === 'program'); }")
    assert board.evaluate("window.stayed") is True
    revealed = game.version
    assert revealed >= 6 and [a.type for a in game.actions[3:6]] == ["program"] * 3
    programs = {a.seat: a.orders for a in game.actions[3:6]}  # type: ignore[union-attr]
    assert programs[1] == programs[2] == ("black", "red", "blue", "action", "wait", "wait")
    assert programs[3] == ("black", "action", "wait", "wait", "blue", "red")
    board.screenshot(path=str(ARTIFACTS / "table-view.png"))
    board.screenshot(path=str(ARTIFACTS / "table-view-full.png"), full_page=True)
    board.locator("section.mapcard").screenshot(path=str(ARTIFACTS / "table-map.png"))

    # Rollback to the end of placement, chosen from the list: preview (what it undoes), then confirm.
    referee.reload()
    referee.locator("#h-history").click()
    referee.locator("button[data-keep='3']").click()  # the first program: back to the end of placement
    preview = referee.locator("#rollback-preview")
    expect(preview).to_contain_text(f"Going back undoes {table.actions() - 3} actions:")
    assert table.has_game() and table.actions() == revealed  # a preview changes nothing
    referee.screenshot(path=str(ARTIFACTS / "referee-full.png"), full_page=True)
    referee.locator("#h-rollback").scroll_into_view_if_needed()
    referee.screenshot(path=str(ARTIFACTS / "referee-rollback.png"))
    referee.locator("#rollback-confirm").click()
    # Wait for the rollback itself: year 2's programming also reads "program, nobody locked" when
    # year 1 resolved at once, so only year 1 again says the rollback has landed.
    expect(board.locator("#live")).to_have_attribute("data-year", "1")
    expect(board.locator("#live")).to_have_attribute("data-phase", "program")
    expect(board.locator("li.player[data-locked='yes']")).to_have_count(0)
    assert board.evaluate("window.stayed") is True and table.actions() == 3

    # A finished game imported through the referee page: the scoring page names the winner.
    referee.locator("#h-records").click()
    expect(referee.locator("#import-file")).to_be_attached()
    referee.set_input_files("#import-file", str(finished_record(served, tmp_path / "finished.json")))
    referee.get_by_role("button", name="Import", exact=True).click()
    referee.get_by_role("button", name="Set it aside").click()  # the rolled-back game is set aside, not lost
    expect(referee.locator("#live")).to_have_attribute("data-phase", "over")
    scoring = pages()
    scoring.goto(f"{url}/scoring")
    verdict = scoring.locator(".verdict.final")
    expect(verdict).to_contain_text(re.compile(r"wins the game!|outlasted everyone"))
    expect(scoring.locator("svg.chart g.bar")).to_have_count(12)  # 3 players and the neutral player
    scoring.screenshot(path=str(ARTIFACTS / "scoring.png"))
    scoring.screenshot(path=str(ARTIFACTS / "scoring-full.png"), full_page=True)
    expect(board.locator("#live")).to_have_attribute("data-phase", "over")  # the table view followed

    # The referee switches to French: every page follows.
    referee.locator("#h-settings").click()
    referee.get_by_role("button", name="Français").click()
    expect(referee.locator("html")).to_have_attribute("lang", "fr")
    expect(scoring.locator("html")).to_have_attribute("lang", "fr")
    expect(scoring.locator("h1")).to_have_text("Décompte final")
    referee.screenshot(path=str(ARTIFACTS / "referee.png"))


def test_wrong_pins_are_refused_then_the_wait_is_shown(served: Served, pages: Any) -> None:
    page = pages()
    page.goto(f"{served.url}/referee")
    note = page.locator("#login-note")
    for _ in range(5):
        page.fill("#pin", "000000")
        page.get_by_role("button", name="Sign in").click()
        expect(note).to_have_text("Wrong PIN.")
        page.evaluate("document.getElementById('login-note').textContent = ''")
    page.fill("#pin", PIN)
    page.get_by_role("button", name="Sign in").click()
    expect(note).to_have_text(re.compile(r"Too many wrong PINs: try again in \d+ s\."))
    expect(page.locator("#wizard")).to_have_count(0)


def test_a_page_refused_a_stream_follows_the_table_by_polling(tmp_path: Path, pages: Any) -> None:
    """With no stream to spare (here: none for this address), the table view polls /api/view and
    still follows every change."""
    table = new_table(tmp_path / "polling.db", players=3, seed=2)
    table.start()
    app = create_app({"REFEREE_PIN": PIN, "STREAMS_PER_ADDRESS": 0}, table, PhoneBoxes(table, set()))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    try:
        board = pages()
        board.goto(f"http://127.0.0.1:{server.port}/")
        board.evaluate("window.stayed = true")
        live = board.locator("#live")
        expect(live).to_have_attribute("data-version", str(table.version))
        table.submit(SetPace("orders")).result(timeout=10)
        expect(live).to_have_attribute("data-version", str(table.version))  # within a poll or two
        assert board.evaluate("window.stayed") is True and app.config["STREAMS"].held() == 0
    finally:
        server.stop()
        table.stop()
