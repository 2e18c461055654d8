"""Child processes (`companion run` and the like) that a test can never leak: whatever the test does, the
child is killed if still there, reaped and its pipes closed before the test ends. One test's failure then
cannot fail the next one with a ResourceWarning for a process or a pipe left behind (seen once: a run that
did not stop in time left its pipe to the next test)."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest


@contextmanager
def spawned(args: Sequence[str], **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """The child of `args` (text pipes), for the `with` block's time."""
    process: subprocess.Popen[str] = subprocess.Popen(list(args), text=True, **popen)
    try:
        yield process
    finally:
        reap(process)


def reap(process: subprocess.Popen[str]) -> None:
    """Kills the child if it is still there, waits for it and closes its pipes."""
    if process.poll() is None:
        process.kill()
    process.communicate()  # reads what is left up to the end of each pipe, waits, and closes them


def terminated(process: subprocess.Popen[str], within: float) -> tuple[int, str, str]:
    """SIGTERM, then `ended`."""
    process.send_signal(signal.SIGTERM)
    return ended(process, within)


def ended(process: subprocess.Popen[str], within: float) -> tuple[int, str, str]:
    """The child's exit code and what it writes on its stdout and stderr (if piped) until it ends, read all
    along: a child writing to a pipe nobody reads stops once the pipe is full, and would never end. A child
    still there after `within` seconds is killed and the test fails, with the end of what it wrote."""
    try:
        out, err = process.communicate(timeout=within)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"the child did not end within {within} s; it wrote:\n{(err or '')[-4000:]}")
    return process.returncode, out or "", err or ""
