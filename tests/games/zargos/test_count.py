"""Kingdom cards kept and lost (§11), purchases (§13), peoples out (Z-26), the Master and the demons (9.12)."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Adjust, Attack, EndAttacks, Reinforce
from companion.games.zargos.rules.choices import AttackChoice, ReinforceChoice
from companion.games.zargos.rules.errors import IllegalAction

from .support import BOARD, active, end_turn, first_turn, layout, put
from .test_count_and_magic import counted, kingdom, through_tie_rolls


def to_reinforce(game: Game) -> None:
    through_tie_rolls(game)
    while (node := game.chance()) is not None and node.kind == "draw":
        game.resolve(sorted(node.outcomes)[-1])


def next_count(game: Game) -> None:
    """Everyone buys nothing useful, then every turn of the next round passes."""
    while game.state.phase == "reinforce":
        (choice,) = game.awaited()
        assert isinstance(choice, ReinforceChoice)
        tokens = min(choice.points // 2, choice.supply)
        game.push(Reinforce(choice.seat, choice.people, 0, ((choice.provinces[0], tokens),) if tokens else ()))
    for _ in range(len(game.state.order)):
        end_turn(game)


def test_a_kingdom_card_is_kept_with_the_capital_and_lost_without_it() -> None:
    # 11.1-11.3, 11.5, Z-18
    game, _, people, rest = counted()
    to_reinforce(game)
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    next_count(game)  # nothing changed
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    to_reinforce(game)
    holdings = {p: (people, 2) for p in kingdom("kori")[1:]} | {"kori-1": (rest[0], 2)}
    holdings |= {"k9-1": (rest[1], 1), "k10-1": (rest[2], 1)}
    layout(game, holdings)  # it loses a province that is not the capital: it keeps the card (11.2)
    next_count(game)
    to_reinforce(game)
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    put(game, "kori-2", rest[0], 3)  # the capital is lost; the taker does not hold the whole kingdom (11.5)
    next_count(game)
    to_reinforce(game)
    assert game.state.peoples[people].kingdom_cards == set()
    assert all("kori" not in game.state.peoples[k].kingdom_cards for k in rest)


def test_reinforcements_cost_two_points_and_boats_five() -> None:
    # 13.1-13.4, Z-24
    game, seat, people, _ = counted()
    to_reinforce(game)
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.people == people and choice.points == 9
    assert choice.most_boats == 1 and choice.supply == 100 - 10 - 1  # Z-17: the rank marker left the supply
    with pytest.raises(IllegalAction) as caught:
        game.push(Reinforce(seat, people, 2, (("kori-1", 0),)))
    assert caught.value.rule == "13.2"
    with pytest.raises(IllegalAction) as caught:
        game.push(Reinforce(seat, people, 1, (("kori-1", 3),)))  # 9 - 5 = 4 points: 2 tokens
    assert caught.value.rule == "13.4"
    boats = game.state.peoples[people].boats
    game.push(Reinforce(seat, people, 1, (("kori-1", 1), ("kori-5", 1))))
    assert game.state.peoples[people].boats == boats + 1 and game.state.land["kori-1"][1] == 3


def test_a_people_with_no_token_left_is_out() -> None:
    # Z-26: it takes no turn and is not in the next order
    game = first_turn(4)
    seat, people = active(game)
    gone = game.state.order[1]
    mine = next(p for p, (q, _) in sorted(game.state.land.items()) if q == people)
    layout(game, {mine: (people, 5)} | {f"k{n}-1": (k, 1) for n, k in zip((8, 9), game.state.order[2:], strict=True)})
    end_turn(game)
    assert active(game)[1] == game.state.order[2] and game.state.peoples[gone].out
    end_turn(game)
    end_turn(game)
    through_tie_rolls(game)
    assert gone not in game.state.order and len(game.state.order) == 3


def test_the_master_takes_an_unoccupied_zargos_province_without_demons() -> None:
    # 9.12
    game = first_turn(4)
    seat, people = active(game)
    layout(game, {"kori-3": (people, 6), "fc": (people, 2), "ludos-1": (game.state.order[1], 1)})
    assert game.state.master == seat
    game.push(Attack(seat, people, "kori-3", "z-c1", 3))
    game.push(EndAttacks(seat, people))
    assert game.chance() is None and game.state.land["z-c1"] == (people, 3)


def test_points_per_province_capital_zargos_and_the_city() -> None:
    # 10.1, Z-11: 1 per province, 2 per capital, 3 per Zargos province, 7 for the Forbidden City
    game = first_turn(4)
    seat, people = active(game)
    rest = [k for k in game.state.order if k != people]
    layout(game, {"kori-1": (people, 2), "ludos-2": (people, 2), "z-c1": (people, 2), "fc": (people, 2)}
           | {f"k{n}-1": (k, 1) for n, k in zip((8, 9, 10), rest, strict=True)})
    for _ in range(4):
        end_turn(game)
    through_tie_rolls(game)
    assert BOARD.is_capital("ludos-2") and game.state.peoples[people].points == 1 + 2 + 3 + 7


def test_the_round_goes_turns_count_cards_then_purchases_and_the_next_round_in_the_new_order() -> None:
    # 3.1-3.4, 10.3, 10.5, 13.1: every turn, then the count sets the new order; kingdom cards, then magic
    # cards, then purchases, each in the new order; the new round begins in it
    game = first_turn(4)
    old = list(game.state.order)
    last, third, second, first = old  # the first to play this round scores least
    layout(game, {p: (last, 2) for p in kingdom("kori")} | {f"k8-{n}": (first, 1) for n in (1, 2, 3)}
           | {f"k9-{n}": (second, 1) for n in (1, 2)} | {"k10-1": (third, 1)})
    for turn in range(4):
        assert game.state.phase == "attack" and active(game)[1] == old[turn]  # 3.1
        end_turn(game)
    assert game.state.phase == "count"  # 3.2: when all have played
    through_tie_rolls(game)
    assert game.state.order == [last, first, second, third]
    while (node := game.chance()) is not None:
        game.resolve(node.outcomes[0])
    kinds = [e["event"] for e in game.state.log[game.state.log.index(
        next(e for e in game.state.log if e["event"] == "count")):]]
    assert kinds.index("order") < kinds.index("kingdom_card") < kinds.index("drew")  # 3.3
    buyers = []
    while game.state.phase == "reinforce":
        (choice,) = game.awaited()
        assert isinstance(choice, ReinforceChoice)
        buyers.append(choice.people)
        n = min(choice.points // 2, choice.supply)
        game.push(Reinforce(choice.seat, choice.people, 0, ((choice.provinces[0], n),)))
    assert buyers == [last, first, second]  # 13.1, 10.5; the third's 1 point buys nothing (13.3)
    assert game.state.round == 2 and active(game)[1] == last  # 3.4


def test_a_capital_lost_and_retaken_in_the_same_round_keeps_the_kingdom_card() -> None:
    # 11.4 (FAQ): only the situation at the count matters
    game, _, people, rest = counted()
    to_reinforce(game)
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    next_count_after = len(game.state.log)
    put(game, "kori-2", rest[0], 3)  # the capital lost...
    put(game, "kori-2", people, 2)  # ...and taken back before the count
    next_count(game)
    to_reinforce(game)
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    assert not any(e["event"] == "kingdom_card_lost" for e in game.state.log[next_count_after:])


def test_a_player_without_kingdom_cards_keeps_his_magic_cards_but_gets_no_new_ones() -> None:
    # 12.7 (FAQ), 11.3, 12.1
    game, seat, people, rest = counted()
    through_tie_rolls(game)
    game.resolve("typhon")  # his one kingdom card brings one magic card
    assert game.state.hands[seat] == ["typhon"]
    put(game, "kori-2", rest[0], 3)  # the capital is lost before the next count
    next_count(game)
    through_tie_rolls(game)
    assert game.state.peoples[people].kingdom_cards == set()
    assert game.chance() is None and game.state.hands[seat] == ["typhon"]  # kept; nothing dealt


def test_boats_stay_until_used_and_there_are_fifteen() -> None:
    # 13.5: bought boats wait in front of their owner; 1.4, Z-24: 15 boats in all
    game, seat, people, rest = counted()
    to_reinforce(game)
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.most_boats == 1
    game.push(Reinforce(seat, people, 1, (("kori-1", 2),)))
    assert game.state.peoples[people].boats == 1
    next_count(game)
    to_reinforce(game)
    assert game.state.peoples[people].boats == 1  # kept through a round where it sailed nowhere
    free = 15 - sum(p["boats"] for p in game.view()["peoples"].values())
    game.push(Adjust(None, "referee", boats=((rest[0], free),)))
    with pytest.raises(IllegalAction) as caught:
        game.push(Adjust(None, "referee", boats=((rest[1], 1),)))
    assert caught.value.rule == "Z-24"
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.points >= 5 and choice.most_boats == 0


def test_reinforcements_may_go_on_the_zargos_provinces_one_controls() -> None:
    # 9.8, 13.4
    game, seat, people, _ = counted()
    to_reinforce(game)
    put(game, "z-c1", people, 1)
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and "z-c1" in choice.provinces
    game.push(Reinforce(seat, people, 0, (("z-c1", choice.points // 2),)))
    assert game.state.land["z-c1"] == (people, 1 + choice.points // 2)


def test_at_two_players_one_magic_hand_serves_both_of_a_players_peoples() -> None:
    # 15.3, Z-03: the cards are the player's, used for any of his peoples; the kingdom is one people's
    game = first_turn(2)
    seat, people = active(game)
    sibling = next(k for k, p in game.state.peoples.items() if p.seat == seat and k != people)
    others_ = [k for k, p in game.state.peoples.items() if p.seat != seat]
    layout(game, {p: (people, 2) for p in kingdom("kori")} | {"k9-1": (sibling, 3), "k9-2": (sibling, 3)}
           | {"k8-1": (others_[0], 1), "k10-1": (others_[1], 1)})
    while game.state.phase in ("attack", "fight", "reorganise"):
        end_turn(game)
    through_tie_rolls(game)
    game.resolve("vent_de_guerre")  # the one card owed for KORI, into the player's one hand
    assert game.state.hands[seat] == ["vent_de_guerre"] and len(game.state.hands) == 2
    next_count_turns = 0
    while game.state.phase == "reinforce":
        (choice,) = game.awaited()
        assert isinstance(choice, ReinforceChoice)
        n = min(choice.points // 2, choice.supply)
        game.push(Reinforce(choice.seat, choice.people, 0, ((choice.provinces[0], n),) if n else ()))
    seen = set()
    while game.state.round == 2 and next_count_turns < 4:
        choice = next(c for c in game.awaited() if isinstance(c, AttackChoice))
        if choice.seat == seat:
            assert choice.cards == ("vent_de_guerre",)
            seen.add(choice.people)
        end_turn(game)
        next_count_turns += 1
    assert seen == {people, sibling}
