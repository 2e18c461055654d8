"""Bad moves of any kind are refused in words naming a rule, and change nothing (the engine's contract)."""

from __future__ import annotations

import random

from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.actions import (
    Action,
    Adjust,
    Attack,
    Draft,
    EndAttacks,
    Fight,
    Keep,
    Pass,
    Place,
    PlayCard,
    Reinforce,
    Reorganise,
    Step,
    Swords,
    Trade,
)
from companion.games.zargos.rules.errors import IllegalAction
from companion.games.zargos.rules.terms import CARDS, PEOPLES

from .support import BOARD

PROVINCES = sorted(BOARD.provinces) + ["nowhere"]


def wild(rng: random.Random, players: int) -> Action:
    seat = rng.randrange(-1, players + 1)
    people = rng.choice([*PEOPLES, "nobody"])
    p, q = rng.choice(PROVINCES), rng.choice(PROVINCES)
    n = rng.randint(-2, 12)
    return rng.choice([
        Draft(seat, people, rng.choice(["green", "blue", "red"])),
        Trade(rng.choice([None, seat]), people, rng.choice(list(PEOPLES)), (rng.choice(["boat", "x"]),), ()),
        Swords(seat, people, (n,)), Place(seat, people, ((p, n),)), Pass(seat),
        PlayCard(seat, rng.choice([*CARDS, "joker"]), rng.choice(["", f"kingdom:{p}", f"province:{p}"])),
        Attack(seat, people, p, q, n, rng.choice([(), ("s1",), ("s1", "s4"), ("lake",)])),
        EndAttacks(seat, people), Fight(seat, people, p),
        Reorganise(seat, people, (Step(p, q, n),) * rng.randint(0, 3)), Keep(seat, (rng.choice(list(CARDS)),)),
        Reinforce(seat, people, rng.randint(-1, 3), ((p, n),)),
        Adjust(rng.choice([None, seat]), rng.choice(["referee", "card:typhon", "power:x"]), ((p, people, n),)),
    ])


def test_random_bad_moves_at_every_kind_of_point_change_nothing() -> None:
    rng = random.Random(5)
    agent = RandomAgent(rng)
    game = Game(BOARD, Setup(3))
    refused = accepted = step = 0
    while game.result() is None and game.version < 1500:
        step += 1
        if game.chance() is None and step % 4 == 0:
            before, version = game.view(), game.version
            move = wild(rng, 3)
            try:
                game.push(move)
                accepted += 1
            except IllegalAction as error:
                refused += 1
                assert error.rule and str(error) and game.view() == before and game.version == version
            continue
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    assert refused > 100
