"""The round (E4), the Invasion card (E5, A-22) and the Glyph pool (E6.9, A-26)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.epic.packs import shipped
from companion.games.astoria.epic.rules import EpicMatch, EpicSetup
from companion.games.astoria.epic.rules.terms import COLOURS
from tests.games.astoria_epic.support import act, artefact, card, finish, game, pass_turn, spend


@pytest.mark.parametrize(("players", "actions"), [(2, 4), (3, 5), (4, 4), (5, 3), (6, 3)])
def test_actions_per_turn(players: int, actions: int) -> None:
    """E4.3."""
    match = game(players)
    assert match.state.actions_left == actions
    for _ in range(actions):
        act(match, 1, "power")
    assert match.active() == 2 and match.state.mages[1].power == actions


def test_two_players_take_two_turns_of_four_each_after_one_card() -> None:
    """E13.5, A-50."""
    match = game(2)
    turns = []
    while match.state.phase == "turn":
        turns.append(match.active())
        pass_turn(match)
    assert turns == [1, 2, 1, 2]


def test_the_next_round_opens_with_the_player_on_the_left_and_a_new_card() -> None:
    """E4.2, A-22: the first player moves on; the card of the round goes to the cards drawn."""
    match = game(3, first=2)
    assert match.active() == 2
    for _ in range(3):
        pass_turn(match)
    assert match.awaited() == []  # E10.5: nothing tilted, nobody asked to straighten
    assert match.state.round == 2 and match.chance() is not None
    match.resolve(card())
    assert match.active() == 3 and match.state.drawn == [None]


def test_the_invasion_card_is_typed_and_checked_against_its_form() -> None:
    """E5, A-22: a card that does not fit the form, or whose Chief lacks a Glyph, changes nothing."""
    match = EpicMatch(shipped(), EpicSetup(3, COLOURS[:3], ("save", "save", "dragon")))
    node = match.chance()
    assert node is not None and node.form is not None and node.outcomes == ()
    for bad in ({"flux": [1, 2]}, card(flux=(1, 1, 1, 1, 1, 11)), card(chief=12), card(glyph="red"), 3):
        with pytest.raises(IllegalAction):
            match.resolve(bad)
        assert match.version == 0
    match.resolve(card(flux=(3, 2, 1, 0, 4, 2), hammer=True, dragon=2, chief=27, glyph="blue"))
    s = match.state
    assert (s.reinforcements, s.dragon, [c.chief for c in s.chiefs]) == (2, 3, [27])  # E5.2, E5.3, E5.4


def test_the_dragons_head_ends_the_game_at_once() -> None:
    """E5.3, A-41: the 8th space; the Dragon's objective is fulfilled."""
    match = game(4, objectives=("save", "dragon", "save", "populace"), drawn=card(dragon=2))
    match.state.dragon = 7  # a test's shortcut: the Dragon one step from its head
    for _ in range(4):
        pass_turn(match)
    match.resolve(card(dragon=1))
    result = match.result()
    assert result is not None and match.state.end == {"how": "dragon"}
    assert result.detail["fulfilled"] == [2]


def test_glyphs_chain_only_into_the_very_next_action() -> None:
    """E6.9, A-26: Glyphs saved for the next action that generates Glyphs; lost on one that does not."""
    match = game(3)
    act(match, 1, "use", card="talent")  # seat 1's Character: one Fire Glyph (E6.10)
    assert match.state.pool == {"red": 1}
    act(match, 1, "power")
    assert match.state.pool == {}
    with pytest.raises(IllegalAction):
        spend(match, 1, "fire_barbarians", count=1)


def test_glyphs_pooled_over_two_uses_are_spent_together_and_never_carry_to_another_turn() -> None:
    match = game(3)
    index = finish(match, 1, artefact("red", "red", domain="red", glyphs=2))
    match.state.actions_left = 3  # a test's shortcut: actions enough
    act(match, 1, "use", card="talent")
    act(match, 1, "use", card=f"artefact:{index}")
    assert match.state.pool == {"red": 3}
    match.state.barbarians = 5
    spend(match, 1, "fire_barbarians", count=3)  # E7.1
    assert match.state.barbarians == 2 and match.state.pool == {}
    with pytest.raises(IllegalAction):
        act(match, 1, "use", card="talent")  # E6.9: a tilted card cannot be used
    assert match.state.mages[1].talent_tilted


def test_a_turn_whose_last_action_made_glyphs_waits_for_them_to_be_spent_or_given_up() -> None:
    match = game(3)
    for _ in range(4):
        act(match, 1, "power")
    with pytest.raises(IllegalAction):
        act(match, 1, "end")  # E4.3: actions are left
    act(match, 1, "use", card="talent")
    assert match.active() == 1 and match.state.actions_left == 0 and match.state.pool == {"red": 1}
    act(match, 1, "end")  # the Glyph left is lost
    assert match.active() == 2 and match.state.pool == {}
