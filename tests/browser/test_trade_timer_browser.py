"""Zargos's trading time in the browser (2.10's 10 minutes): the table view on a TV, a seat on a phone and
the referee on a tablet show the time left; it counts down in the page between two updates (the browser's
clock faked, no real wait), and a pause the referee taps shows on the other pages without reloading. The
pictures, English and French, go to tests/browser/artifacts."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.zargos.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, SetLanguage, Table
from tests.games.zargos.table.support import play
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import ARTIFACTS, PHONE, PIN, Served, expect, page_on

TV = {"viewport": {"width": 1920, "height": 1080}}
TABLET = {"viewport": {"width": 1280, "height": 800}}


class Clock:
    """The table's clock, held still by the test (the browser's is faked apart)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def trading(tmp_path: Path) -> Iterator[tuple[Served, Clock]]:
    clock = Clock()
    table = Table.open(Store(tmp_path / "z.db"), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 4}, game="zargos"))
    play(table, 4, until=lambda t: t.phase() == "trade")
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0, 1, 2}))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield Served(table, f"http://127.0.0.1:{server.port}", app), clock
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()


def clock_text(page: Any) -> Any:
    return page.locator("[data-timer] [data-clock]")


# French is read on the pages by tests/games/zargos/web/test_timer_pages.py; its pictures with lang "fr" here.
@pytest.mark.parametrize("lang", ["en"])
def test_the_time_left_counts_down_on_every_page(trading: tuple[Served, Clock], browser: Any, lang: str) -> None:
    served, clock = trading
    table = served.table
    if lang == "fr":
        table.handle(SetLanguage("fr"))
    clock.now += 83  # the table's clock: 8:37 left when the pages are drawn
    token = seat_token(served.app.config["SECRET_KEY"], table.game_id, 1)
    with page_on(browser, TV) as tv, page_on(browser, PHONE) as phone, page_on(browser, TABLET) as referee:
        for page in (tv, phone, referee):
            page.clock.install(time=1_800_000_000)
            page.clock.pause_at(1_800_000_001)  # the browser's time stands still unless the test moves it
        tv.goto(served.url)
        phone.goto(f"{served.url}/seat/2?t={token}")  # seat 1, "Player 2"
        referee.goto(f"{served.url}/referee")
        referee.fill("#pin", PIN)
        referee.locator("form button[type=submit]").first.click()
        for page in (tv, phone, referee):
            expect(clock_text(page)).to_have_text("8:37")
        tv.clock.run_for(5_000)  # the page counts down by itself between updates
        expect(clock_text(tv)).to_have_text("8:32")
        expect(tv.locator("#h-timer")).to_have_text("Temps restant" if lang == "fr" else "Time left")
        tv.screenshot(path=str(ARTIFACTS / f"timer-table-1920-{lang}.png"))
        phone.screenshot(path=str(ARTIFACTS / f"timer-seat-390-{lang}.png"))
        referee.screenshot(path=str(ARTIFACTS / f"timer-referee-1280-{lang}.png"))
        referee.locator("[data-command=countdown][data-what=pause]").click()
        paused = "En pause, par l'arbitre" if lang == "fr" else "Paused by the referee"
        expect(tv.locator("[data-timer] .timer-line")).to_have_text(paused)  # live, without a reload
        expect(phone.locator("[data-timer]")).to_have_attribute("data-state", "paused")
        expect(clock_text(tv)).to_have_text("8:37")
        tv.clock.run_for(5_000)
        expect(clock_text(tv)).to_have_text("8:37")  # a paused countdown stands still
        tv.screenshot(path=str(ARTIFACTS / f"timer-table-paused-1920-{lang}.png"))
        referee.locator("[data-command=countdown][data-what=resume]").click()
        expect(referee.locator("[data-command=countdown][data-what=pause]")).to_be_visible()
        referee.once("dialog", lambda dialog: dialog.accept())
        referee.locator("[data-command=countdown][data-what=close]").click()
        expect(tv.locator("[data-timer]")).to_have_count(0)
    assert table.phase() != "trade"


def test_a_magic_trade_is_proposed_and_accepted_on_two_phones(tmp_path: Path, browser: Any) -> None:
    # 12.9, Z-21: the 3-minute window after the deal; one phone proposes, the other accepts the same trade
    clock = Clock()
    table = Table.open(Store(tmp_path / "m.db"), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 4}, game="zargos"))
    play(table, 4, until=lambda t: t.phase() == "magic" and any(p["cards"] for p in t.view("public")["players"]))
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0, 1, 2}))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    url = f"http://127.0.0.1:{server.port}"
    try:
        giver = next(p["seat"] for p in table.view("public")["players"] if p["cards"])
        taker = (giver + 1) % 3
        card = table.view(f"seat:{giver}")["players"][giver]["hand"][0]
        with page_on(browser) as mine, page_on(browser) as theirs:
            for page, seat in ((mine, giver), (theirs, taker)):
                page.goto(f"{url}/seat/{seat + 1}?t={seat_token(app.config['SECRET_KEY'], table.game_id, seat)}")
                expect(clock_text(page)).to_be_visible()
            mine.locator("#zmagic-propose summary").click()
            mine.select_option(".zmagic-form select[name=b]", str(taker))
            mine.locator(f".zmagic-form input[name=a_gives][value={card}]").check()
            mine.locator("#zdecide").screenshot(path=str(ARTIFACTS / "magic-trade-propose-390-en.png"))
            mine.locator(".zmagic-form button[type=submit]").click()
            offer = theirs.locator(".zoffer")
            expect(offer).to_contain_text("proposes: you give nothing, you get")
            theirs.screenshot(path=str(ARTIFACTS / "magic-trade-accept-390-en.png"))
            offer.get_by_role("button", name="Accept").click()
            expect(theirs.locator(".zoffer")).to_have_count(0)
        assert card in table.view(f"seat:{taker}")["players"][taker]["hand"]
    finally:
        app.config["STREAMS"].close_all()
        server.stop()
        table.stop()
