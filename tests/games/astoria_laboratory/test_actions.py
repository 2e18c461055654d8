"""The three actions (L3.2): add a gem (L4), draw a Discovery (L5, A-19, A-21), the Alchemy move (L6.2) and the
ban on undoing the opponent's move (L6.3, A-08). A refused move changes nothing."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.laboratory.rules.moves import Add, Chance, Draw, Shift
from tests.games.astoria_laboratory.support import arrange, lab, pass_turn, started, turn
from tests.games.astoria_laboratory.test_setup import SIX


def refused(match: object, move: object, rule: str) -> None:
    before = match.view(), match.version  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as refusal:
        match.push(move)  # type: ignore[attr-defined]
    assert refusal.value.rule == rule
    assert (match.view(), match.version) == before  # type: ignore[attr-defined]


def test_a_gem_goes_from_the_reserve_to_a_slot_with_room_l4_1() -> None:
    match = started()
    arrange(match, [("red", 2), ("blue", 2), ("red", 2)])
    assert lab(match)[2] == ["red", "red", "blue"]
    assert match.view()["reserve"]["red"] == 8
    refused(match, Add(turn(match), "green", 2), "L4.1")


def test_adding_a_gem_beside_its_colour_causes_no_reaction_l4_2() -> None:
    match = started()
    arrange(match, [("red", 0), ("red", 0)])
    assert match.view()["reactions"] == [] and match.view()["centre"] is None and lab(match)[0] == ["red", "red"]


def test_a_gem_moves_to_a_neighbour_or_the_opposite_slot_with_room_l6_2() -> None:
    match = started()
    arrange(match, [("red", 0), ("blue", 3), ("blue", 3), ("green", 3)])
    seat = turn(match)
    refused(match, Shift(seat, "red", 0, 2), "L6.2")  # two slots along: not a neighbour
    refused(match, Shift(seat, "red", 0, 3), "L6.2")  # the opposite slot is full
    refused(match, Shift(seat, "yellow", 0, 1), "L6.2")  # no such gem there
    match.push(Shift(seat, "red", 0, 5))
    assert lab(match)[5] == ["red"] and lab(match)[0] == []


def test_no_symmetry_the_opponents_move_may_not_be_undone_l6_3_a08() -> None:
    match = started()
    arrange(match, [("red", 0), ("blue", 4)])
    first = turn(match)
    match.push(Shift(first, "red", 0, 1))
    other = turn(match)
    assert other != first
    refused(match, Shift(other, "red", 1, 0), "L6.3")
    pass_turn(match)  # a turn without a move does not lift the ban
    assert turn(match) == first
    pass_turn(match)
    refused(match, Shift(other, "red", 1, 0), "L6.3")
    match.push(Shift(other, "blue", 4, 3))  # any other move is allowed
    match.push(Shift(first, "red", 1, 0))  # ... and a player may undo his own move
    assert lab(match)[0] == ["red"]


def test_a_discovery_taken_is_at_once_replaced_from_the_deck_l5_1() -> None:
    match = started(discoveries=(7, 8, 9))
    seat = turn(match)
    match.push(Draw(seat, 1))
    node = match.chance()
    assert node is not None and node.kind == "discovery" and node.told_by is None
    assert 8 in match.view(f"seat:{seat}")["players"][seat - 1]["hand"]
    match.push(Chance(24))
    assert match.view()["discoveries"] == [7, 24, 9] and turn(match) != seat


def test_the_deck_top_card_is_told_by_its_drawer_alone_l5_1() -> None:
    match = started()
    seat = turn(match)
    match.push(Draw(seat))
    node = match.chance()
    assert node is not None and node.kind == "draw" and node.told_by == seat


def test_with_five_cards_a_player_discards_under_the_deck_then_draws_face_down_l5_2() -> None:
    match = started(hands={1: [1, 2, 3], 2: [6, 7, 8]}, discoveries=(4, 5, 11))
    for refill in (9, 10):
        match.push(Draw(1, 0))
        match.push(Chance(refill))
        arrange(match, [("green", 5)])
    assert match.view("seat:1")["players"][0]["hand"] == [1, 2, 3, 4, 9]
    refused(match, Draw(1, 0), "L5.2")
    refused(match, Draw(1), "L5.2")
    refused(match, Draw(1, None, 10), "L5.2")  # not a card of his hand
    match.push(Draw(1, None, 4))
    node = match.chance()
    assert node is not None and 4 not in node.outcomes  # the discard lies under the deck, under every unseen card
    assert match.view()["deck"] == 24 - 6 - 3 - 2 + 1


def test_no_object_is_made_after_drawing_l5_3_a21() -> None:
    match = started(hands={1: [1, 4, 5], 2: [6, 7, 8]}, discoveries=(2, 10, 11))
    arrange(match, [("red", 0), ("blue", 1)])  # card 1's pattern from seat 1's side, and card 2's
    assert turn(match) == 1
    match.push(Draw(1, 0))  # card 2 drawn: it matches, but drawing is no moment to make an object
    match.push(Chance(12))
    assert match.view()["phase"] == "turn" and turn(match) == 2


def test_an_empty_deck_refills_nothing_and_cannot_be_drawn_a19() -> None:
    match = started(SIX)  # 18 cards dealt, 3 Discoveries: 3 left in the deck
    for _ in range(3):
        match.push(Draw(turn(match)))
        match.push(Chance(match.chance().outcomes[0]))  # type: ignore[union-attr]
    assert match.view()["deck"] == 0
    seat = turn(match)
    refused(match, Draw(seat), "A-19")
    match.push(Draw(seat, 0))
    assert match.chance() is None and match.view()["discoveries"][0] is None
    assert Draw(turn(match), 0) not in match.awaited()[0].enumerate()
