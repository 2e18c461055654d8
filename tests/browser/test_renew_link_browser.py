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
        referee.locator("#links li[data-seat='2']").scroll_into_view_if_needed()
        referee.screenshot(path=str(SHOTS / f"referee-new-link-{language}.png"))
        player.reload()
        # No longer the seat's page: it says why (issue 26), and plays nothing.
        expect(player.locator("#live")).to_have_attribute("data-closed", "renewed")
        assert player.locator("#editor, #decision").count() == 0
