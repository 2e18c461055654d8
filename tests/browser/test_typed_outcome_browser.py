"""A card the table types in (issue 37), on a seat's phone in chromium: the toy's omen card (three numbers from
1 to 6, a sun or a moon, a crown or not), typed by taps alone (steppers, a chip, a checkbox): a card the form
or the rules refuse is refused in words under the fields and changes nothing; the card typed is the game's.
The form's pictures at 390 px, in English and in French (tests/browser/artifacts/typed-card-*.png)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, SetLanguage, SetPace, Table
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from web.auth import seat_token

from .conftest import SHOTS, Served, expect, page_on, serving, settled


@pytest.fixture
def omens_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    table = Table.open(Store(tmp_path / "omens.db"), default_pack_text())
    table.handle(NewGame({"players": 3, "rounds": 1, "omens": True, "seed": 4}, game="toy", chance="pi",
                         seats={str(seat): {"device": "phone"} for seat in range(3)}))
    with serving(table, {0, 1, 2}) as served:
        yield served


def seat_link(served: Served, seat: int) -> str:
    table = served.table
    number = registry.load(table.game_key).shown_seat(seat)  # links read seats from 1 in every game
    return f"{served.url}/seat/{number}?t={seat_token(served.app.config['SECRET_KEY'], table.game_id, seat)}"


def tap(form: Any, label: str, button: str, times: int) -> None:
    for _ in range(times):
        form.get_by_role("group", name=label).get_by_role("button", name=button).click()


def test_a_seat_types_the_omen_card_by_taps(omens_served: Served, browser: Any) -> None:
    table = omens_served.table
    with page_on(browser) as page:
        page.goto(seat_link(omens_served, 1))
        settled(page, table)
        form = page.locator("form.tell-form")
        expect(form).to_be_visible()
        for label in ("Left number", "Middle number", "Right number"):
            tap(form, label, "One more", 2)  # from blank, the least then one more: 2
        shown = table.version  # the referee changes something else: the live part is swapped, the taps stay
        pace = "orders" if table.view()["table"]["pace"] != "orders" else "decisions"
        table.submit(SetPace(pace)).result(timeout=10)
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {shown}")
        form = page.locator("form.tell-form")
        assert form.locator("input[type=number]").evaluate_all("xs => xs.map(x => x.value)") == ["2", "2", "2"]
        before = table.version
        note = form.locator(".tell-note")
        form.get_by_role("button", name="Tell the table this card").click()
        expect(note).to_have_text("Refused: Sky: nothing was typed.")
        form.get_by_text("moon").click()
        form.get_by_role("button", name="Tell the table this card").click()
        expect(note).to_have_text("Refused: No omen card shows the same number three times.")  # the rules' word
        assert table.version == before and table.view("public")["phase"] == "omen"
        page.screenshot(path=str(SHOTS / "typed-card-en.png"), full_page=True)
        tap(form, "Middle number", "One more", 5)  # stops at the most
        tap(form, "Middle number", "One less", 1)
        tap(form, "Right number", "One more", 1)
        form.get_by_text("Crowned").click()
        form.get_by_role("button", name="Tell the table this card").click()
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
        assert table.view("public")["omen"] == {"numbers": [2, 5, 3], "sky": "moon", "crowned": True}
        expect(page.locator("form.tell-form")).to_have_count(0)


def test_the_typed_card_in_french(omens_served: Served, browser: Any) -> None:
    table = omens_served.table
    table.submit(SetLanguage("fr")).result(timeout=10)
    with page_on(browser) as page:
        page.goto(seat_link(omens_served, 2))
        settled(page, table)
        form = page.locator("form.tell-form")
        form.get_by_role("button", name="Annoncer cette carte").click()
        expect(form.locator(".tell-note")).to_contain_text("rien n'a été saisi")
        expect(form.get_by_role("button", name="Un de plus")).to_have_count(3)
        page.screenshot(path=str(SHOTS / "typed-card-fr.png"), full_page=True)
