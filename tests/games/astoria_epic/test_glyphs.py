"""The domains' effects (E7) and the Cobalt look at a virtual pile (E7.6, A-56)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.rules import EpicMatch
from companion.games.astoria.epic.testing import TESTING
from tests.games.astoria_epic.support import act, artefact, finish, game, spend


def with_glyphs(players: int, domain: str, glyphs: int, seat: int = 1) -> EpicMatch:
    match = game(players, first=seat)
    finish(match, seat, artefact("red", "red", "red", domain=domain, glyphs=glyphs))
    match.state.actions_left = 2
    act(match, seat, "use", card="artefact:0")
    return match


def test_fire_on_the_populace_raises_unrest_once_a_round() -> None:
    """E7.1, A-44."""
    match = with_glyphs(4, "red", 4)
    match.state.populace = 5
    spend(match, 1, "fire_populace", count=1)
    spend(match, 1, "fire_populace", count=2)
    s = match.state
    assert (s.populace, s.unrest, s.pool) == (2, 2, {"red": 1})


def test_nature_soothes_the_populace_two_glyphs_a_point_without_unrest() -> None:
    """E7.3."""
    match = with_glyphs(4, "green", 4)
    match.state.populace = 5
    with pytest.raises(IllegalAction):
        spend(match, 1, "nature_populace", count=3)
    spend(match, 1, "nature_populace", count=2)
    assert (match.state.populace, match.state.unrest) == (3, 1)


def test_sulphur_takes_gems_out_of_the_flask() -> None:
    """E7.2."""
    match = with_glyphs(4, "yellow", 2)
    spend(match, 1, "sulphur", count=2, colour="red")
    mage = match.state.mages[1]
    assert mage.flask["red"] == 1 and mage.stock["red"] == 9 + 2


def test_shadow_steals_a_card_from_a_hand_while_the_thief_holds_fewer_than_five() -> None:
    """E7.5, A-46."""
    match = with_glyphs(4, "violet", 4)
    spend(match, 1, "shadow_card", target=3)
    s = match.state
    assert (s.mages[1].hand, s.mages[3].hand) == (3, 2)  # 3 − 1 laid + 1 stolen


def test_cobalt_heals_the_king_three_glyphs_a_point() -> None:
    """E7.6."""
    match = with_glyphs(4, "blue", 3)
    spend(match, 1, "cobalt_heal")
    assert match.state.health == 8  # +1 finishing, +1 healed


def test_a_cobalt_look_at_a_virtual_pile_is_shown_to_the_caster_alone_and_drawn_next() -> None:
    """E7.6, A-56."""
    pack, setup = TESTING.short_setup(7)  # four players, the tests' catalogue
    match = RULES.start(pack, setup)
    match.resolve(1)
    seat = match.active()
    assert seat is not None
    finish(match, seat, artefact("red", "red", domain="blue", glyphs=2))
    match.state.actions_left = 1
    act(match, seat, "use", card="artefact:0")
    spend(match, seat, "cobalt_look", count=1)
    node = match.chance()
    assert node is not None and node.told_by == seat and node.kind == "look"
    match.resolve(5)
    assert match.view(f"seat:{seat}")["seen"] == [5]
    assert [r.to for r in match.reveals() if r.key.startswith("look:")] == [frozenset({seat})]
    assert "seen" not in match.view("public") and "top" in match.view("referee")
    other = next(s for s in setup.seats if s != seat)
    assert "seen" not in match.view(f"seat:{other}")


def test_a_second_look_sees_the_card_below_and_the_draws_come_in_that_order() -> None:
    """A-56: cards looked at stay on top, in order; the next draws are them."""
    pack, setup = TESTING.short_setup(7)
    match = RULES.start(pack, setup)
    match.resolve(1)
    seat = match.active()
    assert seat is not None
    finish(match, seat, artefact("red", "red", domain="blue", glyphs=2))
    match.state.actions_left = 1
    act(match, seat, "use", card="artefact:0")
    spend(match, seat, "cobalt_look", count=1)
    match.resolve(5)
    spend(match, seat, "cobalt_look", count=1)
    node = match.chance()
    assert node is not None and 5 not in node.outcomes and 9 in node.outcomes
    match.resolve(9)
    assert match.view(f"seat:{seat}")["seen"] == [5, 9] and match.view("referee")["top"] == [5, 9]
