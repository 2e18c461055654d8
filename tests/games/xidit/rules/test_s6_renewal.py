"""§6 tile renewal: discards, next slots, piles, rebuilding (R-10, P-06), the recruitment fallback,
awakenings and reinforcements, colossi leaving.

The 4-player deal (support.LAYOUTS["4"]): recruitment tiles on 2, 4, 6, 8, 10; threats on 3, 5, 7, 9,
11; next recruitment 12, recruitment pile 13, 14, 15, 16; next threat 17, threat pile 18, 19, 20, 21, 1.
Seat 1 stands on 2 (recruitment) or 3 (threat); the others on empty cities.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.xidit.rules import BadRecord, Colossus, Game, Reward, split, unit_count

from .support import (
    arrange_ladders,
    city,
    drain_barracks,
    give_units,
    leave_on_tile,
    orders,
    program,
    remove_colossus,
    started,
    tiles_on_board,
    units_of,
    wake_colossi,
)

FULL = ["militia", "archer", "infantry", "priest", "mage"]  # a tiny 4-5 recruitment tile


def at(cityid: int, **kwargs: Any) -> Game:
    """Seat 1 on `cityid`: on 2 it will take the tile's last unit, on 3 it can fell the threat."""
    game = started(4, {1: cityid, 2: 13, 3: 14, 4: 15}, **kwargs)
    if cityid == 2:
        leave_on_tile(game, 2, ["mage"])  # one unit left: seat 1's recruitment exhausts the tile
    else:
        give_units(game, 1, militia=1, archer=1)
    return game


def act(game: Game) -> None:
    program(game, {1: orders("action")})


def test_s6_exhausted_recruitment_tile_goes_to_the_discard_next_tile_comes_in_and_is_filled() -> None:
    game = at(2)
    barracks = game.view()["barracks"]
    act(game)
    view = game.view("referee")
    assert units_of(view, 1) == [0, 0, 0, 0, 1]
    assert city(view, 2)["tile"] is None
    assert view["ladders"]["recruit_discard"] == [2]
    # The next recruitment tile (12) lies on its city, filled from the barracks with its printed units.
    assert city(view, 12)["tile"] == {"number": 12, "side": "recruit", "units": FULL}
    assert view["barracks"] == {u: n - 1 for u, n in barracks.items()}
    # The recruitment pile's top moves to the next slot.
    assert view["ladders"]["next_recruit"] == 13 and view["ladders"]["recruit_pile"] == [14, 15, 16]


def test_s6_a_barracks_type_run_out_stays_missing_on_a_new_tile() -> None:
    game = at(2)
    drain_barracks(game, 4, "mage")
    drain_barracks(game, 4, "archer", leave=1)
    act(game)
    view = game.view()
    # Mages have run out (no substitution, e.g. no second militia); the last archer is taken.
    assert city(view, 12)["tile"]["units"] == ["militia", "archer", "infantry", "priest"]
    assert view["barracks"]["archer"] == 0 and view["barracks"]["mage"] == 0


def test_s6_eliminated_threat_goes_to_the_threat_discard_next_threat_comes_in_pile_top_moves() -> None:
    game = at(3)
    act(game)
    view = game.view("referee")
    assert city(view, 3)["tile"] is None
    assert view["ladders"]["threat_discard"] == [3]
    assert city(view, 17)["tile"]["side"] == "threat" and city(view, 17)["tile"]["number"] == 17
    assert view["ladders"]["next_threat"] == 18 and view["ladders"]["threat_pile"] == [19, 20, 21, 1]


def test_r10_recruitment_pile_rebuilt_from_the_threat_discard_when_it_becomes_empty() -> None:
    game = at(2)
    arrange_ladders(game, recruit_pile=[16], threat_discard=[13, 14, 15])  # 13 on top of the discard
    act(game)
    ladders = game.view("referee")["ladders"]
    # 12 comes in, 16 moves to the slot, the pile is empty: the threat discard is turned over (P-06).
    assert ladders["next_recruit"] == 16
    assert ladders["recruit_pile"] == [15, 14, 13]
    assert ladders["threat_discard"] == []


def test_r10_recruitment_pile_rebuilt_when_a_draw_meets_it_empty() -> None:
    # The pile emptied earlier while the threat discard was empty; tiles fell since.
    game = at(2)
    arrange_ladders(game, recruit_pile=[], threat_discard=[13, 14, 15, 16])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert city(game.view(), 12)["tile"]["side"] == "recruit"
    assert ladders["next_recruit"] == 16 and ladders["recruit_pile"] == [15, 14, 13]
    assert ladders["threat_discard"] == []


def test_r10_threat_pile_rebuilt_from_the_recruitment_discard_when_it_becomes_empty() -> None:
    game = at(3)
    arrange_ladders(game, threat_pile=[1], recruit_discard=[18, 19, 20, 21])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert ladders["next_threat"] == 1
    assert ladders["threat_pile"] == [21, 20, 19, 18]
    assert ladders["recruit_discard"] == []
    assert game.view()["awakenings"] == 0


