"""Stores set aside beside the table's store, and taking their games back (`companion store list|resume`).

A damaged store is moved aside as `<store>.damaged-<unix time>` and what can be read of it is copied into
a fresh one (companion/store.py). Before issue 36 a full or failing card at start-up was taken for damage
too, so a healthy store could be set aside whole: its games must not be out of reach. `stores_aside`
lists every such file with the games that can still be read in it; `take_back` copies them into the
table's store, numbered after its own games, each game that was under way as a game set aside, so the
referee resumes it from the referee page's "Games set aside" (a running table lists it at once). The file
set aside is read only, never changed; a file taken back once is refused the second time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from .store import DAMAGED, Store, StoreError, read_what_you_can


@dataclass(frozen=True)
class StoreAside:
    path: Path
    moved: str  # when it was set aside (UTC), from its name
    games: int  # games that can be read in it
    actions: int  # log entries that can be read in it, in all
    under_way: int  # of its games, those that were under way
    taken_back: bool  # its games are in the table's store already


def stores_aside(store: Path) -> list[StoreAside]:
    """The stores set aside beside `store`, oldest first."""
    found = []
    for path in sorted(store.parent.glob(f"{store.name}{DAMAGED}*")):
        stamp = path.name[len(store.name) + len(DAMAGED):]
        if not stamp.isdigit():  # its -wal or -shm
            continue
        games, entries, _ = read_what_you_can(path)
        found.append(StoreAside(path, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(int(stamp))), len(games),
                                len(entries), sum(1 for g in games if g[4] == 0), False))
    return found


def mark_taken(found: list[StoreAside], store: Store) -> list[StoreAside]:
    """The same list, saying which were taken back into this store already."""
    return [StoreAside(a.path, a.moved, a.games, a.actions, a.under_way, store.setting(_key(a.path)) is not None)
            for a in found]


def take_back(store: Store, aside: Path) -> list[int]:
    """Copies every readable game of a store set aside into `store`; the new numbers of its games."""
    if DAMAGED not in aside.name or not aside.is_file():
        raise StoreError(f"{aside} is not a store set aside (`companion store list` lists them)")
    key = _key(aside)
    if store.setting(key) is not None:
        raise StoreError(f"the games of {aside} were taken back already: {store.setting(key)}")
    games, entries, states = read_what_you_can(aside)
    if not games:
        raise StoreError(f"no game can be read in {aside}")
    with store.together():  # the games and the note that they were taken back, or neither
        numbers = store.take_in(games, entries, states)
        store.set_setting(key, ", ".join(f"game {old} is game {new}" for old, new in numbers.items()))
    return list(numbers.values())


def _key(aside: Path) -> str:
    return f"taken_back:{aside.name}"
