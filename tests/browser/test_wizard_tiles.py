"""The wizard's physical shuffle lists the tiles in play before anything is typed, and a tile not in the game
is said at once, before the game is started (game night 2026-11-29: tile 19 in a short game was refused only
after "Set it aside", and the placeholder "3 9 14 2 20" was itself refused in a short game)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import SetLanguage

from .conftest import PIN, SHOTS, Served, expect, page_on, settled

WORDS = {"en": ("Sign in", "Tiles in this game: 1–18.", "19 is not in this game", "There is no tile 19 in this game",
                "Start the game", "Set it aside"),
         "fr": ("Se connecter", "Tuiles de cette partie\u202f: 1–18.", "19 n'est pas dans cette partie",
                "Il n'y a pas de tuile 19 dans cette partie", "Lancer la partie", "La mettre de côté")}
SIZES = {"390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
         "1280": {"viewport": {"width": 1280, "height": 800}}, "1920": {"viewport": {"width": 1920, "height": 1080}}}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_physical_shuffle_lists_the_tiles_in_play_and_refuses_another_before_starting(
        served: Served, browser: Any, language: str) -> None:
    sign_in, listed, flagged, refused, start, aside = WORDS[language]
    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    game = table.game_id
    for name, size in SIZES.items():
        with page_on(browser, size) as page:
            page.goto(f"{served.url}/referee")
            page.fill("#pin", PIN)
            page.get_by_role("button", name=sign_in).click()
            expect(page.locator("#wizard")).to_be_attached()
            settled(page, table)
            page.locator("#h-new").click()
            page.select_option("#w-count", "4")
            page.check("input[name='length'][value='short']")
            page.check("input[name='tiles'][value='layout']")
            expect(page.locator("#w-in-play")).to_have_text(listed)  # before anything is typed
            assert page.locator("input[name='recruit']").get_attribute("placeholder") == "3 9 12 2 5"
            page.check("input[name='length'][value='long']")
            expect(page.locator("#w-in-play")).to_contain_text("1–21")
            page.check("input[name='length'][value='short']")
            page.fill("input[name='recruit']", "3 9 14 2 19")
            counted = page.locator("[data-count-for='recruit']")
            expect(counted).to_contain_text(flagged)
            page.locator("#w-in-play").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"referee-wizard-tiles-{name}-{language}.png"))
            page.get_by_role("button", name=start).click()
            expect(page.locator("#wizard-note")).to_contain_text(refused)
            expect(page.locator("#aside-dialog")).not_to_be_visible()  # nothing to set aside: nothing started
            assert table.game_id == game
            if name == "390":  # then typed right, the game starts and its page opens at the top
                page.fill("input[name='recruit']", "1 2 3 4 5")
                page.fill("input[name='threat']", "6 7 8 9 10")
                page.fill("input[name='next_recruit']", "11")
                page.fill("input[name='next_threat']", "12")
                page.get_by_role("button", name=start).click()
                assert page.evaluate("() => scrollY") > 844  # the wizard is far down the page
                with page.expect_navigation():
                    page.locator("#aside-dialog").get_by_role("button", name=aside).click()
                expect(page.locator("#under-way")).to_be_attached()
                assert table.game_id != game and page.evaluate("() => scrollY") == 0
                game = table.game_id

