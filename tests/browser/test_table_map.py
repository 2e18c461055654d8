"""The table view's map on every screen: on a tablet or a TV the whole board first, as large as the
screen allows, beside the year, the players' locks, the current step and the QR code; on a phone it
opens zoomed for its labels to read (10 px at least), pans with a finger, zooms with its buttons, a
two-finger pinch or a double tap, keeps its zoom across the page's live updates, and never makes the
page wider than the phone. Touches are real ones, sent through chromium's input pipeline (CDP)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.table import Acknowledge, SetLanguage
from tests.table.support import next_inputs

from .conftest import ARTIFACTS, SHOTS, Served, page_on

expect: Any = None

# Everything about the map in one read: the live part may be swapped in again between two reads.
GEOMETRY = """() => {
  const box = document.querySelector('.mapbox'), svg = box.querySelector('svg.map');
  const r = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
  const labels = Array.from(svg.querySelectorAll('text'), t => t.getBoundingClientRect().height);
  return {left: r.left, top: r.top, width: r.width, height: r.height, bottom: r.bottom,
          boxLeft: b.left, boxTop: b.top, boxWidth: box.clientWidth, boxHeight: box.clientHeight,
          columnWidth: box.parentElement.clientWidth,
          scrollLeft: box.scrollLeft, scrollTop: box.scrollTop, smallest: Math.min(...labels),
          labels: labels.length, pageWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth,
          innerHeight: innerHeight, scale: visualViewport.scale,
          version: document.getElementById('live').dataset.version};
}"""


@pytest.fixture(autouse=True)
def playwright_expect() -> None:
    global expect
    from playwright.sync_api import expect as playwright_expect

    expect = playwright_expect


def play_into_the_year(served: Served, year: int) -> None:
    """Random players' inputs until the table is past the placement and into `year`'s resolution,
    where the map has Idrakys on it and the table steps to do."""
    rng = random.Random(2)
    table = served.table
    while table.playing() and not ((table.round() or 0) >= year and table.phase() in ("resolution", "census")):
        for command in next_inputs(table, rng):
            table.submit(command).result(timeout=10)


def open_table(page: Any, served: Served) -> None:
    page.goto(served.url + "/")
    page.wait_for_function("() => document.getElementById('link-state').dataset.state === 'live'")


def geometry(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(GEOMETRY))


def to_the_map(page: Any) -> None:
    """Scrolls the page so that the map is on screen, under the sticky bar at the top."""
    page.evaluate("() => window.scrollTo(0, document.querySelector('.mapview').getBoundingClientRect().top"
                  " + window.scrollY - 70)")


class Fingers:
    """Touches on the page through chromium's own input pipeline, as a touch screen sends them."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]], at: float | None = None) -> None:
        event: dict[str, Any] = {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i}
                                                               for i, (x, y) in enumerate(points)]}
        if at is not None:  # the time the page sees, whatever the machine's load
            event["timestamp"] = at
        self.cdp.send("Input.dispatchTouchEvent", event)

    def pinch(self, x: float, y: float, apart: float, to: float, steps: int = 8) -> None:
        """Two fingers on either side of (x, y), `apart` px apart, spread (or closed) to `to` px apart."""
        self.send("touchStart", [(x - apart / 2, y), (x + apart / 2, y)])
        for k in range(1, steps + 1):
            d = (apart + (to - apart) * k / steps) / 2
            self.send("touchMove", [(x - d, y), (x + d, y)])
        self.send("touchEnd", [])

    def drag(self, x: float, y: float, dx: float, dy: float, steps: int = 8) -> None:
        """A finger drags by (dx, dy) and rests before it lifts: no fling goes on scrolling after it (a
        fling would take the next tap to stop it). Stamped in the page's past, whatever the machine's load."""
        start = time.time() - 0.5
        self.send("touchStart", [(x, y)], at=start)
        for k in range(1, steps + 1):
            self.send("touchMove", [(x + dx * k / steps, y + dy * k / steps)], at=start + 0.016 * k)
        self.send("touchMove", [(x + dx, y + dy)], at=start + 0.4)
        self.send("touchEnd", [], at=start + 0.41)

    def double_tap(self, x: float, y: float) -> None:
        # Stamped 40 ms apart: a double tap to the page even when the machine is slow to send them.
        start = time.time() - 0.5
        for k, kind in enumerate(("touchStart", "touchEnd", "touchStart", "touchEnd")):
            self.send(kind, [(x, y)] if kind == "touchStart" else [], at=start + 0.04 * k)


