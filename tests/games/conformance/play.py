"""Random games of any registered game, played through the contract alone (companion.core.game): a random
awaited choice and a random legal move for it (the game's testing part), or a random outcome of the chance
node. Each point of a game is handed to the suite's checks before the game moves on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

from companion.core.game import PUBLIC, REFEREE, GameModule, Match, seat_reader

SEEDS = (1, 2, 3, 4, 5, 6)  # few, short games: the folder's budget is 15 s for every game (docs/testing.md)
MAX_MOVES = 2000  # a game that never ends is a failure, not a hang


@dataclass
class Point:
    """One moment of a game: the match as it stands, and the move played from here (None at the end)."""

    match: Match
    move: Any


def readers(game: GameModule, match: Match) -> list[str]:
    seats = sorted({int(p["seat"]) for p in match.view(REFEREE)["players"]})
    return [REFEREE, PUBLIC, *(seat_reader(s) for s in seats)]


def play(game: GameModule, seed: int, check: Callable[[Point], None] | None = None) -> Match:
    """Plays one game to its end; `check` sees every point before its move is played."""
    assert game.testing is not None, f"{game.key} has no testing part"
    match = game.rules.start(*game.testing.short_setup(seed))
    rng = Random(seed)
    for point in points(game, match, rng):
        if check is not None:
            check(point)
    return match


def points(game: GameModule, match: Match, rng: Random) -> Iterator[Point]:
    assert game.testing is not None
    for _ in range(MAX_MOVES):
        node = match.chance()
        if node is not None:
            outcome = rng.choices(node.outcomes, weights=node.weights)[0]
            yield Point(match, ("chance", outcome))
            match.resolve(outcome)
            continue
        awaited = match.awaited()
        if not awaited:
            yield Point(match, None)
            return
        move = game.testing.random_move(match, rng.choice(awaited), rng)
        yield Point(match, move)
        match.push(move)
    raise AssertionError(f"{game.key}: no end after {MAX_MOVES} moves")


def pack_of(game: GameModule) -> Any:
    """The game's shipped pack, or None for a game without packs (the toy game)."""
    return game.packs.shipped() if game.packs is not None else None
