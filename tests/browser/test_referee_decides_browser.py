"""The referee decides for a player of a game without a form of its own (issue 35), in a real browser: on a
Zargos table the "Decide for a player" card names the decision in the game's words and offers the game's
virtual player to take it this once; the game moves on, recorded as the referee's decision."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, SetLanguage, Table
from tests.engine import stored_log
from web import create_app
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import PIN, SHOTS, Served, expect, page_on, settled

ZARGOS = registry.load("zargos")


@pytest.fixture
def zargos_served(tmp_path: Path) -> Iterator[Served]:
    table = Table.open(Store(tmp_path / "z.db"), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 7}, game="zargos"))
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield Served(table, f"http://127.0.0.1:{server.port}", app)
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_referee_lets_the_virtual_player_decide_a_zargos_choice(zargos_served: Served, browser: Any,
                                                                   language: str) -> None:
    table = zargos_served.table
    table.handle(SetLanguage(language))
    [awaited] = table.view("referee")["awaiting"]
    seat, before = awaited["seat"], table.actions()
    words = {"en": ("Sign in", "Show the choices", "choose a people", "Let the virtual player decide this once",
                    "Done."),
             "fr": ("Se connecter", "Montrer les choix", "choisir un peuple",
                    "Laisser le joueur virtuel décider cette fois", "C'est fait.")}[language]
    with page_on(browser) as page:
        page.goto(f"{zargos_served.url}/referee")
        page.fill("#pin", PIN)
        page.get_by_role("button", name=words[0]).click()
        expect(page.locator("#decide-load")).to_be_visible()  # signed in: the referee's page
        settled(page, table)
        page.select_option("#decide-seat", str(seat))
        page.get_by_role("button", name=words[1]).click()
        form = page.locator("#decide-forms form")
        expect(form.locator("h3")).to_contain_text(words[2])
        page.locator("#decide-forms").screenshot(path=str(SHOTS / f"referee-decides-zargos-{language}.png"))
        form.get_by_role("button", name=words[3]).click()
        expect(page.locator("#decide-note")).to_have_text(words[4])
    assert table.actions() == before + 1
    assert (stored_log(table)[-1]["seat"], stored_log(table)[-1]["by"]) == (seat, "referee")
