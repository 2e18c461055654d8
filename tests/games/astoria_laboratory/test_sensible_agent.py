"""The sensible virtual alchemist (level "normal"): reading only its own seat's view, it completes its cards
and does not feed the other team's Flask; it beats the random player."""

from __future__ import annotations

import random

from companion.core import registry
from companion.games.astoria.laboratory.rules.moves import Add, Chance, Make, Shift
from tests.games.astoria_laboratory.support import PACK, arrange, started, turn

KIT = registry.load("astoria-laboratory").agents


def decided(match, seat: int):  # type: ignore[no-untyped-def]
    return KIT.make("normal", PACK, 1).decide(match.view(f"seat:{seat}"), match.awaited(seat)[0])


def test_it_adds_the_gem_that_completes_its_card_and_lays_it() -> None:
    match = started(hands={1: [1, 4, 5], 2: [6, 7, 8]})  # card 1: a red gem in slot 0, a blue in slot 1
    arrange(match, [("red", 0), ("green", 3)])
    assert turn(match) == 1
    move = decided(match, 1)
    assert move == Add(1, "blue", 1)
    match.push(move)
    assert decided(match, 1) == Make(1, 1)


def test_it_sets_off_no_reaction_that_feeds_the_other_teams_flask_l7_7() -> None:
    match = started(hands={1: [4, 5, 6], 2: [7, 8, 9]})
    arrange(match, [("yellow", 1), ("yellow", 2)])
    match.push(Shift(turn(match), "yellow", 1, 2))  # yellow reaction: the yellow reagent reaches the centre
    match.push(match.awaited()[0].enumerate()[0])
    assert match.view()["centre"] == "yellow" and match.view()["dominant"]["yellow"] == "A"
    arrange(match, [("blue", 4), ("blue", 5)])
    if turn(match) == 1:  # team A's seat: seat 1 adds elsewhere, so that team B's seat 2 decides
        arrange(match, [("orange", 0)])
    assert turn(match) == 2
    lab = match.view()["laboratory"]
    reacting = [m for m in match.awaited()[0].enumerate() if isinstance(m, Shift) and m.colour in lab[m.to]]
    assert Shift(2, "blue", 5, 4) in reacting  # it could push the yellow gem into team A's Flask
    assert decided(match, 2) not in reacting


def test_it_beats_the_random_player() -> None:
    rules = registry.load("astoria-laboratory").rules
    won = 0
    for game in range(6):
        rng = random.Random(game)
        match = rules.start(None, KIT.setup(2, {}, game))
        agents = {1: KIT.make("normal", None, game), 2: KIT.make("random", None, game)}
        while match.result() is None:
            node = match.chance()
            if node is not None:
                match.push(Chance(rng.choice(node.outcomes)))
                continue
            choice = match.awaited()[0]
            match.push(agents[choice.seat].decide(match.view(f"seat:{choice.seat}"), choice))
        won += match.result().winners == (1,)
    assert won == 6
