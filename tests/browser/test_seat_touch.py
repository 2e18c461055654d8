"""The seat page made for touch, on a 390×844 phone in both languages: the starting city and a whole
program in a few taps, every kind of decision from its buttons and steppers in at most four, the
wait after locking said in words, and nothing wider than the screen."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.rules.choices import Choice, is_forced
from companion.table import ImportGame, SetLanguage
from tests.table.support import new_game_command, next_inputs
from web.auth import seat_token

from .conftest import ARTIFACTS, PHONE, SHOTS, Served, page_on

expect: Any = None

# The README shows the seat page: its pictures are refreshed with XIDIT_UPDATE_GOLDENS=1, never by a plain run.
SCENARIO = Path(__file__).parents[1] / "games" / "xidit" / "scenarios" / "3p-short-colossus-advances-neutral.json"
KINDS = ("reward", "colossus", "neutral", "census", "census_bards", "floor")
LOCKED = {"en": "Locked — waiting for 2 players", "fr": "Verrouillé — en attente de 2 joueurs"}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    global expect
    from playwright.sync_api import expect as playwright_expect

    expect = playwright_expect
    with page_on(browser) as page:
        yield page


class Taps:
    """Clicks on a page, counted."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.count += 1


def open_seat(page: Any, served: Served, seat: int) -> None:
    token = seat_token(served.app.config["SECRET_KEY"], served.table.game_id, seat)
    page.goto(f"{served.url}/seat/{seat}?t={token}")
    expect(page.locator("#live")).to_be_visible()
    page.wait_for_function("() => document.getElementById('link-state').dataset.state === 'live'")


def no_overflow(page: Any) -> None:
    width = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


def wait_version(page: Any, served: Served) -> None:
    """Until the page shows the table's current version."""
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {served.table.version}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_place_and_program_in_a_few_taps_then_the_wait_is_said(served: Served, phone: Any, lang: str) -> None:
    table = served.table
    table.handle(SetLanguage(lang))
    seat = table.legal(1)[1][0].seat if table.legal(1)[1] else next(  # type: ignore[index]
        s for s, _, _ in table.players() if table.legal(s)[1])  # type: ignore[index]
    open_seat(phone, served, seat)
    no_overflow(phone)
    phone.screenshot(path=str(ARTIFACTS / f"seat-place-{lang}.png"))
    taps = Taps(phone)
    choice = table.legal(seat)[1][0]  # type: ignore[index]
    city = choice.cities[-1]  # type: ignore[union-attr]
    # From the grid of numbers in English, on the small map in French: both pick the city.
    taps.tap(f"#decision input[name='city'][value='{city}'] + span" if lang == "en"
             else f".seat-mapbox svg.map g.city[data-city='{city}']")
    expect(phone.locator(f"#decision input[name='city'][value='{city}']")).to_be_checked()
    taps.tap("#decision .confirm")
    expect(phone.locator("#decision")).to_have_count(0)
    assert taps.count <= 4
    assert next(p for p in table.view("public")["players"] if p["seat"] == seat)["city"] == city
    rng = random.Random(3)
    while table.phase() == "place":
        for command in next_inputs(table, rng):
            table.handle(command)
    wait_version(phone, served)
    expect(phone.locator("#editor")).to_be_visible()
    no_overflow(phone)

    taps = Taps(phone)
    for order in ("black", "action", "red", "wait", "blue", "action"):
        taps.tap(f"#editor [data-put='{order}']")
    expect(phone.locator("#editor .slot[data-order='']")).to_have_count(0)
    if lang == "en":
        phone.screenshot(path=str(SHOTS / "seat-program.png"))
    phone.wait_for_function("() => { const f = document.querySelectorAll('#editor .forecast');"
                            " return f.length === 6 && f[5].textContent.trim() !== ''; }")
    taps.tap("#editor [data-seat-command='lock']")
    assert taps.count <= 8
    expect(phone.locator(".notice.waiting")).to_contain_text(LOCKED[lang])
    assert table.view("referee")["table"]["drafts"][str(seat)] == ["black", "action", "red", "wait", "blue",
                                                                   "action"]
    no_overflow(phone)
    phone.screenshot(path=str((SHOTS if lang == "fr" else ARTIFACTS) / f"seat-locked-{lang}.png"))
    phone.set_viewport_size({"width": 360, "height": 780})  # the narrowest phones
    no_overflow(phone)


def pending_kind(served: Served) -> tuple[int, Choice] | None:
    """The seat and choice of a decision that is not forced, if one is awaited."""
    for seat, _, _ in served.table.players():
        found = served.table.legal(seat)
        if found and found[1] and found[1][0].decision in KINDS and not is_forced(found[1][0]):
            return seat, found[1][0]
    return None


