"""§7 census: five secret reveals in unit order, majority rewards, ties, pending floors (P-03, P-04).

Short 4-player games: the first census ends year 3, whose first player is seat 3 (the marker started on
seat 1 and passed twice, R-03), so the turn order then is 3, 4, 1, 2. The Idrakys stand on 13 (regions
8, 9), 14 (7, 8), 15 (6, 7), 16 (5, the Bastion, and 6).
"""

from __future__ import annotations

import pytest

from companion.games.xidit.rules import Census, CensusBards, Floor, Game, IllegalAction, split
from companion.games.xidit.rules.choices import CensusBardsChoice, CensusChoice, FloorChoice

from .support import (
    build_guild,
    census_game,
    city,
    player,
    region,
    reveal,
    units_of,
)


def gold(game: Game) -> list[int]:
    view = game.view()
    return [player(view, s)["gold"] for s in (1, 2, 3, 4)]


def test_s7_each_unit_type_in_order_militia_to_mage() -> None:
    every = {"militia": 1, "archer": 1, "infantry": 1, "priest": 1, "mage": 1}
    game = census_game({1: every})
    seen = []
    while game.view()["phase"] == "census" and game.awaiting() and game.awaiting()[0]["decision"] == "census":
        seen.append(game.view()["census"]["unit"])
        reveal(game, {})
    assert seen == ["militia", "archer", "infantry", "priest", "mage"]
    assert [e["unit"] for e in game.view()["census"]["revealed"]] == seen


def test_s7_each_player_chooses_0_to_owned() -> None:
    game = census_game({1: {"militia": 3}, 2: {"militia": 1}})
    choices = {c.seat: c for c in game.legal()}
    assert set(choices) == {1, 2}
    assert isinstance(choices[1], CensusChoice) and (choices[1].unit, choices[1].most) == ("militia", 3)
    assert isinstance(choices[2], CensusChoice) and choices[2].most == 1
    before = game.view("referee")
    for bad in (Census(1, "militia", 4), Census(1, "militia", -1), Census(1, "archer", 0)):
        with pytest.raises(IllegalAction) as error:
            game.push(bad)
        assert error.value.rule == "§7"
        assert game.view("referee") == before


def test_s7_a_player_without_the_unit_reveals_zero_by_the_engine() -> None:
    game = census_game({1: {"militia": 2}})
    version = game.view()["version"]
    assert game.awaiting() == [{"seat": 1, "decision": "census"}]
    game.push(Census(1, "militia", 2))
    view = game.view()
    assert view["version"] == version + 1  # seats 2, 3, 4 had no choice: no actions
    assert view["census"]["revealed"][0]["reveals"] == {"1": 2, "2": 0, "3": 0, "4": 0}


def test_s7_revealed_units_stay_on_the_screen() -> None:
    game = census_game({1: {"militia": 2, "priest": 1}})
    reveal(game, {1: 2})
    assert units_of(game.view(), 1) == [2, 0, 0, 1, 0]


def test_s7_militia_single_majority_gives_1_gold() -> None:
    game = census_game({1: {"militia": 2}, 2: {"militia": 2}})
    reveal(game, {1: 2, 2: 1})
    assert gold(game) == [1, 0, 0, 0]


def test_s7_militia_tie_gives_1_gold_each() -> None:
    game = census_game({1: {"militia": 2}, 2: {"militia": 2}, 3: {"militia": 1}})
    reveal(game, {1: 2, 2: 2, 3: 1})
    assert gold(game) == [1, 1, 0, 0]


def test_s7_archer_single_majority_gives_2_gold() -> None:
    game = census_game({2: {"archer": 3}, 4: {"archer": 1}})
    reveal(game, {2: 3, 4: 1})
    assert gold(game) == [0, 2, 0, 0]


def test_s7_archer_tie_gives_1_gold_each() -> None:
    game = census_game({2: {"archer": 1}, 4: {"archer": 1}})
    reveal(game, {2: 1, 4: 1})
    assert gold(game) == [0, 1, 0, 1]


def test_s7_infantry_single_majority_gives_1_bard_next_to_the_idrakys() -> None:
    game = census_game({1: {"infantry": 1}})
    reveal(game, {1: 1})
    (choice,) = game.legal()
    assert isinstance(choice, CensusBardsChoice) and (choice.seat, choice.bards, choice.regions) == (1, 1, (8, 9))
    before = game.view("referee")
    with pytest.raises(IllegalAction) as error:
        game.push(CensusBards(1, split({7: 1})))  # city 13 does not border region 7
    assert error.value.rule == "§7"
    assert game.view("referee") == before
    game.push(CensusBards(1, split({9: 1})))
    assert region(game.view(), 9)["bards"] == {"1": 1}


