"""A chance outcome typed in (companion.core.typed, issue 37), through the door the table's pages use: the toy's
omen card (three numbers from 1 to 6, a sun or a moon, a crown or not) in a game made from the wizard's
request. The Pi never draws it; the referee's and a seat's pages show its form; what the page's script sends
is taken, a card the form or the rules refuse is refused in words and changes nothing, in English and in
French; a card of the catalogue is one tap; the answer is a move of the log, there after a restart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Table
from tests.games.toy import GAME as TOY_AT_THE_TABLE
from tests.table.support import new_table
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

CARD = {"numbers": [2, 5, 3], "sky": "moon", "crowned": True}


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def omens_game(path: Path, policy: str = "pi") -> tuple[Table, Flask, FlaskClient]:
    """A table, and a toy game with omens started from the referee's wizard (its chance drawn by the Pi)."""
    table = new_table(path, players=3, seed=5)
    table.start()
    app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    referee = as_referee(app)
    started = command(referee, app, command="new_game", game="toy", chance=policy, replacing=table.game_id,
                      setup={"players": 3, "rounds": 2, "omens": True, "seed": 5})
    assert started.status_code == 200, started.get_json()
    return table, app, referee


def tell(client: FlaskClient, app: Flask, outcome: Any) -> Any:
    """What app.js sends for the typed card's form, or for a catalogue card's button."""
    asked = app.config["TABLE"].view("public")["table"]["asking"]
    return command(client, app, command="tell", question=asked["question"], outcome=outcome)


def test_a_typed_card_is_asked_by_a_form_refused_in_words_and_kept_as_a_move(tmp_path: Path) -> None:
    table, app, referee = omens_game(tmp_path / "typed.db")
    try:
        view = app.test_client().get("/api/view").get_json()
        assert view["phase"] == "omen"  # the Pi, drawing every other chance, does not draw a typed card
        form = view["table"]["asking"]["form"]
        assert [(f["name"], f["kind"]) for f in form["fields"]] == [("numbers", "number"), ("sky", "word"),
                                                                     ("crowned", "mark")]
        assert form["fields"][0]["labels"] == ["Left number", "Middle number", "Right number"]
        for page in (referee.get("/part/referee"), as_seat(app, 1).get("/part/seat")):
            live = page.get_data(as_text=True)
            assert 'data-tell-form="yes"' in live and live.count('data-step="1"') == 3
            assert 'data-kind="word"' in live and 'type="checkbox"' in live and "Omen card 2" in live
        seat = as_seat(app, 2)
        before = (table.version, app.test_client().get("/api/view").get_json())
        refused = {
            "a number out of bounds": ({**CARD, "numbers": [2, 9, 3]}, "Middle number is a whole number from 1 to 6."),
            "a blank field": ({**CARD, "sky": None}, "Sky: nothing was typed."),
            "a word not on the card": ({**CARD, "sky": "comet"}, "Sky is one of sun, moon."),
            "a mark as text": ({**CARD, "crowned": "yes"}, "Crowned is ticked or not."),
            "too few numbers": ({**CARD, "numbers": [2, 5]}, "Number: type every value (3)."),
            "a field of no card": ({**CARD, "colour": "red"}, "The card has no field 'colour'."),
            "no card at all": ("2, 5, 3", "Type the card in the form's fields."),
            "a card the rules deny (T-07)": ({**CARD, "numbers": [4, 4, 4]},
                                             "No omen card shows the same number three times."),
        }
        for why, (outcome, words) in refused.items():
            answer = tell(seat, app, outcome)
            assert answer.status_code == 422 and answer.get_json()["error"] == words, why
        assert (table.version, app.test_client().get("/api/view").get_json()) == before
        assert command(referee, app, command="language", language="fr").status_code == 200
        # The framework's sentences in French (the toy, a test game, has no catalog for its own words).
        answer = tell(seat, app, {**CARD, "numbers": [0, 5, 3]})
        assert answer.get_json()["error"] == "Nombre de gauche est un nombre entier de 1 à 6."  # the toy's catalog
        refused = tell(seat, app, {**CARD, "sky": "comet"}).get_json()["error"]
        assert refused == "Ciel\u202f: choisissez parmi soleil, lune."
        question, actions = table.view("public")["table"]["asking"]["question"], table.view()["table"]["actions"]
        assert tell(seat, app, CARD).status_code == 200  # as the page's script sends it
        assert app.test_client().get("/api/view").get_json()["omen"] == CARD
        late = command(seat, app, command="tell", question=question, outcome=CARD)  # a second tap: not a 2nd card
        assert late.status_code == 422 and table.view()["table"]["actions"] == actions + 1
    finally:
        table.stop()
    again = Table.open(Store(tmp_path / "typed.db"), default_pack_text())
    again.start()
    try:
        assert again.view("public")["omen"] == CARD and again.view("public")["phase"] in ("bid", "turn")
        assert {"type": "chance", "outcome": CARD} in again.record()["moves"]
    finally:
        again.stop()


def test_a_card_of_the_catalogue_is_one_tap_and_the_pi_never_draws_a_typed_card(tmp_path: Path) -> None:
    table, app, referee = omens_game(tmp_path / "catalogue.db", "table")
    try:
        live = referee.get("/part/referee").get_data(as_text=True)
        button = re.search(r'data-command="tell" data-question="(\d+)" data-outcome-json="2">Omen card 2<', live)
        assert button is not None
        assert command(referee, app, command="set_chance", policy="pi").status_code == 200
        assert table.view("public")["phase"] == "omen"  # the Pi took over chance, and still waits for the table
        assert command(referee, app, command="tell", question=int(button.group(1)), outcome=2).status_code == 200
        assert table.view("public")["omen"] == {"numbers": [6, 5, 4], "sky": "moon", "crowned": True}
    finally:
        table.stop()
