"""A round: attacks by land and sea, combat, demons, reorganisation, victory (§4-§7, §9, §14)."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Adjust, Attack, EndAttacks, Fight, Reorganise, Step
from companion.games.zargos.rules.choices import FightChoice
from companion.games.zargos.rules.errors import IllegalAction

from .support import active, first_turn, layout, put


def others(game: Game, people: str) -> list[str]:
    return [k for k in game.state.order if k != people]


def battle(attacker: int = 10, defender: int = 3, where: str = "kori-3", origin: str = "kori-1",
           force: int = 6) -> tuple[Game, int, str, str]:
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {origin: (people, attacker), where: (enemy, defender), "ludos-1": (enemy, 5)})
    game.push(Attack(seat, people, origin, where, force))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, where))
    return game, seat, people, enemy


def refused(game: Game, move: Attack | Reorganise, rule: str) -> None:
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(move)
    assert caught.value.rule == rule
    assert game.view() == before  # an illegal move changes nothing


def test_land_attacks_are_checked_against_the_map_and_the_rules() -> None:
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"kori-1": (people, 4), "kori-2": (enemy, 2), "k3-1": (enemy, 2)})
    refused(game, Attack(seat, people, "kori-2", "kori-1", 1), "4.1")  # from a province it does not control
    refused(game, Attack(seat, people, "kori-1", "k3-1", 2), "4.1")  # no shared border
    refused(game, Attack(seat, people, "kori-1", "kori-2", 4), "4.3")  # one token must stay
    game.push(Attack(seat, people, "kori-1", "kori-2", 3))
    refused(game, Attack(seat, people, "kori-1", "kori-3", 1), "4.3")  # only 1 left there now
    assert game.state.attacks == {"kori-2": 3}


def test_sea_attacks_pay_one_boat_per_sea_space() -> None:
    # 5.1-5.5, Z-08: kori-2 borders sea 1, k3-2 sea 2 (the invented map)
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"kori-2": (people, 6), "k3-2": (enemy, 2)})
    game.push(Adjust(None, "referee", boats=((people, 1 - game.state.peoples[people].boats),)))
    refused(game, Attack(seat, people, "kori-2", "k3-2", 3, ("s1", "s2")), "5.2")
    refused(game, Attack(seat, people, "kori-2", "k3-2", 3, ("s1", "s3")), "5.4")
    game.push(Adjust(None, "referee", boats=((people, 1),)))
    game.push(Attack(seat, people, "kori-2", "k3-2", 3, ("s1", "s2")))
    assert game.state.peoples[people].boats == 0 and game.state.attacks == {"k3-2": 3}


def test_dice_by_strength_and_losses_halved_at_the_same_time() -> None:
    # 6.3: 6 → 2 dice, 3 → 1 die (Z-01: counts are strengths); 6.4: each side loses half the other's total,
    # rounded down; 6.5
    game, _, people, _ = battle()
    node = game.chance()
    assert node is not None and node.kind == "dice" and node.params["dice"] == [2, 1]
    assert (12, 6) in node.outcomes and (13, 1) not in node.outcomes and (2, 7) not in node.outcomes
    assert abs(sum(node.weights or ()) - 1) < 1e-9
    game.resolve((7, 4))  # the defender loses 3 (all), the attacker 2
    assert game.state.land["kori-3"] == (people, 4)
    assert game.state.combat is None and game.state.phase == "reorganise"


def test_a_combat_goes_on_with_dice_recounted() -> None:
    # 6.2, 6.5: rounds until one side is gone, the dice recounted from the new strengths
    game, _, _, enemy = battle(defender=8, force=9)
    game.resolve((3, 3))  # 9 → 8, 8 → 7: 3 dice each again
    node = game.chance()
    assert node is not None and node.params["dice"] == [3, 3]
    assert game.state.land["kori-3"] == (enemy, 7)


def test_a_capital_loses_a_third() -> None:
    # 6.7: kori-2 is KORI's capital on the invented map; the defender loses the attacker's total ÷ 3
    game, _, _, enemy = battle(where="kori-2", defender=6)
    game.resolve((9, 2))
    assert game.state.land["kori-2"] == (enemy, 3) and game.state.combat is not None
    assert game.state.combat.strength == 5 and game.state.combat.capital


def test_both_sides_may_wipe_each_other_out() -> None:
    # 6.6: the province is then unoccupied and cannot be entered by the reorganisation that follows
    game, seat, people, _ = battle(defender=2, force=2, attacker=6)
    game.resolve((4, 4))
    assert "kori-3" not in game.state.land
    refused(game, Reorganise(seat, people, (Step("kori-1", "kori-3", 1),)), "7.4")


def test_demons_fight_one_round_and_take_no_losses() -> None:
    # 9.2-9.4: a coastal Zargos province has 2 demon dice; the Forbidden City 4 (9.3)
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-3": (people, 10), "ludos-1": (others(game, people)[0], 3)})
    game.push(Attack(seat, people, "kori-3", "z-c1", 9))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "z-c1"))
    node = game.chance()
    assert node is not None and node.params == {"for": "demons", "province": "z-c1", "dice": [2]}
    game.resolve((12,))
    assert game.state.land["z-c1"] == (people, 3)


def test_the_demons_win_when_no_token_is_left() -> None:
    # 9.4, 9.7
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-3": (people, 5), "ludos-1": (others(game, people)[0], 3)})
    game.push(Attack(seat, people, "kori-3", "z-c1", 4))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "z-c1"))
    game.resolve((8,))
    assert "z-c1" not in game.state.land and "z-c1" in game.view("public")["demons"]


def test_an_unoccupied_province_outside_zargos_is_taken_without_a_fight() -> None:
    # Z-07, 6.6
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-1": (people, 5), "ludos-1": (others(game, people)[0], 3)})
    game.push(Attack(seat, people, "kori-1", "kori-2", 2))
    game.push(EndAttacks(seat, people))
    assert game.state.land["kori-2"] == (people, 2) and game.chance() is None


def test_reorganisation_one_group_two_provinces_or_two_groups_one() -> None:
    # 7.1-7.4, Z-10; 7.3: the 2-province move picks up tokens in the province passed through
    game = first_turn()
    seat, people = active(game)
    layout(game, {p: (people, 3) for p in ("kori-1", "kori-2", "kori-3", "kori-4")}
           | {"ludos-2": (others(game, people)[0], 3)})
    game.push(EndAttacks(seat, people))
    three = tuple(Step(a, b, 1) for a, b in (("kori-1", "kori-2"), ("kori-2", "kori-3"), ("kori-3", "kori-4")))
    refused(game, Reorganise(seat, people, three), "7.1")
    refused(game, Reorganise(seat, people, (Step("kori-1", "kori-2", 3),)), "7.2")
    refused(game, Reorganise(seat, people, (Step("kori-4", "ludos-2", 1),)), "7.4")
    refused(game, Reorganise(seat, people, (Step("kori-1", "kori-4", 1),)), "7.1")
    game.push(Reorganise(seat, people, (Step("kori-1", "kori-2", 2), Step("kori-2", "kori-3", 4))))
    assert [game.state.land[p][1] for p in ("kori-1", "kori-2", "kori-3")] == [1, 1, 7]
    assert active(game)[1] != people  # the turn is over


def test_victory_as_soon_as_the_city_and_the_three_around_it_are_held() -> None:
    # 14.1, Z-25: checked after every change of control, even in mid-turn
    game = first_turn()
    seat, people = active(game)
    for province in ("z-a1", "z-a2", "fc"):
        put(game, province, people, 2)
    assert game.result() is None
    put(game, "z-a3", people, 2)
    result = game.result()
    assert result is not None and result.winners == (seat,) and game.state.winner == people
    assert game.awaited() == [] and game.view("public")["winner"] == {"people": people, "seat": seat}
    with pytest.raises(IllegalAction) as caught:
        game.push(EndAttacks(seat, people))
    assert caught.value.rule == "14.1"


def test_at_two_players_the_same_people_must_hold_the_four() -> None:
    # 14.2
    game = first_turn(players=2)
    seat, people = active(game)
    sibling = next(k for k, p in game.state.peoples.items() if p.seat == seat and k != people)
    for province in ("z-a1", "z-a2", "fc"):
        put(game, province, people, 2)
    put(game, "z-a3", sibling, 2)
    assert game.result() is None


def test_forces_from_several_provinces_join_against_one() -> None:
    # 4.2, Z-08: they fight as one force
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"kori-1": (people, 4), "kori-2": (people, 4), "kori-3": (enemy, 5)})
    game.push(Attack(seat, people, "kori-1", "kori-3", 3))
    game.push(Attack(seat, people, "kori-2", "kori-3", 3))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "kori-3"))
    node = game.chance()
    assert node is not None and node.params["dice"] == [2, 2] and game.state.combat is not None
    assert game.state.combat.strength == 6


def test_at_two_players_a_players_two_peoples_may_fight_each_other() -> None:
    # 6.8, 15.2
    game = first_turn(players=2)
    seat, people = active(game)
    sibling = next(k for k, p in game.state.peoples.items() if p.seat == seat and k != people)
    layout(game, {"kori-1": (people, 4), "kori-2": (sibling, 2)}
           | {f"k{8 + i}-1": (k, 1) for i, k in enumerate(k for k in game.state.peoples if k not in (people, sibling))})
    game.push(Attack(seat, people, "kori-1", "kori-2", 3))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "kori-2"))
    assert game.state.combat is not None and game.state.combat.defender == sibling


def test_a_loss_stated_during_a_combat_changes_that_combat() -> None:
    # Z-27 ("a loss changed", e.g. a Vent de Guerre's effect): the stated change applies to the fighting side
    game, seat, people, enemy = battle(defender=8, force=9)
    game.push(Adjust(seat, "card:vent_de_guerre", tokens=(("kori-3", enemy, -3),)))
    assert game.state.combat is not None and game.state.combat.defence == 5 and game.state.land["kori-3"] == (enemy, 5)
    game.push(Adjust(None, "referee", tokens=(("kori-3", people, -4),)))
    assert game.state.combat is not None and game.state.combat.strength == 5
    node = game.chance()
    assert node is not None and node.params["dice"] == [2, 2]  # the dice follow the changed strengths (6.3)
    game.push(Adjust(None, "referee", tokens=(("kori-3", enemy, -5),)))
    assert game.state.combat is None and game.state.land["kori-3"] == (people, 5) and game.chance() is None


def test_one_more_reorganisation_when_the_table_allows_it() -> None:
    # Z-27: "a move allowed"
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-1": (people, 3), "kori-2": (people, 3), "ludos-2": (others(game, people)[0], 3)})
    game.push(EndAttacks(seat, people))
    game.push(Adjust(None, "power:" + people, allow=("extra_reorganisation",)))
    game.push(Reorganise(seat, people, (Step("kori-1", "kori-2", 2),)))
    assert active(game)[1] == people and game.state.phase == "reorganise"
    game.push(Reorganise(seat, people, (Step("kori-2", "kori-1", 1),)))
    assert active(game)[1] != people


def test_reorganisation_may_cross_the_sea_for_one_boat_per_sea_space() -> None:
    # 7.5, Z-10, 5.6: the lake between KORI and LUDOS is a sea space (kori-5 and ludos-1 border it)
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-5": (people, 4), "ludos-1": (people, 1), "k3-1": (others(game, people)[0], 3)})
    game.push(Adjust(None, "referee", boats=((people, 1 - game.state.peoples[people].boats),)))
    game.push(EndAttacks(seat, people))
    refused(game, Reorganise(seat, people, (Step("kori-5", "ludos-1", 2, ("s1",)),)), "7.5")
    game.push(Reorganise(seat, people, (Step("kori-5", "ludos-1", 2, ("lake",)),)))
    assert game.state.land["ludos-1"] == (people, 3) and game.state.peoples[people].boats == 0


def test_taking_the_forbidden_city_from_the_master_makes_the_taker_master_at_once() -> None:
    # 9.9, 9.13: at the end of the combat, without waiting for the end of the turn
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"fc": (enemy, 2), "z-a1": (people, 10)})
    assert game.state.master == game.state.peoples[enemy].seat
    game.push(Attack(seat, people, "z-a1", "fc", 9))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "fc"))
    node = game.chance()
    assert node is not None and node.params["dice"] == [3, 1] and game.state.combat is not None
    assert game.state.combat.capital  # 6.7: the Forbidden City is a capital
    game.resolve((6, 1))  # 6 ÷ 3 = 2: the defender is gone
    assert game.state.land["fc"] == (people, 9) and game.state.master == seat


def test_peoples_powers_do_not_work_in_zargos() -> None:
    # 9.6, 8.2, Z-13: a power's stated effect never touches Zargos; a card's or the referee's may
    game = first_turn()
    seat, people = active(game)
    layout(game, {"kori-3": (people, 6), "kori-1": (people, 3), "z-c1": (people, 2),
                  "ludos-2": (others(game, people)[0], 3)})
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(Adjust(seat, f"power:{people}", tokens=(("z-c1", people, 2),)))
    assert caught.value.rule == "9.6" and game.view() == before
    game.push(Adjust(seat, "card:vent_de_terre", tokens=(("z-c1", people, 2),)))
    game.push(Adjust(seat, f"power:{people}", allow=("attack_anywhere", "extra_reorganisation")))
    refused(game, Attack(seat, people, "kori-1", "z-a1", 2), "9.6")  # into Zargos, no border: the power stops
    game.push(Attack(seat, people, "kori-1", "ludos-2", 2))  # outside Zargos the power works
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "ludos-2"))
    game.resolve((6, 1))  # LUDOS's capital: a third, 3 → 1
    game.resolve((6, 1))
    game.push(Reorganise(seat, people, ()))
    assert active(game)[1] == people  # one more reorganisation is allowed
    refused(game, Reorganise(seat, people, (Step("kori-3", "z-c1", 1),)), "9.6")  # the power's extra move
    # and the choice offered for it (what a box, a page or a virtual player builds on) holds no Zargos province
    offered = [c for c in game.awaited() if c.decision == "reorganise"][0]
    assert "kori-3" in offered.provinces and "z-c1" not in offered.provinces
    game.push(Reorganise(seat, people, ()))
    assert game.state.phase != "reorganise"  # the turn is over (the others are out: the count follows)


def test_a_sea_attack_leaves_only_from_where_the_tokens_were_at_the_start_of_the_turn() -> None:
    # 5.3: tokens that entered a province this turn may not sail on from it; 4.3 (2) no token moves twice
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"kori-3": (people, 10), "kori-4": (people, 4), "ludos-2": (enemy, 3), "k9-1": (enemy, 1)})
    game.push(Adjust(None, "referee", boats=((people, 2),)))
    game.push(Attack(seat, people, "kori-3", "kori-2", 6))  # into KORI's unoccupied capital, by land
    refused(game, Attack(seat, people, "kori-2", "ludos-2", 5, ("s1",)), "4.1")  # not its own before the fights
    refused(game, Attack(seat, people, "kori-4", "ludos-2", 4, ("s1",)), "4.3")  # no picking up on the way
    game.push(Attack(seat, people, "kori-4", "ludos-2", 3, ("s1",)))
    assert game.state.attacks == {"kori-2": 6, "ludos-2": 3} and game.state.peoples[people].boats == 1


def test_combats_are_resolved_one_by_one_in_the_order_the_player_chooses() -> None:
    # 6.1, 4.4: all movements first, then each combat, in the order the player likes
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"kori-1": (people, 10), "kori-2": (enemy, 2), "kori-3": (enemy, 2)})
    game.push(Attack(seat, people, "kori-1", "kori-2", 3))
    game.push(Attack(seat, people, "kori-1", "kori-3", 3))
    game.push(EndAttacks(seat, people))
    (choice,) = game.awaited()
    assert isinstance(choice, FightChoice) and choice.provinces == ("kori-2", "kori-3")
    game.push(Fight(seat, people, "kori-3"))  # the second one first
    node = game.chance()
    assert node is not None and node.params["province"] == "kori-3"
    game.resolve((6, 1))  # KORI's third province falls (÷2): 3 against 2
    (choice,) = game.awaited()
    assert isinstance(choice, FightChoice) and choice.provinces == ("kori-2",)
    refused_fight = Fight(seat, people, "kori-3")
    with pytest.raises(IllegalAction) as caught:
        game.push(refused_fight)
    assert caught.value.rule == "6.1"


def test_losses_beyond_the_strength_present_are_ignored_and_the_survivors_stay() -> None:
    # Z-09, 6.5: the defender's 2 cannot lose 6; the attackers left hold the province
    game, _, people, _ = battle(defender=2, force=6)
    game.resolve((12, 1))
    assert game.state.land["kori-3"] == (people, 6) and game.state.combat is None
    entry = next(e for e in reversed(game.state.log) if e["event"] == "combat_round")
    assert entry["losses"] == [0, 6] and entry["left"] == [6, 0]


def test_a_zargos_province_held_by_another_people_is_an_ordinary_combat() -> None:
    # 9.5: no demons where a people holds it; 6.7 at the Forbidden City (÷3), ÷2 elsewhere in Zargos
    game = first_turn()
    seat, people = active(game)
    enemy = others(game, people)[0]
    layout(game, {"z-a1": (people, 12), "fc": (enemy, 6), "z-c1": (enemy, 3), "ludos-1": (enemy, 1)})
    game.push(Attack(seat, people, "z-a1", "fc", 5))
    game.push(Attack(seat, people, "z-a1", "z-c1", 5))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "fc"))
    node = game.chance()
    assert node is not None and node.params == {"for": "battle", "province": "fc", "dice": [2, 2]}
    game.resolve((9, 2))
    assert game.state.land["fc"] == (enemy, 3) and game.state.combat is not None and game.state.combat.capital
    game.resolve((12, 1))  # 12 ÷ 3: the defenders' 3 are gone
    assert game.state.land["fc"] == (people, 4)
    game.push(Fight(seat, people, "z-c1"))
    node = game.chance()
    assert node is not None and node.params == {"for": "battle", "province": "z-c1", "dice": [2, 1]}
    game.resolve((6, 2))
    assert game.state.land["z-c1"] == (people, 4)
