"""Nothing a reader may not know appears in its view, at every point of whole games: magic hands (12.2),
secret placement cards (2.9), cards drawn and traded, the content of the deck. The oracle is the one the
shared suites will use (ZargosTesting.forbidden)."""

from __future__ import annotations

import random

import pytest

from companion.games.zargos.module import RULES
from companion.games.zargos.rules import Game
from companion.games.zargos.testing import ZargosTesting

TESTING = ZargosTesting()


def readers(game: Game) -> list[str]:
    return ["public", *(f"seat:{s}" for s in range(game.setup.players))]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_no_view_shows_what_its_reader_may_not_know(seed: int) -> None:
    rng = random.Random(seed)
    game = RULES.start(*TESTING.short_setup(seed))
    seen = {"draw": 0, "trade": 0, "caught": 0}
    step = 0
    while game.result() is None:
        step += 1
        node = game.chance()
        if step % 5 == 0 or (node is not None and node.kind == "draw"):
            referee = game.view("referee")
            for reader in readers(game):
                assert TESTING.forbidden(game.view(reader), reader, game) == [], (reader, game.version)
                seen["caught"] += bool(TESTING.forbidden(referee, reader, game))  # the oracle is not blind
        if node is not None:
            seen["draw"] += node.kind == "draw"
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
            continue
        choice = rng.choice(game.awaited())
        seen["trade"] += choice.decision == "trade"
        game.push(TESTING.random_move(game, choice, rng))
    assert seen["draw"] > 40 and seen["trade"] >= game.setup.players and seen["caught"] > 40


def test_the_testing_part_starts_games_of_every_size() -> None:
    sizes = {(setup.players, setup.peoples_each) for _, setup in map(TESTING.short_setup, range(15))}
    assert {(2, 2), (2, 3), (3, 2), (4, 1), (5, 1), (6, 1)} <= sizes