def under(page: Any, x: float, y: float) -> tuple[float, float]:
    """The map point under a point of the screen, as fractions of the map's width and height."""
    g = geometry(page)
    return (x - g["left"]) / g["width"], (y - g["top"]) / g["height"]


def middle(g: dict[str, Any]) -> tuple[float, float]:
    return g["boxLeft"] + g["boxWidth"] / 2, g["boxTop"] + g["boxHeight"] / 2


def wait_width(page: Any, above: float | None = None, below: float | None = None) -> None:
    test = " && ".join([f"w > {above}"] * (above is not None) + [f"w < {below}"] * (below is not None))
    page.wait_for_function(f"() => {{ const w = document.querySelector('.mapbox svg.map')"
                           f".getBoundingClientRect().width; return {test}; }}")


def no_overflow(page: Any) -> None:
    g = geometry(page)
    assert g["pageWidth"] <= g["innerWidth"], g


def panel_fits(page: Any) -> None:
    """Nothing in the side panel is wider than its card (a long phase name wraps beside the QR code)."""
    wider = page.evaluate("() => Array.from(document.querySelectorAll('.panel.lead > .card'))"
                          ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.className)")
    assert wider == []


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_landscape_screen_shows_the_whole_board_first_beside_the_panel(served: Served, browser: Any, width: int,
                                                                          height: int, lang: str) -> None:
    served.table.handle(SetLanguage(lang))
    with page_on(browser, {"viewport": {"width": width, "height": height}}) as page:
        open_table(page, served)
        expect(page.locator("#live")).to_have_attribute("data-phase", "place")  # the longest phase name
        panel_fits(page)
        play_into_the_year(served, 1)
        # The table laid out the board first (a step stays to do until Done: issue 26).
        set_up = sum(1 for step in served.table.view("public")["table"]["steps"] if step["kind"] == "setup")
        served.table.submit(Acknowledge(set_up)).result(timeout=10)
        expect(page.locator("#live")).to_have_attribute("data-version", str(served.table.version))
        g = geometry(page)
        # The board first: its top at the top of the first screen, its bottom in it too.
        assert g["top"] < 0.1 * height and g["bottom"] <= height, g
        # As large as the screen allows: its column is most of the screen, and the drawing fills either the
        # column's width or the height left below its top (a landscape screen: mostly the height).
        assert g["columnWidth"] >= 0.6 * width, g
        assert min(g["columnWidth"] - g["width"], height - g["top"] - g["height"]) <= 20, g
        assert g["height"] >= 0.85 * height, g
        # Beside it, in the first screen: the year and phase, the QR code, the players' locks, the current step
        # and its Done.
        panel = page.evaluate("() => ['.status', '.qrcard', '.players', '.step.current .step-title',"
                              " '.step.current button.done'].map(s => {"
                              " const r = document.querySelector(s).getBoundingClientRect();"
                              " return [s, r.left, r.top, r.bottom]; })")
        for name, left, top, bottom in panel:
            assert left >= g["boxLeft"] + g["columnWidth"] and top >= 0 and bottom <= height, (name, left, top, bottom)
        panel_fits(page)
        no_overflow(page)
        page.screenshot(path=str((SHOTS if lang == "en" and width == 1920 else ARTIFACTS)
                                 / f"table-{'tv' if width == 1920 else 'landscape'}-{lang}.png"))