def games(served: Served) -> Iterator[None]:
    """Games to play until every kind of decision has come up: random games, then a recorded one up to
    a colossus worth fighting (rare in random play)."""
    players = served.table.players()
    for seed in (1, 3):
        served.table.handle(replace(new_game_command(players, "short", "normal", seed), replacing=served.table.game_id))
        yield
    record = json.loads(SCENARIO.read_text("utf-8"))["record"]
    fight = next(i for i, a in enumerate(record["actions"]) if a["type"] == "colossus")
    served.table.handle(ImportGame({**record, "actions": record["actions"][:fight]}))
    yield


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_kind_of_decision_in_at_most_four_taps(served: Served, phone: Any, lang: str) -> None:
    table = served.table
    table.handle(SetLanguage(lang))
    rng = random.Random(7)
    done: set[str] = set()
    for _ in games(served):
        opened: int | None = None
        while table.playing() and done != set(KINDS):
            found = pending_kind(served)
            if found is None or found[1].decision in done:
                for command in next_inputs(table, rng):
                    table.handle(command)
                continue
            seat, choice = found
            if opened != seat:
                open_seat(phone, served, seat)
                opened = seat
            wait_version(phone, served)
            expect(phone.locator("#decision")).to_have_attribute("data-kind", choice.decision)
            no_overflow(phone)
            before = table.version
            taps = Taps(phone)
            if phone.locator("#decision input[type='radio']").count() > 1:
                taps.tap("#decision .pick")
            if choice.decision in ("census_bards", "reward") and phone.locator(
                    "#decision .stepper:visible").count() > 1:
                taps.tap("#decision .stepper:visible >> nth=0 >> [data-step='-1']")
                taps.tap("#decision .stepper:visible >> nth=1 >> [data-step='1']")
            phone.screenshot(path=str(ARTIFACTS / f"seat-{choice.decision}-{lang}.png"))
            taps.tap("#decision .confirm")
            phone.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
            assert taps.count <= 4, choice.decision
            assert phone.locator("#decide-note").count() == 0 or phone.locator("#decide-note").inner_text() == ""
            done.add(choice.decision)
        if done == set(KINDS):
            break
    assert done == set(KINDS)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_view_on_a_tablet_shows_the_map_first(served: Served, browser: Any, lang: str) -> None:
    served.table.handle(SetLanguage(lang))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(served.url + "/")
        page.wait_for_function("() => document.getElementById('link-state').dataset.state === 'live'")
        # Read in one go: the live part may be swapped in again between two reads.
        box, qr = page.evaluate("() => ['.mapcard .mapbox', '.qrcard svg.qr'].map(function (s) {"
                                " const r = document.querySelector(s).getBoundingClientRect();"
                                " return {x: r.x, y: r.y, width: r.width, height: r.height}; })")
        assert box["y"] < 400 and box["height"] > 400, box  # the board first, large, inside the first screen
        assert qr["x"] >= box["x"] + box["width"] and qr["y"] < 800, qr  # the QR code beside it, on screen
        no_overflow(page)
        page.screenshot(path=str((SHOTS if lang == "en" else ARTIFACTS) / f"table-tablet-{lang}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_is_wider_than_a_360_px_phone(served: Served, browser: Any, lang: str) -> None:
    served.table.handle(SetLanguage(lang))
    context = browser.new_context(**{**PHONE, "viewport": {"width": 360, "height": 740}})
    try:
        page = context.new_page()
        for path in ("/", "/scoring", "/referee"):
            page.goto(served.url + path)
            page.wait_for_function("() => document.getElementById('link-state').dataset.state === 'live'")
            no_overflow(page)
    finally:
        context.close()


def test_a_wrong_program_is_fixed_in_eight_taps(served: Served, phone: Any) -> None:
    """Issue 26 item 5: Clear empties the whole program in one tap, so a program entered wrong is fixed
    with Clear, six orders and Lock (it took 21 taps when Clear took one order away); on the box view, one
    long press of BACK does the same."""
    table = served.table
    rng = random.Random(3)
    while table.phase() == "place":
        for command in next_inputs(table, rng):
            table.handle(command)
    seat = 1
    open_seat(phone, served, seat)
    expect(phone.locator("#editor")).to_be_visible()
    for order in ("red", "red", "red", "red", "red", "red"):
        phone.locator(f"#editor [data-put='{order}']").first.tap()
    phone.wait_for_function("() => document.querySelectorAll(\"#editor .slot[data-order='']\").length === 0")
    wanted = ["black", "action", "blue", "wait", "red", "action"]
    taps = Taps(phone)
    taps.tap("#editor [data-clear]")
    expect(phone.locator("#editor .slot[data-order='']")).to_have_count(6)
    for order in wanted:
        taps.tap(f"#editor [data-put='{order}']")
    taps.tap("#editor [data-seat-command='lock']")
    expect(phone.locator(".notice.waiting")).to_be_visible()
    assert taps.count <= 8
    assert table.view("referee")["table"]["drafts"][str(seat)] == wanted
    # The box view: unlocked, then BACK held down until the box clears the program.
    phone.locator("#editor [data-seat-command='unlock']").tap()
    expect(phone.locator("#editor [data-clear]")).to_be_visible()
    phone.locator("#box-view summary").tap()
    back = phone.locator("#box-view [data-key='BACK']")
    back.dispatch_event("pointerdown")
    phone.wait_for_function("() => document.querySelectorAll(\"#editor .slot[data-order='']\").length === 6")
    back.dispatch_event("pointerup")
    assert table.view("referee")["table"]["drafts"][str(seat)] == [None] * 6
