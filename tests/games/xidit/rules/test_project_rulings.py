"""The project's own rulings P-01, P-02, P-06 and P-07 (docs/rules.md). P-03 and P-04 are tested with
the census (§7), P-05 with the final scoring (§8)."""

from __future__ import annotations

from companion.games.xidit.rules import Reward, split

from .support import (
    UNITS,
    arrange_ladders,
    city,
    drain_barracks,
    finish,
    give_units,
    leave_on_tile,
    orders,
    player,
    program,
    put_bards,
    region,
    started,
    units_of,
)


def test_p01_empty_recruitment_tile_stays_on_its_city_and_an_action_there_has_no_effect() -> None:
    # The barracks are emptied (onto seat 4's screen). Seat 1 takes the last unit of tile 2: tile 12
    # comes in and nothing can fill it. It stays on city 12, empty; seat 2's action there (it walks
    # 13 -red- 12 in slot 1, acts in slot 2) has no effect, and no tile moves.
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    leave_on_tile(game, 2, ["priest"])
    for unit in UNITS:
        drain_barracks(game, 4, unit)
    program(game, {1: orders("action"), 2: orders("red", "action")})
    view = game.view("referee")
    assert city(view, 12)["tile"] == {"number": 12, "side": "recruit", "units": []}
    assert player(view, 2)["city"] == 12 and units_of(view, 2) == [0, 0, 0, 0, 0]
    assert view["ladders"]["recruit_discard"] == [2]
    assert view["ladders"]["next_recruit"] == 13 and view["ladders"]["recruit_pile"] == [14, 15, 16]


def test_p02_a_threat_is_renewed_before_its_eliminator_chooses_rewards() -> None:
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("action")})
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]
    view = game.view("referee")
    assert city(view, 17)["tile"]["side"] == "threat"  # the next threat is already on its city
    assert view["ladders"]["next_threat"] == 18 and view["ladders"]["threat_discard"] == [3]
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert player(game.view(), 1)["gold"] == 1


def test_p06_discards_are_top_first_and_turning_one_over_puts_its_bottom_on_top() -> None:
    # Seats 1 and 2 fell threats 3 then 5 (slots 1 and 2): the threat discard reads 5, 3. In slot 3
    # seat 3 takes the last unit of tile 4; 12 comes in, 16 goes to the slot and the recruitment pile,
    # empty, is rebuilt from the threat discard turned over: 3 (its bottom) on top, then 5.
    game = started(4, {1: 3, 2: 5, 3: 4, 4: 15})
    arrange_ladders(game, recruit_pile=[16], recruit_discard=[13, 14, 15])
    give_units(game, 1, militia=1, archer=1)
    give_units(game, 2, militia=1, archer=1)
    leave_on_tile(game, 4, ["mage"])
    program(game, {1: orders("action"), 2: orders("wait", "action"), 3: orders("wait", "wait", "action")})
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    # Seat 2's slot-2 threat has fallen meanwhile: its tile is on top of the discard.
    assert game.view("referee")["ladders"]["threat_discard"] == [5, 3]
    game.push(Reward(2, ("gold", "bards"), split({4: 2})))
    ladders = game.view("referee")["ladders"]
    assert ladders["next_recruit"] == 16
    assert ladders["recruit_pile"] == [3, 5]
    assert ladders["threat_discard"] == []


def test_p07_other_players_reserves_are_hidden_until_fame_is_scored() -> None:
    game = started(4, length="short", scoring=("wealth", "influence", "fame"))
    put_bards(game, 1, {5: 2})  # the Bastion: its bards and seat 1's reserve would both tell
    for reader in ("public", "seat:2"):
        view = game.view(reader)
        assert "bards_left" not in player(view, 1) and "floors_left" not in player(view, 1)
        assert "bards" not in region(view, 5)
    mine = player(game.view("seat:1"), 1)
    assert (mine["bards_left"], mine["floors_left"]) == (18, 15)
    finish(game)
    view = game.view("public")
    assert (player(view, 1)["bards_left"], player(view, 1)["floors_left"]) == (18, 15)
    assert region(view, 5)["bards"] == {"1": 2}
    assert "gold" not in player(view, 1)  # the rest of the screen stays behind it
