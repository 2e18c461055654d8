"""`companion run` with the worst-timed SIGTERM (tests/table/test_stop.py): it lands while the run's loop
waits on its stop event holding that event's lock, as `threading.Event.wait` does for a few bytecodes every
turn: the run must then stop by itself. Says on stdout how many entries are stored after each virtual
player's action, as tests/counting_run does, and `signalled` once the SIGTERM is sent, each line in one write
(lines written by two threads do not mix). The product has no such hook.

Run as `python -m tests.signalled_run <companion run arguments>` from the project's root."""

from __future__ import annotations

import functools
import os
import signal
import sys
import threading

from companion import cli
from companion import run as running


def say(line: str) -> None:
    sys.stdout.write(f"{line}\n")
    sys.stdout.flush()


def stored(n: int) -> None:
    say(f"stored {n}")


class SignalledInWait(threading.Event):
    def __init__(self) -> None:
        super().__init__()
        self.sent = False

    def wait(self, timeout: float | None = None) -> bool:
        if not self.sent:
            self.sent = True
            with self._cond:  # type: ignore[attr-defined]  # the event's own lock, held as its wait holds it
                os.kill(os.getpid(), signal.SIGTERM)  # Python runs the run's handler here, before kill returns
            say("signalled")
        return super().wait(timeout)


if __name__ == "__main__":
    running.run = functools.partial(running.run, stop=SignalledInWait(), on_stored=stored)  # type: ignore[assignment]
    sys.exit(cli.main(["run", *sys.argv[1:]]))
