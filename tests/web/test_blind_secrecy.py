"""A blind referee (one who also plays) at a census decision point: the history, the rollback preview
and a refused decision on a seat's behalf tell nothing the players' screens hide (issue 27, item 6)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.xidit.rules import Phase
from companion.games.xidit.rules.actions import UNITS_MOST
from companion.games.xidit.rules.terms import UNITS
from companion.table import Table
from tests.engine import engine
from tests.secrecy import census_choices_in
from tests.table.support import new_table, next_inputs
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, command, web_app


def at_census_choice(table: Table, rng: random.Random) -> bool:
    """Plays on until a seat has chosen its census count and another is still choosing."""
    while table.playing():
        for step in next_inputs(table, rng):
            table.submit(step).result(timeout=10)
            state = engine(table).state
            chosen = set(state.census_reveals) - state.census_auto
            if state.phase == Phase.CENSUS and chosen and len(state.census_reveals) < len(state.seats):
                return True
    return False


def blind(app: Flask) -> FlaskClient:
    client = as_referee(app)
    assert client.post("/api/blind", json={"on": True}).get_json() == {"blind": True}
    return client


@pytest.fixture
def census_table(tmp_path: Path) -> Table:
    for seed in range(1, 20):
        table = new_table(tmp_path / f"b{seed}.db", players=3, seed=seed)
        table.start()
        if at_census_choice(table, random.Random(seed)):
            return table
        table.stop()
    raise AssertionError("no census choice in 19 games")


def test_a_blind_referee_reads_no_census_choice_in_the_history_or_a_rollback_preview(census_table: Table) -> None:
    table = census_table
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    game = engine(table)
    seeing, blinded = as_referee(app), blind(app)
    # The referee who sees everything reads the counts: the check below looks for the right words.
    assert census_choices_in(seeing.get("/referee").get_data(as_text=True), game) != []
    page = blinded.get("/referee").get_data(as_text=True)
    assert "at the census" in page
    assert census_choices_in(page, game) == []
    preview = command(blinded, app, command="rollback", keep=max(0, game.version - 11)).get_json()
    assert any("census" in line for line in preview["dropped"])
    assert census_choices_in("\n".join(preview["dropped"]), game) == []
    table.stop()


def test_a_refused_decision_for_a_seat_does_not_tell_a_blind_referee_its_unit_count(census_table: Table) -> None:
    table = census_table
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    state = engine(table).state
    seat = next(s for s in state.seats if s not in state.census_reveals)
    # More than any seat holds, within what a request may carry (issue 36: every unit there is)
    action = {"type": "census", "seat": seat, "unit": UNITS[state.census_unit], "reveal": UNITS_MOST}
    seeing = command(as_referee(app), app, command="decide", seat=seat, action=action)
    assert seeing.status_code == 422 and "You may reveal 0 to" in seeing.get_json()["error"]
    refused = command(blind(app), app, command="decide", seat=seat, action=action)
    assert refused.status_code == 422
    said = refused.get_json()["error"]
    assert "reveal 0 to" not in said and "behind its screen" in said
    assert table.actions() == engine(table).version  # nothing was pushed
    table.stop()