def test_on_a_phone_the_map_opens_readable_and_pans_and_zooms_by_touch(served: Served, browser: Any) -> None:
    play_into_the_year(served, 2)
    with page_on(browser) as page:
        open_table(page, served)
        to_the_map(page)
        g = geometry(page)
        # Readable: every label of the map at least 10 px high, the map wider than its box to pan.
        assert g["labels"] > 40 and g["smallest"] >= 10, g
        assert g["width"] > g["boxWidth"] + 100, g
        page.locator(".mapview").screenshot(path=str(SHOTS / "table-map-phone.png"))

        # A finger drags the map: the box scrolls, natively.
        fingers = Fingers(page)
        x, y = middle(g)
        fingers.drag(x, y, -120, 0)
        page.wait_for_function(f"() => document.querySelector('.mapbox').scrollLeft > {g['scrollLeft'] + 60}")

        # + zooms in by half again, "Whole board" shows it all in the box.
        page.get_by_role("button", name="Zoom in").tap()
        wait_width(page, above=g["width"] * 1.45)
        page.get_by_role("button", name="Whole board").tap()
        wait_width(page, below=g["boxWidth"] + 1)
        whole = geometry(page)
        assert whole["height"] <= whole["boxHeight"] + 1 and whole["scrollLeft"] == whole["scrollTop"] == 0, whole
        expect(page.get_by_role("button", name="Zoom out")).to_be_disabled()

        # Two fingers spread from 60 to 180 px apart: the map three times larger, the point between the
        # fingers still between them, the page itself not zoomed.
        x, y = middle(whole)
        before = under(page, x, y)
        fingers.pinch(x, y, 60, 180)
        wait_width(page, above=whole["width"] * 2.8, below=whole["width"] * 3.2)
        pinched = geometry(page)
        after = under(page, x, y)
        assert abs(after[0] - before[0]) < 0.02 and abs(after[1] - before[1]) < 0.02, (before, after)
        assert pinched["scale"] == 1, pinched
        no_overflow(page)

        # Closing the fingers zooms out again, to the whole board at most.
        fingers.pinch(x, y, 200, 40)
        wait_width(page, below=whole["width"] + 1)

        # A double tap zooms in twice as large there.
        fingers.double_tap(x, y)
        wait_width(page, above=whole["width"] * 1.9, below=whole["width"] * 2.1)


def test_the_zoom_stays_across_the_live_updates_and_waits_for_the_fingers(served: Served, browser: Any) -> None:
    play_into_the_year(served, 1)
    table = served.table
    rng = random.Random(4)
    with page_on(browser) as page:
        open_table(page, served)
        to_the_map(page)
        page.get_by_role("button", name="Zoom in").tap()
        start = geometry(page)
        fingers = Fingers(page)
        x, y = middle(start)
        fingers.drag(x, y, 0, -80)  # 80 px less the few a touch moves before it scrolls
        page.wait_for_function(f"() => document.querySelector('.mapbox').scrollTop > {start['scrollTop'] + 60}")
        zoomed = geometry(page)

        def changed() -> int:
            """Keys in the next inputs: the table's version after them."""
            version = table.version
            while table.version == version:
                assert table.playing()
                for command in next_inputs(table, rng):
                    table.submit(command).result(timeout=10)
            return table.version

        # The page redraws the map after a change: a new drawing, the same zoom and the same place.
        page.evaluate("() => { document.querySelector('.mapbox svg.map').dataset.drawn = 'before'; }")
        version = changed()
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {version}")
        assert page.locator(".mapbox svg.map[data-drawn]").count() == 0
        redrawn = geometry(page)
        for key in ("width", "height", "scrollLeft", "scrollTop"):
            assert abs(redrawn[key] - zoomed[key]) <= 2, (key, zoomed, redrawn)

        # A finger on the map holds the redraw: the page hears of the change but keeps the map under
        # the finger; once lifted, it redraws, the zoom kept.
        to_the_map(page)  # the cards above the map change with the table: it may have moved on the page
        again = geometry(page)
        held = again["version"]
        x, y = middle(again)
        fingers.send("touchStart", [(x, y)])
        fingers.send("touchMove", [(x - 30, y)])  # a pan under way (and no long press)
        with page.expect_response(lambda r: "/part/table" in r.url) as answer:
            version = changed()
        answer.value.finished()
        page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version}")
        assert page.evaluate("() => document.getElementById('live').dataset.version") == held
        fingers.send("touchEnd", [])
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {version}")
        assert abs(geometry(page)["width"] - zoomed["width"]) <= 2


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    with page_on(browser) as page:
        yield page


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_page_is_never_wider_than_the_phone_whatever_the_zoom(served: Served, phones: Any, width: int,
                                                                   lang: str) -> None:
    served.table.handle(SetLanguage(lang))
    page = phones
    page.set_viewport_size({"width": width, "height": 800})
    open_table(page, served)
    to_the_map(page)
    no_overflow(page)
    for _ in range(3):
        page.locator("[data-zoom='in']").tap()
        no_overflow(page)
    if width == 390:
        page.locator("[data-zoom='fit']").tap()
        page.locator(".mapcard").screenshot(path=str(ARTIFACTS / f"table-map-whole-{lang}.png"))
        page.locator("[data-zoom='in']").tap()
        page.screenshot(path=str(ARTIFACTS / f"table-phone-map-{lang}.png"))
