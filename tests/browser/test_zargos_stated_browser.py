"""What the table states happened in Zargos (Z-27), in taps on the referee's page and a seat's (issue 29, zref
item 1): a province tapped on the form's map, its tokens raised with +, what it comes from picked by name, the
preview in words, recorded; a seat's impossible effect refused in words on its page. Pictures at 390 px and
1280 px, English and French, in the artifacts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.table import SetChance, SetLanguage, Table
from tests.games.zargos.table.support import new_game, play
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import ARTIFACTS, PHONE, PIN, expect, page_on, settled

WIDE = {"viewport": {"width": 1280, "height": 900}}
WORDS = {"en": ("State what happened at the table", "Wind of War", "Record it", "tokens more for",
                "That would leave less than no tokens there."),
         "fr": ("Dire ce qui s'est passé à la table", "Vent de Guerre", "L'enregistrer", "pions en plus pour",
                "Il resterait moins que zéro pion.")}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Table, str, Any]]:
    table = new_game(tmp_path / "z.db", 3, seed=5)
    table.start()
    play(table, until=lambda t: t.view("public")["round"] >= 1 and t.view("public")["phase"] == "attack")
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0, 1, 2}))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield table, f"http://127.0.0.1:{server.port}", app
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()


def stated(table: Table) -> list[dict[str, Any]]:
    return [e for e in table.view("referee")["log"] if e["event"] == "adjusted"]


def test_an_effect_stated_in_taps_by_the_referee_and_refused_in_words_on_a_seat(browser: Any, served: Any) -> None:
    table, url, app = served
    view = table.view("referee")
    province, held = next(iter(view["provinces"].items()))
    for size, options, language in (("390", PHONE, "en"), ("1280", WIDE, "en"), ("390", PHONE, "fr"),
                                    ("1280", WIDE, "fr")):
        table.handle(SetLanguage(language))
        title, card, record, tokens, _ = WORDS[language]
        with page_on(browser, options) as page:
            page.goto(f"{url}/referee")
            page.fill("#pin", PIN)
            page.locator("#login button").click()
            expect(page.locator(".zstate")).to_be_attached()
            settled(page, table)
            page.get_by_text(title).click()
            form = page.locator(".zstate-form")
            form.locator(".zstate-map summary").click()
            form.locator(f'.zstate-map [data-province="{province}"]').dispatch_event("click")
            row = form.locator(".zrow").first
            expect(row.locator("[name=zprovince]")).to_have_value(province)
            expect(row.locator("[name=zpeople]")).to_have_value(held["people"])  # its holder, by default
            row.locator('[data-zstep="1"]').click()
            form.locator("[name=zreason]").select_option(label=card)
            if size == "390" and language == "en":
                # The table moves on meanwhile: the live part is swapped, what is being filled in stays.
                table.handle(SetChance("table" if view["table"]["chance"] == "pi" else "pi"))
                settled(page, table)
                form = page.locator(".zstate-form")
                expect(form.locator(".zrow [name=zprovince]")).to_have_value(province)
                expect(form.locator(".zrow .zn")).to_have_text("+2")
            preview = form.locator(".zpreview")
            expect(preview).to_contain_text(card)
            expect(preview).to_contain_text(f"2 {tokens}")
            form.locator(".zstate-map summary").click()  # the map folded again for the picture
            page.locator(".zstate").screenshot(path=str(ARTIFACTS / f"zargos-state-referee-{size}-{language}.png"))
            before = len(stated(table))
            form.get_by_role("button", name=record).click()
            expect(page.locator(".zstate-note")).not_to_be_empty()
            assert len(stated(table)) == before + 1
            assert stated(table)[-1]["tokens"] == [[province, held["people"], 2]]
            assert stated(table)[-1]["stated_by"] is None and stated(table)[-1]["reason"] == "card:vent_de_guerre"

    # A seat states an effect the engine cannot apply: said in words on its page, nothing changes (Z-27).
    title, _, record, _, refusal = WORDS["fr"]
    seat = view["peoples"][held["people"]]["seat"]
    with page_on(browser) as page:
        page.goto(f"{url}/seat/{seat + 1}?t={seat_token(app.config['SECRET_KEY'], table.game_id, seat)}")
        settled(page, table)
        page.get_by_text(title).click()
        form = page.locator(".zstate-form")
        form.locator("[data-zadd-row]").click()
        row = form.locator(".zrow").first
        row.locator("[name=zprovince]").select_option(province)
        for _ in range(table.view("referee")["provinces"][province]["strength"] + 2):
            row.locator('[data-zstep="-1"]').click()
        before = table.version
        form.get_by_role("button", name=record).click()
        expect(form.locator(".zstate-note")).to_contain_text(refusal)
        assert table.version == before
        page.locator(".zstate").screenshot(path=str(ARTIFACTS / "zargos-state-seat-390-fr.png"))


def answered(page: Any, prompt: str) -> None:
    """Until the page no longer asks this question (no question, or another capital's value next)."""
    page.wait_for_function("p => !(document.getElementById('asking')?.textContent || '').includes(p)", arg=prompt)


def test_a_capitals_printed_value_is_typed_on_the_referees_page_and_on_a_seats(browser: Any, served: Any) -> None:
    """10.2: the Pi rolls and deals, yet a capital's value is read off the board: asked on every page."""
    table, url, app = served

    def until_value() -> Any:
        play(table, until=lambda t: (a := t.view("public")["table"]["asking"]) is not None and a["kind"] == "value")
        return table.view("public")["chance"]["params"]["kingdom"]

    kingdom = until_value()
    with page_on(browser) as page:
        page.goto(f"{url}/referee")
        page.fill("#pin", PIN)
        page.locator("#login button").click()
        expect(page.locator("#asking")).to_contain_text("What value is printed on the capital of")
        prompt = table.view("public")["table"]["asking"]["prompt"]
        page.locator("#asking").get_by_role("button", name="6", exact=True).click()
        # Answered: the question goes (another capital's value may be asked next, at the same count)
        answered(page, prompt)
    assert table.view("public")["values"][kingdom] == 6
    kingdom = until_value()
    seat = 1
    with page_on(browser) as page:
        page.goto(f"{url}/seat/{seat + 1}?t={seat_token(app.config['SECRET_KEY'], table.game_id, seat)}")
        expect(page.locator("#asking")).to_contain_text("What value is printed on the capital of")
        prompt = table.view("public")["table"]["asking"]["prompt"]
        page.locator("#asking").get_by_role("button", name="4", exact=True).click()
        answered(page, prompt)
    assert table.view("public")["values"][kingdom] == 4
    record = table.record()
    assert [m["outcome"] for m in record["moves"] if m["type"] == "chance" and m.get("kind") == "value"] == [6, 4]


def test_2_10_a_trade_of_placement_cards_recorded_in_taps(browser: Any, tmp_path: Path) -> None:
    table = new_game(tmp_path / "t.db", 3, seed=5)
    table.start()
    play(table, until=lambda t: t.view("public")["phase"] == "trade")
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0, 1, 2}))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    try:
        with page_on(browser) as page:
            page.goto(f"http://127.0.0.1:{server.port}/referee")
            page.fill("#pin", PIN)
            page.locator("#login button").click()
            expect(page.locator(".zstate")).to_be_attached()
            settled(page, table)
            page.get_by_text("State what happened at the table").click()
            form = page.locator(".zstate-form")
            form.get_by_label("A trade of placement cards").check()
            part = form.locator('.ztrade[data-part="trade"]')
            for side in ("a", "b"):
                part.locator(f'.zside[data-side="{side}"] .zgive [data-zstep="1"]').first.click()
            expect(form.locator(".zpreview li")).to_have_count(2)
            expect(form.locator(".zpreview")).not_to_contain_text("nothing")
            page.locator(".zstate").screenshot(path=str(ARTIFACTS / "zargos-state-trade-390-en.png"))
            form.get_by_role("button", name="Record it").click()
            expect(form.locator(".zstate-note")).to_have_text("Done.")
        trades = [e for e in table.view("referee")["log"] if e["event"] == "trade"]
        assert len(trades) == 1 and trades[0]["stated_by"] is None and trades[0]["a_gives"] and trades[0]["b_gives"]
    finally:
        app.config["STREAMS"].close_all()
        server.stop()
        table.stop()
