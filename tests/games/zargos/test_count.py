"""Kingdom cards kept and lost (§11), purchases (§13), peoples out (Z-26), the Master and the demons (9.12)."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Attack, EndAttacks, Reinforce
from companion.games.zargos.rules.choices import ReinforceChoice
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
