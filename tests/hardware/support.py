"""Helpers for the hardware tests: collect events from adapter threads and wait for them without sleeping."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from hardware.events import InputEvent


class Collector:
    """A sink that records events and lets a test wait until a condition on them holds."""

    def __init__(self) -> None:
        self.events: list[InputEvent] = []
        self.times: list[float] = []
        self._changed = threading.Condition()

    def __call__(self, event: InputEvent) -> None:
        with self._changed:
            self.events.append(event)
            self.times.append(time.monotonic())
            self._changed.notify_all()

    def wait_until(self, condition: Callable[[list[InputEvent]], bool], timeout: float = 5.0) -> bool:
        """True as soon as `condition(events)` holds; False if it still does not after `timeout` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: condition(self.events), timeout)

    def wait_for(self, count: int, timeout: float = 5.0) -> bool:
        return self.wait_until(lambda events: len(events) >= count, timeout)

    def snapshot(self) -> list[InputEvent]:
        with self._changed:
            return list(self.events)


def settle(seconds: float) -> None:
    """Give threads a chance to (wrongly) produce something: a wait on an event nobody sets."""
    threading.Event().wait(seconds)
