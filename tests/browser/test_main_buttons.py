"""The main button of each table-wide page is in the first screen (game night 2026-11-29): the table view's
Done and the referee's "Done up to here" at 390 (a phone), 820 (a tablet held upright) and 1920 px (a TV),
in English and in French, with the provisional board pack's banner shown. Measured in the page, in one go
(its live part may be swapped between two reads)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table import SetLanguage

from .conftest import PHONE, PIN, SHOTS, Served, expect, page_on, settled

SIZES: dict[str, dict[str, Any]] = {
    "390": PHONE,
    "820": {"viewport": {"width": 820, "height": 1180}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
    "1920": {"viewport": {"width": 1920, "height": 1080}},
}
PLACE = """s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, bottom: r.bottom, right: r.right, w: innerWidth, h: innerHeight, scrolled: scrollY}; }"""


def first_screen(page: Any, selector: str) -> dict[str, float]:
    """Where the element lies on the page as it opens (not scrolled): wholly within the first screen."""
    found = page.evaluate(PLACE, selector)
    assert found is not None, selector
    assert found["scrolled"] == 0 and found["y"] >= 0 and found["x"] >= 0, (selector, found)
    assert found["bottom"] <= found["h"] and found["right"] <= found["w"], (selector, found)
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
def test_done_and_done_up_to_here_are_in_the_first_screen(served: Served, browser: Any, language: str) -> None:
    table = served.table
    table.submit(SetLanguage(language)).result(timeout=10)
    assert table.view("public")["table"]["steps_total"] > 3  # the set-up's steps wait for the table
    for name, size in SIZES.items():
        with page_on(browser, size) as page:
            page.goto(served.url + "/")
            settled(page, table)
            expect(page.locator(".provisional-banner")).to_be_visible()
            page.screenshot(path=str(SHOTS / f"table-done-{name}-{language}.png"))
            done = first_screen(page, ".step.current button.done")
            print(f"table view {name} px, {language}: Done at y = {done['y']:.0f}..{done['bottom']:.0f}")
        with page_on(browser, size) as page:
            page.goto(f"{served.url}/referee")
            page.fill("#pin", PIN)
            page.get_by_role("button", name="Sign in" if language == "en" else "Se connecter").click()
            expect(page.locator("#h-todo")).to_be_attached()
            settled(page, table)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(SHOTS / f"referee-done-{name}-{language}.png"))
            upto = first_screen(page, "#todo-first")
            print(f"referee {name} px, {language}: Done up to here at y = {upto['y']:.0f}..{upto['bottom']:.0f}")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_seat_page_on_a_tv_uses_the_width_until_the_box_view_is_opened(served: Served, browser: Any,
                                                                           language: str) -> None:
    """Game night 2026-11-29: on a TV the seat page was a narrow column beside an empty "Box view" card. The
    page's cards now take the screen's width; the box view, once opened, takes a column of its own."""
    from web.auth import seat_token

    served.table.submit(SetLanguage(language)).result(timeout=10)
    token = seat_token(served.app.config["SECRET_KEY"], served.table.game_id, 1)
    for name in ("1280", "1920"):
        width = int(name)
        with page_on(browser, {"viewport": {"width": width, "height": 1080 if width == 1920 else 800}}) as page:
            page.goto(f"{served.url}/seat/1?t={token}")
            settled(page, served.table)
            live = page.evaluate("() => document.getElementById('live').getBoundingClientRect().width")
            box = page.evaluate("() => { const r = document.getElementById('box-view').getBoundingClientRect();"
                                " return {y: r.y, height: r.height}; }")
            live_bottom = page.evaluate("() => document.getElementById('live').getBoundingClientRect().bottom")
            page.screenshot(path=str(SHOTS / f"seat-{name}-{language}.png"))
            assert live > 0.6 * min(width, 1400), live  # not a narrow column
            assert box["y"] >= live_bottom - 1  # the closed box view is below the cards, not an empty column
            page.locator("#h-box").click()
            expect(page.locator("#screen")).to_be_visible()
            page.screenshot(path=str(SHOTS / f"seat-box-{name}-{language}.png"))
