"""The green cards of a combat (12.6, 12.8, Z-20). The text: green cards « sont jouées au moment précis où
elles s'appliquent » (12.6), the Vent de Guerre « le renforcent au moment des combats », and « un joueur n'a
pas le droit de jouer plus d'un Vent de Guerre par combat » (12.8, FAQ). A combat lasts one or more rounds
(6.2), so the moment a Vent de Guerre applies comes before each round; Z-20 makes the limit one per player
per combat, covering every round, the attacker and the defender each playing one; "What a companion does"
asks « Vent de Guerre ? » before each combat round where it is his people fighting. So: asked before each
round, of each side's player who still may play one, at most one per player in the whole combat."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Attack, EndAttacks, Fight, MagicTrade, Pass, PlayCard, Reinforce
from companion.games.zargos.rules.choices import CombatCardChoice
from companion.games.zargos.rules.errors import IllegalAction

from .support import BOARD, active, end_turn, first_turn, layout
from .test_count_and_magic import round_two_with, through_tie_rolls

WAR = "vent_de_guerre"


def both_armed() -> tuple[Game, int, int, str, str]:
    """Round 2: the defender's player and the attacker's player each hold a Vent de Guerre; the attacker's
    people attacks with 15 against 20 in KORI's first province: a combat of several rounds."""
    game, seat, people, rest = round_two_with((WAR, WAR, WAR, "typhon"), (WAR, WAR, WAR))
    attacker = rest[2]
    while active(game)[1] != attacker:
        end_turn(game)
    other = game.state.peoples[attacker].seat
    game.push(MagicTrade(None, seat, other, (WAR,), ()))  # the referee records a trade (Z-21)
    layout(game, {"kori-1": (people, 20), "k10-4": (attacker, 20), "k8-1": (rest[0], 1), "k9-1": (rest[1], 1)})
    game.push(Attack(other, attacker, "k10-4", "kori-1", 15))
    game.push(EndAttacks(other, attacker))
    game.push(Fight(other, attacker, "kori-1"))
    return game, seat, other, people, attacker


def asked(game: Game) -> CombatCardChoice:
    assert game.chance() is None
    (choice,) = game.awaited()
    assert isinstance(choice, CombatCardChoice) and choice.province == "kori-1" and choice.cards == (WAR,)
    return choice


def test_a_wind_of_war_is_asked_before_every_round_until_played() -> None:
    # Z-20, 12.6: the defender is asked before the first round (the attacker chose the combat just now,
    # his fight choice offered his card); he passes
    game, defender, attacker, _, _ = both_armed()
    first = asked(game)
    assert (first.seat, first.side) == (defender, "defence")
    game.push(Pass(defender))
    node = game.chance()
    assert node is not None and node.params["for"] == "battle"
    game.resolve((4, 4))  # 2 lost on each side: 13 against 18, another round (6.5)
    # before the second round: the attacker's player first (his turn), then the defender's, each may play one
    second = asked(game)
    assert (second.seat, second.side) == (attacker, "attack")
    game.push(PlayCard(attacker, WAR, "province:kori-1"))
    third = asked(game)
    assert (third.seat, third.side) == (defender, "defence")
    game.push(PlayCard(defender, WAR, "province:kori-1"))
    assert WAR not in game.state.hands[attacker] and game.state.hands[defender].count(WAR) == 1
    node = game.chance()
    assert node is not None and node.params["for"] == "battle"
    game.resolve((4, 4))
    # 12.8, Z-20: each has played his one of this combat: nobody is asked again, the dice come at once,
    # though the defender's player still holds another Vent de Guerre
    assert game.awaited() == [] and game.chance() is not None
    assert game.state.combat is not None and game.state.combat.rounds == 2


def test_a_second_wind_of_war_in_the_same_combat_is_refused() -> None:
    # 12.8 (FAQ): « pas plus d'un Vent de Guerre par combat »; the one played before the dice counts
    game, defender, attacker, _, _ = both_armed()
    game.push(PlayCard(defender, WAR, "province:kori-1"))
    game.resolve((4, 4))
    choice = asked(game)
    assert choice.seat == attacker  # only the attacker's player may still play one
    game.push(Pass(attacker))
    assert game.chance() is not None
    game.resolve((4, 4))
    assert asked(game).seat == attacker  # asked again before the third round: he has not played one
    with pytest.raises(IllegalAction) as caught:
        game.push(PlayCard(defender, WAR, "province:kori-1"))
    assert caught.value.rule == "12.4"


def test_the_box_of_the_attacker_says_he_attacks() -> None:
    # the choice names the side, for the box's heading
    game, defender, attacker, _, _ = both_armed()
    game.push(Pass(defender))
    game.resolve((4, 4))
    assert asked(game).to_json()["side"] == "attack"


def test_a_wind_of_war_may_be_played_on_a_demon_fight() -> None:
    # Z-12: demon fights are combats of the combat step; combat cards are allowed there. The demons have no
    # player: nobody else is asked, and the one round is rolled at once (9.2)
    game, seat, people, rest = round_two_with((WAR, "typhon", "eclipse", "canicule"), (WAR, "typhon", "eclipse"))
    assert active(game) == (seat, people)
    layout(game, {"kori-3": (people, 10), "k8-1": (rest[0], 1), "k9-1": (rest[1], 1), "k10-1": (rest[2], 1)})
    game.push(Attack(seat, people, "kori-3", "z-c1", 6))
    game.push(EndAttacks(seat, people))
    game.push(PlayCard(seat, WAR, "province:z-c1"))
    assert WAR not in game.state.hands[seat]
    game.push(Fight(seat, people, "z-c1"))
    node = game.chance()
    assert node is not None and node.params["for"] == "demons" and game.awaited() == []


def test_a_player_fighting_his_own_two_peoples_is_asked_once_a_round_and_plays_one() -> None:
    # 6.8 with Z-20: the limit is per player; his fight choice offered the card before the first round
    game = first_turn(2)
    seat, people = active(game)
    sibling = next(k for k, p in game.state.peoples.items() if p.seat == seat and k != people)
    others_ = [k for k, p in game.state.peoples.items() if p.seat != seat]
    layout(game, {p: (people, 2) for p in BOARD.kingdoms["kori"].provinces} | {"k9-1": (sibling, 3)}
           | {"k8-1": (others_[0], 1), "k10-1": (others_[1], 1)})
    while game.state.phase in ("attack", "fight", "reorganise"):
        end_turn(game)
    through_tie_rolls(game)
    game.resolve(WAR)  # the one card owed for KORI
    while game.state.phase == "reinforce":
        (choice,) = game.awaited()
        game.push(Reinforce(choice.seat, choice.people, 0, ()) if choice.points < 2 else
                  Reinforce(choice.seat, choice.people, 0, ((choice.provinces[0], choice.points // 2),)))
    while active(game)[1] != people:
        end_turn(game)
    layout(game, {"kori-1": (people, 20), "k10-4": (sibling, 20), "k8-1": (others_[0], 1), "k10-1": (others_[1], 1)})
    game.push(Attack(seat, people, "kori-1", "k10-4", 15))
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "k10-4"))
    node = game.chance()
    assert node is not None and node.params["for"] == "battle"  # not asked again before the first round
    game.resolve((4, 4))
    (choice,) = game.awaited()
    assert isinstance(choice, CombatCardChoice) and choice.seat == seat  # once, for both of his peoples
    game.push(PlayCard(seat, WAR, "province:k10-4"))
    assert game.chance() is not None and game.awaited() == []
