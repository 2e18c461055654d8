"""The table view followed through a year step by step: the current step large with Done, the next one
small, the log filling up newest first; then the same view in French, on a phone and on a wide screen."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.table import SetLanguage
from tests.table.support import next_inputs

from .conftest import SHOTS, Served, page_on

WIDE: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def board(browser: Any) -> Iterator[Any]:
    """The table view on a phone-sized screen, with no one signed in: the screen in the middle of the table."""
    with page_on(browser) as page:
        yield page


def play_to_the_first_year(served: Served) -> None:
    rng = random.Random(2)
    table = served.table
    while table.playing() and not (table.year() == 1 and table.phase() in ("resolution", "census")) \
            and (table.year() or 0) < 2:
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)


def test_the_table_view_follows_a_year_step_by_step(served: Served, board: Any, browser: Any) -> None:
    from playwright.sync_api import expect

    table = served.table
    play_to_the_first_year(served)
    board.goto(served.url + "/")
    todo = [s for s in table.view("public")["table"]["steps"] if not s["done"]]
    assert len(todo) >= 6  # a year's order slots at least, nobody having ticked anything
    for k, step in enumerate(todo):
        current = board.locator(".step.current")
        expect(current.locator(".step-title")).to_have_text(step["title"])
        expect(current.locator(".step-lines li")).to_have_count(len(step["lines"]))
        if k + 1 < len(todo):
            expect(board.locator(".step.next .step-title")).to_have_text(todo[k + 1]["title"])
        else:
            expect(board.locator(".step.next")).to_have_count(0)
        if k == 1:
            board.screenshot(path=str(SHOTS / "table-steps.png"))
        current.get_by_role("button", name="Done").click()
        expect(board.locator(f'ol.steps.log li[data-n="{step["n"]}"].ticked')).to_have_count(1)
    expect(board.locator("section.todo")).to_contain_text("Nothing to do at the table.")
    # The log: every step, newest first, the ticked ones with their tick.
    logged = board.locator("ol.steps.log > li").evaluate_all("items => items.map(i => Number(i.dataset.n))")
    assert logged == sorted(logged, reverse=True) and logged[0] == todo[-1]["n"] and len(logged) > len(todo)

    # In French, on a phone and on a wide screen: the words of the rulebook, nothing left in English.
    rng = random.Random(5)
    while table.playing() and not any(s["year"] >= 2 and not s["done"] for s in table.view("public")["table"]["steps"]):
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)
    table.submit(SetLanguage("fr", by="referee")).result(timeout=10)  # the page reloads itself in French
    expect(board.locator("#h-todo")).to_have_text("À faire sur la table")
    expect(board.locator(".step.current button.done")).to_contain_text("Fait")
    board.screenshot(path=str(SHOTS / "table-steps-fr.png"))
    wide = browser.new_context(**WIDE)
    page = wide.new_page()
    page.goto(served.url + "/")
    expect(page.locator(".step.current")).to_be_visible()
    page.screenshot(path=str(SHOTS / "table-steps-wide-fr.png"))
    table.submit(SetLanguage("en", by="referee")).result(timeout=10)
    expect(page.locator("#h-todo")).to_have_text("To do at the table")
    page.screenshot(path=str(SHOTS / "table-steps-wide.png"))
    wide.close()
