"""The rulings R-01, R-02, R-05, R-06 and R-13 (the others are tested beside their section: R-03 in §3,
R-04 in §4, R-07 to R-09 in §5 and §7, R-10 in §6, R-11 and R-12 in §8)."""

from __future__ import annotations

from companion.games.xidit.rules import Colossus, Neutral, Reward, split, unit_count
from companion.games.xidit.rules.preview import preview

from .support import (
    city,
    finish,
    give_gold,
    give_units,
    leave_on_tile,
    orders,
    player,
    program,
    started,
    units_of,
    wake_colossi,
)


def test_r01_gold_is_unlimited() -> None:
    # The bank's coins are change: a player already holding 500 gold still takes a gold reward.
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15}, length="short", scoring=("wealth", "influence", "fame"))
    give_gold(game, 1, 500)
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("action")})
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert player(game.view(), 1)["gold"] == 501
    finish(game)
    assert game.view()["scoring"]["rounds"][0]["values"]["1"] == 501


def test_r02_void_region_cities_can_be_walked_guilds_built_colossi_fought() -> None:
    # Short 4-player game: regions 1 and 2 are void. City 20 (regions 1, 2) has no tile (20 is removed);
    # its blue road leads to city 2 (regions 1, 2), where a threat lies. City 21 (region 1) has no tile.
    game = started(4, {1: 20, 2: 21, 3: 14, 4: 15}, length="short", colossi=((0, 1), (2, 3), (4, 5)),
                   recruit=(3, 4, 6, 8, 10), threat=(2, 5, 7, 9, 11))
    give_units(game, 1, militia=1, archer=1)
    give_units(game, 2, mage=3)
    wake_colossi(game, 0)
    program(game, {1: orders("blue", "action"), 2: orders("action")})
    # Seat 2 fights the colossus on 21 in slot 1; no bard can be placed (void), so its reward, gold and
    # guild, is the engine's.
    assert game.awaiting() == [{"seat": 2, "decision": "colossus"}]
    game.push(Colossus(2, True, 3, unit_count({"mage": 3})))
    # Seat 1 walked to 2 and felled the threat there in slot 2: gold and guild, taken by the engine.
    view = game.view()
    assert player(view, 1)["city"] == 2
    assert city(view, 21)["guild"] == {"seat": 2, "floors": 1}
    assert city(view, 2)["guild"] == {"seat": 1, "floors": 3}
    assert player(view, 1)["gold"] == 1 and player(view, 2)["gold"] == 1
    assert player(view, 1)["bards_left"] == 20 and player(view, 2)["bards_left"] == 20


def test_r08_an_awake_colossus_counts_as_a_threat_for_the_neutral() -> None:
    game = started(3, {1: 13, 2: 14, 3: 15}, scoring=("wealth", "influence", "fame"))
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    program(game, {1: orders("action")})
    game.push(Colossus(1, True, 3, unit_count({"militia": 3})))
    game.push(Reward(1, ("gold", "guild")))
    assert game.awaiting() == [{"seat": 1, "decision": "neutral"}]
    game.push(Neutral(1, "influence"))
    assert game.view()["neutral"] == {"wealth": 6, "influence": 5 + 1, "fame": 4}


def test_r13_no_colossus_after_a_threat_whoever_felled_it() -> None:
    # Seat 1 fells threat 3 in slot 1; seat 2 walks 4 -black- 3 and acts in slot 2: the city is empty,
    # a colossus is awake, but a threat fell there this year: no effect. Next year it may fight.
    game = started(4, {1: 3, 2: 4, 3: 14, 4: 15})
    wake_colossi(game, 0)
    give_units(game, 1, militia=1, archer=1)
    give_units(game, 2, infantry=3)
    program(game, {1: orders("action"), 2: orders("black", "action")})
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    view = game.view()
    assert view["phase"] == "program" and units_of(view, 2) == [0, 0, 3, 0, 0]
    assert city(view, 3)["tile"] is None and view["colossi"][0]["stack"][0] == {"index": 0, "awake": True}
    program(game, {2: orders("action")})
    assert game.awaiting() == [{"seat": 2, "decision": "colossus"}]


def test_r13_no_second_colossus_on_a_city_in_a_year() -> None:
    # Seat 1 fights the 3 on city 13 in slot 1; seat 2 walks 14 -black- 13 and acts in slot 2 while the 4
    # is awake: a colossus fell on 13 this year, no effect. Next year it may fight the 4.
    game = started(4, {1: 13, 2: 14, 3: 15, 4: 16}, colossi=((0, 1), (2, 3), (4, 5)))
    wake_colossi(game, 0, 1)
    give_units(game, 1, militia=3)
    give_units(game, 2, militia=4)
    program(game, {1: orders("action"), 2: orders("black", "action")})
    game.push(Colossus(1, True, 3, unit_count({"militia": 3})))
    game.push(Reward(1, ("gold", "guild")))
    view = game.view()
    assert view["phase"] == "program" and units_of(view, 2) == [4, 0, 0, 0, 0]
    assert view["colossi"][1]["stack"][0] == {"index": 2, "awake": True}
    program(game, {2: orders("action")})
    assert game.awaiting() == [{"seat": 2, "decision": "colossus"}]