def test_s7_infantry_tie_gives_1_bard_each() -> None:
    game = census_game({1: {"infantry": 2}, 2: {"infantry": 2}})
    reveal(game, {1: 2, 2: 2})
    counts = []
    for seat, where in ((1, 8), (2, 7)):
        (choice,) = game.legal()
        assert isinstance(choice, CensusBardsChoice) and choice.seat == seat
        counts.append(choice.bards)
        game.push(CensusBards(seat, split({where: 1})))
    assert counts == [1, 1]


def test_s7_priest_single_majority_gives_2_bards_in_one_or_two_regions() -> None:
    game = census_game({1: {"priest": 1}})
    reveal(game, {1: 1})
    (choice,) = game.legal()
    assert isinstance(choice, CensusBardsChoice) and choice.bards == 2
    with pytest.raises(IllegalAction):
        game.push(CensusBards(1, split({8: 1})))  # two bards, not one
    game.push(CensusBards(1, split({8: 1, 9: 1})))
    view = game.view()
    assert region(view, 8)["bards"] == {"1": 1} and region(view, 9)["bards"] == {"1": 1}


def test_s7_priest_tie_gives_1_bard_each() -> None:
    game = census_game({3: {"priest": 1}, 4: {"priest": 1}})
    reveal(game, {3: 1, 4: 1})
    seen = []
    while game.awaiting() and game.awaiting()[0]["decision"] == "census_bards":
        (choice,) = game.legal()
        assert isinstance(choice, CensusBardsChoice)
        seen.append((choice.seat, choice.bards))
        game.push(CensusBards(choice.seat, split({6: 1})))  # 15 and 16 both border region 6
    assert seen == [(3, 1), (4, 1)]
    assert region(game.view(), 6)["bards"] == {"3": 1, "4": 1}


def test_s7_mage_single_majority_gives_1_floor_on_a_guild_with_room() -> None:
    game = census_game({1: {"mage": 1}})
    build_guild(game, 1, 13, 2)
    reveal(game, {1: 1})
    view = game.view()
    assert city(view, 13)["guild"] == {"seat": 1, "floors": 3}  # the only guild with room: no choice
    assert player(view, 1)["floors_left"] == 15 - 3


def test_s7_mage_tie_gives_1_floor_each() -> None:
    game = census_game({1: {"mage": 2}, 2: {"mage": 2}})
    build_guild(game, 1, 13, 1)
    build_guild(game, 2, 14, 3)
    reveal(game, {1: 2, 2: 2})
    view = game.view()
    assert city(view, 13)["guild"]["floors"] == 2 and city(view, 14)["guild"]["floors"] == 4


def test_s7_nobody_revealing_any_gets_no_reward() -> None:
    game = census_game({1: {"militia": 2}, 2: {"militia": 1}})
    reveal(game, {1: 0, 2: 0})
    assert gold(game) == [0, 0, 0, 0]
    assert game.view()["census"]["revealed"][0]["winners"] == []


def test_s7_tied_bards_placed_in_turn_order_from_the_first_player() -> None:
    # Year 3: first player 3, turn order 3, 4, 1, 2.
    game = census_game({1: {"infantry": 1}, 2: {"infantry": 1}, 4: {"infantry": 1}})
    assert game.view()["first_player"] == 3
    reveal(game, {1: 1, 2: 1, 4: 1})
    order = []
    while game.awaiting()[0]["decision"] == "census_bards":
        seat = game.awaiting()[0]["seat"]
        order.append(seat)
        regions = {1: 8, 2: 7, 4: 5}
        game.push(CensusBards(seat, split({regions[seat]: 1})))
    assert order == [4, 1, 2]


def test_s7_census_bards_never_into_a_void_region() -> None:
    # Short 4-player game: 1 and 2 are void. Seat 1 on city 3 borders 2 and 3: its one bard goes to 3
    # (one region: placed by the engine). Seat 2 on city 20 borders only void regions: nothing placed.
    game = census_game({1: {"infantry": 1}, 2: {"infantry": 1}}, cities={1: 3, 2: 20, 3: 15, 4: 16})
    version = game.view()["version"]
    reveal(game, {1: 1, 2: 1})
    view = game.view()
    assert view["version"] == version + 2  # the two reveals, no bard action
    assert region(view, 3)["bards"] == {"1": 1}
    assert player(view, 2)["bards_left"] == 20
    assert not region(view, 1)["bards"] and not region(view, 2)["bards"]


