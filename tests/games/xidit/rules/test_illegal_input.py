"""Illegal input: `push` raises `IllegalAction` naming the rule broken, and the state is unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.games.xidit.rules import (
    Action,
    Census,
    CensusBards,
    Colossus,
    Floor,
    Game,
    IllegalAction,
    Neutral,
    Place,
    Program,
    Reward,
    split,
    unit_count,
)

from .support import (
    build_guild,
    census_game,
    finish,
    give_units,
    new_game,
    orders,
    program,
    reveal,
    started,
    wake_colossi,
)


def refused(game: Game, action: Action, rule: str) -> None:
    before = game.view("referee")
    seats = [p["seat"] for p in before["players"]]
    seat_before = {s: game.view(f"seat:{s}") for s in seats}
    with pytest.raises(IllegalAction) as error:
        game.push(action)
    assert error.value.rule == rule, error.value
    assert error.value.sentence  # a sentence a player understands
    assert game.view("referee") == before
    assert {s: game.view(f"seat:{s}") for s in seats} == seat_before


def at_reward(players: int = 4) -> Game:
    cities = {1: 3, 2: 13, 3: 14, 4: 15}
    game = started(players, {s: cities[s] for s in range(1, players + 1)})
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("action")})
    return game


def at_colossus() -> Game:
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    wake_colossi(game, 0)
    give_units(game, 1, militia=4)
    program(game, {1: orders("action")})
    return game


def at_neutral() -> Game:
    game = at_reward(3)
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    return game


def placing() -> Game:
    game = new_game(4)
    game.push(Place(1, 5))
    return game


CASES: dict[str, tuple[Callable[[], Game], Action, str]] = {
    "place on an occupied city": (placing, Place(2, 5), "§2"),
    "place on no city": (placing, Place(2, 99), "§2"),
    "place out of turn": (placing, Place(3, 6), "§3"),
    "seat not in the game": (placing, Place(9, 6), "§2"),
    "program during placement": (placing, Program(2, orders()), "§3"),
    "program of five orders": (lambda: started(4), Program(1, ("wait",) * 5), "§3"),
    "unknown order": (lambda: started(4), Program(1, orders("jump")), "§3"),
    "reward while programming": (lambda: started(4), Reward(1, ("gold", "guild")), "§3"),
    "reward by another seat": (at_reward, Reward(2, ("gold", "guild")), "§3"),
    "one reward of three": (at_reward, Reward(1, ("guild",)), "R-07"),
    "three rewards": (at_reward, Reward(1, ("gold", "bards", "guild"), split({3: 2})), "R-07"),
    "unknown reward": (at_reward, Reward(1, ("gold", "silver")), "R-07"),
    "bards far away": (at_reward, Reward(1, ("gold", "bards"), split({9: 2})), "§5"),
    "too few bards": (at_reward, Reward(1, ("gold", "bards"), split({3: 1})), "§5"),
    "too many bards": (at_reward, Reward(1, ("gold", "bards"), split({2: 2, 3: 1})), "§5"),
    "bards without the bard reward": (at_reward, Reward(1, ("gold", "guild"), split({3: 2})), "§5"),
    "negative bards": (at_reward, Reward(1, ("gold", "bards"), ((2, -1), (3, 3))), "§5"),
    "colossus too few units": (at_colossus, Colossus(1, True, 3, unit_count({"militia": 2})), "§4"),
    "colossus not awake": (at_colossus, Colossus(1, True, 4, unit_count({"militia": 4})), "§4"),
    "colossus units not owned": (at_colossus, Colossus(1, True, 3, unit_count({"archer": 3})), "§4"),
    "colossus negative units": (at_colossus, Colossus(1, True, 3, (("militia", 4), ("archer", -1))), "§4"),
    "colossus unknown unit": (at_colossus, Colossus(1, True, 3, (("militia", 2), ("dragon", 1))), "§4"),
    "decline with units": (at_colossus, Colossus(1, False, 3, unit_count({"militia": 3})), "§4"),
    "unknown neutral track": (at_neutral, Neutral(1, "glory"), "R-08"),
    "neutral by another seat": (at_neutral, Neutral(2, "fame"), "§3"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_illegal_action_names_its_rule_and_changes_nothing(name: str) -> None:
    build, action, rule = CASES[name]
    refused(build(), action, rule)


def test_illegal_census_and_floor_and_census_bards() -> None:
    game = census_game({1: {"militia": 2, "infantry": 1, "mage": 1}})
    refused(game, Census(1, "militia", 3), "§7")
    refused(game, Census(1, "archer", 0), "§7")
    refused(game, Census(2, "militia", 0), "§3")  # seat 2 has no militia: nothing awaited from it
    reveal(game, {1: 0})  # militia
    reveal(game, {1: 1})  # infantry (archer had no choice)
    refused(game, CensusBards(1, split({8: 2})), "§7")
    refused(game, CensusBards(1, split({99: 1})), "§7")
    game.push(CensusBards(1, split({8: 1})))
    build_guild(game, 1, 13, 1)  # two guilds with room: the mage floor asks which
    build_guild(game, 1, 14, 1)
    reveal(game, {1: 1})
    refused(game, Floor(1, 15), "R-09")


def test_illegal_anything_after_the_end_is_refused() -> None:
    game = started(4, length="short")
    finish(game)
    refused(game, Program(1, orders()), "§8")


def test_illegal_action_is_not_recorded() -> None:
    game = at_reward()
    count = len(game.record().actions)
    with pytest.raises(IllegalAction):
        game.push(Reward(1, ("gold",)))
    assert len(game.record().actions) == count
    game.push(Reward(1, ("gold", "guild")))
    assert len(game.record().actions) == count + 1
