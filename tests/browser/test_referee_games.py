"""The referee on a phone never loses a game by a tap: a replacement asks first, naming the game it
sets aside, and a game set aside is resumed from its list."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine import engine

from .conftest import ARTIFACTS, PHONE, PIN, Served

expect: Any = None


@pytest.fixture
def referee(browser: Any) -> Iterator[Any]:
    global expect
    from playwright.sync_api import expect as playwright_expect

    expect = playwright_expect
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


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
    referee.screenshot(path=str(ARTIFACTS / "referee-replace.png"))
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
