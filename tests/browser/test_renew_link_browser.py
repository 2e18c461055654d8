"""The referee renews a seat's link from the phone (issue 27, item 7): asked first, then the seat's phone
signed in with the old link is cut off at once and the referee's page shows the new link, in English and
in French."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import SetLanguage
from web.auth import seat_token

from .conftest import PIN, SHOTS, Served, expect, page_on, settled


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_new_seat_link_from_the_referee_s_phone(browser: Any, served: Served, language: str) -> None:
    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    old = seat_token(served.app.config["SECRET_KEY"], table.game_id, 2)
    button = {"en": "New link", "fr": "Nouveau lien"}[language]
    with page_on(browser) as referee, page_on(browser) as player:
        player.goto(f"{served.url}/seat/2?t={old}")
        settled(player, table)
        referee.goto(f"{served.url}/referee")
        referee.fill("#pin", PIN)
        referee.locator("#login button, form button").first.click()
        expect(referee.locator("#links")).to_be_attached()
        settled(referee, table)
        referee.locator("#links summary").click()
        seat = referee.locator("#links li[data-seat='2']")
        expect(seat.locator(".seat-link")).to_contain_text(old)
        referee.once("dialog", lambda dialog: dialog.dismiss())  # asked first: "no" changes nothing
        seat.get_by_role("button", name=button).click()
        version = table.version
        assert table.seat_link(2) == 0
        referee.once("dialog", lambda dialog: dialog.accept())
        seat.get_by_role("button", name=button).click()
        referee.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {version}")
        expect(referee.locator("#links li[data-seat='2'] .seat-link")).not_to_contain_text(old)
        assert table.seat_link(2) == 1
        referee.evaluate("() => document.querySelector(\"#links li[data-seat='2']\").scrollIntoView()")
        referee.screenshot(path=str(SHOTS / f"referee-new-link-{language}.png"))
        player.reload()
        # No longer the seat's page: it says why (issue 26), and plays nothing.
        expect(player.locator("#live")).to_have_attribute("data-closed", "renewed")
        assert player.locator("#editor, #decision").count() == 0


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_old_link_opens_a_page_that_says_who_gives_the_new_one(browser: Any, served: Served, language: str) -> None:
    """Game night 2026-11-29: the old link of a seat moved to a virtual player and back opened Flask's bare
    "Forbidden". It opens the table's page, in its language, fitted to the phone, saying what to do; the
    referee's page says the seat has a new link."""
    from companion.table import MoveSeat

    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    old = seat_token(served.app.config["SECRET_KEY"], table.game_id, 2)
    table.submit(MoveSeat(2, {"device": "virtual"})).result(timeout=10)
    table.submit(MoveSeat(2, {"device": "phone"})).result(timeout=10)
    title = {"en": "This link no longer opens seat 2", "fr": "Ce lien n'ouvre plus la place 2"}[language]
    told = {"en": "Seat 2 has a new link", "fr": "La place 2 a un nouveau lien"}[language]
    for name, size in (("390", {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}),
                       ("1280", {"viewport": {"width": 1280, "height": 800}}),
                       ("1920", {"viewport": {"width": 1920, "height": 1080}})):
        with page_on(browser, size) as page:
            answer = page.goto(f"{served.url}/seat/2?t={old}")
            assert answer is not None and answer.status == 403
            expect(page.locator("#h-closed")).to_have_text(title)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= size["viewport"]["width"]
            page.screenshot(path=str(SHOTS / f"seat-old-link-{name}-{language}.png"))
    with page_on(browser) as referee:
        referee.goto(f"{served.url}/referee")
        referee.fill("#pin", PIN)
        referee.locator("#login button, form button").first.click()
        expect(referee.locator(".renewed-links")).to_contain_text(told)
        # In one step in the page: the live part may be swapped in between two steps of Playwright's (the virtual
        # players play on), and an element swapped out is no longer attached.
        referee.evaluate("() => document.querySelector('.renewed-links').scrollIntoView()")
        referee.screenshot(path=str(SHOTS / f"referee-renewed-link-{language}.png"))
