"""Every level of Xidit's virtual players sits at a real table: its decisions over the placements and the
first year's programs are accepted (moved from tests/table/test_virtual_players.py, which tests the table's
virtual players on the toy game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.agents.bots import Bots
from tests.table.support import decide_and_apply, new_table


@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
def test_every_level_can_sit_at_the_table(tmp_path: Path, level: str) -> None:
    table = new_table(tmp_path / "t.db", players=3, seed=7)
    bots = Bots(table, {1: level, 2: level, 3: level}, delay=0.0, seed=1)
    try:
        decide_and_apply(table, bots, 12)  # placements, then the first year's programs: decided and accepted
        assert table.actions() >= 3
    finally:
        table.stop()
