"""Power-cut campaign: torn and truncated store files at random offsets open to the last complete
action (a prefix of what was stored), with a warning, and the table resumes on them."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Table
from tests.engine import stored_log
from tests.table.support import advance, new_table

from .results import record

CUTS = 200


def test_torn_and_truncated_stores_open_to_a_complete_prefix(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    table = new_table(live, seed=33)
    rng = random.Random(33)
    advance(table, rng, actions=80)
    entries = stored_log(table)
    snapshot = tmp_path / "snapshot"
    snapshot.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{live}{suffix}", snapshot / f"t.db{suffix}")
    table.stop()  # the live store is done with: its files stay open otherwise until collected
    tried = warned = resumed = lost_prefix = 0
    for n in range(CUTS):
        case = tmp_path / f"case{n}"
        shutil.copytree(snapshot, case)
        target = case / ("t.db-wal" if n % 2 == 0 else "t.db")
        size = target.stat().st_size
        with target.open("r+b") as f:
            f.truncate(rng.randrange(1, size))
        tried += 1
        store = Store(case / "t.db")
        warned += bool(store.warnings)
        game = store.last_unfinished()
        if game is not None:
            kept = store.load(game).entries
            lost_prefix += kept != entries[: len(kept)]
        reopened = Table.open(store, default_pack_text())
        resumed += reopened.actions() <= len(entries)
        store.close()
        shutil.rmtree(case)
    record("power_cut", tried=tried, survived=resumed, warned=warned, lost=lost_prefix)
    assert lost_prefix == 0 and resumed == tried and warned == tried
