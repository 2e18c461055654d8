"""The one way the framework rebuilds a game (companion.core.rebuild: its rules' `start`, then its moves
pushed, a chance outcome resolved), for every registered game: rebuilt at any move, a game shows what it
showed then; put back after a failed command, it is the game it was, the same object (the table's steps
point into it)."""

from __future__ import annotations

from random import Random

from companion.core import rebuild
from companion.core.game import REFEREE, GameModule
from tests.games.conformance.play import points

SEED = 2  # an even seed: Xidit's testing part sets it up whole, not from what lies face up
LOOKS = 5  # the moves a game is rebuilt at


def test_a_game_rebuilt_at_any_move_shows_what_it_showed_then(game: GameModule) -> None:
    assert game.testing is not None
    pack, setup = game.testing.short_setup(SEED)
    match = game.rules.start(pack, setup)
    seen = {}
    for point in points(game, match, Random(SEED)):
        seen[point.match.version] = point.match.view(REFEREE)
    moves = list(match.moves)
    for version in sorted(seen)[::max(1, len(seen) // LOOKS)]:
        again = rebuild.rebuilt(game.rules, pack, setup, moves[:version])
        assert again.version == version and again.view(REFEREE) == seen[version]


def test_a_game_put_back_is_the_game_it_was_in_place(game: GameModule) -> None:
    assert game.testing is not None
    pack, setup = game.testing.short_setup(SEED)
    played = game.rules.start(pack, setup)
    for _ in points(game, played, Random(SEED)):
        pass
    moves = list(played.moves)
    match = rebuild.rebuilt(game.rules, pack, setup, moves[:len(moves) // 3])
    kept, before = rebuild.checkpoint(match), match.view(REFEREE)
    for move in moves[len(moves) // 3:2 * len(moves) // 3]:
        rebuild.push_move(game.rules, match, move)
    assert match.version == 2 * len(moves) // 3 > len(moves) // 3
    rebuild.put_back(game.rules, pack, match, kept)
    assert match.version == len(moves) // 3 and match.view(REFEREE) == before
