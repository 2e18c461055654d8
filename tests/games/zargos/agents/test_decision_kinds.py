"""Each of Zargos's agents tells decision kinds apart in one table: a kind the engine can await and an agent
does not know fails here, by the table's name (issue 28's "one dispatch per kind", carried to Zargos)."""

from __future__ import annotations

import random
from typing import get_args

from companion.games.zargos.agents import AGENTS
from companion.games.zargos.agents.kit import UNLENT
from companion.games.zargos.agents.normal import DECISIONS
from companion.games.zargos.agents.random_agent import MOVES
from companion.games.zargos.rules.actions import EndAttacks, Reorganise
from companion.games.zargos.rules.choices import AttackChoice, Choice, ReorganiseChoice

AWAITED = {kind.decision for kind in get_args(Choice)}


def test_every_choice_the_engine_can_await_has_its_own_kind() -> None:
    assert len(AWAITED) == len(get_args(Choice)) == 12  # one name per choice class, none shared


def test_the_random_player_has_one_move_for_every_kind() -> None:
    assert set(MOVES) == AWAITED


def test_the_normal_agent_has_one_decision_for_every_kind() -> None:
    assert set(DECISIONS) == AWAITED


def test_a_random_move_with_nothing_lent_is_known_for_every_kind() -> None:
    assert set(UNLENT) == AWAITED
    # The moves that need the holdings are the plainest legal ones (4.4, 7.1).
    rng = random.Random(1)
    attack = AttackChoice(0, people="ailes", sources=(("kori-province-1", 3),))
    assert AGENTS.random_action(rng, attack) == EndAttacks(0, "ailes")
    reorganise = ReorganiseChoice(0, people="ailes", provinces=("kori-province-1",))
    assert AGENTS.random_action(rng, reorganise) == Reorganise(0, "ailes", ())
