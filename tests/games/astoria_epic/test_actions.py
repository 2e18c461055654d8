"""The actions (E6.1 to E6.14), their limits and Exile's (E9.1, A-36)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalAction
from tests.games.astoria_epic.support import act, artefact, card, finish, game, spend

FLUX = (3, 2, 1, 0, 4, 2)  # red 3, blue 2, yellow 1, green 0, violet 4, orange 2


def test_draw_takes_from_a_pile_that_has_cards_while_the_hand_is_under_five() -> None:
    """E6.1, A-51."""
    match = game(4)
    act(match, 1, "draw", pile=2)
    assert match.state.piles == [6, 5, 6] and match.state.mages[1].hand == 4
    act(match, 1, "draw", pile=2)
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "draw", pile=1)
    assert refusal.value.rule == "E6.1"


def test_destroy_and_create_at_the_rounds_gem_values() -> None:
    """E6.3, E6.4, A-24: a gem is worth its domain's Flux; creating needs the Power and a gem in the Reserve."""
    match = game(4, drawn=card(flux=FLUX))
    act(match, 1, "destroy", colour="red")  # worth 3
    assert match.state.mages[1].power == 3 and match.state.reserve["red"] == 1
    with pytest.raises(IllegalAction):
        act(match, 1, "create", colour="violet")  # worth 4: not enough Power
    act(match, 1, "create", colour="orange")  # worth 2
    assert match.state.mages[1].power == 1 and match.state.mages[1].stock["orange"] == 1
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "create", colour="blue")  # the Reserve holds no blue (seat 2's colour)
    assert refusal.value.rule == "A-24"


def test_power_stops_at_twenty() -> None:
    """A-25."""
    match = game(4)
    match.state.mages[1].power = 20
    act(match, 1, "power")
    assert match.state.mages[1].power == 20


def test_an_artefact_is_crafted_a_gem_per_place_and_its_gems_go_to_the_flask() -> None:
    """E6.5, E6.6, E6.7, A-49: finishing heals the King by 1."""
    match = game(4)
    typed = artefact("red", "red", "blue", domain="green", glyphs=3)
    mage = match.state.mages[1]
    mage.stock["blue"] = 1
    act(match, 1, "craft", colour="red", typed=typed)
    assert match.state.mages[1].hand == 2
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "craft", colour="yellow", artefact=0)
    assert refusal.value.rule == "E6.5"
    act(match, 1, "craft", colour="red", artefact=0)
    with pytest.raises(IllegalAction):
        act(match, 1, "use", card="artefact:0")  # E6.6: usable only once finished
    act(match, 1, "craft", colour="blue", artefact=0)
    mage = match.state.mages[1]
    assert mage.artefacts[0].finished and mage.flask["red"] == 2 and mage.flask["blue"] == 1
    assert match.state.health == 7


def test_a_grimoire_is_finished_only_by_spending_five_power() -> None:
    """E6.8, A-49."""
    match = game(4)
    typed = artefact("red", "red", grimoire=True, domain="red")
    act(match, 1, "craft", colour="red", typed=typed)
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "craft", colour="red", artefact=0)
    assert refusal.value.rule == "E6.8"
    match.state.mages[1].power = 6
    act(match, 1, "craft", colour="red", artefact=0)
    assert match.state.mages[1].power == 1
    act(match, 1, "use", card="artefact:0")
    assert match.state.pool == {"red": 6}


def test_the_tribute_lowers_the_dragons_wrath() -> None:
    """E6.11: a red or yellow gem to the Reserve."""
    match = game(4, drawn=card(dragon=2))
    act(match, 1, "tribute", colour="red")
    assert match.state.dragon == 2 and match.state.reserve["red"] == 1
    with pytest.raises(IllegalAction):
        act(match, 2, "tribute", colour="blue")


def test_a_guard_costs_five_power_and_a_gem_of_ones_colour() -> None:
    """E6.13."""
    match = game(4)
    with pytest.raises(IllegalAction):
        act(match, 1, "guard")
    match.state.mages[1].power = 5
    act(match, 1, "guard")
    assert (match.state.mages[1].guards, match.state.mages[1].power, match.state.mages[1].stock["red"]) == (1, 0, 8)


def test_fighting_a_chief_as_in_the_rules_example() -> None:
    """E8, E8.6: a Fire Grimoire's 6 Glyphs and a Cobalt Glyph against a Chief of 27, on a card with Fire 3 and
    Cobalt 2: 20 < 27, lost, and the turn ends; the fight card's effects are not applied (E5.5)."""
    match = game(4, first=2, drawn=card(chief=27, glyph="green"))  # seat 2 is blue: a Cobalt Talent
    match.state.mages[2].power = 5
    grimoire = finish(match, 2, artefact("red", "red", grimoire=True, domain="red"))
    act(match, 2, "fight", chief=0, cards=(f"artefact:{grimoire}", "talent"))
    assert match.chance() is not None
    match.resolve(card(flux=(3, 2, 0, 0, 0, 0), hammer=True, dragon=2))
    s = match.state
    assert match.active() == 3 and len(s.chiefs) == 1 and s.mages[2].chiefs == []
    assert (s.reinforcements, s.dragon) == (1, 1)


def test_a_chief_beaten_is_taken_and_scores_five() -> None:
    """E8.5, E3.5."""
    match = game(4, drawn=card(chief=8, glyph="green"))
    act(match, 1, "use", card="talent")  # one Fire Glyph, pooled into the fight
    act(match, 1, "fight", chief=0, cards=())
    match.resolve(card(flux=(8, 0, 0, 0, 0, 0)))
    assert match.state.chiefs == [] and match.state.mages[1].chiefs == [8] and match.active() == 1


