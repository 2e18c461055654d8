"""Issue 26 on a real browser: the table's to-do keeps every step until someone taps Done, the oldest
first with its year; its Done button is in the first screen of a tablet and a TV beside the map; and a
whole 4-player game (two phones, two virtual players, the table view on a tablet) with pace "wait for the
table" holds every reveal until the year before is done at the table."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.agents.bots import Bots, next_commands
from companion.games.xidit.table.drafts import set_program
from companion.table import Acknowledge, Seal, SetLanguage, SetPace, Table
from tests.table.support import new_table
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes
from web.public_writes import PublicWrites
from web.serve import WebServer

from .conftest import ARTIFACTS, PHONE, SHOTS, Served, expect, page_on, settled

TABLET: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}
PHONES, VIRTUAL = (1, 2), (3, 4)


@pytest.fixture
def four(tmp_path: Path) -> Iterator[Served]:
    """A 4-player short game: seats 1 and 2 on phones, 3 and 4 left to virtual players (started by a test)."""
    table = new_table(tmp_path / "four.db", players=4, seed=8)
    table.start()
    # The tablet taps Done at a machine's pace, faster than the few a second a person's taps are let through.
    app = create_app({"REFEREE_PIN": "135790", "PUBLIC_WRITES": PublicWrites(per_address=(10**6, 10**6),
                                                                             in_all=(10**6, 10**6))},
                     table, PhoneBoxes(table, set(PHONES)))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield Served(table, f"http://127.0.0.1:{server.port}", app)
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()


def until(table: Table, done: Callable[[], bool], timeout: float = 20.0) -> None:
    """Until `done` holds, looked at again after each change of the table (the virtual players act on
    their own thread); fails after `timeout` seconds."""
    changed = threading.Event()
    unwatch = table.watch(lambda version: changed.set())
    try:
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            assert left > 0, "the table did not get there"
            changed.wait(min(left, 0.5))
            changed.clear()
    finally:
        unwatch()


def moved_on(table: Table) -> Callable[[], bool]:
    """Whether the table changed (or the game ended) since now."""
    version = table.version
    return lambda: table.version != version or not table.playing()


def part(table: Table) -> dict[str, Any]:
    found: dict[str, Any] = table.view("public")["table"]
    return found


def owed(table: Table) -> int:
    now = part(table)
    return int(now["steps_total"]) - int(now["acknowledged"])


def in_viewport(page: Any, selector: str) -> None:
    """The element is wholly in the first screen (read from the page as it is, in one go: the live part
    may be swapped between two reads)."""
    box = page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                        " return {x: r.x, y: r.y, width: r.width, height: r.height}; }", selector)
    size = page.viewport_size
    assert box is not None and box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"], (selector, box)


def test_the_current_step_and_done_are_in_the_first_screen_beside_the_map(four: Served, browser: Any) -> None:
    table = four.table
    rng = random.Random(8)
    while table.playing() and (table.round() or 0) < 2:  # nobody taps: set-up, placement, year 1 wait
        for command in next_commands(table, rng):
            table.submit(command).result(timeout=10)
    assert owed(table) > 8
    for size in (TABLET, TV):
        with page_on(browser, size) as page:
            page.goto(four.url + "/")
            for _ in range(5):  # set-up's long steps, the placement, the first orders (tablet, then TV)
                settled(page, table)
                in_viewport(page, ".step.current button.done")
                in_viewport(page, ".step.current .step-title")
                # The map stays beside the to-do, whole: checked in the page, as its live part is drawn again
                # after each Done (an element box read from outside can fall between two drawings).
                page.wait_for_function(MAP_BESIDE, timeout=10_000)
                # The step the tap is for, read before it: the table may not have heard the tap when the test
                # asks it (a busy machine), so the page is held to the step after this one, then the table.
                tapped = int(page.locator(".step.current").get_attribute("data-n") or "")
                page.locator(".step.current button.done").click()
                expect(page.locator(".step.current")).to_have_attribute("data-n", str(tapped + 1))
                assert table.acknowledged() == tapped + 1


MAP_BESIDE = """() => {
    const map = document.querySelector("section.mapcard");
    if (!map) return false;
    const box = map.getBoundingClientRect();
    return box.x < 10 && box.width > innerWidth / 2 && box.y < 80 && box.height > innerHeight * 0.8;
}"""


def tap_done(page: Any, table: Table, n: int) -> None:
    """The tablet shows step `n` as the one to do (the oldest not done), with its year; a tap on Done."""
    step = next(s for s in part(table)["steps"] if s["n"] == n)
    settled(page, table)
    current = page.locator(".step.current")
    expect(current).to_have_attribute("data-n", str(n))
    expect(current.locator(".step-title")).to_have_text(step["heading"])
    current.locator("button.done").click()
    expect(page.locator(f'ol.steps.log li[data-n="{n}"].ticked')).to_have_count(1)  # in the log, tapped


def test_a_whole_game_keeps_every_step_until_tapped_and_waits_for_the_table(four: Served, browser: Any) -> None:
    table, url = four.table, four.url
    table.submit(SetPace("orders")).result(timeout=10)
    bots = Bots(table, {seat: "easy" for seat in VIRTUAL}, delay=0, seed=3)
    bots.start()
    rng = random.Random(8)
    secret = four.app.config["SECRET_KEY"]
    try:
        with page_on(browser, TABLET) as board, page_on(browser) as phone:
            board.goto(url + "/")
            phone.goto(f"{url}/seat/1?t={seat_token(secret, table.game_id, 1)}")
            tapped, reveals, years = 0, 0, table.round()
            while table.playing() or owed(table):
                # The phones program first and lock: the reveal must wait for the table.
                if table.phase() == "program":
                    for seat in PHONES:
                        if seat not in part(table)["locked"] and not (seat == 1 and table.round() == 1):
                            table.submit(set_program(seat, ("wait", "black", "action", "red", "action", "blue")))\
                                .result(timeout=10)
                            table.submit(Seal(seat)).result(timeout=10)
                    if 1 not in part(table)["locked"]:  # year 1: seat 1 on its page, a tap an order
                        for order in ("black", "red", "blue", "action", "wait", "wait"):
                            phone.locator(f".palette button[data-put='{order}']").click()
                        phone.locator("button[data-seat-command='lock']").click()
                    until(table, lambda: table.phase() != "program" or len(part(table)["locked"]) == 4)
                    if table.phase() == "program" and owed(table):
                        # Held: every program locked, the year before still at the table, all of it.
                        reveals += 1
                        held = part(table)
                        to_do = [s for s in held["steps"] if not s["done"]]
                        assert held["paused"] and to_do[0]["n"] == tapped == held["acknowledged"]
                        ended = [s for s in to_do if s["kind"] == "year_end"]
                        assert table.round() == 1 or ended[-1]["year"] == table.round() - 1
                        expect(phone.locator(".notice.waiting-table")).to_contain_text(
                            f"Waiting for the table to finish: {to_do[0]['heading']}")
                        expect(board.locator("#live")).to_have_attribute("data-phase", "program")
                        if reveals == 2:
                            phone.screenshot(path=str(ARTIFACTS / "seat-waiting-table.png"))
                            board.screenshot(path=str(ARTIFACTS / "table-reveal-held.png"))
                if owed(table):
                    tap_done(board, table, tapped)
                    tapped += 1
                    continue
                commands = next_commands(table, rng, set(PHONES))
                for command in commands:
                    table.submit(command).result(timeout=10)
                if not commands:  # a virtual player's turn: it acts on its own
                    until(table, moved_on(table))
            assert tapped == part(table)["steps_total"] and reveals >= (table.round() or 0) - 1 >= 3
            assert years == 1 and table.outcome() is not None
            expect(board.locator("section.todo")).to_contain_text("Nothing to do at the table.")
            expect(board.locator("section.final")).to_be_visible()
            # The finished game stays (no new game starts by itself) and exports; that it stays after a
            # restart, in a browser, is test_finished_game_browser.py's.
            board.reload()
            expect(board.locator("section.final")).to_be_visible()
            assert table.outcome() is not None and table.record_of(table.game_id)["format"] == "xidit-record/1"
    finally:
        bots.stop()


def test_screenshots_of_the_to_do_in_english_and_french(four: Served, browser: Any) -> None:
    table = four.table
    rng = random.Random(8)
    while table.playing() and (table.round() or 0) < 2:
        for command in next_commands(table, rng):
            table.submit(command).result(timeout=10)
    first_order = next(s for s in part(table)["steps"] if s["kind"] == "order")
    table.submit(Acknowledge(first_order["n"] + 1)).result(timeout=10)  # order 2 of year 1 is to do, year 2 on
    for language in ("en", "fr"):
        table.submit(SetLanguage(language)).result(timeout=10)
        fr = "-fr" if language == "fr" else ""
        tablet = [f"table-steps-wide{fr}"] + ([] if fr else ["table-tablet-en"])
        shots = ((PHONE, [f"table-steps{fr}"]), (TABLET, tablet), (TV, [f"table-steps-tv{fr}"]))
        for size, names in shots:
            with page_on(browser, size) as page:
                page.goto(four.url + "/")
                expect(page.locator(".step.current .step-title")).to_contain_text("1 · ")
                for name in names:
                    page.screenshot(path=str(SHOTS / f"{name}.png"))
