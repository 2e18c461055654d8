"""The table the kill tests kill: `companion run` itself, with the tests' own hook installed, which
says on stdout how many entries are stored after each virtual player's action (what a test may then
count as acknowledged). The product prints nothing of the kind.

Run as `python -m tests.counting_run <companion run arguments>` from the project's root."""

from __future__ import annotations

import functools
import sys

from companion import cli
from companion import run as running


def stored(n: int) -> None:
    print(f"stored {n}", flush=True)


if __name__ == "__main__":
    running.run = functools.partial(running.run, on_stored=stored)  # type: ignore[assignment]
    sys.exit(cli.main(["run", *sys.argv[1:]]))
