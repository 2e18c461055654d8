"""Artefact cards typed when laid (set-up option `cards: typed`): the cards stay the table's, the Pi counts them
and asks at each check whether an object is made; the card laid is typed, its pattern as its player sees the
laboratory (L9.3) and its Glyphs (L1.5), and the Pi checks the pattern before taking the gems (L9.2)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.core import rebuild
from companion.core.errors import IllegalAction
from companion.games.astoria.laboratory.module import RULES
from companion.games.astoria.laboratory.rules import LabMatch
from companion.games.astoria.laboratory.rules.moves import Add, Chance, Draw, Make
from tests.games.astoria_laboratory.support import PACK, TWO, decision, lab, turn

TYPED = replace(TWO, cards="typed")


def started() -> LabMatch:
    match = RULES.start(PACK, TYPED)
    node = match.chance()
    assert node is not None and node.kind == "first"  # no card is told: only the first player's colour
    match.push(Chance("red"))
    return match


def test_the_cards_are_counted_not_told_l2_3_l5() -> None:
    match = started()
    view = match.view("seat:1")
    assert [p["cards"] for p in view["players"]] == [3, 3] and "hand" not in view["players"][0]
    assert view["deck"] == 24 - 6 - 3 and view["cards"] == "typed"
    match.push(Draw(1, 2))
    assert match.chance() is None and turn(match) == 2
    assert match.view()["deck"] == 14 and match.view()["players"][0]["cards"] == 4


def test_a_typed_card_is_laid_when_the_laboratory_shows_its_pattern_from_its_players_side_l9_2_l9_3() -> None:
    match = started()
    match.push(Add(1, "red", 3))
    assert decision(match) == (1, "make")
    with pytest.raises(IllegalAction) as refusal:  # red in slot 0 as seat 1 sees it: it is not there
        match.push(Make(1, None, "make", ((0, "red"),), ("yellow",)))
    assert refusal.value.rule == "L9.2"
    match.push(Make(1, None))
    match.push(Add(2, "blue", 4))
    assert decision(match) == (2, "make")
    with pytest.raises(IllegalAction) as refusal:
        match.push(Make(2, None, "make", ((0, "red"),), ()))
    assert refusal.value.rule == "L1.5"
    match.push(Make(2, None, "make", ((0, "red"), (1, "blue")), ("yellow", "yellow")))
    view = match.view()
    assert lab(match) == [[]] * 6
    assert view["players"][1]["laid"] == [{"card": None, "gems": ["red", "blue"], "glyphs": ["yellow", "yellow"]}]
    assert view["players"][1]["cards"] == 2 and view["dominant"]["yellow"] == "B"  # L8.4


def test_a_record_with_typed_cards_replays() -> None:
    match = started()
    match.push(Add(1, "red", 0))
    match.push(Make(1, None, "make", ((0, "red"),), ("green",)))
    record = json.loads(json.dumps(match.record_json()))
    assert record["moves"][-1] == {"type": "make", "seat": 1, "card": None, "pattern": [[0, "red"]],
                                   "glyphs": ["green"]}
    replayed = rebuild.from_record(RULES, PACK, record)
    assert replayed.view() == match.view() and replayed.record_json() == record


def test_a_typed_card_is_refused_when_cards_are_known_by_number_l9_1() -> None:
    from tests.games.astoria_laboratory.support import started as catalogue

    match = catalogue(hands={1: [2, 4, 5], 2: [6, 7, 8]})
    match.push(Add(1, "red", 0))
    with pytest.raises(IllegalAction) as refusal:
        match.push(Make(1, None, "make", ((0, "red"),), ("green",)))
    assert refusal.value.rule == "L9.1"
