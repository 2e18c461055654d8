"""§1 components and §2 setup: what lies on the table before the first year."""

from __future__ import annotations

import pytest

from companion.games.xidit.rules import BadRecord, Game, IllegalAction, Layout, Place, Seat, Setup

from .support import TINY, city, make_setup, new_game, place, player, seats, tiles_on_board

# Tiles in play per variant (§2.2): the 3-player set has 18 tiles, the other 21; short games remove some.
TILES = {
    ("3", "long"): 18, ("3", "short"): 18 - 2,  # 14 and 18 removed
    ("4", "long"): 21, ("4", "short"): 21 - 3,  # 19, 20, 21 removed
    ("5", "long"): 21, ("5", "short"): 21 - 2,  # 20, 21 removed
}
REMOVED = {("3", "short"): {14, 18}, ("4", "short"): {19, 20, 21}, ("5", "short"): {20, 21}}
VOID = {
    ("3", "long"): {1, 2}, ("3", "short"): {1, 2},  # a 3-player game always voids 1 and 2
    ("4", "long"): set(), ("4", "short"): {1, 2},
    ("5", "long"): set(), ("5", "short"): {2},
}
VARIANTS = sorted(TILES)


def every_tile(view: dict) -> list[int]:  # type: ignore[type-arg]
    ladders = view["ladders"]
    found = [c["tile"]["number"] for c in view["cities"] if c["tile"]]
    found += ladders["recruit_pile"] + ladders["threat_pile"] + ladders["recruit_discard"]
    found += ladders["threat_discard"] + [ladders["next_recruit"], ladders["next_threat"]]
    return found


def test_s1_barracks_hold_70_units_in_five_types() -> None:
    # §1: 18 militia, 16 archers, 14 infantry, 12 priests, 10 mages. With 4 players the 5 recruitment
    # tiles of the tiny pack each hold one unit of every type (§2.3), so 5 of each left the barracks.
    view = new_game(4).view()
    assert view["barracks"] == {"militia": 18 - 5, "archer": 16 - 5, "infantry": 14 - 5, "priest": 12 - 5,
                                "mage": 10 - 5}


def test_s1_each_player_starts_with_20_bards_15_floors_no_gold_no_units() -> None:
    view = new_game(5).view()
    assert len(view["players"]) == 5
    for p in view["players"]:
        assert (p["bards_left"], p["floors_left"], p["gold"], p["pending_floors"]) == (20, 15, 0, 0)
        assert sum(p["units"].values()) == 0


@pytest.mark.parametrize("players, length", VARIANTS)
def test_s2_tile_counts_per_group(players: str, length: str) -> None:
    # §2.3: K on recruitment, K threats, K in the recruitment pile (its top on the next slot), the rest in
    # the threat pile (its top on the next slot). K = 4 at 3 players, else 5.
    k = 4 if players == "3" else 5
    total = TILES[(players, length)]
    game = new_game(int(players), length, layout=False, seed=7)
    view = game.view("referee")
    assert len(tiles_on_board(view, "recruit")) == k
    assert len(tiles_on_board(view, "threat")) == k
    ladders = view["ladders"]
    assert ladders["next_recruit"] is not None and len(ladders["recruit_pile"]) == k - 1
    assert ladders["next_threat"] is not None and len(ladders["threat_pile"]) == total - 3 * k - 1
    assert ladders["recruit_discard"] == [] and ladders["threat_discard"] == []
    assert len(every_tile(view)) == total == len(set(every_tile(view)))


@pytest.mark.parametrize("players, length", sorted(REMOVED))
def test_s2_short_game_removes_tiles(players: str, length: str) -> None:
    for seed in range(5):
        view = new_game(int(players), length, layout=False, seed=seed).view("referee")
        assert not REMOVED[(players, length)] & set(every_tile(view))


def test_s2_three_players_use_the_18_tile_set_with_4_unit_tiles() -> None:
    # §1/§2.2: the 3-player set has 18 tiles whose recruitment side shows 4 units (tiny: no mage).
    view = new_game(3, layout=False, seed=3).view("referee")
    assert sorted(every_tile(view)) == list(range(1, 19))
    for number in tiles_on_board(view, "recruit"):
        assert city(view, number)["tile"]["units"] == ["militia", "archer", "infantry", "priest"]


