"""The referee on a phone never loses a game by a tap: a replacement asks first, naming the game it
sets aside, and a game set aside is resumed from its list."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.table import BoxStatus
from tests.engine import engine
from tests.table.support import next_inputs

from .conftest import PIN, SHOTS, Served, page_on

expect: Any = None
# The README shows some of these pictures: refreshed with XIDIT_UPDATE_GOLDENS=1, never by a plain run.


@pytest.fixture
def referee(browser: Any) -> Iterator[Any]:
    global expect
    from playwright.sync_api import expect as playwright_expect

    expect = playwright_expect
    with page_on(browser) as page:
        yield page


def sign_in(page: Any, url: str) -> None:
    page.goto(f"{url}/referee")
    page.fill("#pin", PIN)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#wizard")).to_be_attached()


def test_a_confirmed_replacement_then_the_set_aside_game_resumed(served: Served, referee: Any) -> None:
    table = served.table
    first, before = table.game_id, engine(table).view("referee")
    sign_in(referee, served.url)

    referee.locator("#h-new").click()
    referee.select_option("#w-count", "3")
    for row, name in enumerate(["Zoé", "Yann", "Xavier"]):
        referee.fill(f"input[name='name-{row}']", name)
    referee.get_by_role("button", name="Start the game").click()
    dialog = referee.locator("#aside-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"Game {first}, year 1: Ann, red, green will be set aside")
    referee.screenshot(path=str(SHOTS / "referee-replace.png"))
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert table.game_id == first and engine(table).view("referee") == before  # cancelled: nothing changed

    referee.get_by_role("button", name="Start the game").click()
    dialog.get_by_role("button", name="Set it aside").click()
    expect(referee.locator("#under-way")).to_contain_text("Zoé, Yann, Xavier")
    second = table.game_id
    assert second != first

    listed = referee.locator(f"li.aside-game[data-game='{first}']")
    expect(listed).to_contain_text(f"Game {first}, year 1: Ann, red, green")
    expect(listed.get_by_role("link", name="Export (JSON)")).to_have_attribute("href", f"/api/record?game={first}")
    listed.get_by_role("button", name="Resume").click()
    expect(dialog).to_contain_text(f"Game {second}, year 1: Zoé, Yann, Xavier will be set aside")
    dialog.get_by_role("button", name="Set it aside").click()
    expect(referee.locator("#under-way")).to_have_attribute("data-game", str(first))
    assert engine(table).view("referee") == before
    expect(referee.locator(f"li.aside-game[data-game='{second}']")).to_be_visible()


def play(served: Served, rng: random.Random, until: Callable[[], bool]) -> None:
    """Keys in the random players' inputs through the table's loop, as their phones would."""
    while not until():
        for command in next_inputs(served.table, rng):
            served.table.submit(command).result(timeout=30)


def test_a_rollback_chosen_from_the_list_and_a_confirm_refused_after_the_game_moved_on(
        served: Served, referee: Any) -> None:
    table, rng = served.table, random.Random(4)
    play(served, rng, lambda: table.actions() >= 20)
    sign_in(referee, served.url)
    referee.locator("#h-history").click()
    second = table.history()[1]
    referee.get_by_role("button", name=second["text"], exact=True).click()
    preview = referee.locator("#rollback-preview")
    expect(preview).to_contain_text("Going back undoes 2 actions:")
    expect(preview.locator("ol.dropped li").first).to_have_text(second["text"])
    referee.screenshot(path=str(SHOTS / "referee-rollback.png"))

    moved = table.actions()
    play(served, rng, lambda: table.actions() > moved)  # a lock reveals the programs meanwhile
    now = table.actions()
    referee.locator("#rollback-confirm").click()
    expect(preview).to_contain_text("The game moved on since this preview")
    expect(preview).to_contain_text(f"Going back undoes {now - second['keep']} actions:")
    assert table.actions() == now  # nothing was undone on the stale preview
    referee.locator("#rollback-confirm").click()
    expect(referee.locator("#live")).to_have_attribute("data-actions", str(second["keep"]))
    assert table.actions() == second["keep"]


def test_the_referee_page_in_english_and_french(served: Served, referee: Any) -> None:
    """What the referee sees first during a game, in both languages: what needs them now, then the game."""
    table = served.table
    table.submit(BoxStatus(1, "serial", False)).result(timeout=10)  # seat 1's box is gone while it must place
    sign_in(referee, served.url)
    now = referee.locator("#now")
    expect(now).to_contain_text("Ann cannot decide at the table (to place their Idrakys)")
    expect(now).to_contain_text("The box of Ann is disconnected")
    assert referee.evaluate("document.getElementById('now').getBoundingClientRect().top") < 844  # on the first screen
    referee.screenshot(path=str(SHOTS / "referee-en.png"))
    now.get_by_role("button", name="Decide for them").click()
    expect(referee.locator("form[data-decision='place'] h3")).to_have_text("1 — Ann: to place their Idrakys")
    referee.locator("#h-settings").click()
    referee.get_by_role("button", name="Français").click()
    expect(referee.locator("html")).to_have_attribute("lang", "fr")
    expect(referee.locator("#now")).to_contain_text("Ann ne peut pas décider à la table (placer son Idrakys)")
    assert "to decide" not in referee.locator("body").inner_text()
    referee.evaluate("window.scrollTo(0, 0)")
    referee.screenshot(path=str(SHOTS / "referee-fr.png"))


def test_the_wizard_shows_each_option_where_it_applies(served: Served, referee: Any) -> None:
    """Issue 26 item 9: the neutral player's difficulty shows with 3 players only (it showed with 4), the
    level only for a virtual player, and a virtual player is proposed at `normal`."""
    sign_in(referee, served.url)
    referee.locator("#h-new").click()
    neutral = referee.locator("#w-neutral")
    # The game shown has 3 players: the wizard offers them again (issue 26, item 2).
    expect(referee.locator("#w-count")).to_have_value("3")
    expect(neutral).to_be_visible()
    referee.select_option("#w-count", "4")
    expect(neutral).to_be_hidden()
    referee.select_option("#w-count", "3")
    expect(neutral).to_be_visible()
    referee.select_option("#w-count", "5")
    expect(neutral).to_be_hidden()
    expect(referee.locator(".player-row[data-row='4']")).to_be_visible()
    level = referee.locator(".player-row[data-row='1'] .level")
    expect(level).to_be_hidden()
    referee.select_option("select[name='device-1']", "virtual")
    expect(level).to_be_visible()
    expect(referee.locator("select[name='level-1']")).to_have_value("normal")
    referee.select_option("#w-count", "4")
    expect(neutral).to_be_hidden()
    expect(referee.locator(".player-row[data-row='4']")).to_be_hidden()
