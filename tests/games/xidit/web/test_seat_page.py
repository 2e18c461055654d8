"""The touch seat page from the server's side: the decision's controls come from the seat's legal
choice, and a refusal reaches a player in the table's language without its rule number."""

from __future__ import annotations

from flask import Flask

from companion.table import SetLanguage, Table
from tests.engine import engine
from tests.web.conftest import as_referee, as_seat, command


def test_the_placing_seat_gets_a_button_for_each_free_city(app: Flask, table: Table) -> None:
    first = engine(table).state.turn_order()[0]
    page = as_seat(app, first).get("/part/seat").get_data(as_text=True)
    assert 'data-kind="place"' in page
    free = engine(table).legal(first)[0].cities  # type: ignore[union-attr]
    assert all(f'name="city" value="{c}"' in page for c in free)
    other = next(s for s in engine(table).state.seats if s != first)
    assert 'id="decision"' not in as_seat(app, other).get("/part/seat").get_data(as_text=True)


def test_a_refusal_is_translated_by_its_template_and_the_rule_is_for_the_referee(app: Flask, table: Table) -> None:
    table.submit(SetLanguage("fr")).result(timeout=10)
    first, second = engine(table).state.turn_order()[:2]
    assert command(as_seat(app, first), app, command="decide", seat=first,
                   action={"type": "place", "seat": first, "city": 4}).status_code == 200
    answer = command(as_seat(app, second), app, command="decide", seat=second,
                     action={"type": "place", "seat": second, "city": 4}).get_json()
    assert answer == {"error": "La cité 4 a déjà un Idrakys\u202f: au placement, deux Idrakys ne partagent pas "
                               "une cité."}
    referee = command(as_referee(app), app, command="decide", seat=second,
                      action={"type": "place", "seat": second, "city": 4}).get_json()
    assert referee["rule"] == "§2" and referee["error"].startswith("La cité 4")
