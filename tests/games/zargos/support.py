"""Games at chosen points, built through the engine's public moves (the referee's stated effects place
tokens where a test needs them)."""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Board, Game, Setup
from companion.games.zargos.rules.actions import Adjust

BOARD: Board = default_pack()


def drive(game: Game, until: Callable[[Game], bool], seed: int = 1, limit: int = 20000) -> Game:
    """Plays with random agents and Pi dice until `until` holds."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    for _ in range(limit):
        if until(game) or game.result() is not None:
            return game
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    raise AssertionError("the condition was never met")


def first_turn(players: int = 4, seed: int = 1) -> Game:
    """Round 1, the first people's attacks, nothing done yet."""
    return drive(Game(BOARD, Setup(players)), lambda g: g.state.phase == "attack" and g.state.round == 1, seed)


def put(game: Game, province: str, people: str | None, strength: int = 0) -> None:
    """The referee sets a province's tokens (Z-27's stated effect, used as a test's set-up)."""
    holder = game.state.land.get(province)
    if holder is not None:
        game.push(Adjust(None, "referee", tokens=((province, holder[0], -holder[1]),)))
    if people is not None and strength:
        game.push(Adjust(None, "referee", tokens=((province, people, strength),)))


def active(game: Game) -> tuple[int, str]:
    people = game.state.order[game.state.turn]
    return game.state.peoples[people].seat, people


def layout(game: Game, holdings: dict[str, tuple[str, int]]) -> None:
    """The referee clears the board and sets exactly these holdings, in one stated effect."""
    clear = tuple((p, q, -n) for p, (q, n) in sorted(game.state.land.items()))
    game.push(Adjust(None, "referee", tokens=clear + tuple((p, q, n) for p, (q, n) in sorted(holdings.items()))))


def end_turn(game: Game) -> None:
    """The active people attacks nobody and does not reorganise."""
    from companion.games.zargos.rules.actions import EndAttacks, Reorganise

    seat, people = active(game)
    game.push(EndAttacks(seat, people))
    game.push(Reorganise(seat, people, ()))
