"""The referee decides for a player of a game without a form of its own (issue 35), in a real browser: on a
Zargos table the "Decide for a player" card names the decision in the game's words and offers the game's
virtual player to take it this once; the game moves on, recorded as the referee's decision."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.store import Store
from companion.table import NewGame, SetLanguage, Table
from tests.engine import stored_log
from tests.games.toy import GAME as TOY
from tests.table.test_shared_toy import new_toy, step

from .conftest import PIN, SHOTS, Served, expect, page_on, serving, settled

ZARGOS = registry.load("zargos")


@pytest.fixture
def zargos_served(tmp_path: Path) -> Iterator[Served]:
    table = Table.open(Store(tmp_path / "z.db"), ZARGOS.packs.shipped_text(), game="zargos")
    table.handle(NewGame({"players": 3, "seed": 7}, game="zargos"))
    with serving(table, set()) as served:
        yield served


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


@pytest.fixture
def toy_served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    table = new_toy(tmp_path / "toy.db", "pi")
    rng = random.Random(1)
    while not open_choice(table):  # past the sealed bids: a decision taken at once, its moves listed
        assert step(table, rng, None)
    with serving(table, set()) as served:
        yield served


def open_choice(table: Table) -> bool:
    found = table.awaited_in_game(set(range(6)))
    return found is not None and not found.choice.sealed


def test_the_referee_takes_a_listed_move_by_its_words(toy_served: Served, browser: Any) -> None:
    table = toy_served.table
    choice = table.awaited_in_game(set(range(6))).choice  # type: ignore[union-attr]
    with page_on(browser) as page:
        page.goto(f"{toy_served.url}/referee")
        page.fill("#pin", PIN)
        page.get_by_role("button", name="Sign in").click()
        expect(page.locator("#decide-load")).to_be_visible()
        settled(page, table)
        page.select_option("#decide-seat", str(choice.seat))
        page.get_by_role("button", name="Show the choices").click()
        buttons = page.locator("#decide-forms form button.move")
        expect(buttons.first).to_be_visible()
        label = buttons.last.text_content()
        assert label and "{" not in label
        page.locator("#decide-forms").screenshot(path=str(SHOTS / "referee-decides-toy-en.png"))
        buttons.last.click()
        expect(page.locator("#decide-note")).to_have_text("Done.")
    taken = [e for e in stored_log(table) if e.get("by") == "referee"]
    assert len(taken) == 1 and taken[0]["seat"] == choice.seat
