"""§4 orders: moves, wait, recruitment (R-04), threats with exact units, colossi (optional, any units)."""

from __future__ import annotations

import pytest

from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import Colossus, Game, IllegalAction, Layout, Reward, Setup, unit_count
from companion.games.xidit.rules.choices import ColossusChoice, RewardChoice

from .support import (
    city,
    give_units,
    leave_on_tile,
    orders,
    place,
    player,
    program,
    seats,
    started,
    units_of,
    wake_colossi,
)


def test_s4_move_follows_the_road_of_its_colour() -> None:
    # Tiny map: 3 -black- 4 -red- 5, the blue chord 5-17, then 16 -red- 17.
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    program(game, {1: orders("black", "red", "blue", "red")})
    assert player(game.view(), 1)["city"] == 16


def test_s4_move_without_road_has_no_effect() -> None:
    # City 1 has no red road and city 10 no blue one: those orders leave the Idrakys where it is; the
    # following orders still run from there (1 -black- 2; 10 -black- 9).
    game = started(4, {1: 1, 2: 10, 3: 14, 4: 15})
    program(game, {1: orders("red", "red", "black"), 2: orders("blue", "black")})
    view = game.view()
    assert player(view, 1)["city"] == 2
    assert player(view, 2)["city"] == 9


def test_s4_any_number_of_idrakys_may_share_a_city_after_setup() -> None:
    game = started(4, {1: 13, 2: 14, 3: 12, 4: 15})  # 14 -black- 13, 12 -red- 13, 15 -red- 14 -black- 13
    program(game, {2: orders("black"), 3: orders("red"), 4: orders("red", "black")})
    view = game.view()
    assert [player(view, s)["city"] for s in (1, 2, 3, 4)] == [13, 13, 13, 13]


def test_s4_wait_does_nothing() -> None:
    game = started(4, {1: 2, 2: 3, 3: 13, 4: 14})
    give_units(game, 2, militia=1, archer=1)
    before = game.view("referee")
    program(game)  # everyone waits six times
    after = game.view("referee")
    for key in ("cities", "regions", "ladders", "colossi", "barracks"):
        assert after[key] == before[key]
    for seat in (1, 2, 3, 4):
        for key in ("city", "gold", "units", "bards_left", "floors_left"):
            assert player(after, seat)[key] == player(before, seat)[key]


def test_r04_recruit_takes_the_weakest_unit_present() -> None:
    # militia < archer < infantry < priest < mage: with infantry and mage left, infantry comes first.
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    leave_on_tile(game, 2, ["infantry", "mage"])
    program(game, {1: orders("action")})
    view = game.view()
    assert units_of(view, 1) == [0, 0, 1, 0, 0]
    assert city(view, 2)["tile"]["units"] == ["mage"]


def test_r04_a_tiles_units_are_a_multiset() -> None:
    # The default pack has tiles with two militia: two players recruiting there both take a militia.
    board = default_pack()
    tile = next(t for t in board.tiles["4-5"].values() if list(t.recruit).count("militia") == 2)
    here = tile.number
    neighbour, colour = next((a, c) for (a, c), b in board.roads.items() if b == here)
    others = [c for c in sorted(board.cities) if c not in (here, neighbour)]
    recruit = (here, *[t for t in sorted(board.tiles["4-5"]) if t not in (here, neighbour)][:4])
    game = Game(board, Setup(seats(4), layout=Layout(recruit=recruit)))
    place(game, {1: here, 2: neighbour, 3: others[0], 4: others[1]})
    # Seat 1 acts in slot 2 (first in turn order), seat 2 walks in (slot 1) and acts in slot 2 too.
    program(game, {1: orders("wait", "action"), 2: orders(colour, "action")})
    view = game.view()
    assert player(view, 1)["units"]["militia"] == 1
    assert player(view, 2)["units"]["militia"] == 1


def test_s4_at_most_one_recruitment_per_player_per_city_per_year() -> None:
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    program(game, {1: orders("action", "action", "wait", "action")})
    assert units_of(game.view(), 1) == [1, 0, 0, 0, 0]
    # Next year the same city can be used again: the weakest left is the archer.
    program(game, {1: orders("action", "action")})
    assert units_of(game.view(), 1) == [1, 1, 0, 0, 0]


def test_s4_recruitments_on_two_cities_in_one_year() -> None:
    # 2 -red- 3 -black- 4: a recruitment tile on 2 and on 4.
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    program(game, {1: orders("action", "red", "black", "action")})
    assert units_of(game.view(), 1) == [2, 0, 0, 0, 0]


def test_s4_threat_needs_every_unit_it_shows() -> None:
    # Tiny threats need militia + archer; with a militia only, the action has no effect.
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1)
    before = game.view()
    program(game, {1: orders("action")})
    view = game.view()
    assert city(view, 3)["tile"] == city(before, 3)["tile"]
    assert units_of(view, 1) == [1, 0, 0, 0, 0]
    assert view["phase"] == "program" and view["year"] == 2


def test_s4_threat_a_stronger_unit_never_stands_in() -> None:
    # Militia + infantry + priest + mage but no archer: no unit replaces the archer.
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1, infantry=1, priest=1, mage=1)
    program(game, {1: orders("action")})
    view = game.view()
    assert city(view, 3)["tile"]["side"] == "threat"
    assert units_of(view, 1) == [1, 0, 1, 1, 1]


