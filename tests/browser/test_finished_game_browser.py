"""A finished game stays (issue 26, item 2), in a real browser: once the game ends the table view (a tablet)
shows the final ranking, still shows it after the table restarts (the page reconnects by itself), and the
referee exports the finished game; screenshots at 390, 1280 and 1920 px in English and French."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.table.test_finished_game import play_to_the_end
from web import create_app
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import PHONE, PIN, SHOTS, expect, page_on

SETUP = {"players": [{"seat": 1, "colour": "blue", "name": "Ann"}, {"seat": 2, "colour": "red", "name": "Bob"},
                     {"seat": 3, "colour": "green", "name": "Cleo"}], "length": "short", "neutral": "normal", "seed": 6}
SEATS = {"1": {"device": "phone"}, "2": {"device": "virtual", "level": "strong"}, "3": {"device": "phone"}}
SIZES = {"390": PHONE, "1280": {"viewport": {"width": 1280, "height": 800}},
         "1920": {"viewport": {"width": 1920, "height": 1080}}}


class Night:
    """A table and its pages on one store, stopped and started again like the Pi."""

    def __init__(self, path: Path, language: str) -> None:
        self.path, self.language = path, language  # the config's language, as `companion run` opens with
        self.start()

    def start(self) -> None:
        self.table = Table.open(Store(self.path), default_pack_text(), language=self.language)
        self.table.start()
        self.app = create_app({"REFEREE_PIN": PIN}, self.table, PhoneBoxes(self.table, {1, 3}))
        self.server = WebServer(self.app, "127.0.0.1", 0)
        self.server.start()
        self.url = f"http://127.0.0.1:{self.server.port}"

    def stop(self) -> None:
        self.app.config["STREAMS"].close_all()
        self.server.stop()
        self.table.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_final_scoring_stays_after_a_restart_and_the_game_exports(browser: Any, tmp_path: Path,
                                                                       language: str) -> None:
    night = Night(tmp_path / "night.db", language)
    words = {"en": ("Final ranking", "Export this game (JSON)"),
             "fr": ("Classement final", "Exporter cette partie (JSON)")}[language]
    try:
        night.table.submit(NewGame(SETUP, seats=SEATS)).result(timeout=10)
        with page_on(browser, SIZES["1280"]) as tablet:
            tablet.goto(night.url)
            tablet.evaluate("window.stayed = true")  # gone if the page reloads: it must follow by itself
            expect(tablet.locator("#live")).to_have_attribute("data-phase", "place")
            play_to_the_end(night.table, lambda command: night.table.submit(command).result(timeout=10))
            expect(tablet.locator("#live")).to_have_attribute("data-phase", "over")
            expect(tablet.locator("#h-final")).to_have_text(words[0])
            assert tablet.evaluate("window.stayed === true")  # followed live, without a reload
            game = night.table.game_id

            night.stop()
            night.start()  # the Pi restarts on the same store
            assert night.table.game_id == game and night.table.outcome() is not None
            tablet.goto(night.url)
            expect(tablet.locator("#h-final")).to_have_text(words[0])
            expect(tablet.locator("#live")).to_have_attribute("data-phase", "over")

        with page_on(browser, SIZES["390"]) as referee:
            referee.goto(f"{night.url}/referee")
            referee.fill("#pin", PIN)
            referee.locator("#login button").click()
            expect(referee.locator("#records")).to_be_attached()
            referee.locator("#records summary").click()
            with referee.expect_download() as download:
                referee.get_by_role("link", name=words[1]).click()
            exported = Path(download.value.path()).read_text("utf-8")
            assert '"format": "xidit-record/1"' in exported or '"format":"xidit-record/1"' in exported
            assert download.value.suggested_filename == f"xidit-game-{game}.json"
            assert referee.locator("input[name='name-0']").input_value() == "Ann"  # offered again
            referee.screenshot(path=str(SHOTS / f"referee-finished-{language}.png"), full_page=True)

        for size, options in SIZES.items():
            with page_on(browser, options) as page:
                page.goto(night.url)
                expect(page.locator("#h-final")).to_be_visible()
                expect(page.locator("#link-state")).to_have_attribute("data-state", "live")
                page.screenshot(path=str(SHOTS / f"table-finished-{size}-{language}.png"))
    finally:
        night.stop()
