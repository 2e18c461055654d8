"""The Grand Alchimiste variant (E14, A-52 to A-55)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from tests.games.astoria_epic.support import act, artefact, game, pass_turn

ROLES = ("grand_alchemist", "preparer", "saboteur", "saboteur", "preparer")


def test_help_is_one_action_a_turn_and_only_in_the_variant() -> None:
    """E14.2, A-53."""
    plain = game(5)
    with pytest.raises(IllegalAction):
        act(plain, 1, "give_card", target=2)
    match = game(5, roles=ROLES)
    act(match, 1, "give_gems", target=2, colours=("red", "red"))
    assert match.state.mages[2].stock["red"] == 2
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "give_card", target=2)
    assert refusal.value.rule == "E14.2"


def test_the_grand_alchemists_talent_gives_three_glyphs_of_his_colour_or_one_of_another() -> None:
    """E14.9, A-54."""
    match = game(5, roles=ROLES)
    act(match, 1, "role_talent", colour="red")
    assert match.state.pool == {"red": 3}
    with pytest.raises(IllegalAction):
        act(match, 1, "role_talent", colour="blue")  # tilted


def test_a_preparers_craft_places_two_gems_and_his_power_is_lost_at_his_turns_end() -> None:
    """E14.6, E14.7, A-55."""
    match = game(5, first=2, roles=ROLES)
    act(match, 2, "power")
    act(match, 2, "craft", colour="blue", typed=artefact("blue", "blue", "blue", domain="green", glyphs=3))
    act(match, 2, "craft", colour="blue", artefact=0)  # the same action's second gem
    assert match.state.actions_left == 1 and match.state.mages[2].artefacts[0].filled == [True, True, False]
    pass_turn(match)
    assert match.state.mages[2].power == 0 and match.active() == 3


def test_finishing_heals_only_an_artefact_of_three_glyphs_and_a_saboteurs_gems_go_back_to_his_stock() -> None:
    """E14.4, E14.5."""
    match = game(5, first=3, roles=ROLES)
    act(match, 3, "craft", colour="yellow", typed=artefact("yellow", "yellow", domain="green", glyphs=2))
    act(match, 3, "craft", colour="yellow", artefact=0)
    mage = match.state.mages[3]
    assert match.state.health == 6 and mage.stock["yellow"] == 9 and sum(mage.flask.values()) == 0


def test_the_saboteur_takes_a_gem_off_an_artefact_in_progress() -> None:
    """E14.9."""
    match = game(5, first=2, roles=ROLES)
    act(match, 2, "craft", colour="blue", typed=artefact("blue", "blue", "blue", domain="green", glyphs=3))
    act(match, 2, "craft", colour="blue", artefact=0)
    pass_turn(match)
    act(match, 3, "role_talent", target=2, artefact=0, effect="ungem", colour="blue")
    assert match.state.mages[2].artefacts[0].filled.count(True) == 1  # two placed (E14.7), one taken off


def test_roles_are_chosen_in_turn_before_anyone_reads_his_objective() -> None:
    """E14.1, A-52: the first player first, then on his left; the objectives come after."""
    from companion.core.errors import BadRecord
    from companion.games.astoria.epic.module import RULES
    from companion.games.astoria.epic.packs import shipped

    seats = [(n, c, None) for n, c in enumerate(("red", "blue", "yellow", "green", "violet"), start=1)]
    with pytest.raises(BadRecord):
        RULES.default_setup(seats[:4], {"variant": "grand_alchimiste"}, 3)
    setup = RULES.default_setup(seats, {"variant": "grand_alchimiste"}, 3)
    match = RULES.start(shipped(), setup)
    order = [setup.first + n - 5 if setup.first + n > 5 else setup.first + n for n in range(5)]
    for seat, role in zip(order, ("preparer", "saboteur", "grand_alchemist", "saboteur", "preparer"), strict=True):
        assert [(c.seat, c.decision) for c in match.awaited()] == [(seat, "role")]
        assert all("objective" not in p for p in match.view(f"seat:{seat}")["players"])
        assert not [r for r in match.reveals() if r.key.startswith("objective:")]
        act(match, seat, "role", role=role)
    assert match.chance() is not None and match.state.roles[order[2]] == "grand_alchemist"
    assert match.state.mages[order[2]].power == 20 and not match.state.mages[order[1]].has_flask
    assert [p["seat"] for p in match.view(f"seat:{order[0]}")["players"] if "objective" in p] == [order[0]]
    assert RULES.setup_from_json(RULES.setup_to_json(setup)) == setup