def test_s2_four_and_five_players_use_the_21_tile_set_with_5_unit_tiles() -> None:
    for n in (4, 5):
        view = new_game(n, layout=False, seed=3).view("referee")
        assert sorted(every_tile(view)) == list(range(1, 22))
        for number in tiles_on_board(view, "recruit"):
            assert city(view, number)["tile"]["units"] == ["militia", "archer", "infantry", "priest", "mage"]


def test_s2_a_tile_always_lies_on_its_own_city() -> None:
    view = new_game(4, layout=False, seed=11).view()
    for c in view["cities"]:
        if c["tile"]:
            assert c["tile"]["number"] == c["id"]


@pytest.mark.parametrize("players, length", VARIANTS)
def test_s2_void_regions_per_variant(players: str, length: str) -> None:
    view = new_game(int(players), length).view()
    assert {r["id"] for r in view["regions"] if r["void"]} == VOID[(players, length)]


def test_s2_layout_places_tiles_and_moves_pile_tops_to_next_slots() -> None:
    # §2.3: the named tiles lie where the layout says; the top of each pile goes to its next slot.
    game = new_game(4, recruit=(1, 2, 3, 4, 5), threat=(6, 7, 8, 9, 10), recruit_pile=(11, 12, 13, 14, 15),
                    threat_pile=(16, 17, 18, 19, 20, 21))
    view = game.view("referee")
    assert tiles_on_board(view, "recruit") == [1, 2, 3, 4, 5]
    assert tiles_on_board(view, "threat") == [6, 7, 8, 9, 10]
    assert view["ladders"]["next_recruit"] == 11 and view["ladders"]["recruit_pile"] == [12, 13, 14, 15]
    assert view["ladders"]["next_threat"] == 16 and view["ladders"]["threat_pile"] == [17, 18, 19, 20, 21]
    # The public sees only each pile's top and size.
    public = game.view("public")["ladders"]
    assert public["recruit_pile"] == {"top": 12, "size": 4}
    assert public["threat_pile"] == {"top": 17, "size": 5}


def test_s2_recruitment_tiles_are_filled_from_the_barracks() -> None:
    # §2.3: each recruitment tile is filled with the units printed on it, threats hold none.
    view = new_game(4).view()
    for number in (2, 4, 6, 8, 10):
        assert city(view, number)["tile"] == {"number": number, "side": "recruit",
                                              "units": list(TINY.tiles["4-5"][number].recruit)}
    assert city(view, 3)["tile"]["side"] == "threat" and "units" not in city(view, 3)["tile"]


def test_s2_colossi_three_stacks_of_two_asleep_in_layout_order() -> None:
    # §2.4: stacks of the 3s, the 4s, the 5s, two tiles each, sleeping side up.
    view = new_game(4, colossi=((1, 0), (2, 3), (5, 4))).view()
    assert [s["needs"] for s in view["colossi"]] == [3, 4, 5]
    assert [[t["index"] for t in s["stack"]] for s in view["colossi"]] == [[1, 0], [2, 3], [5, 4]]
    assert not any(t["awake"] for s in view["colossi"] for t in s["stack"])


def test_s2_colossi_stack_order_is_random_without_layout() -> None:
    orders = {tuple(tuple(t["index"] for t in s["stack"]) for s in new_game(4, seed=seed).view()["colossi"])
              for seed in range(30)}
    assert len(orders) > 1
    for stacks in orders:
        assert [sorted(s) for s in stacks] == [[0, 1], [2, 3], [4, 5]]


def test_s2_scoring_tiles_in_random_order_or_as_laid_out() -> None:
    assert new_game(4, scoring=("fame", "wealth", "influence")).view()["scoring"]["order"] == [
        "fame", "wealth", "influence"]
    seen = {tuple(new_game(4, seed=seed).view()["scoring"]["order"]) for seed in range(40)}
    assert len(seen) > 1 and all(sorted(o) == ["fame", "influence", "wealth"] for o in seen)


@pytest.mark.parametrize("mode, start", [("normal", (6, 5, 4)), ("hard", (7, 6, 5))])
@pytest.mark.parametrize("order", [("wealth", "influence", "fame"), ("fame", "wealth", "influence"),
                                   ("influence", "fame", "wealth")])
