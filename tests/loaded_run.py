"""`companion run` that says, once the table is ready, which games' parts the process has imported: one line
`loaded <module> <module> ...` on stdout (tests/test_games_loaded.py). The product has no such hook.

Run as `python -m tests.loaded_run <companion run arguments>` from the project's root."""

from __future__ import annotations

import sys

from companion import cli, notify
from companion import run as running

PARTS = ("table", "boxes", "web", "agents", "bench", "commands", "testing")


def loaded() -> list[str]:
    """The game packages and game parts imported so far ("companion.games.xidit", "companion.games.xidit.web")."""
    return sorted(name for name in sys.modules if name.startswith("companion.games.")
                  and (name.count(".") == 2 or (name.count(".") == 3 and name.rsplit(".", 1)[1] in PARTS)))


class SaysLoaded(notify.Notifier):
    def ready(self, status: str = "") -> None:
        sys.stdout.write(f"loaded {' '.join(loaded())}\n")
        sys.stdout.flush()
        super().ready(status)


if __name__ == "__main__":
    running.Notifier = SaysLoaded  # type: ignore[attr-defined]
    sys.exit(cli.main(["run", *sys.argv[1:]]))
