"""The table view followed through a year step by step: the current step large with Done, the next one
small, the log filling up newest first; then the same view in French, on a phone and on a wide screen
(the pictures of the to-do are taken by test_table_todo.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.table import SetLanguage
from tests.table.support import next_inputs
from web.public_writes import PublicWrites

from .conftest import Served, page_on

WIDE: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def board(browser: Any) -> Iterator[Any]:
    """The table view on a phone-sized screen, with no one signed in: the screen in the middle of the table."""
    with page_on(browser) as page:
        yield page


def play_to_the_first_year(served: Served) -> None:
    rng = random.Random(2)
    table = served.table
    while table.playing() and not (table.round() == 1 and table.phase() in ("resolution", "census")) \
            and (table.round() or 0) < 2:
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)


def test_the_table_view_follows_a_year_step_by_step(served: Served, board: Any, browser: Any) -> None:
    from playwright.sync_api import expect

    table = served.table
    # Every step of a year is tapped at a machine's pace, faster than a person's taps are let through.
    served.app.config["PUBLIC_WRITES"] = PublicWrites(per_address=(10**6, 10**6), in_all=(10**6, 10**6))
    play_to_the_first_year(served)
    board.goto(served.url + "/")
    total = table.view("public")["table"]["steps_total"]
    assert total >= 10  # set-up, placement, a year's order slots at least, nobody having ticked anything
    for n in range(total):  # every step comes up, the oldest first, with its year, until tapped
        steps = {s["n"]: s for s in table.view("public")["table"]["steps"]}
        current = board.locator(".step.current")
        expect(current).to_have_attribute("data-n", str(n))
        expect(current.locator(".step-title")).to_have_text(steps[n]["heading"])
        expect(current.locator(".step-lines li")).to_have_count(len(steps[n]["lines"]))
        if n + 1 < total:
            expect(board.locator(".step.next .step-title")).to_have_text(steps[n + 1]["heading"])
        else:
            expect(board.locator(".step.next")).to_have_count(0)
        current.get_by_role("button", name="Done").click()
        expect(board.locator(f'ol.steps.log li[data-n="{n}"].ticked')).to_have_count(1)
    expect(board.locator("section.todo")).to_contain_text("Nothing to do at the table.")
    # The log: every step, newest first, the ticked ones with their tick.
    logged = board.locator("ol.steps.log > li").evaluate_all("items => items.map(i => Number(i.dataset.n))")
    assert logged == list(range(total - 1, -1, -1))

    # In French, on a phone and on a wide screen: the words of the rulebook, nothing left in English.
    rng = random.Random(5)
    while table.playing() and not any(s["year"] >= 2 and not s["done"] for s in table.view("public")["table"]["steps"]):
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)
    table.submit(SetLanguage("fr", by="referee")).result(timeout=10)  # the page reloads itself in French
    expect(board.locator("#h-todo")).to_have_text("À faire sur la table")
    expect(board.locator(".step.current button.done")).to_contain_text("Fait")
    expect(board.locator(".step.current .step-title")).to_contain_text("Année 2 · ")
    wide = browser.new_context(**WIDE)
    page = wide.new_page()
    page.goto(served.url + "/")
    expect(page.locator(".step.current")).to_be_visible()
    table.submit(SetLanguage("en", by="referee")).result(timeout=10)
    expect(page.locator("#h-todo")).to_have_text("To do at the table")
    wide.close()
