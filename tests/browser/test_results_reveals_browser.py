"""Issue 37 in a real browser, on the tests' toy game (no page part of its own): what the game shows one seat is
on that seat's phone and not on the TV, and Read takes it away; a team's win and its reason are on the TV's and
the referee's final card. Screenshots at the phone's, the tablet's and the TV's widths, in English and French."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Acknowledge, Decide, EditDraft, NewGame, Seal, Table, Tell
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from tests.table.test_team_results import finished_toy
from web.auth import seat_token

from .conftest import PIN, SHOTS, expect, page_on, serving, settled

TABLET: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}
WORDS = {"en": {"drawn": "You drew a 4.", "read": "Read", "won": "Team A wins: Ann and Cy",
               "reason": "Team A scored the most points: 2.", "team": "Team A"},
         "fr": {"drawn": "Vous avez pioché un 4.", "read": "Lu", "won": "Équipe A l'emporte\u202f: Ann et Cy",
               "reason": "L’équipe A a marqué le plus de points\u202f: 2.", "team": "Équipe A"}}


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_card_drawn_is_on_its_drawers_phone_alone_until_read(tmp_path: Path, browser: Any, language: str) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text(), language=language)
    table.handle(NewGame({"players": 3, "rounds": 1, "seed": 5}, game="toy", chance="table",
                         names={0: "Ann", 1: "Bob", 2: "Cy"}))
    for seat in range(3):
        table.handle(EditDraft(seat, {"bid": seat}))
        table.handle(Seal(seat))
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(4, by="seat:0"))
    words = WORDS[language]
    with serving(table, {0, 1, 2}) as served:
        token = seat_token(served.app.config["SECRET_KEY"], table.game_id, 0)
        with page_on(browser) as phone, page_on(browser, TV) as tv:
            phone.goto(f"{served.url}/seat/{TOY_AT_THE_TABLE.shown_seat(0)}?t={token}")
            tv.goto(served.url)
            reveals = phone.locator("#reveals")
            expect(reveals).to_contain_text(words["drawn"])
            expect(tv.locator("#reveals")).to_be_visible()  # the bids, shown to everyone (T-12)
            expect(tv.locator("body")).not_to_contain_text(words["drawn"])
            phone.screenshot(path=str(SHOTS / f"toy-reveal-seat-{language}.png"), full_page=True)
            tv.screenshot(path=str(SHOTS / f"toy-reveal-tv-{language}.png"))
            reveals.locator("li", has_text=words["drawn"]).get_by_role("button", name=words["read"]).click()
            expect(phone.locator("#reveals")).not_to_contain_text(words["drawn"])
            settled(phone, table)
    assert not any(r["key"].startswith("draw:") for r in table.view("seat:0")["table"].get("reveals", ()))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_team_win_and_its_reason_on_the_tv_and_the_referees_tablet(tmp_path: Path, browser: Any,
                                                                     language: str) -> None:
    table = finished_toy(tmp_path / "t.db", (2, 1, 0, 0), teams=True, language=language)
    table.handle(Acknowledge(len(table.steps_json("referee"))))  # the TV shows the end once its steps are done
    with serving(table, set()) as served, page_on(browser, TV) as tv, page_on(browser, TABLET) as referee:
        tv.goto(served.url)
        final = tv.locator("section.final")
        expect(final).to_contain_text(WORDS[language]["won"])
        expect(final.locator(".result-reason")).to_have_text(WORDS[language]["reason"])
        tv.screenshot(path=str(SHOTS / f"toy-team-result-tv-{language}.png"))
        referee.goto(f"{served.url}/referee")
        referee.fill("#pin", PIN)
        referee.locator("#pin").press("Enter")
        expect(referee.locator("section.final .result-teams li.won")).to_contain_text(WORDS[language]["team"])
        settled(referee, table)
        # The page, not the section: the live part holding it may be swapped for the same one at any time
        # (a stream's event), which a picture of the element itself would find detached.
        referee.screenshot(path=str(SHOTS / f"toy-team-result-referee-{language}.png"), full_page=True)
