"""The board pack's walk-through on a phone: sign in, fill in a city's roads (nothing invented offered),
see a road known from its other city, a live conflict with its Fix button; a region and a tile screen at
390 pixels in English and French; and the reference sheet printed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games.xidit.boards.saved import PackFiles
from companion.games.xidit.boards.verify import Walk
from tests.games.xidit.boards.support import counts

from .conftest import ARTIFACTS, PIN, SHOTS, Served, page_on


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    with page_on(browser) as page:
        yield page


def sign_in(page: Any, url: str) -> None:
    page.goto(f"{url}/verify")
    page.fill("#pin", PIN)
    page.locator("#verify-login button[type=submit]").click()


def test_the_first_screens_of_the_walk_on_a_phone(served: Served, phone: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = phone
    sign_in(page, served.url)

    # City 1: its three roads, all blank (the pack's roads are invented): Save waits until each is picked.
    expect(page.locator("#prompt")).to_have_text("City 1: where do its roads lead?")
    expect(page.locator("#progress-text")).to_have_text("0 of 80 screens answered")
    fields = page.locator("#fields fieldset")
    expect(fields).to_have_count(3)
    expect(page.locator("#fields fieldset[data-known='no']")).to_have_count(3)
    save = page.locator("#save")
    expect(save).to_be_disabled()
    expect(page.locator("#save-note")).to_have_text("3 parts to fill in from your board.")
    box = save.bounding_box()
    assert box is not None and box["height"] >= 60 and box["width"] >= 390 * 0.5  # a big thumb target
    page.locator("#where").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "verify-question.png"))
    black, red, blue = (page.locator(f"#fields fieldset[data-field='{c}']") for c in ("black", "red", "blue"))
    expect(black.locator("button[data-city='1']")).to_have_count(0)  # not a road to itself
    black.locator("button[data-city='7']").click()
    red.locator("button[data-city='4']").click()
    expect(save).to_be_disabled()
    blue.locator("button[data-city='2']").click()
    expect(save).to_be_enabled()
    save.click()

    # City 2: its road to city 1 is known now (seen from city 1), the others still blank.
    expect(page.locator("#prompt")).to_have_text("City 2: where do its roads lead?")
    expect(page.locator("#progress-text")).to_have_text("1 of 80 screens answered")
    expect(page.locator("#fields fieldset[data-field='blue']")).to_have_attribute("data-known", "yes")
    expect(page.locator("#fields fieldset[data-field='blue'] button[data-city='1']")).to_have_attribute(
        "aria-pressed", "true")
    page.locator("#fields fieldset[data-field='blue']").evaluate("node => node.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(SHOTS / "verify-picker.png"))

    # A road seen otherwise from its other city is a conflict, with a button to where it is fixed.
    page.locator("#fields fieldset[data-field='blue'] button[data-city='9']").click()
    page.locator("#fields fieldset[data-field='black'] button[data-city='8']").click()
    page.locator("#fields fieldset[data-field='red'] button[data-city='3']").click()
    save.click()
    conflicts = page.locator("#conflicts li.conflict")
    expect(conflicts.first).to_contain_text("City 1: its blue road leads to city 2")
    fix = conflicts.first.locator("button")
    expect(fix).to_contain_text("Fix — City 1: where do its roads lead?")
    fix.scroll_into_view_if_needed()
    fix.click()
    expect(page.locator("#prompt")).to_have_text("City 1: where do its roads lead?")
    expect(page.locator("#prompt")).to_be_in_viewport()  # the screen comes back into sight...
    header, prompt = page.locator("header.top").bounding_box(), page.locator("#prompt").bounding_box()
    assert header is not None and prompt is not None and prompt["y"] >= header["height"]  # ...not under the bar
    expect(page.locator("#here-conflicts")).to_contain_text("its blue road leads to city 2")
    page.screenshot(path=str(SHOTS / "verify-conflict.png"))

    # Every step is saved: the walk on disk is the one on the screen.
    walk = Walk.from_json(PackFiles.beside(served.table.store_path).load_progress())
    assert walk.answers["city:1"] == {"black": 7, "red": 4, "blue": 2}
    assert walk.answers["city:2"] == {"black": 8, "red": 3, "blue": 9}
    assert walk.screen is not None and walk.screen.key == "city:1"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_tile_and_a_region_screen_at_390_pixels(served: Served, phone: Any, language: str) -> None:
    from playwright.sync_api import expect

    from companion.table import SetLanguage

    served.table.submit(SetLanguage(language)).result(timeout=30)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = phone
    sign_in(page, served.url)
    expect(page.locator("#fields fieldset")).to_have_count(3)
    for key, name in (("region:3", "region"), ("tile:4-5:6", "tile")):
        page.evaluate("key => fetch('/api/verify/goto', {method: 'POST', headers: {'Content-Type': "
                      "'application/json'}, body: JSON.stringify({screen: key})})", key)
        page.reload()
        expect(page.locator("#fields fieldset").first).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width  # nothing wider than the phone
        page.screenshot(path=str(ARTIFACTS / f"verify-{name}-{language}.png"), full_page=True)
    # The tile: its recruitment side is a rule fact (F9), offered; its threat side is blank.
    expect(page.locator("#fields fieldset[data-field='recruit']")).to_have_attribute("data-known", "yes")
    expect(page.locator("#fields fieldset[data-field='needs']")).to_have_attribute("data-known", "no")
    expect(page.locator("#save")).to_be_disabled()


def test_a_count_that_differs_offers_the_screens_to_look_at_again(served: Served, phone: Any) -> None:
    from playwright.sync_api import expect

    from companion.games.xidit.boards import default_pack
    from companion.games.xidit.rules.terms import ROAD_COLOURS

    board = default_pack()
    page = phone
    sign_in(page, served.url)
    expect(page.locator("#fields fieldset")).to_have_count(3)
    post = ("([key, value]) => fetch('/api/verify/answer', {method: 'POST', headers: {'Content-Type': "
            "'application/json'}, body: JSON.stringify({screen: key, value: value})}).then(r => r.status)")
    for city in range(1, 22):
        assert page.evaluate(post, [f"city:{city}", {c: board.road(city, c) for c in ROAD_COLOURS}]) == 200
    # One black road more on the board than in the answers: it ends at cities answered without one.
    counted = counts(board, "roads")
    assert page.evaluate(post, ["count:roads", {**counted, "black": counted["black"] + 1}]) == 200
    page.reload()
    conflict = page.locator("#conflicts li.conflict").first
    expect(conflict).to_contain_text(f"Black roads: you counted {counted['black'] + 1}, your city screens make "
                                     f"{counted['black']}")
    look = conflict.locator(".look-again button")
    expect(look.first).to_be_visible()
    cities = [int(text) for text in look.all_inner_texts()]
    assert cities and all(board.road(city, "black") is None for city in cities)
    look.first.click()
    expect(page.locator("#prompt")).to_have_text(f"City {cities[0]}: where do its roads lead?")


def test_the_reference_sheet_prints_on_a4(served: Served, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 794, "height": 1123})
    page = context.new_page()
    page.goto(f"{served.url}/reference")
    page.emulate_media(media="print")
    assert page.locator("header.top").is_hidden()  # no navigation on paper
    assert page.locator("table.tiles").count() == 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "verify-reference.png"))
    pdf = page.pdf(format="A4", print_background=True)
    context.close()
    assert pdf.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
    assert 2 <= pages <= 6, pages  # the map and roads, then each tile set on its own page, a few pages in all
