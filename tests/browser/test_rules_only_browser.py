"""A game made of rules alone on a phone (issue 37): the toy of rules alone (tests/games/toy/bare.py) is
started from the referee's wizard in chromium (the wizard sends its own form, the game's rules make the
set-up), then its seat page and the referee's page are shown at 390 px: words, never the view's JSON."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.core.game import GameModule
from companion.store import Store
from companion.table import Table
from tests.engine import engine
from tests.games.toy.bare import BARE, KEY
from web.auth import seat_token

from .conftest import PIN, SHOTS, Served, expect, page_on, serving, settled

JSON_LIKE = re.compile(r'"\w+"\s*:|\{\s*"')


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> GameModule:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(BARE)
    return BARE


@pytest.fixture
def bare_served(tmp_path: Path, bare: GameModule) -> Iterator[Served]:
    with serving(Table.open(Store(tmp_path / "bare.db"), "", game=KEY), {0, 1, 2}) as served:
        yield served


def test_a_game_of_rules_alone_started_from_the_wizard_reads_in_words_on_a_phone(bare_served: Served,
                                                                                  browser: Any) -> None:
    table, url = bare_served.table, bare_served.url
    with page_on(browser) as referee:
        referee.goto(f"{url}/referee")
        referee.fill("#pin", PIN)
        referee.get_by_role("button", name="Sign in").click()
        expect(referee.locator("#wizard")).to_be_attached()
        if referee.locator("#new-game").get_attribute("open") is None:  # no game yet: the wizard is open
            referee.locator("#h-new").click()
        expect(referee.locator("#w-game")).to_have_value(KEY)
        referee.select_option("#w-count", "3")
        referee.fill("input[name='name-0']", "Ann")
        referee.get_by_role("button", name="Start the game").click()
        expect(referee.locator("#under-way")).to_contain_text("Ann")
        assert table.game_key == KEY and engine(table).setup.players == 3
        settled(referee, table)
        referee.screenshot(path=str(SHOTS / "rules-only-referee-390-en.png"), full_page=True)
        assert JSON_LIKE.findall(referee.locator("body").inner_text()) == []
    with page_on(browser) as seat:
        seat.goto(f"{url}/seat/1?t={seat_token(bare_served.app.config['SECRET_KEY'], table.game_id, 0)}")
        settled(seat, table)
        seat.locator("#view-words summary").click()
        expect(seat.locator("dl.view-words")).to_contain_text("Seat 1")
        seat.screenshot(path=str(SHOTS / "rules-only-seat-390-en.png"), full_page=True)
        text = seat.locator("body").inner_text()
        assert JSON_LIKE.findall(text) == [] and "toy-bare" not in text and "toy-state" not in text