def test_r10_threat_pile_rebuilt_when_a_draw_meets_it_empty() -> None:
    game = at(3)
    arrange_ladders(game, threat_pile=[], recruit_discard=[18, 19, 20, 21, 1])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert city(game.view(), 17)["tile"]["side"] == "threat"
    assert ladders["next_threat"] == 1 and ladders["threat_pile"] == [21, 20, 19, 18]
    assert ladders["recruit_discard"] == []
    assert game.view()["awakenings"] == 0


def test_s6_a_pile_stays_empty_when_the_opposite_discard_is_empty_too() -> None:
    game = at(3)
    arrange_ladders(game, threat_pile=[1], threat_discard=[18, 19, 20, 21])
    act(game)
    view = game.view("referee")
    assert view["ladders"]["next_threat"] == 1 and view["ladders"]["threat_pile"] == []
    assert view["ladders"]["threat_discard"] == [3, 18, 19, 20, 21]
    assert view["awakenings"] == 0  # the next-threat slot still holds a tile: the ladder is not empty
    game = at(2)
    arrange_ladders(game, recruit_pile=[16], recruit_discard=[13, 14, 15])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert ladders["next_recruit"] == 16 and ladders["recruit_pile"] == []
    assert ladders["recruit_discard"] == [2, 13, 14, 15]


def test_s6_recruitment_fallback_takes_the_top_of_the_threat_pile() -> None:
    # The recruitment pile is empty and the threat discard too: the threat pile's top (18) turns to its
    # recruitment side on the next-recruitment slot.
    game = at(2)
    arrange_ladders(game, recruit_pile=[], recruit_discard=[13, 14, 15, 16])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert ladders["next_recruit"] == 18
    assert ladders["next_threat"] == 17 and ladders["threat_pile"] == [19, 20, 21, 1]
    # Next year seat 2 walks 13 -red- 12 and empties tile 12 (one unit left): 18 comes in as a
    # recruitment tile, filled; the fallback then brings the threat pile's new top (19) to the slot.
    leave_on_tile(game, 12, ["militia"])
    program(game, {2: orders("red", "action")})
    view = game.view("referee")
    assert city(view, 18)["tile"] == {"number": 18, "side": "recruit", "units": FULL}
    assert view["ladders"]["recruit_discard"][0] == 12
    assert view["ladders"]["next_recruit"] == 19 and view["ladders"]["threat_pile"] == [20, 21, 1]


def test_r10_recruitment_fallback_meets_an_empty_threat_pile_and_rebuilds_it_first() -> None:
    # Nothing in the recruitment pile, the threat pile or the threat discard; every other tile is in
    # the recruitment discard. Tile 2 runs out and joins it: the fallback draws from the threat pile,
    # which is empty and so is first rebuilt from the recruitment discard turned over (R-10, P-06).
    game = at(2)
    arrange_ladders(game, recruit_pile=[], threat_pile=[], recruit_discard=[13, 14, 15, 16, 18, 19, 20, 21, 1])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert city(game.view(), 12)["tile"]["side"] == "recruit"
    assert ladders["next_recruit"] == 1
    assert ladders["threat_pile"] == [21, 20, 19, 18, 16, 15, 14, 13, 2]
    assert ladders["recruit_discard"] == [] and ladders["next_threat"] == 17


def test_s6_awakening_then_reinforcements_when_the_threat_ladder_is_empty() -> None:
    # Threat pile empty, recruitment discard empty (no rebuild), threat discard 18, 19, 20, 21, 1 (top
    # first); recruitment pile 13, 14, 15, 16.
    reinforcement = (3, 18, 19, 20, 21, 1, 16, 15)
    game = at(3, colossi=((0, 1), (2, 3), (4, 5)), reinforcements=(reinforcement,))
    arrange_ladders(game, threat_pile=[], threat_discard=[18, 19, 20, 21, 1])
    act(game)
    view = game.view("referee")
    # 17 came in from the slot; the draw met an empty pile that cannot be rebuilt.
    assert city(view, 17)["tile"]["side"] == "threat"
    # 1. Every stack's sleeping top awakes (the tiles under stay asleep).
    assert [[t["awake"] for t in s["stack"]] for s in view["colossi"]] == [[True, False]] * 3
    # 2. Threat discard [3, 18, 19, 20, 21, 1] turned over: 1, 21, 20, 19, 18, 3; the recruitment pile on
    #    top: 13, 14, 15, 16, 1, 21, 20, 19, 18, 3. 3. Its top two are the new recruitment pile.
    assert view["ladders"]["recruit_pile"] == [13, 14]
    # 4. The other eight, shuffled (here as the layout names them), are the threat pile; 5. its top
    #    moves to the next-threat slot.
    assert view["ladders"]["next_threat"] == 3
    assert view["ladders"]["threat_pile"] == list(reinforcement[1:])
    assert view["ladders"]["threat_discard"] == []
    assert view["ladders"]["next_recruit"] == 12  # untouched
    assert view["awakenings"] == 1