def test_s2_neutral_start_follows_the_scoring_order(mode: str, start: tuple[int, int, int],
                                                    order: tuple[str, str, str]) -> None:
    # §2.7: 6 in the first scoring's category, 5 in the second, 4 in the third (hard: 7, 6, 5).
    view = new_game(3, neutral=mode, scoring=order).view()
    assert view["neutral"] == {order[0]: start[0], order[1]: start[1], order[2]: start[2]}


def test_s2_no_neutral_player_with_four_or_five_players() -> None:
    assert new_game(4).view()["neutral"] is None
    assert new_game(5).view()["neutral"] is None
    with pytest.raises(BadRecord):
        Game(TINY, Setup(seats(4), neutral="normal"))
    with pytest.raises(BadRecord):
        Game(TINY, Setup(seats(3)))  # three players need the neutral player


@pytest.mark.parametrize("n", [2, 6])
def test_s2_players_three_to_five(n: int) -> None:
    colours = ("blue", "red", "green", "yellow", "black", "blue")
    with pytest.raises(BadRecord):
        Game(TINY, Setup(tuple(Seat(i + 1, colours[i]) for i in range(n))))


def test_s2_long_game_12_years_short_game_9() -> None:
    assert new_game(4, "long").view()["years"] == 12
    assert new_game(4, "short").view()["years"] == 9


def test_s2_placement_in_turn_order_from_the_first_player() -> None:
    # §2.6: starting with the first player, clockwise.
    game = new_game(4, first=3)
    seen = []
    for cityid in (1, 5, 9, 13):
        seat = game.awaiting()[0]["seat"]
        assert game.awaiting() == [{"seat": seat, "decision": "place"}]
        seen.append(seat)
        game.push(Place(seat, cityid))
    assert seen == [3, 4, 1, 2]
    assert game.view()["phase"] == "program"


def test_s2_placement_on_any_city_with_or_without_a_tile() -> None:
    # City 2 holds a recruitment tile, 3 a threat, 13 nothing; the Idrakys may stand on any of them.
    game = new_game(4)
    place(game, {1: 2, 2: 3, 3: 13, 4: 21})
    view = game.view()
    assert [player(view, s)["city"] for s in (1, 2, 3, 4)] == [2, 3, 13, 21]


def test_s2_placement_two_idrakys_may_not_share_a_city() -> None:
    game = new_game(4)
    game.push(Place(1, 7))
    before = game.view("referee")
    with pytest.raises(IllegalAction) as error:
        game.push(Place(2, 7))
    assert error.value.rule == "§2"
    assert game.view("referee") == before


def test_s2_five_players_deal_k5() -> None:
    view = new_game(5, layout=False, seed=2).view("referee")
    assert len(tiles_on_board(view, "recruit")) == 5 and len(tiles_on_board(view, "threat")) == 5


def test_s2_layout_that_does_not_fit_is_refused() -> None:
    # K = 4 at 3 players: a layout naming 5 recruitment tiles cannot be dealt.
    with pytest.raises(BadRecord):
        Game(TINY, make_setup(3, layout=False, recruit=(1, 2, 3, 4, 5)))
    with pytest.raises(BadRecord):  # tile 20 is removed in a short 4-player game
        Game(TINY, Setup(seats(4), "short", layout=Layout(recruit=(20, 2, 3, 4, 5))))
    # A reinforcement naming a tile out of play, or one tile twice, is refused before play; whether it
    # holds the tiles to shuffle is told at its awakening (§6).
    with pytest.raises(BadRecord, match="layout.reinforcements"):
        Game(TINY, Setup(seats(4), "short", layout=Layout(reinforcements=((1, 2), (20, 3)))))
    with pytest.raises(BadRecord, match="layout.reinforcements"):
        Game(TINY, Setup(seats(4), "short", layout=Layout(reinforcements=((1, 2, 1),))))


def test_s2_first_player_is_the_setup_s() -> None:
    assert new_game(5, first=4).view()["first_player"] == 4
    assert new_game(5, first=4).view()["turn_order"] == [4, 5, 1, 2, 3]
