"""Invariants over random legal games (hypothesis): what must hold after every single decision."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.xidit.agents.play import random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import (
    Game,
    IllegalAction,
    action_from_json,
    action_to_json,
    record_from_json,
    record_to_json,
)
from companion.games.xidit.rules.terms import BARDS_PER_PLAYER, BARRACKS, FLOORS_PER_PLAYER, GUILD_HEIGHT, UNITS
from tests.secrecy import forbidden_in

BOARD = default_pack()
games = st.tuples(st.sampled_from([3, 4, 5]), st.booleans(), st.integers(0, 2**40))


def play_checking(players: int, short: bool, seed: int, check) -> Game:  # type: ignore[no-untyped-def]
    game = Game(BOARD, random_setup(players, short, seed))
    rng = random.Random(seed)
    check(game)
    while game.outcome() is None:
        awaited = game.legal()
        game.push(decide(rng, rng.choice(awaited)))
        check(game)
    return game


def units_accounted(game: Game) -> None:
    """§1: the 70 units are always in the barracks, on recruitment tiles or behind screens."""
    s = game.state
    for i, unit in enumerate(UNITS):
        on_tiles = sum(t.units.count(unit) for t in s.tiles.values())
        on_screens = sum(p.units[i] for p in s.players.values())
        assert s.barracks[i] + on_tiles + on_screens == BARRACKS[i], unit
        assert s.barracks[i] >= 0


def guilds_sound(game: Game) -> None:
    """§5: one guild per city, one colour, 1 to 4 floors; every player's 15 floors accounted for."""
    s = game.state
    for city, guild in s.guilds.items():
        assert guild.seat in s.players and 1 <= guild.floors <= GUILD_HEIGHT, city
    for seat, p in s.players.items():
        built = sum(g.floors for g in s.guilds.values() if g.seat == seat)
        assert built + p.pending_floors + p.floors_left == FLOORS_PER_PLAYER


def bards_accounted(game: Game) -> None:
    """§1: bards on the board plus bards left make 20 per player; none in a void region (R-02)."""
    s = game.state
    for seat, p in s.players.items():
        placed = sum(region.get(seat, 0) for region in s.bards.values())
        assert placed + p.bards_left == BARDS_PER_PLAYER
    for region in s.void:
        assert not any(s.bards[region].values())


def tiles_accounted(game: Game) -> None:
    """§6: every tile in play is in exactly one place: a city, a slot, a pile or a discard."""
    s = game.state
    places = (list(s.tiles) + s.recruit_pile + s.threat_pile + s.recruit_discard + s.threat_discard
              + [t for t in (s.next_recruit, s.next_threat) if t is not None])
    assert len(places) == len(set(places))
    assert all(number == tile.number for number, tile in s.tiles.items())


def all_invariants(game: Game) -> None:
    units_accounted(game)
    guilds_sound(game)
    bards_accounted(game)
    tiles_accounted(game)


@given(games)
def test_invariants_hold_after_every_decision(params: tuple[int, bool, int]) -> None:
    play_checking(*params, all_invariants)


@given(games)
def test_replaying_the_record_gives_the_live_state_at_every_step(params: tuple[int, bool, int]) -> None:
    players, short, seed = params
    game = Game(BOARD, random_setup(players, short, seed))
    rng = random.Random(seed)
    checkpoints = []
    while game.outcome() is None:
        game.push(decide(rng, rng.choice(game.legal())))
        if rng.random() < 0.05 or game.outcome() is not None:
            checkpoints.append((len(game.actions), game.view("referee")))
    # The record goes through its JSON form, as an exported game would.
    record = record_from_json(json.loads(json.dumps(record_to_json(game.record()))))
    for count, expected in checkpoints:
        assert Game.replay(BOARD, record.setup, record.actions[:count]).view("referee") == expected


@given(games)
def test_actions_round_trip_through_json(params: tuple[int, bool, int]) -> None:
    game = play_checking(*params, lambda g: None)
    for action in game.actions:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@given(games)
def test_no_view_carries_what_its_reader_may_not_know(params: tuple[int, bool, int]) -> None:
    def check(game: Game) -> None:
        for seat in game.state.seats:
            assert forbidden_in(game.view(f"seat:{seat}"), seat, game) == []
        assert forbidden_in(game.view("public"), None, game) == []

    play_checking(*params, check)


def mutate(rng: random.Random, action: dict) -> dict:  # type: ignore[type-arg]
    bad = dict(action)
    key = rng.choice(sorted(bad))
    bad[key] = rng.choice([0, -1, 99, "x", None, [], {"99": 3}, True, bad.get("seat", 1) % 5 + 1])
    return bad


@given(games)
def test_an_illegal_action_changes_nothing(params: tuple[int, bool, int]) -> None:
    players, short, seed = params
    game = Game(BOARD, random_setup(players, short, seed))
    rng = random.Random(seed)
    while game.outcome() is None:
        good = decide(rng, rng.choice(game.legal()))
        if rng.random() < 0.3:
            try:
                bad = action_from_json(mutate(rng, action_to_json(good)))
            except ValueError:
                bad = None  # refused already when read, as a record or an API request would be
            if bad is not None:
                before = game.view("referee")
                try:
                    game.push(bad)
                    continue  # the mutation happened to be legal: it was this decision
                except IllegalAction:
                    assert game.view("referee") == before
        game.push(good)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_random_games_finish_without_error(players: int) -> None:
    for seed in range(25):
        for short in (False, True):
            game = play_checking(players, short, seed * 7919 + players, lambda g: None)
            outcome = game.outcome()
            assert outcome is not None
            assert (outcome.winner is None) == outcome.neutral_won
