"""The agents by level: deterministic for a seed, legal over whole games, blind to other seats'
secrets, and ordered in strength."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.agents import levels as harness_levels
from companion.agents.match import agents_for, ask, play_match
from companion.core import registry
from companion.games.xidit.agents.levels import LEVELS, make_agent
from companion.games.xidit.agents.play import game_seeds, random_setup
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import UNITS

KIT = registry.load("xidit").agents
assert KIT is not None


def test_every_level_plays_whole_games_legally(board: Board) -> None:
    # `push` refuses an illegal action, so a game played to its end had only legal decisions.
    for players, short, levels in ((3, True, ("strong", "normal", "random")),
                                   (4, True, ("easy", "strong", "random", "normal")),
                                   (5, False, ("random", "easy", "normal", "strong", "strong"))):
        game = play_match(KIT, board, random_setup(players, short, 31 + players), agents_for(KIT, board, levels, 5))
        assert game.result() is not None


def test_the_same_seed_gives_the_same_game(board: Board) -> None:
    levels = ("strong", "normal", "easy", "random")
    setup = random_setup(4, True, 77)
    first = play_match(KIT, board, setup, agents_for(KIT, board, levels, 3))
    again = play_match(KIT, board, setup, agents_for(KIT, board, levels, 3))
    other = play_match(KIT, board, setup, agents_for(KIT, board, levels, 4))
    assert first.moves == again.moves
    assert first.moves != other.moves


def test_an_unknown_level_is_refused(board: Board) -> None:
    with pytest.raises(ValueError, match="hard"):
        make_agent("hard", board, 1)


def decisions_of_seat_one(board: Board, seed: int) -> Iterator[Game]:
    agents = agents_for(KIT, board, ("easy", "easy", "easy", "easy"), seed)
    game = Game(board, random_setup(4, False, seed))
    while game.outcome() is None:
        if any(c.seat == 1 for c in game.legal()):
            yield game
        seat = game.legal()[0].seat
        game.push(ask(game, agents[seat], seat))


def hide_differently(board: Board, game: Game) -> Game:
    """The same game but for what seat 1 cannot see: seat 2 richer, a unit of seat 3 behind seat 2's
    screen instead, seat 3's Bastion bards given to seat 2."""
    other = Game.replay(board, game.setup, game.actions)
    players = other.state.players
    players[2].gold += 9
    for i in range(len(UNITS)):
        if players[3].units[i]:
            players[3].units[i] -= 1
            players[2].units[i] += 1
            break
    bastion = board.bastion()
    if bastion is not None and not other.state.fame_scored:
        here = other.state.bards[bastion]
        moved = here.pop(3, 0)
        if moved:
            here[2] = here.get(2, 0) + moved
            players[2].bards_left -= moved
            players[3].bards_left += moved
    return other


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_a_decision_depends_only_on_what_the_seat_sees(board: Board, level: str) -> None:
    compared = changed = 0
    for index, game in enumerate(decisions_of_seat_one(board, 8)):
        if index % 5:
            continue  # every fifth decision of seat 1 keeps the test fast
        other = hide_differently(board, game)
        assert other.view("seat:1") == game.view("seat:1")
        changed += other.view("referee") != game.view("referee")
        seed = 1000 + index
        assert ask(other, make_agent(level, board, seed), 1) == ask(game, make_agent(level, board, seed), 1)
        compared += 1
    assert compared >= 8 and changed >= compared - 1


def test_strong_beats_the_random_agent(board: Board) -> None:
    wins = 0
    for seed in game_seeds(21, 4):
        levels = ("strong", "random", "random", "random")
        result = play_match(KIT, board, random_setup(4, True, seed), agents_for(KIT, board, levels, seed)).result()
        wins += result is not None and result.winners == (1,)
    assert wins >= 3


def test_the_levels_are_named() -> None:
    assert LEVELS == ("random", "easy", "normal", "strong")
    # The harness and the table know them from the game's kit, found through the registry.
    assert harness_levels.levels("xidit") == LEVELS
    assert harness_levels.seated("xidit") == ("easy", "normal", "strong")