def test_r13_no_threat_after_a_colossus() -> None:
    # 17 is the next threat. Seat 1 fights the 3 on city 17 in slot 1; seat 2 then fells threat 3, so
    # threat 17 comes in on city 17. Seat 3 walks 18 -black- 17 and acts there in slot 2 with the units it
    # needs: a colossus fell on 17 this year, no effect; the threat stays until next year.
    game = started(4, {1: 17, 2: 3, 3: 18, 4: 16})
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    give_units(game, 2, militia=1, archer=1)
    give_units(game, 3, militia=1, archer=1)
    program(game, {1: orders("action"), 2: orders("action"), 3: orders("black", "action")})
    game.push(Colossus(1, True, 3, unit_count({"militia": 3})))
    game.push(Reward(1, ("gold", "guild")))
    game.push(Reward(2, ("gold", "guild")))
    view = game.view()
    assert view["phase"] == "program" and view["year"] == 2
    assert player(view, 3)["city"] == 17 and units_of(view, 3) == [1, 1, 0, 0, 0]
    assert city(view, 17)["tile"]["number"] == 17 and city(view, 17)["tile"]["side"] == "threat"
    program(game, {3: orders("action")})
    assert game.awaiting() == [{"seat": 3, "decision": "reward"}]


def test_r13_the_forecast_offers_no_threat_after_a_colossus_nor_a_second_colossus() -> None:
    # As above, stopped while seat 2 chooses its reward: threat 17 is on the city where the colossus fell.
    game = started(4, {1: 17, 2: 3, 3: 18, 4: 16})
    wake_colossi(game, 0, 1)
    give_units(game, 1, militia=3)
    give_units(game, 2, militia=1, archer=1)
    give_units(game, 3, militia=1, archer=1)
    program(game, {1: orders("action"), 2: orders("action"), 3: orders("black", "action")})
    game.push(Colossus(1, True, 3, unit_count({"militia": 3})))
    game.push(Reward(1, ("gold", "guild")))
    assert [s.effect for s in preview(game.state, 3, ("black", "action"))] == ["move", "nothing"]
    # An Idrakys that fights a colossus is done with that city for the year.
    assert [s.effect for s in preview(game.state, 4, ("action", "wait", "action"))] == [
        "colossus", "wait", "repeat"]


def test_r05_a_city_emptied_by_recruitment_still_allows_a_colossus() -> None:
    # Seat 1 takes the last unit of tile 2 in slot 1; seat 2 walks 1 -black- 2 and acts in slot 2: no
    # threat or colossus fell there, so it may fight.
    game = started(4, {1: 2, 2: 1, 3: 14, 4: 15})
    leave_on_tile(game, 2, ["priest"])
    wake_colossi(game, 0)
    give_units(game, 2, militia=3)
    program(game, {1: orders("action"), 2: orders("black", "action")})
    assert game.awaiting() == [{"seat": 2, "decision": "colossus"}]


def test_r06_one_effective_action_per_city_per_year() -> None:
    # Seat 1 takes the last unit of tile 2 in slot 1; in slot 2 it acts again on the now empty city with
    # an awake colossus and 3 units: it has already acted there this year, no effect. Next year it may.
    game = started(4, {1: 2, 2: 13, 3: 14, 4: 15})
    leave_on_tile(game, 2, ["priest"])
    wake_colossi(game, 0)
    give_units(game, 1, militia=3)
    program(game, {1: orders("action", "action")})
    view = game.view()
    assert view["phase"] == "program" and units_of(view, 1) == [3, 0, 0, 1, 0]
    program(game, {1: orders("action")})
    assert game.awaiting() == [{"seat": 1, "decision": "colossus"}]


def test_r06_an_action_without_effect_does_not_count() -> None:
    # On threat 3 with an archer only: no effect. Walk 3 -black- 4, recruit a militia, walk back 4 -black-
    # 3: the action now fells the threat (the first one on 3 was not effective).
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, archer=1)
    program(game, {1: orders("action", "black", "action", "black", "action")})
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]
    assert game.legal()[0].city == 3  # type: ignore[union-attr]
    assert units_of(game.view(), 1) == [0, 0, 0, 0, 0]
