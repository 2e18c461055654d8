"""The first steps of the board pack's walk-through on a phone: sign in, confirm with one tap, correct
with the picker, see the live conflict with its Fix button, go back; and the reference sheet printed."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.boards.saved import PackFiles
from companion.boards.verify import Walk

from .conftest import ARTIFACTS, PHONE, PIN, Served

# The README shows these pictures: they are refreshed with XIDIT_UPDATE_GOLDENS=1, never by a plain run.
SHOTS = (Path(__file__).parent.parent.parent / "docs" / "pages" if os.environ.get("XIDIT_UPDATE_GOLDENS")
         else ARTIFACTS)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []  # no script error


def test_the_first_steps_of_the_walk_on_a_phone(served: Served, phone: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page = phone
    page.goto(f"{served.url}/verify")
    page.fill("#pin", PIN)
    page.get_by_role("button", name="Sign in").click()

    # The first question, the pack's value offered: one tap confirms it.
    expect(page.locator("#prompt")).to_have_text("From city 1, where does the black road lead?")
    expect(page.locator("#value")).to_have_text("city 7")
    expect(page.locator("#progress-text")).to_have_text("0 of 204 answered")
    confirm = page.locator("#confirm")
    expect(confirm).to_have_text("✓ Confirm: city 7")
    box = confirm.bounding_box()
    assert box is not None and box["height"] >= 60 and box["width"] >= 390 * 0.5  # a big thumb target
    page.screenshot(path=str(SHOTS / "verify-question.png"))
    confirm.click()
    expect(page.locator("#prompt")).to_have_text("From city 1, where does the red road lead?")
    expect(page.locator("#progress-text")).to_have_text("2 of 204 answered")  # 7's black road came with it

    # Change opens the picker of cities; the current one is highlighted; a tap answers.
    expect(page.locator("#value")).to_have_text("city 4")
    page.locator("#change").click()
    picker = page.locator("#picker")
    expect(picker).to_be_visible()
    expect(picker.locator("button[data-city='4']")).to_have_attribute("aria-pressed", "true")
    expect(picker.locator("button[data-city='1']")).to_have_count(0)  # not a road to itself
    page.screenshot(path=str(SHOTS / "verify-picker.png"))
    picker.locator("button[data-city='10']").click()
    expect(page.locator("#prompt")).to_have_text("From city 1, where does the blue road lead?")

    # The correction is checked at once: region 4's border lost a road (1-4 red), and says so.
    conflicts = page.locator("#conflicts li.conflict")
    expect(conflicts.first).to_contain_text("region 4")
    fix = conflicts.first.locator("button")
    expect(fix).to_contain_text("Fix — Region 4: which cities lie on its border?")

    # Back: the corrected answer is there, answered.
    page.locator("#back").click()
    expect(page.locator("#prompt")).to_have_text("From city 1, where does the red road lead?")
    expect(page.locator("#value")).to_have_text("city 10")
    expect(page.locator("#state")).to_contain_text("Answered.")
    expect(page.locator("#state")).to_contain_text("Was city 4 in the pack you started from.")

    # The conflict's button goes where it is fixed.
    fix.scroll_into_view_if_needed()
    fix.click()
    expect(page.locator("#prompt")).to_have_text("Region 4: which cities lie on its border?")
    expect(page.locator("#prompt")).to_be_in_viewport()  # the question comes back into sight...
    header, prompt = page.locator("header.top").bounding_box(), page.locator("#prompt").bounding_box()
    assert header is not None and prompt is not None and prompt["y"] >= header["height"]  # ...not under the bar
    expect(page.locator("#here-conflicts")).to_contain_text("not joined by roads in one closed loop")
    expect(page.locator("#picker")).to_be_hidden()  # closed until Change
    page.locator("#change").click()
    expect(page.locator("#picker button[data-city='1']")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(SHOTS / "verify-conflict.png"))

    # Every step is saved: the walk on disk is the one on the screen.
    saved = PackFiles.beside(served.table.store_path).load_progress()
    walk = Walk.from_json(saved)
    assert walk.values["road:1:red"] == 10 and walk.values["road:10:red"] == 1 and walk.values["road:4:red"] is None
    assert walk.question is not None and walk.question.key == "border:4"


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
