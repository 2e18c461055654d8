"""What a game shows to chosen seats only, or to everyone, for as long as it is needed (issue 37): a card one
player looks at alone, an unmasked traitor's objective shown to all.

A game lists what it reveals now (`Match.reveals()`, companion.core.game.Reveal). The table keeps each one
the first time it is listed, in its state (saved with the game's table state: a restart shows it still), and
shows it in the views of its readers only: the seats it is addressed to (every reader when it is addressed
to everyone), and the referee, who may know every secret; the public, the table view and a blind referee
(who reads the public's views, web/auth.py) never see one addressed to seats. A seat's reader says it has read
it (`SeenReveal`): it leaves that seat's views; it ends when every seat it was shown to has read it, when the
referee dismisses it, or, for a reveal the game holds (`held`), when the game no longer lists it. A game may
so list a one-off reveal for one move only: the table keeps it until it is read. A rollback to before the
move that revealed it takes it back.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import BadReader
from companion.core.game import Match, Reader, Reveal
from companion.i18n import N_, translate

from .commands import REFEREE, Refused

KEY = "reveals"  # the table state's key in the store

NO_SUCH = N_("There is nothing of that name to read now.")
NOT_YOURS = N_("That was not shown to you.")


@dataclass
class Kept:
    """One reveal as the table keeps it: what the game said, when it first said it, who has read it."""

    reveal: Reveal
    at: int  # the game's version when the game first listed it (a rollback before it takes it back)
    read: set[int] = field(default_factory=set)  # the seats that have read it

    def addressed(self, seats: Collection[int]) -> set[int]:
        return set(seats) if self.reveal.to is None else set(self.reveal.to)

    def shown_to(self, me: int | None) -> bool:
        """Whether the reader (-1 the referee, None the public, else a seat) is shown it now."""
        if me == -1:
            return True
        if self.reveal.to is None:
            return me is None or me not in self.read
        return me is not None and me in self.reveal.to and me not in self.read


class Reveals:
    """The reveals of the game under way: those kept, and the names of those over (never shown again)."""

    def __init__(self) -> None:
        self.kept: dict[str, Kept] = {}
        self.gone: dict[str, int] = {}  # key -> the version it was first listed at

    def clear(self) -> None:
        self.kept, self.gone = {}, {}

    def copy(self) -> Reveals:
        out = Reveals()
        out.kept = {k: Kept(v.reveal, v.at, set(v.read)) for k, v in self.kept.items()}
        out.gone = dict(self.gone)
        return out

    def shape(self) -> tuple[Any, ...]:
        return tuple((k, v.at, tuple(sorted(v.read))) for k, v in self.kept.items()), tuple(self.gone.items())

    def note(self, listed: Sequence[Reveal], version: int) -> None:
        """Keeps what the game lists for the first time (after each move: a one-off of a move that another
        move of the same command follows is kept too)."""
        for reveal in listed:
            if reveal.key not in self.kept and reveal.key not in self.gone:
                self.kept[reveal.key] = Kept(reveal, version)

    def follow(self, game: Any) -> None:
        """After a command: keeps what the game lists for the first time; lets go of a held one it no longer
        lists, and of any revealed after the move the game is now at (a rollback)."""
        if game is None:
            return
        version = game.version
        for key in [k for k, v in self.kept.items() if v.at > version]:
            del self.kept[key]
        self.gone = {k: at for k, at in self.gone.items() if at <= version}
        listed = listed_by(game)
        self.note(listed, version)
        keys = {r.key for r in listed}
        for key in [k for k, v in self.kept.items() if v.reveal.held and k not in keys]:
            self._end(key)

    def read(self, key: str, by: str, seats: Collection[int]) -> dict[str, Any]:
        """`by` ("seat:N" or the referee) has read `key`: it leaves the seat's views; the referee dismisses
        it for everyone. Refused when the reader was not shown it."""
        kept = self.kept.get(key)
        if kept is None:
            raise Refused(NO_SUCH)
        if by == REFEREE:
            self._end(key)
            return {"reveal": key, "over": True}
        seat = _seat(by)
        if seat is None or seat not in kept.addressed(seats) or seat in kept.read:
            raise Refused(NOT_YOURS if seat is None or seat not in kept.addressed(seats) else NO_SUCH)
        kept.read.add(seat)
        over = kept.addressed(seats) <= kept.read
        if over:
            self._end(key)
        return {"reveal": key, "over": over}

    def _end(self, key: str) -> None:
        self.gone[key] = self.kept.pop(key).at

    def view(self, me: int | None, language: str) -> list[dict[str, Any]]:
        """The reveals this reader is shown now, oldest first, in the table's language; the referee also reads
        who each was shown to and who has read it."""
        out = []
        for key, kept in self.kept.items():
            if not kept.shown_to(me):
                continue
            reveal = kept.reveal
            item: dict[str, Any] = {"key": key, "text": translate(language, reveal.message, dict(reveal.params)),
                                    "to": None if reveal.to is None else sorted(reveal.to)}
            if me == -1:
                item["read"] = sorted(kept.read)
            out.append(item)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"kept": [{"key": k, "message": v.reveal.message, "params": dict(v.reveal.params),
                          "to": None if v.reveal.to is None else sorted(v.reveal.to), "held": v.reveal.held,
                          "at": v.at, "read": sorted(v.read)} for k, v in self.kept.items()],
                "gone": dict(self.gone)}

    @classmethod
    def from_json(cls, data: Any) -> Reveals:
        """What the store kept (nothing for a game stored before reveals existed)."""
        out = cls()
        if not isinstance(data, dict):
            return out
        for item in data.get("kept", ()):
            to = item.get("to")
            reveal = Reveal(str(item["key"]), str(item["message"]), dict(item.get("params") or {}),
                            None if to is None else frozenset(int(s) for s in to), bool(item.get("held")))
            out.kept[reveal.key] = Kept(reveal, int(item["at"]), {int(s) for s in item.get("read", ())})
        out.gone = {str(k): int(v) for k, v in (data.get("gone") or {}).items()}
        return out


def listed_by(game: Match) -> list[Reveal]:
    """What a match reveals now (its `reveals()`: by default nothing)."""
    return list(game.reveals())


def _seat(by: str) -> int | None:
    try:
        return Reader.parse(by).seat
    except BadReader:
        return None
