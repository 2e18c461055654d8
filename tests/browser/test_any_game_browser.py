"""Any game on the referee's phone (issue 29): the wizard offers Zargos beside Xidit with its own seats and
its dice policy, and on a Zargos table whose dice are the table's own, the referee types a roll in one tap a
side and switches the dice to the Pi. Zargos is played here without page parts of its own (the framework's
generic ones), so that this tests the framework whatever its module brings."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, Table

from .conftest import PIN, SHOTS, Served, expect, page_on, serving, settled

ZARGOS = registry.load("zargos")


@pytest.fixture
def plain_zargos() -> Iterator[None]:
    registry.register(replace(ZARGOS, web=None))
    yield
    registry._extra.pop("zargos", None)


@pytest.fixture
def zargos_served(tmp_path: Path, plain_zargos: None) -> Iterator[Served]:
    table = Table.open(Store(tmp_path / "z.db"), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 7}, game="zargos", chance="table"))
    with serving(table, set()) as served:
        yield served


def sign_in(page: Any, url: str) -> None:
    page.goto(f"{url}/referee")
    page.fill("#pin", PIN)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#wizard")).to_be_attached()


def test_the_wizard_offers_zargos_with_its_seats_and_dice(served: Served, browser: Any, plain_zargos: None) -> None:
    with page_on(browser) as page:
        sign_in(page, served.url)
        page.locator("#h-new").click()
        expect(page.locator("select[name='chance']")).to_have_count(0)  # Xidit's tiles are the table's alone
        page.select_option("#w-game", "zargos")
        page.wait_for_url("**/referee?game=zargos*")
        expect(page.locator("#w-game")).to_have_value("zargos")
        assert page.locator("#w-count option").evaluate_all("os => os.map(o => o.value)") == ["2", "3", "4", "5", "6"]
        expect(page.locator("select[name='chance']")).to_have_value("pi")
        expect(page.locator("#new-game")).to_have_attribute("open", "")  # still open, where the referee was
        page.locator("#new-game").screenshot(path=str(SHOTS / "referee-wizard-zargos.png"))


def test_the_referee_types_the_tables_dice_and_gives_them_to_the_pi(zargos_served: Served, browser: Any) -> None:
    table = zargos_served.table
    with page_on(browser) as page:
        sign_in(page, zargos_served.url)
        asked = table.view("referee")["table"]["asking"]
        settled(page, table)
        page.wait_for_function("() => document.getElementById('link-state').dataset.state === 'live'")
        form = page.locator("form.tell-dice")
        expect(form).to_be_visible()
        page.locator("#asking").screenshot(path=str(SHOTS / "referee-dice-zargos.png"))
        before = table.version
        for n, side in enumerate(asked["sides"]):  # a total a side, typed
            form.locator(f"input[name='side-{n}']").fill(str(side["least"]))
        form.get_by_role("button", name="Tell the table's dice").click()
        page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
        assert table.version > before
        page.get_by_role("button", name="the Pi rolls and deals").click()
        expect(page.locator(".chance-policy")).to_have_attribute("data-chance", "pi")
        assert table.view("referee")["table"]["chance"] == "pi"


def test_the_referee_starts_a_zargos_game_from_the_wizard_of_a_xidit_table(served: Served, browser: Any) -> None:
    table = served.table
    under_way = table.game_id
    with page_on(browser) as page:
        sign_in(page, served.url)
        page.locator("#h-new").click()
        page.select_option("#w-game", "zargos")
        page.wait_for_url("**/referee?game=zargos*")
        page.select_option("#w-count", "3")
        page.select_option("select[name='device-2']", "virtual")
        page.select_option("select[name='chance']", "table")
        # The referee plays Player 1, Zargos's seat 0 (issue 29: the wizard offered seats 1 to 6 of 0 to 5).
        page.select_option("#w-referee", label="Yes: the referee plays seat 1")
        page.get_by_role("button", name="Start the game").click()
        page.locator("#aside-dialog").get_by_role("button", name="Set it aside").click()
        page.wait_for_function(f"() => document.getElementById('under-way') && "
                               f"Number(document.getElementById('under-way').dataset.game) > {under_way}")
        assert table.game_key == "zargos" and [seat for seat, _, _ in table.players()] == [0, 1, 2]
        assert table.referee_plays() == 0
        assert table.view("referee")["table"]["chance"] == "table"
        assert table.view("referee")["table"]["seats"]["2"]["device"] == "virtual"
