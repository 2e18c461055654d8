"""The Objectives stay secret (E2.1, E11, A-29, A-57): no view, choice or refusal shown to a reader betrays an
Objective it may not know. Two games alike but for two seats' Objectives, swapped, played with the same moves,
look the same to every reader who knows neither, at every move, until an accusation or the end reveals them."""

from __future__ import annotations

import json
from dataclasses import replace
from random import Random
from typing import Any

import pytest

from companion.core.errors import IllegalAction
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.packs import shipped
from companion.games.astoria.epic.rules import EpicMatch
from companion.games.astoria.epic.rules.legal import candidates
from companion.games.astoria.epic.rules.terms import OBJECTIVE_WORDS
from companion.games.astoria.epic.testing import TESTING


def refusals(match: EpicMatch, seat: int) -> list[str]:
    """What the engine says to every move a seat might try now."""
    found = []
    for move in candidates(match, seat, "turn"):
        try:
            match._applied(move)
            found.append("ok")
        except IllegalAction as refusal:
            found.append(str(refusal))
    return found


def seen_by(match: EpicMatch, reader: str) -> str:
    seat = int(reader.removeprefix("seat:")) if reader.startswith("seat:") else None
    choices = [c.to_json() for c in match.awaited()]
    said = refusals(match, seat) if seat is not None and seat == match.active() else []
    return json.dumps([match.view(reader), choices, said, [r.message for r in match.reveals()]], sort_keys=True)


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 6, 7])
def test_swapped_objectives_look_the_same_to_whoever_knows_neither(seed: int) -> None:
    pack, setup = TESTING.short_setup(seed)
    objectives = list(setup.objectives)
    pairs = [(a, b) for a in range(len(objectives)) for b in range(a + 1, len(objectives))
             if objectives[a] != objectives[b]]
    a, b = pairs[0]
    objectives[a], objectives[b] = objectives[b], objectives[a]
    one, other = RULES.start(pack, setup), RULES.start(pack, replace(setup, objectives=tuple(objectives)))
    blind = ["public", *(f"seat:{s}" for s in setup.seats if s not in (a + 1, b + 1))]
    rng = Random(seed)
    for _ in range(150):
        if one.state.phase == "over" or any(m.revealed for m in one.state.mages.values()):
            break
        for reader in blind:
            assert seen_by(one, reader) == seen_by(other, reader), (reader, one.version)
        node = one.chance()
        if node is not None:
            outcome = rng.choice(node.outcomes)
            one.resolve(outcome)
            other.resolve(outcome)
            continue
        choice = rng.choice(one.awaited())
        move = TESTING.random_move(one, choice, rng)
        for _ in range(20):  # an accusation reveals an Objective or not: played in other tests
            if move.type != "accuse":
                break
            move = TESTING.random_move(one, choice, rng)
        else:
            break
        one.push(move)
        other.push(move)
    assert one.version > 10


def test_a_seat_reads_its_own_objective_and_nobody_elses() -> None:
    pack, setup = TESTING.short_setup(5)
    match = RULES.start(pack, setup)
    for seat in setup.seats:
        players = match.view(f"seat:{seat}")["players"]
        assert [p.get("objective") for p in players] == [setup.objective(p) if p == seat else None
                                                         for p in setup.seats]
    assert all("objective" not in p for p in match.view("public")["players"])
    assert [p["objective"] for p in match.view("referee")["players"]] == list(setup.objectives)


def test_the_objectives_are_shown_to_all_once_the_game_is_over() -> None:
    from companion.games.astoria.epic import GAME
    from tests.games.conformance.play import play

    match = play(GAME, 3)
    assert match.result() is not None
    assert [p["objective"] for p in match.view("public")["players"]] == list(match.setup.objectives)


def test_a_record_is_the_referees_and_holds_every_objective() -> None:
    pack, setup = TESTING.short_setup(2)
    record: dict[str, Any] = RULES.start(pack, setup).record_json()
    assert record["setup"]["objectives"] == list(setup.objectives)
    assert shipped().invasion == {}  # the shipped pack lists no card: the engine invents none


def test_each_seat_is_shown_its_own_objective_alone_until_the_end() -> None:
    pack, setup = TESTING.short_setup(5)
    match = RULES.start(pack, setup)
    own = {r.key: r for r in match.reveals()}
    assert sorted(own) == [f"objective:{s}" for s in setup.seats]
    for seat in setup.seats:
        reveal = own[f"objective:{seat}"]
        assert reveal.to == frozenset({seat}) and reveal.held
        assert reveal.params["objective"] == OBJECTIVE_WORDS[setup.objective(seat)]