@pytest.mark.parametrize("reinforcement", [(3, 18, 19, 20, 21, 1, 16), (3, 18, 19, 20, 21, 1, 16, 2)],
                         ids=["one tile short", "a tile from a city"])
def test_s6_a_layout_reinforcement_without_the_tiles_to_shuffle_is_refused(reinforcement: tuple[int, ...]) -> None:
    # As above, the tiles to shuffle are 3, 18, 19, 20, 21, 1, 16, 15: never a silent fall-back to the seed.
    game = at(3, colossi=((0, 1), (2, 3), (4, 5)), reinforcements=(reinforcement,))
    arrange_ladders(game, threat_pile=[], threat_discard=[18, 19, 20, 21, 1])
    with pytest.raises(BadRecord, match="layout.reinforcements: reinforcement 1 must hold tiles 1, 3, 15, 16"):
        act(game)


def test_s6_reinforcements_without_layout_are_a_shuffle_of_the_rest() -> None:
    game = at(3)
    arrange_ladders(game, threat_pile=[], threat_discard=[18, 19, 20, 21, 1])
    act(game)
    ladders = game.view("referee")["ladders"]
    assert ladders["recruit_pile"] == [13, 14]
    assert sorted([ladders["next_threat"], *ladders["threat_pile"]]) == [1, 3, 15, 16, 18, 19, 20, 21]


def test_s6_awakening_twice_an_awake_top_stays_awake_an_empty_stack_does_nothing() -> None:
    first = (3, 18, 19, 20, 21, 1, 16, 15)
    second = (5, 3, 18, 19, 20, 21, 1, 16, 15)
    game = started(4, {1: 3, 2: 5, 3: 13, 4: 14}, colossi=((0, 1), (2, 3), (4, 5)),
                   reinforcements=(first, second))
    give_units(game, 1, militia=1, archer=1)
    give_units(game, 2, militia=1, archer=1)
    remove_colossus(game, 2)
    remove_colossus(game, 2)  # both 5s have left the game: an empty stack
    arrange_ladders(game, threat_pile=[], threat_discard=[18, 19, 20, 21, 1])
    program(game, {1: orders("action"), 2: orders("wait", "action")})
    view = game.view("referee")
    # Seat 1's threat (slot 1) emptied the threat ladder: the first awakening.
    assert view["awakenings"] == 1
    assert [[t["awake"] for t in s["stack"]] for s in view["colossi"]] == [[True, False], [True, False], []]
    assert view["ladders"]["next_threat"] == 3 and view["ladders"]["threat_pile"] == list(first[1:])
    # While seat 1 chooses its reward: the awake 3 is defeated (it leaves, colossus 1 under it sleeps)
    # and the threat ladder runs dry again, the recruitment pile empty with its tiles in the discard.
    remove_colossus(game, 0)
    arrange_ladders(game, next_threat=None, threat_pile=[], recruit_pile=[],
                    threat_discard=[3, 18, 19, 20, 21, 1, 16, 15, 13, 14])
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    view = game.view("referee")
    # Seat 2 felled threat 5 in slot 2; no next threat, no pile, no recruitment discard: awakening 2.
    assert view["awakenings"] == 2
    assert view["colossi"][0]["stack"] == [{"index": 1, "awake": True}]  # asleep until this awakening
    assert view["colossi"][1]["stack"] == [{"index": 2, "awake": True}, {"index": 3, "awake": False}]
    assert view["colossi"][2]["stack"] == []
    # Threat discard [5, 3, 18, 19, 20, 21, 1, 16, 15, 13, 14] turned over: 14, 13, 15, ... 3, 5 (the
    # recruitment pile, empty, on top): 14 and 13 are the recruitment pile, the rest the threat pile.
    assert view["ladders"]["recruit_pile"] == [14, 13]
    assert view["ladders"]["next_threat"] == 5 and view["ladders"]["threat_pile"] == list(second[1:])
    assert view["ladders"]["threat_discard"] == []


def test_s6_a_defeated_colossus_leaves_the_one_under_stays_asleep() -> None:
    game = started(4, {1: 13, 2: 16, 3: 18, 4: 20}, colossi=((0, 1), (2, 3), (4, 5)))
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    give_units(game, 2, archer=3)
    program(game, {1: orders("action"), 2: orders("wait", "action")})
    game.push(Colossus(1, True, 3, unit_count({"militia": 3})))
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert view["colossi"][0]["stack"] == [{"index": 1, "awake": False}]
    # Seat 2's action in slot 2, on another empty city, finds no awake colossus: no effect.
    assert units_of(view, 2) == [0, 3, 0, 0, 0]
    assert view["phase"] == "program"
    assert tiles_on_board(view, "threat") == [3, 5, 7, 9, 11]
