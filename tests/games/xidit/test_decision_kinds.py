"""Each concern of Xidit's engine and seat page tells decision kinds apart in one table: a kind the engine
can await and a table does not know fails here, by the table's name (issue 28, "one dispatch per kind")."""

from typing import get_args

import pytest

from companion.games.xidit.rules.choices import FORCED, KINDS, Choice
from companion.games.xidit.rules.game import APPLIES, CHECKS, FORCES
from companion.games.xidit.web.seatpage import CONTROLS

AWAITED = {kind.decision for kind in get_args(Choice)}


def test_the_list_of_kinds_is_every_choice_the_engine_can_await() -> None:
    assert sorted(KINDS) == sorted(AWAITED)
    assert len(KINDS) == len(get_args(Choice)) == 8  # one name per choice class, none shared


@pytest.mark.parametrize("table", [CHECKS, APPLIES], ids=["checks", "applies"])
def test_the_engine_checks_and_applies_every_kind_with_one_handler(table: dict[str, object]) -> None:
    assert set(table) == AWAITED


def test_the_engine_knows_for_every_kind_whether_it_is_forced_and_how_to_take_it() -> None:
    assert set(FORCED) == AWAITED
    assert set(FORCES) == AWAITED


def test_the_seat_page_has_controls_for_every_kind() -> None:
    assert set(CONTROLS) == AWAITED
