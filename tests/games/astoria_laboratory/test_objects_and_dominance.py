"""Making an object from the player's side of the laboratory (L9, A-15 to A-17) and dominance by team (L8,
A-14), which a card laid may change at once (L8.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.laboratory.rules.moves import Add, Make, Shift, Take
from tests.games.astoria_laboratory.support import TWO, arrange, decision, lab, started, turn


def test_a_matching_card_is_laid_with_exactly_the_gems_of_its_pattern_l9_2_a16() -> None:
    match = started(hands={1: [1, 4, 5], 2: [6, 7, 8]})
    arrange(match, [("red", 0), ("green", 0), ("red", 0)])
    assert turn(match) == 2
    match.push(Add(2, "blue", 1))  # seat 2 (team B) adds: card 1 is seat 1's, nothing to make
    assert turn(match) == 1
    match.push(Add(1, "yellow", 4))  # L4.3: after adding, seat 1 looks for an object
    assert decision(match) == (1, "make")
    assert match.awaited()[0].enumerate() == [Make(1, 1), Make(1, None)]
    with pytest.raises(IllegalAction) as refusal:
        match.push(Make(1, 6))
    assert refusal.value.rule == "L9.1"
    match.push(Make(1, 1))
    view = match.view()
    assert lab(match)[:2] == [["red", "green"], []]  # other gems of those slots stay
    me = view["players"][0]
    assert me["laid"] == [{"card": 1, "gems": ["red", "blue"], "glyphs": ["violet", "violet"]}] and me["points"] == 2
    assert me["cards"] == 2 and turn(match) == 2


def test_making_an_object_is_optional_a15() -> None:
    match = started(hands={1: [2, 4, 5], 2: [6, 7, 8]})
    match.push(Add(1, "red", 0))
    match.push(Make(1, None))
    assert match.view()["players"][0]["laid"] == [] and lab(match)[0] == ["red"] and turn(match) == 2


def test_team_b_sees_the_laboratory_turned_half_round_l9_3_a17() -> None:
    match = started(hands={1: [4, 5, 6], 2: [2, 7, 8]})  # card 2: a red gem in slot 0 as team A sees it
    match.push(Add(1, "red", 0))
    match.push(Add(2, "green", 1))  # red in slot 0 is slot 3 from team B's side: no object for seat 2
    assert turn(match) == 1
    match.push(Add(1, "red", 3))
    match.push(Add(2, "green", 2))  # now red lies where seat 2 sees its card's red
    assert decision(match) == (2, "make")
    match.push(Make(2, 2))
    assert lab(match)[0] == ["red"] and lab(match)[3] == []


def test_an_object_may_be_made_after_the_alchemy_move_and_its_reactions_l9_1() -> None:
    match = started(hands={1: [2, 4, 5], 2: [6, 7, 8]})  # card 2: a red gem in slot 0
    arrange(match, [("green", 0), ("green", 1), ("blue", 3), ("blue", 4)])
    assert turn(match) == 1
    match.push(Shift(1, "green", 1, 0))  # green reaction in slot 0
    assert decision(match) == (1, "green")
    match.push(Take(1, 0, "green", "red"))  # the other green becomes red; the reagent leaves for the centre
    assert decision(match) == (1, "make") and match.view()["reactions"] == []
    assert match.awaited()[0].enumerate() == [Make(1, 2), Make(1, None)]
    match.push(Make(1, 2))
    assert lab(match)[0] == [] and match.view()["centre"] == "green"


def test_a_card_laid_changes_dominance_at_once_and_a_tie_goes_to_the_characters_team_l8_a14() -> None:
    match = started(hands={1: [3, 4, 5], 2: [2, 6, 7]})  # cards 2 and 3: two yellow Glyphs each
    assert match.view()["dominant"]["yellow"] == "A"  # a tie at zero: yellow's Character is team A's
    match.push(Add(1, "violet", 4))
    match.push(Add(2, "red", 3))  # slot 3 is slot 0 from team B's side
    match.push(Make(2, 2))
    assert match.view()["dominant"]["yellow"] == "B"  # L8.4: at once
    match.push(Add(1, "red", 0))
    match.push(Make(1, 3))
    assert match.view()["dominant"]["yellow"] == "A"  # two each, of both teams: the Character's team
    assert match.view()["dominant"]["blue"] == "B"


def test_a_gem_pushed_from_the_centre_goes_to_the_team_dominant_at_that_moment_l7_7_l8_4() -> None:
    match = started(hands={1: [4, 5, 6], 2: [2, 7, 8]})
    arrange(match, [("yellow", 1), ("yellow", 2)])
    assert turn(match) == 1
    match.push(Shift(1, "yellow", 1, 2))  # yellow reaction: seat 1 turns a yellow into violet
    match.push(Take(1, 2, "yellow", "violet"))
    assert match.view()["centre"] == "yellow"
    match.push(Add(2, "red", 3))
    match.push(Make(2, 2))  # team B now dominates yellow
    arrange(match, [("blue", 4), ("blue", 5)])
    match.push(Shift(turn(match), "blue", 5, 4))
    match.push(Add(turn(match), "green", 0, "place"))
    match.push(Add(turn(match), "green", 0, "place"))
    view = match.view()
    assert view["centre"] == "blue" and [t["flask"] for t in view["teams"]] == [[], ["yellow"]]


def test_with_any_number_of_objects_each_is_checked_against_the_laboratory_left_by_the_last_a15() -> None:
    match = started(replace(TWO, objects="any"), hands={1: [2, 3, 4], 2: [5, 6, 7]})  # cards 2, 3: a red in 0
    arrange(match, [("red", 0), ("blue", 5)])
    match.push(Add(1, "red", 0))
    assert decision(match) == (1, "make")
    match.push(Make(1, 2))
    assert decision(match) == (1, "make")  # one red is left in slot 0: card 3 matches too
    match.push(Make(1, 3))
    assert lab(match)[0] == [] and turn(match) == 2
    assert [c["card"] for c in match.view()["players"][0]["laid"]] == [2, 3]


def test_one_object_at_most_per_check_by_default_a15() -> None:
    match = started(hands={1: [2, 3, 4], 2: [5, 6, 7]})
    arrange(match, [("red", 0), ("blue", 5)])
    match.push(Add(1, "red", 0))
    match.push(Make(1, 2))
    assert turn(match) == 2 and lab(match)[0] == ["red"]