def test_s4_threat_eliminated_returns_exactly_its_units_to_the_barracks() -> None:
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=2, archer=1, mage=1)
    before = game.view()
    program(game, {1: orders("action")})
    view = game.view()
    assert units_of(view, 1) == [1, 0, 0, 0, 1]
    assert view["barracks"]["militia"] == before["barracks"]["militia"] + 1
    assert view["barracks"]["archer"] == before["barracks"]["archer"] + 1
    assert view["barracks"]["mage"] == before["barracks"]["mage"]
    assert city(view, 3)["tile"] is None
    assert view["ladders"]["threat_discard"] == [3]
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]


def test_s4_no_awake_colossus_action_on_an_empty_city_has_no_effect() -> None:
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    give_units(game, 1, militia=5)
    program(game, {1: orders("action")})
    assert game.awaiting()[0]["decision"] == "program" and game.view()["year"] == 2


def test_s4_colossus_fight_with_any_units_of_the_players_choice() -> None:
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16}, colossi=((0, 1), (2, 3), (4, 5)))
    wake_colossi(game, 0)
    give_units(game, 1, militia=1, priest=1, mage=2)
    barracks = game.view()["barracks"]
    program(game, {1: orders("action")})
    assert game.awaiting() == [{"seat": 1, "decision": "colossus"}]
    (choice,) = game.legal()
    assert isinstance(choice, ColossusChoice) and choice.colossi == ((3, 0),)
    game.push(Colossus(1, True, 3, unit_count({"priest": 1, "mage": 2})))
    view = game.view()
    assert units_of(view, 1) == [1, 0, 0, 0, 0]
    assert view["barracks"]["priest"] == barracks["priest"] + 1
    assert view["barracks"]["mage"] == barracks["mage"] + 2
    assert view["colossi"][0]["stack"] == [{"index": 1, "awake": False}]  # §6: the one under stays asleep
    (reward,) = game.legal()
    assert isinstance(reward, RewardChoice) and (reward.source, reward.number) == ("colossus", 0)


def test_s4_colossus_may_be_declined() -> None:
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    before = game.view()
    program(game, {1: orders("action")})
    game.push(Colossus(1, False))
    view = game.view()
    assert units_of(view, 1) == [3, 0, 0, 0, 0]
    assert view["colossi"] == before["colossi"]
    assert view["phase"] == "program" and view["year"] == 2


def test_s4_a_declined_colossus_leaves_the_city_open_to_a_fight() -> None:
    # Seat 1 declines on 13 in slot 1; seat 2 walks 14 -black- 13 and may fight there in slot 2 (nothing
    # was eliminated on 13, R-05).
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    give_units(game, 2, archer=3)
    program(game, {1: orders("action"), 2: orders("black", "action")})
    game.push(Colossus(1, False))
    assert game.awaiting() == [{"seat": 2, "decision": "colossus"}]
    game.push(Colossus(2, True, 3, unit_count({"archer": 3})))
    assert units_of(game.view(), 2) == [0, 0, 0, 0, 0]


def test_s4_colossus_only_on_a_city_with_no_tile() -> None:
    # An awake colossus changes nothing on a tile's city: the recruitment tile recruits, the threat
    # the player cannot meet simply has no effect.
    game = started(4, {1: 2, 2: 3, 3: 14, 4: 15})
    wake_colossi(game, 0, 1, 2)
    give_units(game, 2, mage=5)
    program(game, {1: orders("action"), 2: orders("action")})
    view = game.view()
    assert units_of(view, 1) == [1, 0, 0, 0, 0]
    assert units_of(view, 2) == [0, 0, 0, 0, 5]
    assert view["phase"] == "program"


def test_s4_colossus_takes_exactly_its_count_of_owned_units() -> None:
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16})
    wake_colossi(game, 0)
    give_units(game, 1, militia=2, archer=2)
    program(game, {1: orders("action")})
    before = game.view("referee")
    bad = [
        Colossus(1, True, 3, unit_count({"militia": 2})),  # too few
        Colossus(1, True, 3, unit_count({"militia": 2, "archer": 2})),  # too many
        Colossus(1, True, 3, unit_count({"militia": 1, "mage": 2})),  # mages not owned
        Colossus(1, True, 5, unit_count({"militia": 2, "archer": 2})),  # no awake 5
    ]
    for action in bad:
        with pytest.raises(IllegalAction) as error:
            game.push(action)
        assert error.value.rule == "§4"
        assert game.view("referee") == before
    game.push(Colossus(1, True, 3, unit_count({"militia": 2, "archer": 1})))
    assert units_of(game.view(), 1) == [0, 1, 0, 0, 0]


def test_s4_colossus_reward_then_resolution_goes_on() -> None:
    game = started(4, {1: 13, 2: 2, 3: 15, 4: 16})
    wake_colossi(game, 1)
    give_units(game, 1, infantry=4)
    program(game, {1: orders("action"), 2: orders("wait", "action")})
    game.push(Colossus(1, True, 4, unit_count({"infantry": 4})))
    # The 4-colossi give gold 2, bards 2, guild 2 (tiny pack).
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert player(view, 1)["gold"] == 2
    assert city(view, 13)["guild"] == {"seat": 1, "floors": 2}
    assert units_of(view, 2) == [1, 0, 0, 0, 0]  # seat 2's slot-2 action ran after the reward


def test_s4_an_order_resolves_on_the_city_where_the_idrakys_stands_then() -> None:
    # Seat 1 programs action, move, action: the first acts on 2 (recruit), the second on 3 (threat,
    # met with the archer it already had and the militia just recruited).
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, archer=1)
    program(game, {1: orders("action", "red", "action")})
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]
    assert units_of(game.view(), 1) == [0, 0, 0, 0, 0]

