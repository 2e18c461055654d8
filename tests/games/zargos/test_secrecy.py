"""Nothing a reader may not know appears in its view, at every point of whole games: magic hands (12.2),
secret placement cards (2.9), cards drawn and traded, the content of the deck."""

from __future__ import annotations

import random

import pytest

from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.rules import Game, Setup

from .support import BOARD


def check(game: Game, seat: int | None) -> None:
    reader = "public" if seat is None else f"seat:{seat}"
    view = game.view(reader)
    for hand in view["hands"]:
        assert ("cards" in hand) is (hand["seat"] == seat)
    for people in view["peoples"].values():
        if people["seat"] != seat:
            assert not {"reinforcement", "boat"} & set(people["cards"]) and "extra" not in people
    for entry in view["log"]:
        if entry.get("secret") and entry.get("seat") != seat and entry["event"] in ("drew", "drafted"):
            assert "card" not in entry
    assert "unseen" not in view["deck"] and "under" not in view["deck"]
    chance = view["chance"]
    if chance is not None and chance["kind"] == "draw" and chance["told_by"] != seat:
        assert "outcomes" not in chance


@pytest.mark.parametrize(("players", "seed"), [(3, 12), (5, 15)])
def test_no_view_shows_what_its_reader_may_not_know(players: int, seed: int) -> None:
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    game = Game(BOARD, Setup(players))
    seen = {"drew": 0, "trade": 0}
    step = 0
    while game.result() is None:
        step += 1
        node = game.chance()
        if step % 5 == 0 or (node is not None and node.kind == "draw"):
            for seat in (None, *range(players)):
                check(game, seat)
        if node is not None:
            seen["drew"] += node.kind == "draw"
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
            continue
        choice = rng.choice(game.awaited())
        seen["trade"] += choice.decision == "trade"
        game.push(agent.move(game, choice))
    assert seen["drew"] > 50 and seen["trade"] >= players  # the points looked at include secret moments
