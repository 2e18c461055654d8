"""Reactions (L6.4, L7.1-L7.7) and their chains, in the rules' order (A-09 to A-13): each reaction's choices are
the acting player's decisions, one at a time; a reagent stays on its slot until its effect is done, then goes
to the centre, pushing the centre's gem into the Flask of its colour's dominant team."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.laboratory.rules.moves import Add, Shift, Take
from tests.games.astoria_laboratory.support import TWO, arrange, decision, lab, started, turn


def refused(match: object, move: object, rule: str) -> None:
    before = match.view(), match.version  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as refusal:
        match.push(move)  # type: ignore[attr-defined]
    assert refusal.value.rule == rule
    assert (match.view(), match.version) == before  # type: ignore[attr-defined]


def test_a_move_onto_its_colour_reacts_and_red_returns_a_gem_that_is_not_the_reagent_l6_4_l7_1() -> None:
    match = started()
    arrange(match, [("red", 0), ("red", 1), ("yellow", 1)])
    seat = turn(match)
    match.push(Shift(seat, "red", 1, 0))
    assert decision(match) == (seat, "red") and match.view()["reactions"] == [{"colour": "red", "slot": 0, "left": 1}]
    choices = match.awaited()[0].enumerate()
    assert Take(seat, 0, "red") in choices and Take(seat, 1, "yellow") in choices
    match.push(Take(seat, 1, "yellow"))
    view = match.view()
    assert view["reserve"]["yellow"] == 10 and lab(match)[:2] == [["red"], []]  # L7.1
    assert view["centre"] == "red" and view["reactions"] == []  # L7.7: the reagent, to the empty centre
    assert turn(match) != seat


def test_red_may_take_the_other_gem_of_the_reagents_colour_and_the_reagent_still_leaves_a10() -> None:
    match = started()
    arrange(match, [("red", 0), ("red", 1)])
    seat = turn(match)
    match.push(Shift(seat, "red", 1, 0))
    assert match.awaited()[0].enumerate() == [Take(seat, 0, "red")]  # one red is the reagent's
    match.push(Take(seat, 0, "red"))
    assert lab(match)[0] == [] and match.view()["centre"] == "red" and match.view()["reserve"]["red"] == 9


def test_the_centres_gem_goes_into_the_flask_of_its_colours_dominant_team_l7_5_l7_7_a14() -> None:
    match = started()  # violet's Character is team B's: with no Glyph laid, team B dominates violet
    arrange(match, [("violet", 0), ("violet", 1), ("red", 3), ("green", 5)])
    seat = turn(match)
    match.push(Shift(seat, "violet", 1, 0))
    refused(match, Shift(seat, "green", 5, 4, "shift"), "L7.5")  # violet moves red or yellow gems only
    for source, to in ((3, 4), (4, 5), (5, 4)):  # L7.5: three moves, the last one undoing the player's own
        assert decision(match) == (seat, "violet")
        match.push(Shift(seat, "red", source, to, "shift"))
    assert match.view()["centre"] == "violet" and lab(match)[0] == ["violet"]
    arrange(match, [("red", 3)])
    match.push(Shift(turn(match), "red", 3, 4))
    match.push(Take(turn(match), 0, "violet"))
    view = match.view()
    assert view["centre"] == "red" and [t["flask"] for t in view["teams"]] == [[], ["violet"]]


def test_blue_adds_two_gems_that_never_react_l7_2_a13() -> None:
    match = started()
    arrange(match, [("blue", 0), ("blue", 1)])
    seat = turn(match)
    match.push(Shift(seat, "blue", 1, 0))
    assert decision(match) == (seat, "blue")
    match.push(Add(seat, "blue", 0, "place"))  # a third blue beside the reagent: no reaction
    assert decision(match) == (seat, "blue") and len(match.view()["reactions"]) == 1
    refused(match, Add(seat, "red", 0, "place"), "L4.1")  # L7.2 under L4.1: slot 0 is full
    match.push(Add(seat, "red", 2, "place"))
    assert lab(match)[:3] == [["blue", "blue"], [], ["red"]] and match.view()["centre"] == "blue"
    assert match.view()["reserve"]["blue"] == 7


def test_yellow_replaces_a_gem_by_its_opposite_colour_on_the_board_l7_3() -> None:
    match = started()  # the provisional pack's opposites: red and green, blue and orange, yellow and violet
    arrange(match, [("yellow", 0), ("yellow", 1), ("red", 3)])
    seat = turn(match)
    match.push(Shift(seat, "yellow", 1, 0))
    refused(match, Take(seat, 3, "red", "blue"), "L7.3")
    refused(match, Take(seat, 3, "red"), "L7.3")
    match.push(Take(seat, 3, "red", "green"))
    assert lab(match)[3] == ["green"] and match.view()["reserve"]["red"] == 10


def test_green_replaces_a_gem_by_another_colour_the_player_picks_l7_4_a12() -> None:
    match = started()  # the provisional pack lets green turn a gem into any other colour
    arrange(match, [("green", 0), ("green", 1), ("red", 3)])
    seat = turn(match)
    match.push(Shift(seat, "green", 1, 0))
    assert decision(match) == (seat, "green")
    refused(match, Take(seat, 3, "red", "red"), "L7.4")
    match.push(Take(seat, 3, "red", "orange"))
    assert lab(match)[3] == ["orange"]


def test_an_effect_that_cannot_be_done_is_skipped_and_the_reagent_still_goes_to_the_centre_a11() -> None:
    match = started()
    arrange(match, [("violet", 0), ("violet", 1)])  # violet moves red or yellow gems: there are none
    seat = turn(match)
    match.push(Shift(seat, "violet", 1, 0))
    assert match.view()["centre"] == "violet" and lab(match)[0] == ["violet"] and turn(match) != seat


def test_orange_rotations_to_neighbouring_slots_only_when_the_table_reads_a07_so() -> None:
    match = started(replace(TWO, rotations="neighbours"))
    arrange(match, [("orange", 0), ("orange", 1), ("blue", 4)])
    seat = turn(match)
    match.push(Shift(seat, "orange", 1, 0))
    assert decision(match) == (seat, "orange")
    assert Shift(seat, "blue", 4, 1, "shift") not in match.awaited()[0].enumerate()  # opposite: not a rotation
    refused(match, Shift(seat, "orange", 0, 5, "shift"), "L7.6")  # orange moves blue or green gems only
    match.push(Shift(seat, "blue", 4, 5, "shift"))


def test_a_chain_of_three_reactions_is_resolved_innermost_first_a09_a10_a12() -> None:
    """Violet sets off yellow, whose replacement sets off yellow again: the innermost reagent goes to the centre
    first, then the next one pushes it into the Flask, and only then does violet go on with its moves."""
    match = started()
    arrange(match, [("violet", 0), ("yellow", 0), ("yellow", 1), ("yellow", 2), ("violet", 5)])
    seat = turn(match)
    match.push(Shift(seat, "violet", 5, 0))  # the Alchemy move: reaction 1, violet in slot 0
    assert decision(match) == (seat, "violet")
    match.push(Shift(seat, "yellow", 1, 2, "shift"))  # violet's first move: reaction 2, yellow in slot 2
    assert decision(match) == (seat, "yellow")
    match.push(Take(seat, 0, "violet", "yellow"))  # the other violet of slot 0 becomes yellow: reaction 3
    assert match.view()["reactions"] == [{"colour": "violet", "slot": 0, "left": 2},
                                         {"colour": "yellow", "slot": 2, "left": 0},
                                         {"colour": "yellow", "slot": 0, "left": 1}]
    refused(match, Take(seat, 0, "violet", "yellow"), "A-10")  # reaction 1's reagent is spent
    match.push(Take(seat, 2, "yellow", "violet"))  # reaction 2's reagent may not be taken, the other yellow may
    view = match.view()
    assert [(e["colour"], e["slot"]) for e in match.events if e["event"] == "centre"] == [("yellow", 0), ("yellow", 2)]
    assert view["centre"] == "yellow" and view["teams"][0]["flask"] == ["yellow"]  # yellow's Character: team A
    assert view["reactions"] == [{"colour": "violet", "slot": 0, "left": 2}]
    assert lab(match)[:3] == [["yellow", "violet"], [], ["violet"]]
    assert decision(match) == (seat, "violet")
    match.push(Shift(seat, "yellow", 0, 1, "shift"))
    match.push(Shift(seat, "yellow", 1, 2, "shift"))
    view = match.view()
    assert view["centre"] == "violet" and view["teams"][0]["flask"] == ["yellow", "yellow"]
    assert lab(match)[:3] == [[], [], ["yellow", "violet"]] and turn(match) != seat


def test_a_reaction_move_of_another_player_may_not_be_undone_either_a08() -> None:
    match = started()
    arrange(match, [("violet", 0), ("violet", 1), ("red", 3)])
    mover = turn(match)
    match.push(Shift(mover, "violet", 1, 0))
    for source, to in ((3, 4), (4, 5), (5, 4)):
        match.push(Shift(mover, "red", source, to, "shift"))
    other = turn(match)
    assert other != mover and match.view()["last_move"] == {"seat": mover, "colour": "red", "source": 5, "to": 4}
    refused(match, Shift(other, "red", 4, 5), "L6.3")
    match.push(Shift(other, "red", 4, 3))
