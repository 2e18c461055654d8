"""§3 a year: secret programming, resolution slot by slot in turn order, census years, the marker."""

from __future__ import annotations

import pytest

from companion.games.xidit.rules import Census, IllegalAction, Program, Reward, split

from .support import (
    finish,
    give_units,
    leave_on_tile,
    orders,
    play_waits_until,
    player,
    program,
    started,
    units_of,
)


def test_s3_programs_are_secret_until_every_player_locked() -> None:
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15})
    give_units(game, 1, militia=1, archer=1)  # so that seat 1's action stops the resolution at a reward
    secret = orders("action", "black", "red")
    game.push(Program(1, secret))
    for reader in ("public", "seat:2", "seat:3"):
        view = game.view(reader)
        assert "program" not in player(view, 1)
        assert player(view, 1)["locked"] is True  # the table sees that seat 1 has locked, not what
        assert player(view, 2)["locked"] is False
    assert player(game.view("seat:1"), 1)["program"] == list(secret)
    assert [a["seat"] for a in game.awaiting()] == [2, 3, 4]
    program(game)  # the others lock: every program is revealed
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]
    view = game.view("public")
    assert player(view, 1)["program"] == list(secret)
    assert player(view, 4)["program"] == ["wait"] * 6


def test_s3_programming_is_simultaneous_any_seat_may_lock_first() -> None:
    game = started(4)
    assert sorted(a["seat"] for a in game.awaiting()) == [1, 2, 3, 4]
    game.push(Program(3, orders()))
    game.push(Program(1, orders()))
    assert sorted(a["seat"] for a in game.awaiting()) == [2, 4]


def test_s3_a_program_is_six_orders_among_the_five() -> None:
    game = started(4)
    before = game.view("referee")
    for bad in (("wait",) * 5, ("wait",) * 7, ("wait",) * 5 + ("jump",)):
        with pytest.raises(IllegalAction) as error:
            game.push(Program(1, bad))
        assert error.value.rule == "§3"
    assert game.view("referee") == before


def test_s3_resolution_order_within_a_slot_is_turn_order_from_the_first_player() -> None:
    # Two players act on the same recruitment tile in slot 1: the first in turn order takes the
    # weakest unit, the next one the next weakest.
    # Seat 1 walks from 1 (black road) and seat 2 from 3 (red road) onto city 2, then both act.
    for first, expected in ((1, {1: "militia", 2: "archer"}), (2, {2: "militia", 1: "archer"})):
        game = started(4, {1: 1, 2: 3, 3: 13, 4: 14}, first=first)
        program(game, {1: orders("black", "action"), 2: orders("red", "action")})
        view = game.view()
        for seat, unit in expected.items():
            assert player(view, seat)["units"][unit] == 1


def test_s3_slot_one_of_every_player_before_slot_two_of_anyone() -> None:
    # Both walk onto city 2 in slot 1. Seat 1 is first but acts in slot 3; seat 2 acts in slot 2 and so
    # takes the weakest unit first.
    game = started(4, {1: 1, 2: 3, 3: 13, 4: 14}, first=1)
    program(game, {1: orders("black", "wait", "action"), 2: orders("red", "action")})
    view = game.view()
    assert player(view, 2)["units"]["militia"] == 1
    assert player(view, 1)["units"]["archer"] == 1


def test_s3_step_and_turn_show_the_order_resolved_last() -> None:
    game = started(4, {1: 3, 2: 13, 3: 14, 4: 15}, first=4)
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("wait", "wait", "action")})
    view = game.view()
    # Slot 3, turn order 4, 1, 2, 3: seat 1 resolved its third order and waits for its reward.
    assert (view["phase"], view["step"], view["turn"]) == ("resolution", 3, 1)
    assert view["turn_order"] == [4, 1, 2, 3]


@pytest.mark.parametrize("length, years", [("long", (4, 8, 12)), ("short", (3, 6, 9))])
def test_s3_census_at_the_end_of_years_4_8_12_or_3_6_9(length: str, years: tuple[int, ...]) -> None:
    game = started(4, length=length)
    give_units(game, 1, militia=1)  # seat 1 alone has a unit: a census asks it to choose
    seen = []
    while game.outcome() is None:
        decision = game.awaiting()[0]["decision"]
        if decision == "program":
            program(game)
        else:
            assert game.awaiting() == [{"seat": 1, "decision": "census"}]
            view = game.view()
            assert view["phase"] == "census" and view["census"]["unit"] == "militia"
            seen.append(view["year"])
            game.push(Census(1, "militia", 0))
    assert tuple(seen) == years


def test_s3_marker_passes_clockwise_after_every_year() -> None:
    game = started(4, first=3)
    holders = []
    for year in range(1, 6):
        view = game.view()
        assert view["year"] == year
        holders.append(view["first_player"])
        play_waits_until(game, year + 1)
    assert holders == [3, 4, 1, 2, 3]
    assert game.view()["turn_order"] == [4, 1, 2, 3]


def test_r03_marker_does_not_pass_after_the_last_year() -> None:
    # Short game, first player 2: years 1..9 are held by 2, 3, 4, 1, 2, 3, 4, 1, 2. The marker passes
    # after years 1..8 only, so the game ends with seat 2 holding it (not 3).
    game = started(4, length="short", first=2)
    finish(game)
    view = game.view()
    assert view["phase"] == "over" and view["year"] == 9
    assert view["first_player"] == 2


def test_s3_final_scoring_follows_the_last_years_census() -> None:
    game = started(4, length="short")
    give_units(game, 1, militia=1)
    play_waits_until(game, 9)
    program(game)
    assert game.awaiting() == [{"seat": 1, "decision": "census"}]
    assert game.view()["scoring"]["rounds"] == []
    assert game.outcome() is None
    game.push(Census(1, "militia", 1))
    assert game.view()["phase"] == "over"
    assert len(game.view()["scoring"]["rounds"]) == 3
    assert game.outcome() is not None


def test_s3_orders_are_fixed_once_revealed_an_impossible_one_has_no_effect() -> None:
    # Seat 2 walks from 1 onto city 2; in slot 2 seat 1 (first) takes the last unit of tile 2, and seat
    # 2's action there finds the tile gone to the discard: the order stays and does nothing (§4).
    game = started(4, {1: 2, 2: 1, 3: 13, 4: 14})
    leave_on_tile(game, 2, ["priest"])
    program(game, {1: orders("wait", "action"), 2: orders("black", "action")})
    view = game.view()
    assert units_of(view, 1) == [0, 0, 0, 1, 0]
    assert units_of(view, 2) == [0, 0, 0, 0, 0]


def test_s3_reward_pauses_resolution_which_then_continues() -> None:
    game = started(4, {1: 3, 2: 2, 3: 13, 4: 14})
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("action"), 2: orders("action")})
    # Seat 1's action (slot 1, first) awaits its reward; seat 2's slot-1 action has not run yet.
    assert game.awaiting() == [{"seat": 1, "decision": "reward"}]
    assert units_of(game.view(), 2) == [0, 0, 0, 0, 0]
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    assert units_of(game.view(), 2) == [1, 0, 0, 0, 0]
    assert game.view()["year"] == 2 and game.view()["phase"] == "program"
