"""A game made of rules alone plays at a table on the framework's defaults (issue 37): the toy of rules alone
(tests/games/toy/bare.py: no table, box, page nor agents part) is made by the referee's wizard with the
request its page sends, keyed to its end from the seats' phone boxes (the framework's generic menus) over
HTTP, its rolls told from a seat's page and its secret draws from the drawer's box, the table restarted in
the middle, each seat's view over HTTP keeping the others' secrets; its pages show the end in words, never
the view's JSON."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.core import registry
from companion.core.game import GameModule
from companion.store import Store
from companion.table import Table
from tests.engine import engine
from tests.games.toy.bare import BARE, KEY
from web.phone import PhoneBox, PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

SEATS = (0, 1, 2)
WIZARD = {"players": [{"seat": 0, "colour": "red", "name": "Ann"}, {"seat": 1, "colour": "blue"},
                      {"seat": 2, "colour": "green"}],
          "first_player": 0, "options": {"rounds": "2", "teams": "no", "omens": "no"}}


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> GameModule:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(BARE)
    return BARE


class Opened:
    """A table of the game with its web app, each seat playing from a phone box."""

    def __init__(self, path: Path) -> None:
        self.table = Table.open(Store(path), "", game=KEY)
        self.table.start()
        self.phones = PhoneBoxes(self.table, set(SEATS))
        self.app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, self.table, self.phones)
        self.referee = as_referee(self.app)
        self.seats: dict[int, FlaskClient] = {}

    def seat(self, seat: int) -> FlaskClient:
        if seat not in self.seats:
            self.seats[seat] = as_seat(self.app, seat)
        return self.seats[seat]

    def box(self, seat: int) -> PhoneBox:
        box = self.phones.get(seat)
        assert box is not None
        return box

    def press(self, seat: int, target: Any) -> None:
        """The keys the seat's own menus give for `target`, sent as its box view sends them."""
        box = self.box(seat)
        assert box.box.settled(10)
        keys = box.box.controller.keys_for(target, six_keys=True)
        assert keys and keys[-1] == "OK", f"seat {seat} cannot key in {target!r}"
        for key in keys:
            assert box.box.settled(10)
            pressed = self.seat(seat).post("/api/box/key", json={"key": key, "frame": box.counter})
            assert pressed.status_code == 200, pressed.get_json()
        assert box.box.settled(10)
        assert not box.box.controller.notice, box.box.controller.notice  # nothing refused

    def close(self) -> None:
        for seat in SEATS:
            self.box(seat).box.close()
        self.table.stop()


def step(opened: Opened, rng: random.Random) -> str:
    """One input from a seat: a roll told from its page, a draw told from the drawer's box, a move keyed in.
    Before it, each seat's view as its page reads it shows nothing of another's secrets (the game's oracle)."""
    match = engine(opened.table)
    assert BARE.testing is not None
    for seat in SEATS:
        view = opened.seat(seat).get("/api/view").get_json()
        assert BARE.testing.forbidden(view, f"seat:{seat}", match) == [], (seat, match.version)
    node = match.chance()
    if node is not None and node.told_by is None:
        teller = opened.seat(rng.choice(SEATS))
        asking = teller.get("/api/view").get_json()["table"]["asking"]
        answer = rng.choice(asking["answers"])
        assert answer["label"] == str(answer["value"])  # the die's face, as the page's button says it
        told = command(teller, opened.app, command="tell", outcome=answer["value"], question=asking["question"])
        assert told.status_code == 200, told.get_json()
        return "rolled"
    if node is not None:
        opened.press(node.told_by, rng.choice(node.outcomes))
        return "drew"
    locked = opened.table.view("referee")["table"]["locked"]
    choice = next(c for c in match.awaited() if not (c.sealed and c.seat in locked))
    opened.press(choice.seat, rng.choice(choice.enumerate()))
    return "sealed" if choice.sealed else "moved"


def shown(opened: Opened) -> dict[str, str]:
    pages = {"seat": opened.seat(0).get("/seat/1"), "referee": opened.referee.get("/referee"),
             "scoring": opened.referee.get("/scoring"), "table": opened.app.test_client().get("/")}
    assert {name: page.status_code for name, page in pages.items()} == dict.fromkeys(pages, 200)
    return {name: page.get_data(as_text=True) for name, page in pages.items()}


def no_json(page: str) -> list[str]:
    """What of a page reads as the view's JSON rather than words: a key in quotes, a brace of an object."""
    text = html.unescape(re.sub(r"<script.*?</script>|<[^>]+>", " ", page, flags=re.S))
    return re.findall(r'"\w+"\s*:|\{\s*"', text)


def test_a_game_of_rules_alone_is_made_keyed_restarted_and_ended_from_its_pages(tmp_path: Path,
                                                                                 bare: GameModule) -> None:
    assert (bare.table, bare.boxes, bare.web, bare.agents) == (None, None, None, None)
    opened = Opened(tmp_path / "bare.db")
    try:
        wizard = opened.referee.get(f"/referee?game={KEY}").get_data(as_text=True)
        assert f'<option value="{KEY}" selected>' in wizard
        # The wizard's own form, as its page sends it for a game without a wizard script (web/static/referee.js).
        bad = command(opened.referee, opened.app, command="new_game", game=KEY, chance="table",
                      wizard={**WIZARD, "options": {"rounds": "9"}})
        assert bad.status_code == 400 and "options" in bad.get_json()["error"] and not opened.table.has_game()
        made = command(opened.referee, opened.app, command="new_game", game=KEY, chance="table", wizard=WIZARD,
                       names={"0": "Ann"})
        assert made.status_code == 200, made.get_json()
        assert opened.table.game_key == KEY and engine(opened.table).setup.players == 3
        rng, seen = random.Random(4), set()
        while engine(opened.table).version < 12:
            seen.add(step(opened, rng))
        before = opened.table.record()
    finally:
        opened.close()

    opened = Opened(tmp_path / "bare.db")  # the table restarted: the game resumes as stored
    try:
        assert opened.table.record() == before
        while engine(opened.table).result() is None:
            seen.add(step(opened, rng))
        assert seen == {"rolled", "drew", "sealed", "moved"}
        result = opened.table.view("public")["table"]["result"]
        pages = shown(opened)
        assert result["said"] in pages["seat"] and result["said"] in pages["scoring"]
        assert "Final ranking" in pages["referee"] and "Ann" in pages["scoring"]
        steps = json.dumps(opened.table.view("public")["table"]["steps"])
        assert "Roll the die: " in steps and "Draw a card." in steps  # a draw named to its drawer alone
        for name, page in pages.items():
            assert no_json(page) == [], name
    finally:
        opened.close()
