"""What each change of the table touched, so that a command sent from a view is refused as stale only
when something it depends on changed since that view.

A page sends the table's version it last saw with each command. Refusing every command whose version
is not the newest let anything unrelated (another seat's draft, a step ticked on the table view, a
client looping on commands) make every tap fail. Instead each change notes its parts ("game", one
seat's draft, the steps...) and a command names the parts it was decided on: a seat's tap depends on
the game and on that seat's own draft, a decision on the game, a pace on nothing (it says the whole
of what it wants).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from companion.i18n import N_

from .commands import (
    Acknowledge,
    Command,
    Countdown,
    Decide,
    EditDraft,
    ImportGame,
    MoveSeat,
    NewGame,
    Refused,
    RenewLink,
    ResumeGame,
    Rollback,
    Seal,
    SeenReveal,
    SetBlind,
    SetBoard,
    SetLanguage,
    SetPace,
    Tell,
    Unseal,
)

KEPT = 1024  # changes remembered; a view older than all of them is stale for any command

GAME = "game"  # the game's actions, its layout, which game is under way
STEPS = "steps"  # the physical table's steps as listed (they grow as the game goes on)
WHICH = "which"  # which game is under way: its steps are numbered once for all (a rollback only adds)
TIMER = "timer"  # the countdown of a timed window (timed.py)
REVEALS = "reveals"  # what the game showed to chosen seats, and who has read it (reveals.py)


def draft(seat: int) -> str:
    """The part that is one seat's sealed draft being keyed in, and whether it is sealed."""
    return f"draft:{seat}"


class Moved(Refused):
    """A command decided on a view that a change to what it depends on has made stale."""

    def __init__(self, version: int) -> None:
        super().__init__(N_("The game moved on: look again and retry."), details={"version": version})
        self.version = version


def depends_on(command: Command) -> frozenset[str] | None:
    """The parts a command was decided on; None: every part (a command this module does not know)."""
    match command:
        case EditDraft(seat=seat) | Seal(seat=seat) | Unseal(seat=seat):
            return frozenset({GAME, draft(seat)})
        case Decide() | Tell():
            return frozenset({GAME})
        case NewGame() | ImportGame() | ResumeGame():
            # Which game is set aside is said by `replacing` (the table refuses a game under way it does not
            # name): the referee's wizard stays good while virtual players play on, unless another game took
            # the table (its virtual players deciding at once, it was refused as stale at every try).
            return frozenset({WHICH})
        case Rollback(confirm=confirm):
            return frozenset({GAME}) if confirm else frozenset()  # a preview changes nothing
        case Acknowledge():
            # "Done up to step n" says the same whatever the game did since (steps are only ever added):
            # a tap stays good while virtual players play on, unless another game took the table.
            return frozenset({WHICH})
        case MoveSeat():
            return frozenset({GAME, "seats"})
        case RenewLink():
            return frozenset({GAME, "links"})  # a second tap on an old page renews no link the first one made
        case Countdown():
            return frozenset({TIMER})  # a tap on a countdown another tap changed since is looked at again
        case SeenReveal():
            return frozenset({WHICH})  # "I have read it" stays true whatever the game did since
        case SetPace() | SetLanguage() | SetBoard() | SetBlind():
            return frozenset()  # each says all it wants, whatever the table looked like
    return None


class Changes:
    """The parts each of the last KEPT versions touched."""

    def __init__(self, version: int = 0) -> None:
        self._kept: deque[tuple[int, frozenset[str]]] = deque(maxlen=KEPT)
        self._since = version  # every change after this version is kept

    def restart(self, version: int) -> None:
        """A table opened at this version: what came before is not known."""
        self._kept.clear()
        self._since = version

    def note(self, version: int, touched: frozenset[str]) -> None:
        if len(self._kept) == KEPT:
            self._since = self._kept[0][0]
        self._kept.append((version, touched))

    def stale(self, seen: int, now: int, parts: frozenset[str] | None) -> bool:
        """Whether a view of version `seen` misses a change to one of `parts` (None: to anything)."""
        if seen > now or seen < self._since:
            return True
        for version, touched in reversed(self._kept):
            if version <= seen:
                return False
            if parts is None or touched & parts:
                return True
        return False


def touched(before: dict[str, tuple[Any, ...]], after: dict[str, tuple[Any, ...]]) -> frozenset[str]:
    """The parts whose values differ between two shapes of the table (objects compared by identity first:
    the game is the same game only if it is the same object)."""
    return frozenset(part for part in before.keys() | after.keys()
                     if not _same(before.get(part), after.get(part)))


def _same(a: tuple[Any, ...] | None, b: tuple[Any, ...] | None) -> bool:
    if a is None or b is None:
        return a is b
    if len(a) != len(b):
        return False
    return all(x is y or (type(x) is type(y) and _plain(x) and x == y) for x, y in zip(a, b, strict=True))


def _plain(value: Any) -> bool:
    """Values compared by what they hold: numbers, text, and containers of them."""
    return isinstance(value, (int, str, float, bool, tuple, frozenset, dict, list, type(None))) or \
        hasattr(value, "__dataclass_fields__")
