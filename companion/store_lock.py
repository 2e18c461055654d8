"""One table per store: `companion run` holds a lock beside its store while it runs, so that a second one on
the same store (the owner typing `sudo companion run --config /etc/xidit/companion.toml` while the service
runs) says so and stops before it opens the store, rather than writing games under the running table.

The lock is `flock` on a file of its own (`<store>.lock`), opened read-only: whoever made it (root, the
service's account), any account that can read it can take it, and the kernel lets it go when the process
ends, however it ends. SQLite's own locks (fcntl) are another kind and never meet it."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.core.errors import CompanionError

SERVICE = "xidit-companion"  # the unit systemd/install.sh installs


class StoreInUse(CompanionError):
    """Another table runs on this store."""


def lock_path(store: Path) -> Path:
    return store.with_name(store.name + ".lock")


@contextmanager
def only_table(store: Path) -> Iterator[None]:
    """Holds the store's lock for the block; StoreInUse at once when another process holds it. A folder
    that cannot hold the lock file is left to the store to report (it names what is wrong)."""
    path = lock_path(store)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError:
        handle = None
    try:
        if handle is not None:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StoreInUse(f"a table already runs on {store} (the service? `systemctl status {SERVICE}`): "
                                 "stop it first, or give this one another --store") from None
        yield
    finally:
        if handle is not None:
            os.close(handle)
