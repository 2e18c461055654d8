"""§5 rewards: 2 of 3 (R-07), bards to bordering non-void regions (R-02), the Bastion's secret, guilds,
the neutral advance at 3 players (R-08), pending floors (R-09).

Tiny threats need militia + archer and give gold 1, bards 2, guild 3. City 3 borders regions 2 and 3;
city 5 borders 4 and 5 (the Bastion); city 2 borders 1 and 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.xidit.rules import Game, IllegalAction, Neutral, Reward, split
from companion.games.xidit.rules.choices import NeutralChoice, RewardChoice

from .support import (
    build_guild,
    city,
    give_pending_floor,
    give_units,
    orders,
    player,
    program,
    region,
    spend_bards,
    started,
)

ALL_THREE = (("gold", "bards"), ("gold", "guild"), ("bards", "guild"))


def at_threat(players: int = 4, at: int = 3, **kwargs: Any) -> Game:
    """Seat 1 stands on the threat `at` holding militia + archer, the others on empty cities."""
    others = [c for c in (13, 14, 15, 16, 18) if c != at]
    cities = {1: at, **{s: others[s - 2] for s in range(2, players + 1)}}
    game = started(players, cities, **kwargs)
    give_units(game, 1, militia=1, archer=1)
    return game


def eliminate(game: Game) -> None:
    """Seat 1 acts in slot 1; the others wait."""
    program(game, {1: orders("action")})


def reward_choice(game: Game) -> RewardChoice:
    (choice,) = game.legal()
    assert isinstance(choice, RewardChoice)
    return choice


def test_s5_reward_is_two_of_the_three_printed_ones() -> None:
    game = at_threat()
    eliminate(game)
    choice = reward_choice(game)
    assert choice.takes == ALL_THREE
    assert (choice.gold, choice.bards, choice.floors, choice.regions) == (1, 2, 3, (2, 3))
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert player(view, 1)["gold"] == 1
    assert city(view, 3)["guild"] == {"seat": 1, "floors": 3}
    assert player(view, 1)["floors_left"] == 15 - 3
    assert player(view, 1)["bards_left"] == 20  # the bards were not taken


def test_r07_one_or_three_rewards_may_not_be_taken_when_two_can() -> None:
    game = at_threat()
    eliminate(game)
    before = game.view("referee")
    for take in (("gold",), ("gold", "bards", "guild"), (), ("gold", "gold")):
        with pytest.raises(IllegalAction) as error:
            game.push(Reward(1, take, split({3: 2}) if "bards" in take else ()))
        assert error.value.rule == "R-07"
        assert game.view("referee") == before


def test_s5_gold_reward_goes_onto_the_screen() -> None:
    game = at_threat()
    eliminate(game)
    game.push(Reward(1, ("gold", "bards"), split({2: 2})))
    view = game.view("seat:1")
    assert player(view, 1)["gold"] == 1
    assert "gold" not in player(game.view("seat:2"), 1)  # behind the screen


def test_s5_bards_split_at_will_between_the_regions_the_city_borders() -> None:
    game = at_threat()
    eliminate(game)
    game.push(Reward(1, ("bards", "guild"), split({2: 1, 3: 1})))
    view = game.view()
    assert region(view, 2)["bards"] == {"1": 1} and region(view, 3)["bards"] == {"1": 1}
    assert player(view, 1)["bards_left"] == 18


def test_s5_bards_only_into_regions_the_city_borders() -> None:
    game = at_threat()
    eliminate(game)
    before = game.view("referee")
    with pytest.raises(IllegalAction) as error:
        game.push(Reward(1, ("gold", "bards"), split({4: 2})))  # region 4 does not touch city 3
    assert error.value.rule == "§5"
    assert game.view("referee") == before


def test_r02_bards_never_into_a_void_region() -> None:
    # Short 4-player game: regions 1 and 2 are void. City 3 borders 2 (void) and 3.
    game = at_threat(length="short")
    eliminate(game)
    choice = reward_choice(game)
    assert choice.regions == (3,) and choice.takes == ALL_THREE
    before = game.view("referee")
    with pytest.raises(IllegalAction) as error:
        game.push(Reward(1, ("gold", "bards"), split({2: 2})))
    assert error.value.rule == "R-02"
    assert game.view("referee") == before
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert region(game.view(), 3)["bards"] == {"1": 2}


def test_s5_bastion_bards_are_secret_in_views() -> None:
    game = at_threat(at=5)
    eliminate(game)
    assert reward_choice(game).bastion == 5
    game.push(Reward(1, ("gold", "bards"), split({5: 2})))
    public = region(game.view("public"), 5)
    assert "bards" not in public and public["bards_count"] == 2
    other = region(game.view("seat:2"), 5)
    assert "bards" not in other and other["bards_count"] == 2 and other["own_bards"] == 0
    mine = region(game.view("seat:1"), 5)
    assert "bards" not in mine and mine["own_bards"] == 2
    assert region(game.view("referee"), 5)["bards"] == {"1": 2}
    # The player's own reserve would give the count away too: hidden from others (P-07).
    assert "bards_left" not in player(game.view("seat:2"), 1)


def test_s5_fewer_bards_left_places_what_is_left() -> None:
    game = at_threat()
    spend_bards(game, 1, keep=1)
    eliminate(game)
    choice = reward_choice(game)
    assert choice.bards == 1 and choice.takes == ALL_THREE
    with pytest.raises(IllegalAction):
        game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    game.push(Reward(1, ("gold", "bards"), split({3: 1})))
    view = game.view()
    assert player(view, 1)["bards_left"] == 0 and region(view, 3)["bards"] == {"1": 1}


def test_r07_no_bards_left_the_bard_reward_cannot_be_chosen() -> None:
    # Only gold and guild can be taken: both are, by the engine, and no action is recorded.
    game = at_threat()
    spend_bards(game, 1, keep=0)
    eliminate(game)
    view = game.view()
    assert view["version"] == 4 + 4  # four placements, four programs: no reward action
    assert player(view, 1)["gold"] == 1 and city(view, 3)["guild"] == {"seat": 1, "floors": 3}
    assert view["phase"] == "program"


def test_r07_no_bordering_non_void_region_the_bard_reward_cannot_be_chosen() -> None:
    # Short 4-player game, a threat on city 2 whose regions 1 and 2 are both void.
    game = at_threat(at=2, length="short", recruit=(3, 4, 6, 8, 10), threat=(2, 5, 7, 9, 11))
    eliminate(game)
    view = game.view()
    assert view["version"] == 8
    assert player(view, 1)["gold"] == 1 and city(view, 2)["guild"] == {"seat": 1, "floors": 3}
    assert player(view, 1)["bards_left"] == 20


def test_s5_guild_reward_builds_in_this_citys_guild() -> None:
    game = at_threat(at=7)
    eliminate(game)
    game.push(Reward(1, ("bards", "guild"), split({7: 2})))
    view = game.view()
    assert city(view, 7)["guild"] == {"seat": 1, "floors": 3}
    assert all(c["guild"] is None for c in view["cities"] if c["id"] != 7)


def test_r07_guild_of_another_player_the_guild_reward_cannot_be_chosen() -> None:
    game = at_threat()
    build_guild(game, 2, 3, 1)
    eliminate(game)
    assert reward_choice(game).takes == (("gold", "bards"),)
    with pytest.raises(IllegalAction) as error:
        game.push(Reward(1, ("gold", "guild")))
    assert error.value.rule == "R-07"
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert city(game.view(), 3)["guild"] == {"seat": 2, "floors": 1}


def test_s5_own_guild_grows_to_4_floors_the_rest_are_lost() -> None:
    game = at_threat()
    build_guild(game, 1, 3, 2)
    eliminate(game)
    choice = reward_choice(game)
    assert choice.floors == 2 and choice.takes == ALL_THREE  # 3 printed, room for 2
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert city(view, 3)["guild"] == {"seat": 1, "floors": 4}
    assert player(view, 1)["floors_left"] == 15 - 2 - 2  # the third floor stays in the reserve


def test_r07_own_guild_full_the_guild_reward_cannot_be_chosen() -> None:
    game = at_threat()
    build_guild(game, 1, 3, 4)
    eliminate(game)
    assert reward_choice(game).takes == (("gold", "bards"),)


def test_s5_floors_beyond_the_players_15_are_lost() -> None:
    game = at_threat()
    for at, floors in ((13, 4), (14, 4), (15, 4), (16, 2)):
        build_guild(game, 1, at, floors)  # 14 floors built: 1 left
    eliminate(game)
    choice = reward_choice(game)
    assert choice.floors == 1
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert city(view, 3)["guild"] == {"seat": 1, "floors": 1}
    assert player(view, 1)["floors_left"] == 0


def test_r07_no_floors_left_the_guild_reward_cannot_be_chosen() -> None:
    game = at_threat()
    for at in (13, 14, 15):
        build_guild(game, 1, at, 4)
    build_guild(game, 1, 16, 3)  # all 15 built
    eliminate(game)
    assert reward_choice(game).takes == (("gold", "bards"),)


def test_r07_only_one_reward_possible_is_taken_alone() -> None:
    # City 2 in a short 4-player game: no bards (regions 1 and 2 void), seat 2's guild: only gold.
    game = at_threat(at=2, length="short", recruit=(3, 4, 6, 8, 10), threat=(2, 5, 7, 9, 11))
    build_guild(game, 2, 2, 1)
    eliminate(game)
    view = game.view()
    assert view["version"] == 8  # taken by the engine, not recorded as an action
    assert player(view, 1)["gold"] == 1 and player(view, 1)["bards_left"] == 20
    assert city(view, 2)["guild"] == {"seat": 2, "floors": 1}


def test_r08_three_players_the_neutral_advances_after_a_threat() -> None:
    game = at_threat(3, scoring=("wealth", "influence", "fame"))
    assert game.view()["neutral"] == {"wealth": 6, "influence": 5, "fame": 4}
    eliminate(game)
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert game.awaiting() == [{"seat": 1, "decision": "neutral"}]
    (choice,) = game.legal()
    assert isinstance(choice, NeutralChoice) and set(choice.tracks) == {"wealth", "influence", "fame"}
    game.push(Neutral(1, "fame"))
    assert game.view()["neutral"] == {"wealth": 6, "influence": 5, "fame": 5}


def test_r08_four_players_no_neutral_advance() -> None:
    game = at_threat(4)
    eliminate(game)
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert game.awaiting()[0]["decision"] == "program"


def test_r09_pending_floor_placed_as_soon_as_a_guild_has_room() -> None:
    # Two pending floors (P-04), no guild. The guild reward builds 3 on city 3; one pending floor fills
    # the 4th floor at once (the only guild with room: no choice, no action), the other keeps waiting.
    game = at_threat()
    give_pending_floor(game, 1, 2)
    eliminate(game)
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert city(view, 3)["guild"] == {"seat": 1, "floors": 4}
    assert player(view, 1)["pending_floors"] == 1
    assert player(view, 1)["floors_left"] == 15 - 2 - 3
    assert view["version"] == 4 + 4 + 1
