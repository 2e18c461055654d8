"""Issue 26 item 9: words agree with their counts, in English and French. A unit counted at the census is
named in the plural ("Reveal how many archers?", never "how many archer"), a count says "1 bard" and
"3 bards" (never "bard(s)"), on the seat page, in the referee's list of actions and on a box."""

from __future__ import annotations

import random
import re

from flask import Flask

from companion.boxes.box import Box
from companion.games.xidit.rules.choices import CensusChoice
from companion.locale import catalogs
from companion.table import SetLanguage, Table
from tests.engine import engine
from tests.table.support import next_inputs
from tests.web.conftest import as_referee, as_seat, command

HOW_MANY = {
    "en": {"militia": "Reveal how many militia?", "archer": "Reveal how many archers?",
           "infantry": "Reveal how many infantry?", "priest": "Reveal how many priests?",
           "mage": "Reveal how many mages?"},
    "fr": {"militia": "Révéler combien de milices paysannes\u202f?", "archer": "Révéler combien d'archers\u202f?",
           "infantry": "Révéler combien d'infanteries\u202f?", "priest": "Révéler combien de prêtres\u202f?",
           "mage": "Révéler combien de mages de bataille\u202f?"},
}


def test_no_message_leaves_its_plural_to_the_reader() -> None:
    """Every text with a count has its plural form in the catalog instead of "(s)"."""
    marked = set().union(*(catalogs.messages(game) for game in [None, *catalogs.games()]))
    assert sorted(str(m) for m in marked if "(s)" in str(m)) == []


def until_census(table: Table, rng: random.Random) -> tuple[int, CensusChoice]:
    while table.playing():
        for seat in engine(table).state.seats:
            choices = engine(table).legal(seat)
            if choices and isinstance(choices[0], CensusChoice):
                return seat, choices[0]
        for step in next_inputs(table, rng):
            table.handle(step)
    raise AssertionError("no census in this game")


def test_the_census_names_the_unit_in_the_plural(app: Flask, table: Table) -> None:
    seat, choice = until_census(table, random.Random(2))
    client = as_seat(app, seat)
    for language in ("en", "fr"):
        table.handle(SetLanguage(language))
        page = client.get("/part/seat").get_data(as_text=True)
        assert HOW_MANY[language][choice.unit] in page, choice.unit
    # Once revealed, the referee's list of actions counts what was revealed: "révèle 5 milices paysannes".
    rng = random.Random(2)
    while engine(table).state.phase.value == "census":
        for step in next_inputs(table, rng):
            table.handle(step)
    referee = as_referee(app)
    preview = command(referee, app, command="rollback", keep=0).get_json()
    counted = [re.search(r"révèle (\d+) (\w+)", line) for line in preview["dropped"]]
    counts = [(int(found[1]), found[2]) for found in counted if found]
    assert any(n >= 2 for n, _ in counts)
    assert all(word.endswith("s") == (n >= 2) for n, word in counts), counts

def test_a_box_says_place_1_bard_and_place_2_bards(app: Flask, table: Table) -> None:
    """The box's bard split titles agree with the count (a reward of bards, or the census's)."""
    rng = random.Random(4)
    seen: set[str] = set()
    box_of: dict[int, Box] = {}
    while table.playing() and len(seen) < 2:
        for seat in engine(table).state.seats:
            choices = engine(table).legal(seat)
            if choices and choices[0].decision == "census_bards":
                box = box_of.setdefault(seat, Box(seat, table, lambda frame: None))
                title = box.controller.frame().title
                assert "(s)" not in title
                seen.add(title)
        for step in next_inputs(table, rng):
            table.handle(step)
    assert seen