def test_p04_mage_floor_with_no_guild_becomes_a_pending_floor() -> None:
    game = census_game({1: {"mage": 1}})
    reveal(game, {1: 1})
    view = game.view()
    assert player(view, 1)["pending_floors"] == 1
    assert player(view, 1)["floors_left"] == 14  # it left the reserve at once
    assert all(c["guild"] is None for c in view["cities"])
    assert "pending_floors" not in player(game.view("seat:2"), 1)  # behind the screen


def test_p04_mage_floor_with_no_floors_left_is_not_had() -> None:
    game = census_game({1: {"mage": 1}})
    for at, floors in ((13, 4), (14, 4), (15, 4), (16, 3)):
        build_guild(game, 1, at, floors)  # all 15 floors built
    reveal(game, {1: 1})
    view = game.view()
    assert player(view, 1)["pending_floors"] == 0 and player(view, 1)["floors_left"] == 0
    assert view["census"]["revealed"][-1]["winners"] == [1]


def test_r09_census_floor_owner_picks_among_own_guilds_with_room() -> None:
    game = census_game({1: {"mage": 1}})
    build_guild(game, 1, 13, 2)
    build_guild(game, 1, 14, 4)  # full
    build_guild(game, 1, 15, 1)
    build_guild(game, 2, 16, 1)  # another player's
    reveal(game, {1: 1})
    (choice,) = game.legal()
    assert isinstance(choice, FloorChoice) and choice.cities == (13, 15)
    before = game.view("referee")
    for bad in (14, 16, 17):
        with pytest.raises(IllegalAction) as error:
            game.push(Floor(1, bad))
        assert error.value.rule == "R-09"
        assert game.view("referee") == before
    game.push(Floor(1, 15))
    view = game.view()
    assert city(view, 15)["guild"] == {"seat": 1, "floors": 2}
    assert city(view, 13)["guild"] == {"seat": 1, "floors": 2}


def test_s7_choices_are_secret_until_revealed() -> None:
    game = census_game({1: {"militia": 2}, 2: {"militia": 1}, 3: {"militia": 1}})
    game.push(Census(1, "militia", 2))
    game.push(Census(2, "militia", 1))
    for reader in ("public", "seat:3"):
        census = game.view(reader)["census"]
        # Seats 1 and 2 have chosen (not what); seat 3 has not. Seat 4 owns no militia: the engine chose
        # 0 for it (a single option), as `awaiting` already shows.
        assert {1, 2} <= set(census["chosen"]) and 3 not in census["chosen"]
        assert "choices" not in census and "my_choice" not in census
        assert census["revealed"] == []
    mine = game.view("seat:1")["census"]
    assert mine["my_choice"] == 2 and "choices" not in mine  # its own choice, not seat 2's
    referee = game.view("referee")["census"]["choices"]
    assert (referee["1"], referee["2"]) == (2, 1)
    game.push(Census(3, "militia", 0))
    revealed = game.view("public")["census"]["revealed"]
    assert revealed[0] == {"unit": "militia", "reveals": {"1": 2, "2": 1, "3": 0, "4": 0}, "winners": [1]}


def test_s7_the_neutral_player_takes_no_part() -> None:
    # Three players: only the seats are asked, and the neutral's values do not move.
    game = census_game({1: {"militia": 1}}, players=3)
    neutral = game.view()["neutral"]
    assert game.awaiting() == [{"seat": 1, "decision": "census"}]
    reveal(game, {1: 1})
    view = game.view()
    assert view["neutral"] == neutral
    assert player(view, 1)["gold"] == 1
    assert set(view["census"]["revealed"][0]["reveals"]) == {"1", "2", "3"}


def test_p03_census_bards_of_one_unit_are_placed_before_the_next_is_counted() -> None:
    game = census_game({1: {"infantry": 1, "priest": 1}, 2: {"priest": 2}})
    reveal(game, {1: 1})  # infantry: seat 1 alone
    assert game.awaiting() == [{"seat": 1, "decision": "census_bards"}]
    game.push(CensusBards(1, split({8: 1})))
    assert sorted(a["seat"] for a in game.awaiting()) == [1, 2]
    assert game.view()["census"]["unit"] == "priest"
