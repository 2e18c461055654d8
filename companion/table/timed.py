"""Timed windows: a choice the rules give a length of time (companion.core.game.TimeLimit; Zargos's "10
minutes, not one more" to trade) is counted down by the table, never by the engine, which keeps no clock.

The window opens when the game first awaits a choice with a time limit, and lasts while it keeps awaiting
choices of the same window: its deadline is kept with the game's table state, so a restart or a power cut
finds it again and goes on with the time then left (a deadline that passed while the Pi was off closes the
window at once; one further than the window's length, a clock set back, is brought within it). When the
time is up, the table pushes the game's own closing move (its table part's `time_up(match, window)`) in
the name of its clock; the referee may pause, give more time or close it early, each in their name.
The game's answers end it too: once nobody is asked any more, the window is gone.

The clock runs only while the players may use the window. With pace "wait for the table" every decision is
held until the table has done its steps (a phone shows "Waiting for the table to finish…" and its moves are
refused), so a window that opens then waits, its whole length kept, and starts once the table is done; a hold
that comes back in the middle of it (a new step told) pauses it again, in the name of the table (TABLE), and
its end lifts that pause. A pause of the referee's is theirs to lift: the table's hold neither takes it over
nor ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.core.game import Match, TimeLimit
from companion.i18n import N_

KEY = "timer"  # the table state's key in the store
CLOCK = "clock"  # who closes a window whose time is up: the table's own clock
TABLE = "table"  # who holds a window while the players wait for the table (pace "wait for the table")
ACTIONS = ("pause", "resume", "extend", "close")
EXTEND_MOST = 3600  # seconds the referee may add at once

NO_WINDOW = N_("No timed window is open now.")
NOT_UP = N_("The time is not up yet.")
EXTEND_BY = N_("Give 1 to {most} more seconds.")
TIMER_ACTIONS = N_("The countdown can be paused, resumed, extended or closed.")


@dataclass(frozen=True)
class Window:
    """One timed window as the table counts it down."""

    window: str  # the game's word for it (TimeLimit.window)
    opened: int  # how many moves the game held when it opened: a rollback before it ends it
    seconds: int  # its length, with the time the referee added
    deadline: float | None  # the clock's time it runs out; None while paused
    left: float = 0.0  # seconds left while paused
    paused_by: str | None = None
    added: int = 0  # seconds the referee added
    stuck: bool = False  # its closing move was refused: the clock does not push it again (the referee may)

    def remaining(self, now: float) -> float:
        return max(0.0, self.left if self.deadline is None else self.deadline - now)

    def due(self, now: float) -> bool:
        """Its time is up and the clock has not yet pushed its end."""
        return self.deadline is not None and now >= self.deadline and not self.stuck

    def paused(self, now: float, by: str) -> Window:
        if self.deadline is None:
            # The referee pausing a window the table holds makes the pause theirs: the table's end keeps it
            return replace(self, paused_by=by) if self.paused_by == TABLE and by != TABLE else self
        return replace(self, deadline=None, left=self.remaining(now), paused_by=by)

    def resumed(self, now: float) -> Window:
        if self.deadline is not None:
            return self
        return replace(self, deadline=now + self.left, left=0.0, paused_by=None)

    def extended(self, seconds: int) -> Window:
        if self.deadline is None:
            return replace(self, left=self.left + seconds, seconds=self.seconds + seconds, added=self.added + seconds)
        return replace(self, deadline=self.deadline + seconds, seconds=self.seconds + seconds,
                       added=self.added + seconds, stuck=False)


def time_limit(match: Match | None) -> TimeLimit | None:
    """The time limit of the choices the game awaits now (the first one that has one), or None."""
    if match is None or match.result() is not None or match.chance() is not None:
        return None
    for choice in match.awaited():
        found = choice.time_limit
        if found is not None:
            return found
    return None


def follow(window: Window | None, match: Any, now: float, held: bool = False) -> Window | None:
    """The window for the game as it is now: the same one while the game awaits choices of it, a new one
    (its full length from now) when it first awaits a timed choice, none once nobody is asked. While the
    players are `held` (they wait for the table), its clock does not run (see the module's doc)."""
    found = _followed(window, match, now)
    if found is None:
        return None
    if held and found.deadline is not None:
        return found.paused(now, TABLE)
    if not held and found.deadline is None and found.paused_by == TABLE:
        return found.resumed(now)
    return found


def _followed(window: Window | None, match: Any, now: float) -> Window | None:
    found = time_limit(match)
    if found is None:
        # A chance node in the middle of a window (a card drawn) does not end it: its choices come back.
        if window is not None and match is not None and match.result() is None and match.chance() is not None \
                and window.opened <= match.version:
            return window
        return None
    if window is not None and window.window == found.window and window.opened <= match.version:
        return window
    return Window(found.window, match.version, int(found.seconds), now + found.seconds)


def to_json(window: Window | None) -> dict[str, Any] | None:
    if window is None:
        return None
    return {"window": window.window, "opened": window.opened, "seconds": window.seconds,
            "deadline": window.deadline, "left": window.left, "paused_by": window.paused_by,
            "added": window.added, "stuck": window.stuck}


def from_json(saved: Any, now: float) -> Window | None:
    """A window kept in the store, as a restart finds it: a deadline further than the window's length (the
    clock was set back while the Pi was off) is brought within it."""
    if not isinstance(saved, dict):
        return None
    try:
        seconds = int(saved["seconds"])
        deadline = None if saved.get("deadline") is None else float(saved["deadline"])
        window = Window(str(saved["window"]), int(saved["opened"]), seconds, deadline,
                        float(saved.get("left") or 0.0), saved.get("paused_by"), int(saved.get("added") or 0),
                        bool(saved.get("stuck")))
    except (KeyError, TypeError, ValueError):
        return None
    if window.deadline is not None and window.deadline - now > seconds:
        window = replace(window, deadline=now + seconds)
    return window


def view(window: Window | None, now: float) -> dict[str, Any]:
    """What every reader sees of the window (no secret): its word, length, and when it runs out (the
    table's clock, seconds since 1970) or, paused, the seconds left; `left` as of the view's making."""
    if window is None:
        return {}
    return {"timer": {"window": window.window, "seconds": window.seconds, "deadline": window.deadline,
                      "left": round(window.remaining(now)), "paused": window.deadline is None,
                      "paused_by": window.paused_by, "added": window.added}}
