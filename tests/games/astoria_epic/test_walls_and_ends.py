"""The Defence of the Walls (E10, A-42), the ends of the game (E3.3, A-33, A-34, A-47, A-48) and the score
(E3.5, A-35, A-37)."""

from __future__ import annotations

from companion.games.astoria.epic.rules.terms import COLOURS
from tests.games.astoria_epic.support import act, artefact, card, finish, game, pack, pass_turn


def round_over(match: object) -> None:
    from companion.games.astoria.epic.rules import EpicMatch

    assert isinstance(match, EpicMatch)
    while match.state.phase == "turn":
        pass_turn(match)


def test_the_sieges_add_unrest_and_reinforcements_and_the_illness_strikes() -> None:
    """E10.1, E10.3."""
    match = game(4, drawn=card(hammer=True))
    round_over(match)
    s = match.state
    assert (s.populace, s.barbarians, s.health) == (2, 3, 5)


def test_the_city_falls_to_the_faction_at_ten() -> None:
    """E10.2, A-35: the faction's objective is fulfilled, the highest total wins."""
    match = game(4, objectives=("save", "barbarians", "save", "populace"))
    match.state.barbarians = 9
    round_over(match)
    result = match.result()
    assert result is not None and match.state.end == {"how": "city", "faction": "barbarians"}
    assert result.detail["fulfilled"] == [2] and result.winners == (2,)
    assert result.reason == "The city falls to {faction}."
    assert result.reason_params == {"faction": "the Barbarian Hordes"}


def test_both_factions_at_ten_fulfil_nothing() -> None:
    """A-47."""
    match = game(4, objectives=("save", "barbarians", "save", "populace"))
    match.state.barbarians = match.state.populace = 9
    round_over(match)
    result = match.result()
    assert result is not None and match.state.end == {"how": "chaos"} and result.detail["fulfilled"] == []


def test_no_illness_after_a_traitor_is_unmasked_nor_at_two_players() -> None:
    """E11.3, A-31, E13.4."""
    match = game(4, objectives=("save", "populace", "save", "dragon"))
    act(match, 1, "accuse", target=2, faction="populace")
    round_over(match)
    assert match.state.health == 6
    two = game(2)
    round_over(two)
    assert two.state.health == 6


def test_each_chiefs_spell_is_parried_by_a_card_of_his_domain_or_wounds_the_king() -> None:
    """E10.4, A-38: volunteers asked in playing order; none: Health −1 more."""
    match = game(4, drawn=card(chief=30, glyph="blue"))
    round_over(match)
    assert [(c.seat, c.decision) for c in match.awaited()] == [(2, "parry")]  # seat 2 is blue
    act(match, 2, "parry", card="talent")
    assert [(c.seat, c.decision) for c in match.awaited()] == [(2, "straighten")]  # E10.5
    act(match, 2, "straighten", cards=("talent",))
    assert match.state.health == 5 and not match.state.mages[2].talent_tilted and match.chance() is not None
    again = game(4, drawn=card(chief=30, glyph="blue"))
    round_over(again)
    act(again, 2, "parry")
    assert again.state.health == 4


def test_the_king_dead_of_his_illness_gives_the_strongest_faction() -> None:
    """E3.3c, A-34: the Dragon's space against the Forces; a tie fulfils nothing."""
    match = game(4, objectives=("save", "barbarians", "save", "dragon"), drawn=card(dragon=2))
    match.state.health = 1
    round_over(match)
    assert match.state.end == {"how": "died"}
    result = match.result()
    assert result is not None and result.detail["fulfilled"] == [4]  # Dragon 3 > Barbarians 2 = Populace 2
    tie = game(4, objectives=("save", "barbarians", "save", "dragon"), drawn=card(dragon=1))
    tie.state.health = 1
    round_over(tie)
    result = tie.result()
    assert result is not None and result.detail["fulfilled"] == []  # 2, 2, 2


def test_at_two_players_the_king_dead_of_his_health_fulfils_nothing() -> None:
    """A-48."""
    match = game(2, objectives=("save", "dragon"), drawn=card(dragon=2, chief=40, glyph="green"))
    match.state.health = 1
    round_over(match)
    result = match.result()
    assert match.state.end == {"how": "died"} and result is not None and result.detail["fulfilled"] == []


def test_the_king_saved_at_his_maximum_ends_the_game() -> None:
    """A-33, E3.1: at the pack's maximum (provisional 10), every « Sauver le Roi » player scores 20."""
    match = game(3, objectives=("save", "dragon", "save"), pack=pack(health_max=7))
    finish(match, 1, artefact("red", "red", domain="green", glyphs=1))
    result = match.result()
    assert match.state.end == {"how": "saved"} and result is not None and result.detail["fulfilled"] == [1, 3]


def test_scores_add_objective_flask_chiefs_and_power_at_the_packs_values() -> None:
    """E3.5, A-37: the lost numbers come from the pack."""
    match = game(3, objectives=("save", "dragon", "save"), pack=pack(health_max=7, vp_flask_gem=2, vp_power=3))
    match.state.mages[1].power = 4
    match.state.mages[1].chiefs = [27]
    finish(match, 1, artefact("red", "red", domain="green", glyphs=1))
    result = match.result()
    assert result is not None
    assert result.detail["scores"]["1"] == {"objective": 20, "flask": 4, "chiefs": 5, "power": 12, "total": 41}
    assert result.places[0] == (1,) and result.winners == (1,)
    assert {t.name: t.seats for t in result.teams} == {"Save the King": (1, 3), "Victory of the Dragon": (2,)}


def test_the_characters_are_the_six_colours() -> None:
    assert COLOURS == ("red", "blue", "yellow", "green", "violet", "orange")
