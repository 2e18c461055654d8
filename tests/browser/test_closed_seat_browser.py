"""A seat page that no longer plays its seat says why, live (issue 26, items 4 and 6): the referee moves the
seat to a virtual player and the phone's page says so at once, without "Your turn" or a working Unlock; a
page of a game that has ended says which game it was for. In English and in French, on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import MoveSeat, NewGame, SetLanguage
from tests.table.support import PLAYERS
from tests.table.test_finished_game import play_to_the_end
from web.auth import seat_token

from .conftest import SHOTS, Served, expect, page_on, settled

WORDS = {"en": ("This seat was handed to a virtual player.", "which has ended"),
         "fr": ("Cette place a été confiée à un joueur virtuel.", "qui est terminée")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_phone_hears_at_once_that_its_seat_moved_or_its_game_ended(browser: Any, served: Served,
                                                                      language: str) -> None:
    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    secret = served.app.config["SECRET_KEY"]
    with page_on(browser) as first, page_on(browser) as second:
        first.goto(f"{served.url}/seat/1?t={seat_token(secret, table.game_id, 1)}")
        settled(first, table)
        first.evaluate("window.stayed = true")
        table.submit(MoveSeat(1, {"device": "virtual", "level": "easy"})).result(timeout=10)
        expect(first.locator("#live")).to_have_attribute("data-closed", "moved")
        expect(first.locator("#live .notice")).to_have_text(WORDS[language][0])
        assert first.evaluate("window.stayed === true")  # said live, without a reload
        expect(first.locator("#box-view")).to_be_hidden()  # its keys play nothing any more
        first.screenshot(path=str(SHOTS / f"seat-handed-over-{language}.png"))

        players = [{"seat": s, "colour": c, **({"name": n} if n else {})} for s, c, n in PLAYERS[:3]]
        phones = {str(s): {"device": "phone"} for s in (1, 2, 3)}
        table.submit(NewGame({"players": players, "length": "short", "seed": 6}, replacing=table.game_id,
                             seats=phones)).result(timeout=10)
        second.goto(f"{served.url}/seat/1?t={seat_token(secret, table.game_id, 1)}")
        settled(second, table)
        second.goto("about:blank")  # away while the game is played to its end (no page follows each action)
        play_to_the_end(table, lambda command: table.submit(command).result(timeout=10))
        second.goto(f"{served.url}/seat/1")
        expect(second.locator("#h-final")).to_be_visible()  # over: the final ranking stays on the seat's page
        # The referee starts the next game with the same players on their phones: Ann's phone follows.
        table.submit(NewGame({"players": players, "length": "short", "seed": 7}, seats=phones)).result(timeout=10)
        expect(second.locator("#live")).to_have_attribute("data-closed", "ended")
        expect(second.locator("#live .notice")).to_contain_text(WORDS[language][1])
        second.screenshot(path=str(SHOTS / f"seat-game-ended-{language}.png"))
        second.locator("#live a.primary").click()
        expect(second.locator("#live")).to_have_attribute("data-phase", "place")
        expect(second.locator(".your-turn")).to_be_visible()  # seat 1 places first in the new game
