"""A referee who plays too (issue 26, item 8), in a real browser: the wizard asks, the referee's page is blind
from the start, and when the referee switches blind mode off the table view says so at once. Screenshots at
390, 1280 and 1920 px in English and in French."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import SetLanguage

from .conftest import PHONE, PIN, SHOTS, Served, expect, page_on

SIZES = {"390": PHONE, "1280": {"viewport": {"width": 1280, "height": 800}},
         "1920": {"viewport": {"width": 1920, "height": 1080}}}
WORDS = {"en": ("Start the game", "Set it aside", "Year 1: the referee switched blind mode off."),
         "fr": ("Lancer la partie", "La mettre de côté", "Année 1\u202f: l'arbitre a coupé le mode à l'aveugle.")}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_referee_who_plays_is_blind_and_switching_it_off_is_shown(browser: Any, served: Served,
                                                                      language: str) -> None:
    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    start, aside, told = WORDS[language]
    with page_on(browser) as referee, page_on(browser, SIZES["1280"]) as tablet:
        referee.goto(f"{served.url}/referee")
        referee.fill("#pin", PIN)
        referee.locator("#login button").click()
        expect(referee.locator("#wizard")).to_be_attached()
        referee.locator("#h-new").click()
        referee.select_option("#w-count", "3")
        referee.select_option("#w-referee", "2")
        referee.locator("#w-referee").scroll_into_view_if_needed()
        referee.screenshot(path=str(SHOTS / f"wizard-referee-plays-{language}.png"))
        referee.get_by_role("button", name=start).click()
        referee.get_by_role("button", name=aside).click()
        expect(referee.locator("#live")).to_have_attribute("data-phase", "place")
        expect(referee.locator("#blind")).to_be_checked()  # blind from the start (the new game is shown)
        assert table.referee_plays() == 2
        assert referee.locator("#links").count() == 0 and referee.locator("#h-decide").count() == 0

        tablet.goto(served.url)
        tablet.evaluate("window.stayed = true")
        expect(tablet.locator("section.referee-plays")).to_have_attribute("data-blind", "on")
        referee.locator("#settings summary").click()
        referee.locator("#blind").uncheck()
        expect(tablet.locator("section.referee-plays .notice")).to_contain_text(told)
        assert tablet.evaluate("window.stayed === true")  # shown live
        expect(referee.locator("#blind")).not_to_be_checked()
    for size, options in SIZES.items():
        with page_on(browser, options) as page:
            page.goto(served.url)
            expect(page.locator("section.referee-plays .notice")).to_contain_text(told)
            expect(page.locator("#link-state")).to_have_attribute("data-state", "live")
            page.screenshot(path=str(SHOTS / f"table-blind-off-{size}-{language}.png"))
