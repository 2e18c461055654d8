"""How fast a seat may state moves the game does not ask for (Zargos's effects and trades, issue 36): no
faster than a person at the table taps a form. One seat stated 40 effects in 15 s; each is stored, shown on
every page and replayed forever. The referee is not limited: the referee rules the table.

Times are the table's clock (injectable: tests give a fake one, never sleep)."""

from __future__ import annotations

from companion.i18n import N_

BURST = 4  # statements in a row, as fast as one taps
SECONDS = 10.0  # ... within this many seconds; then one more each time the oldest falls out
TOO_FAST = N_("A person states a move every few seconds at most: wait {seconds} s, then state it again.")


class Stating:
    """The times of each seat's recent statements."""

    def __init__(self) -> None:
        self._times: dict[int, list[float]] = {}

    def wait(self, seat: int, now: float) -> float:
        """Seconds `seat` must wait before its next statement (0: it may state now)."""
        recent = [t for t in self._times.get(seat, []) if now - SECONDS < t <= now]  # a clock set back forgets
        self._times[seat] = recent
        return 0.0 if len(recent) < BURST else recent[0] + SECONDS - now

    def stated(self, seat: int, now: float) -> None:
        self._times.setdefault(seat, []).append(now)
