"""Power cuts: a store whose last write was torn opens to the last complete action, with a warning. Played on
the tests' toy game (tests/games/toy): the store and the table's resume are the same for every game."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion.store import Store
from companion.table import Table
from tests.engine import stored_log

from .support import advance_toy, new_toy_table, toy_inputs

pytestmark = pytest.mark.usefixtures("toy_with_agents")


def played_store(tmp_path: Path, actions: int) -> tuple[Path, list[dict]]:  # type: ignore[type-arg]
    """A store with a game in progress, copied while the table still runs (as a power cut leaves it)."""
    live = tmp_path / "live.db"
    table = new_toy_table(live, seed=21)
    rng = random.Random(21)
    advance_toy(table, rng, actions)
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{live}{suffix}", crashed / f"t.db{suffix}")
    entries = stored_log(table)
    table.stop()  # the copy is what the power cut left; the live store is closed, not left to the collector
    return crashed / "t.db", entries


@pytest.mark.parametrize("seed", range(12))
def test_a_torn_wal_opens_to_a_complete_prefix_with_a_warning(tmp_path: Path, seed: int) -> None:
    path, entries = played_store(tmp_path, 40)
    wal = Path(f"{path}-wal")
    size = wal.stat().st_size
    rng = random.Random(seed)
    frame = 24 + 4096  # the default page size; the cut falls inside a frame, as a torn write does
    frames = (size - 32) // frame
    cut = 32 + rng.randrange(frames // 2, frames) * frame + rng.randrange(1, frame)
    with wal.open("r+b") as f:
        f.truncate(cut)
    store = Store(path)
    game = store.last_unfinished()
    assert game is not None
    kept = store.load(game).entries
    assert kept == entries[: len(kept)]  # a prefix: the complete actions, in order
    assert store.warnings, "a torn write is reported"
    # The table resumes on it and goes on.
    table = Table.open(store, "", game="toy")
    assert table.game_key == "toy" and table.actions() == len(kept)
    rng2 = random.Random(seed)
    for command in toy_inputs(table, rng2):
        table.handle(command)


@pytest.mark.parametrize("seed", range(16))
def test_a_truncated_database_file_never_stops_the_table(tmp_path: Path, seed: int) -> None:
    live = tmp_path / "live.db"
    table = new_toy_table(live, seed=22)
    rng = random.Random(22)
    advance_toy(table, rng, 60)
    entries = stored_log(table)
    table.stop()  # the WAL is now in the database file
    size = live.stat().st_size
    cut = random.Random(seed).randrange(1, size)
    with live.open("r+b") as f:
        f.truncate(cut)
    store = Store(live)
    assert store.warnings
    game = store.last_unfinished()
    if game is not None:
        kept = store.load(game).entries
        assert kept == entries[: len(kept)]
    reopened = Table.open(store, table.board_text, game="toy")
    assert reopened.actions() <= len(entries)
