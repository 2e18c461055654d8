"""`legal()` lists exactly the allowed options; a decision with a single legal option is the engine's and
is recorded as no action (docs/formats.md, game record)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.games.xidit.rules import Census, CensusBards, Colossus, Floor, Game, Place, Program, Reward
from companion.games.xidit.rules.choices import (
    CensusChoice,
    ColossusChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)

from .support import (
    build_guild,
    census_game,
    city,
    give_units,
    new_game,
    orders,
    player,
    program,
    region,
    reveal,
    spend_bards,
    started,
    wake_colossi,
)


def kinds(game: Game) -> list[type]:
    return [type(a) for a in game.record().actions]


# -- legal() ----------------------------------------------------------------------------------------


def test_legal_place_lists_the_free_cities_for_the_seat_to_place() -> None:
    game = new_game(4, first=2)
    game.push(Place(2, 7))
    (choice,) = game.legal()
    assert isinstance(choice, PlaceChoice) and choice.seat == 3
    assert choice.taken == (7,) and choice.cities == tuple(c for c in range(1, 22) if c != 7)


def test_legal_program_for_every_seat_not_yet_locked() -> None:
    game = started(4)
    game.push(Program(2, orders()))
    listed = game.legal()
    assert [c.seat for c in listed] == [1, 3, 4]  # turn order, seat 2 locked
    for choice in listed:
        assert isinstance(choice, ProgramChoice)
        assert choice.orders == ("black", "red", "blue", "action", "wait") and choice.length == 6
    assert [c.seat for c in game.legal(3)] == [3]
    assert game.legal(2) == []
    assert game.awaiting() == [{"seat": s, "decision": "program"} for s in (1, 3, 4)]


def build_all_floors(game: Game, seat: int) -> None:
    for at, floors in ((13, 4), (14, 4), (15, 4), (16, 3)):
        build_guild(game, seat, at, floors)


def reward_setup(arrange: Callable[[Game], None]) -> Game:
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1, archer=1)
    arrange(game)
    program(game, {1: orders("action")})
    return game


REWARD_SITUATIONS: dict[str, tuple[Callable[[Game], None], tuple[tuple[str, ...], ...]]] = {
    # every reward can be taken: any two of the three.
    "all three": (lambda g: None, (("gold", "bards"), ("gold", "guild"), ("bards", "guild"))),
    # Another player's guild, the player's own full guild, no floors left: no guild reward. Bards still
    # have two regions to go to, so the single combination is the player's to place.
    "another player's guild": (lambda g: build_guild(g, 2, 3, 2), (("gold", "bards"),)),
    "own guild full": (lambda g: build_guild(g, 1, 3, 4), (("gold", "bards"),)),
    "no floors left": (lambda g: build_all_floors(g, 1), (("gold", "bards"),)),
    # One bard left: still allowed (it places what is left).
    "one bard left": (lambda g: spend_bards(g, 1, keep=1), (("gold", "bards"), ("gold", "guild"),
                                                             ("bards", "guild"))),
}


@pytest.mark.parametrize("situation", sorted(REWARD_SITUATIONS))
def test_legal_reward_takes_in_each_r07_situation(situation: str) -> None:
    arrange, takes = REWARD_SITUATIONS[situation]
    game = reward_setup(arrange)
    (choice,) = game.legal()
    assert isinstance(choice, RewardChoice) and choice.takes == takes


def test_legal_colossus_options_are_only_those_the_player_can_pay_for() -> None:
    # All three stacks awake; 4 units pay for a 3 or a 4, not a 5.
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16}, colossi=((1, 0), (3, 2), (5, 4)))
    wake_colossi(game, 0, 1, 2)
    give_units(game, 1, militia=2, mage=2)
    program(game, {1: orders("action")})
    (choice,) = game.legal()
    assert isinstance(choice, ColossusChoice)
    assert choice.colossi == ((3, 1), (4, 3))
    assert choice.units == (2, 0, 0, 0, 2)


def test_legal_colossus_nothing_payable_means_no_decision() -> None:
    # Two units cannot pay for any colossus: the action simply has no effect, nobody is asked.
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    wake_colossi(game, 0, 1, 2)
    give_units(game, 1, militia=2)
    program(game, {1: orders("action")})
    assert game.awaiting()[0]["decision"] == "program"
    assert Colossus not in kinds(game)


def test_legal_census_range_is_0_to_owned_for_each_awaited_seat() -> None:
    # Nobody owns militia (the engine's zeros); the archer count awaits seats 1 and 3 only.
    game = census_game({1: {"archer": 4}, 3: {"archer": 2}})
    assert game.view()["census"]["revealed"][0]["unit"] == "militia"
    listed = {c.seat: c for c in game.legal()}
    assert set(listed) == {1, 3}
    for seat, most in ((1, 4), (3, 2)):
        choice = listed[seat]
        assert isinstance(choice, CensusChoice) and (choice.unit, choice.most) == ("archer", most)


# -- forced decisions --------------------------------------------------------------------------------


def test_forced_reward_is_taken_by_the_engine_and_not_recorded() -> None:
    game = reward_setup(lambda g: spend_bards(g, 1, keep=0))  # gold + guild: the only combination
    assert Reward not in kinds(game)
    assert city(game.view(), 3)["guild"] == {"seat": 1, "floors": 3}


def test_forced_reward_with_one_region_for_the_bards_is_the_engines() -> None:
    # Another player's guild leaves gold + bards; city 11 borders region 9 only: nothing to choose.
    game = started(4, {1: 11, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1, archer=1)
    build_guild(game, 2, 11, 1)
    program(game, {1: orders("action")})
    assert Reward not in kinds(game)
    view = game.view()
    assert player(view, 1)["gold"] == 1 and region(view, 9)["bards"] == {"1": 2}


def test_forced_census_reveal_of_a_player_without_the_unit_is_not_recorded() -> None:
    game = census_game({1: {"militia": 1}})
    game.push(Census(1, "militia", 1))
    assert kinds(game).count(Census) == 1  # seats 2..4 and every other unit: the engine's zeros


def test_forced_census_bards_with_one_region_are_the_engines() -> None:
    # Seat 1 on city 11 borders only region 9: its infantry bard goes there, no action.
    game = census_game({1: {"infantry": 1}}, cities={1: 11, 2: 13, 3: 14, 4: 15})
    reveal(game, {1: 1})
    assert CensusBards not in kinds(game)
    assert region(game.view(), 9)["bards"] == {"1": 1}


def test_forced_floor_on_the_only_guild_with_room_is_the_engines() -> None:
    game = census_game({1: {"mage": 1}})
    build_guild(game, 1, 13, 4)  # full
    build_guild(game, 1, 14, 1)  # the only one with room
    reveal(game, {1: 1})
    assert Floor not in kinds(game)
    assert city(game.view(), 14)["guild"] == {"seat": 1, "floors": 2}


def test_s7_census_bards_with_fewer_left_places_what_is_left() -> None:
    # The priest majority gives 2 bards; with 1 left, 1 is placed (city 11: region 9 only, no choice).
    game = census_game({1: {"priest": 1}}, cities={1: 11, 2: 13, 3: 14, 4: 15})
    spend_bards(game, 1, keep=1)
    reveal(game, {1: 1})
    view = game.view()
    assert player(view, 1)["bards_left"] == 0
    assert region(view, 9)["bards"] == {"1": 19 + 1}  # spend_bards put the other 19 in region 9 too
