"""Each of Xidit's agents tells decision kinds apart in one table: a kind the engine can await and an
agent does not know fails here, by the table's name (issue 28, "one dispatch per kind")."""

from typing import get_args

from companion.games.xidit.agents.decisions import WEIGHED
from companion.games.xidit.agents.random_player import MOVES
from companion.games.xidit.agents.search import OWN_MOVES
from companion.games.xidit.agents.world import PENDING
from companion.games.xidit.rules.choices import Choice

AWAITED = {kind.decision for kind in get_args(Choice)}


def test_the_random_player_has_one_move_for_every_kind() -> None:
    assert set(MOVES) == AWAITED


def test_the_weighing_agents_have_one_decision_for_every_kind() -> None:
    assert set(WEIGHED) == AWAITED


def test_the_world_sampler_knows_what_stands_pending_for_every_kind() -> None:
    assert set(PENDING) == AWAITED


def test_the_searching_agent_has_one_own_move_in_its_rollouts_for_every_kind() -> None:
    assert set(OWN_MOVES) == AWAITED