def test_a_right_accusation_unmasks_the_traitor_and_stops_the_illness() -> None:
    """E11.2, E11.3, A-29."""
    match = game(4, objectives=("save", "populace", "save", "dragon"))
    act(match, 1, "accuse", target=2, faction="populace")
    s = match.state
    assert s.mages[2].revealed and s.mages[2].exiled and s.traitor_found and not s.mages[1].exiled
    assert [r.message for r in match.reveals()] and match.reveals()[0].to is None
    assert match.view("seat:3")["players"][1]["objective"] == "populace"


def test_a_wrong_accusation_exiles_the_accuser_and_reveals_nothing() -> None:
    """E11.2, A-29: a traitor named with the wrong faction is a wrong accusation."""
    match = game(4, objectives=("save", "populace", "save", "dragon"))
    act(match, 1, "accuse", target=2, faction="dragon")
    s = match.state
    assert s.mages[1].exiled and not s.mages[2].revealed and not s.traitor_found
    assert "objective" not in match.view("seat:3")["players"][1]
    assert all("populace" not in str(r.params) for r in match.reveals())
    with pytest.raises(IllegalAction) as refusal:  # E9.1: an exiled mage neither accuses nor pays tribute
        act(match, 1, "accuse", target=4, faction="dragon")
    assert refusal.value.rule == "E9.1"


def test_exile_forbids_fire_and_nature_against_the_factions() -> None:
    """E9.1, A-36."""
    match = game(4, objectives=("save", "populace", "save", "dragon"))
    act(match, 1, "accuse", target=2, faction="dragon")
    act(match, 1, "use", card="talent")
    with pytest.raises(IllegalAction) as refusal:
        spend(match, 1, "fire_barbarians", count=1)
    assert refusal.value.rule == "A-36"


def test_nobody_accuses_at_two_players() -> None:
    """E13.3."""
    match = game(2)
    with pytest.raises(IllegalAction) as refusal:
        act(match, 1, "accuse", target=2, faction="dragon")
    assert refusal.value.rule == "E13.3"


def test_only_an_exiled_mage_assaults_the_palace_and_the_defenders_win_ties() -> None:
    """E9.2 to E9.4, A-28."""
    match = game(4, objectives=("dragon", "save", "save", "populace"))
    with pytest.raises(IllegalAction):
        act(match, 1, "assault", cards=())
    act(match, 1, "accuse", target=2, faction="dragon")  # wrong: seat 1 goes into Exile
    match.state.mages[3].guards = 1
    act(match, 1, "assault", cards=("talent",))  # one Fire Glyph
    assert [c.seat for c in match.awaited()] == [2]  # E9.3: the others, clockwise
    act(match, 2, "defend", cards=None)
    act(match, 3, "defend", cards=())  # with his Guard only
    act(match, 4, "defend", cards=None)
    match.resolve(card(flux=(5, 0, 0, 0, 0, 0)))  # 5 against 5: the defenders win
    assert match.result() is None and match.active() == 2


def test_the_palace_falls_and_the_regicide_scores_his_objective() -> None:
    """E9.4, E3.3b."""
    match = game(4, objectives=("dragon", "save", "save", "populace"))
    act(match, 1, "accuse", target=2, faction="dragon")
    act(match, 1, "assault", cards=("talent",))
    for seat in (2, 3, 4):
        act(match, seat, "defend", cards=None)
    match.resolve(card(flux=(1, 0, 0, 0, 0, 0)))
    result = match.result()
    assert result is not None and match.state.end == {"how": "palace", "seat": 1}
    assert result.detail["scores"]["1"]["objective"] == 20


def test_solar_glyphs_are_spent_all_at_once_plus_one() -> None:
    """E7.4."""
    match = game(6, first=6)  # seat 6 is orange: a Solar Talent
    act(match, 6, "use", card="talent")
    spend(match, 6, "solar")
    assert match.state.mages[6].power == 2


def test_shadow_wounds_the_king_and_exiles_the_caster_but_not_at_two_players() -> None:
    """E7.5, A-48."""
    for players, exiled in ((4, True), (2, False)):
        match = game(players)
        finish(match, 1, artefact("red", "red", domain="violet", glyphs=3))
        match.state.actions_left = 1
        act(match, 1, "use", card="artefact:0")
        spend(match, 1, "shadow_wound")
        assert match.state.health == 6 and match.state.mages[1].exiled is exiled  # +1 finishing, -1 wound


def test_killing_a_guard_asks_the_cobalt_holders_first() -> None:
    """E7.1, E7.6, A-30: any other mage not in Exile with an available Cobalt card may save it."""
    match = game(4, objectives=("dragon", "save", "save", "populace"))
    match.state.mages[3].guards = 1
    finish(match, 1, artefact("red", "red", "red", domain="red", glyphs=3))
    match.state.actions_left = 1
    act(match, 1, "use", card="artefact:0")
    spend(match, 1, "fire_guard", target=3)
    assert [(c.seat, c.decision) for c in match.awaited()] == [(2, "rescue")]  # seat 2 is blue: his Talent
    act(match, 2, "rescue", card="talent")
    assert match.state.mages[3].guards == 1 and match.state.mages[1].exiled  # the caster still goes into Exile
