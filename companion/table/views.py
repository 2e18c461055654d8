"""What readers see: the table's view for each reader (the engine's view in the table's envelope,
envelope.py: its version, players, the table's own part: instructions, drafts, boxes, pace, board), made once
per reader and version however many ask.

The one cache of views lives here: every view of the current version, by reader, with its JSON text
once someone asks for it. The version only ever rises, so a kept view is dropped as soon as it moves on.
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from companion.core import registry
from companion.core.game import Reader
from companion.i18n import N_, translate

from . import chance, referee, results, seats, timed
from . import names as typed_names
from .envelope import Envelope, drawable, seated_players, served
from .reads import WAITING, TableReads
from .reveals import Reveals
from .saving import CANNOT_SAVE, STILL_SAVING, Saving
from .snapshot import SeatSnapshot
from .steps import Step

Choice = Any  # a game's Choice (companion.core.game.Choice)


def parse_reader(reader: str, seats: Collection[int]) -> int | None:
    """The seat a reader may see the secrets of; None for the public; -1 for the referee (BadReader, from
    the one parser: companion.core.game.Reader)."""
    return Reader.parse(reader, seats).me


PLAYER = N_("Player {n}")  # a seat nobody named
RECENT = 6  # steps already done that a view still lists (with their lines among its instructions)
TODO_LISTED = 12  # steps to do a view lists, the oldest first: a table that never says Done can owe a hundred


class ViewCache:
    """The views of one version by reader, and the text of steps as each reader is shown them (a step
    only grows while it is open: its text is kept by its length for the whole game)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version = -1
        self._views: dict[str, tuple[dict[str, Any], Envelope]] = {}
        self._json: dict[str, str] = {}
        self._other: dict[tuple[Any, ...], Any] = {}
        self._steps: dict[tuple[int, int, str, int | None], dict[str, Any]] = {}

    def view(self, version: int, reader: str,
             build: Callable[[], tuple[dict[str, Any], Envelope]]) -> tuple[dict[str, Any], Envelope]:
        """The kept view and its envelope, else new ones; the caller holds the table's lock so `build` sees one
        state."""
        with self._lock:
            self._move_to(version)
            found = self._views.get(reader)
        if found is None:
            found = build()
            with self._lock:
                if self._version == version:
                    found = self._views.setdefault(reader, found)
        return found

    def json(self, version: int, reader: str, view: dict[str, Any]) -> str:
        with self._lock:  # made once, while the other streams of this reader wait for it
            self._move_to(version)
            text = self._json.get(reader) if self._version == version else None
            if text is None:
                text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
                if self._version == version:
                    self._json[reader] = text
        return text

    def kept(self, version: int, reader: str) -> tuple[tuple[dict[str, Any], Envelope] | None, str | None]:
        """The view (with its envelope) and its JSON text already made for this reader at this version, if
        any: read without the table's lock (a loop stuck on a write holds it), since a kept view never
        changes."""
        with self._lock:
            if self._version != version:
                return None, None
            return self._views.get(reader), self._json.get(reader)

    def kept_other(self, version: int, key: tuple[Any, ...]) -> Any:
        """Something else made from this version's state (a seat's snapshot), if kept."""
        with self._lock:
            return self._other.get(key) if self._version == version else None

    def keep_other(self, version: int, key: tuple[Any, ...], value: Any) -> None:
        with self._lock:
            self._move_to(version)
            if self._version == version:
                self._other[key] = value

    def step(self, key: tuple[int, int, str, int | None], make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = make()
        return found

    def renumber(self) -> None:
        """A new game (or a rollback) numbers its steps afresh."""
        self._steps = {}

    def _move_to(self, version: int) -> None:
        if version > self._version:
            self._version, self._views, self._json, self._other = version, {}, {}, {}


@dataclass(frozen=True)
class Awaited:
    """A choice awaited, its seat's view, and the game it is of (its module, number and board)."""

    game: str
    game_id: int | None
    board: Any
    choice: Choice
    view: dict[str, Any]


class TableViews(TableReads):
    """The part of the table that makes views: for phones and pages, and for boxes (a seat's snapshot)."""

    _views: ViewCache
    _saving: Saving
    _reveals: Reveals

    def awaited(self, seats: Collection[int]) -> tuple[Choice, dict[str, Any]] | None:
        """The first choice awaited from these seats and that seat's own view, read at once: all a
        virtual player may know when it decides."""
        found = self.awaited_in_game(seats)
        return None if found is None else (found.choice, found.view)

    def awaited_in_game(self, seats: Collection[int]) -> Awaited | None:
        """`awaited`, with the game it is awaited in, all read at once: a virtual player decides with that
        game's agents on that game's board, even when the referee starts another game meanwhile."""
        with self._lock:
            choice = self._first_awaited(seats)
            if choice is None:
                return None
            return Awaited(self._key, self._game_id, self._board, choice, self.view(f"seat:{choice.seat}"))

    def view(self, reader: str = "referee") -> dict[str, Any]:
        """The view for a reader, as served (envelope.py). It is shared with every other caller for this
        version: never modify it."""
        return self.enveloped(reader)[0]

    def envelope(self, reader: str = "referee") -> Envelope:
        """What the framework knows of a reader's view (envelope.py): what its own code and pages read."""
        return self.enveloped(reader)[1]

    def enveloped(self, reader: str = "referee") -> tuple[dict[str, Any], Envelope]:
        """The view for a reader as served and its envelope, of one version. One already made for the version
        now is handed out without the table's lock, so a page that only reads answers even while the loop
        waits on a stalled write (saving.py)."""
        found, _ = self._views.kept(self._version, reader)
        if found is not None:
            return self._while_stalled(found)
        return self._fresh_or_kept(("view", reader),
                                   lambda: self._views.view(self._version, reader, lambda: self._build_view(reader)),
                                   self._while_stalled)

    def view_json(self, reader: str = "referee") -> tuple[int, str]:
        """The version and the view as JSON text, made once per reader and version however many
        phones ask. The text is made outside the table's lock, so the loop never waits for it."""
        version = self._version
        _, text = self._views.kept(version, reader)
        if text is not None and not self._saving.stalled():
            return version, text
        version, (view, envelope) = self._fresh_or_kept(
            ("json", reader), lambda: (self._version, self.enveloped(reader)),
            lambda kept: (kept[0], self._while_stalled(kept[1])))
        if envelope.table.get("saving", {}).get("stalled"):  # made for this moment only: not kept
            return version, json.dumps(view, ensure_ascii=False, separators=(",", ":"))
        return version, self._views.json(version, reader, view)

    def _while_stalled(self, made: tuple[dict[str, Any], Envelope]) -> tuple[dict[str, Any], Envelope]:
        """A view handed out while a write hangs (saving.py: STALL), without the table's lock: it says the
        table is still saving, and `stale` when the table has changed since it was made (the audit's
        stalled disk served the public a view of version 2 while the game was at action 117)."""
        view, envelope = made
        if not self._saving.stalled():
            return made
        said = {"problem": translate(self._language, STILL_SAVING), **(envelope.table.get("saving") or {}),
                "stalled": True, "stale": envelope.version < self._version}
        table = {**envelope.table, "saving": said}
        return {**view, "table": table}, envelope.with_table(table)

    def _build_view(self, reader: str) -> tuple[dict[str, Any], Envelope]:
        """The view for a reader and its envelope: the game's view is composed into the served one, never
        changed (envelope.py)."""
        if self._game is None:  # no game: the framework's view alone
            part = self._table_part(reader, None)
            return ({"format": registry.load(self._key).rules.view_format, "view": reader, "version": self._version,
                     "phase": "setup", "table": part}, Envelope(self._version, reader, table=part))
        game = self._game
        own: dict[str, Any] = game.view(reader)
        who = Reader.parse(reader, self._seat_numbers(game))
        me = who.me
        # Each seat says whether its sealed choice is locked, never what it is.
        locked = self._drafts.locked if self._sealed_choices() else None
        players = typed_names.named(self._rules.players(game.setup), self._names)
        envelope = Envelope(self._version, reader, progress=game.progress(), result=game.result(),
                            players=seated_players(players, locked),
                            awaiting=tuple(game.awaiting_for(who)), drawable=drawable(game.chance(), me),
                            table=self._table_part(reader, me))
        return served(own, envelope, self._names), envelope

    def _step_json(self, n: int, step: Step, me: int | None) -> dict[str, Any]:
        """A step as one reader sees it (a player reads their own private lines, the referee every one)."""
        private = any(line.private is not None and (me == -1 or me == line.seat) for line in step.lines)
        key = (n, len(step.lines), self._language, me if private else None)
        sealed = self._builder is not None and n < self._builder.sealed  # an open step may still change
        made = self._views.step(key, lambda: step.to_json(self._language, me)) if sealed \
            else step.to_json(self._language, me)
        skipped = self._skipped.get(n)
        return dict(made, n=n, done=n < self._acknowledged, ticked=n < self._ticked and skipped is None,
                    **({"skipped": skipped} if skipped is not None else {}))

    def steps_json(self, reader: str, first: int = 0) -> list[dict[str, Any]]:
        """Every step from `first` on as this reader sees them (the log of the table page)."""
        def read() -> list[dict[str, Any]]:
            me = parse_reader(reader, self._seat_numbers(self._game)) if self._game is not None else None
            return [self._step_json(n, step, me) for n, step in enumerate(self._steps()) if n >= first]
        return self._fresh_or_kept(("steps", reader, first), read)

    def _table_part(self, reader: str, me: int | None) -> dict[str, Any]:
        """The steps not done, the oldest first (the first TODO_LISTED), and the last few done: a view does
        not grow with the game. `instructions` lists their lines, each with its step's number."""
        every = self._steps()
        start, end = max(0, self._acknowledged - RECENT), min(len(every), self._acknowledged + TODO_LISTED)
        steps = [self._step_json(n, every[n], me) for n in range(start, end)]
        shown = [dict(line, n=step["n"], done=step["done"]) for step in steps for line in step["lines"]]
        drafts = self._drafts
        held = self._held()
        part: dict[str, Any] = {"game": self._game_id, "actions": self._game.version if self._game else 0,
                                "pace": self._pace, "paused": held,
                                "language": self._language, "acknowledged": self._acknowledged,
                                "ticked": self._ticked, "steps": steps, "steps_total": len(every),
                                "instructions": shown, "locked": sorted(drafts.locked),
                                "boxes": {str(s): dict(b) for s, b in sorted(self._boxes.items())},
                                "board": self._board_part(), "asking": self._asking(), **self._seats_part(me),
                                **self._chance_part(me), **timed.view(self._window, self._clock()),
                                **self._referee_part(), **self._result_part()}
        if held or self._question_waits():  # what the game waits for, in words, for every seat's page and box
            heading = every[self._acknowledged].heading
            part["waiting"] = {"n": self._acknowledged, "heading": heading.render(self._language),
                               "text": translate(self._language, WAITING, {"step": heading})}
        if self._saving.failing:  # every reader is told, in words, and what to do
            part["saving"] = {"problem": translate(self._language, CANNOT_SAVE)}
        shown = self._reveals.view(me, self._language)  # reveals.py: only those shown to this reader
        if shown:
            part["reveals"] = shown
        if me == -1:
            # A copy: a draft changes in place, and a view is kept as it was made.
            part["drafts"] = {str(s): copy.deepcopy(d) for s, d in sorted(drafts.by_seat.items())}
        elif me is not None and me in drafts.by_seat:
            part["draft"] = copy.deepcopy(drafts.by_seat[me])
        return part

    def _chance_part(self, me: int | None) -> dict[str, Any]:
        """Who resolves chance now (chance.py), and for a game whose table part lists the moves a reader may
        state (`stated_moves`), those of this reader: a seat's own, the referee's."""
        part: dict[str, Any] = {"chance": self._chance.get("policy")} if self._game is not None else {}
        if self._game is not None and me is not None and \
                (listed := self._part.stated_moves(self._game, None if me == -1 else me)) is not None:
            part["stated"] = listed
        return part

    def _referee_part(self) -> dict[str, Any]:
        """The seat the referee plays and what every reader was told of blind mode (referee.py): no secret."""
        if self._referee_seat is None:
            return {}
        told = [translate(self._language, referee.SAID[t["blind"]], {"year": t.get("year")}) for t in self._blind_told]
        blind = not self._blind_told or self._blind_told[-1]["blind"] == "on"
        return {"referee_plays": self._referee_seat, "referee_blind": blind, "blind_told": told}

    def _result_part(self) -> dict[str, Any]:
        """How a finished game ended, in words (results.py): who won, a team or nobody, and why. No secret:
        every reader is told the end, players by their names (else "Player N")."""
        result = self._game.result() if self._game is not None else None
        if result is None:
            return {}
        named = {seat: name for seat, _, name in typed_names.named(self._rules.players(self._game.setup),
                                                                   self._names) if name}
        shown = registry.load(self._key).shown_seat
        return {"result": results.result_json(result, self._language, lambda seat: named.get(seat) or translate(
            self._language, PLAYER, {"n": shown(seat)}))}

    def _asking(self) -> dict[str, Any] | None:
        """What the table must say before the game goes on (a game set up from what lies face up): no
        secret, every reader sees it, and any player at the table may answer."""
        if self._game is None or (node := self._game.chance()) is None or self._question_waits():
            return None
        asked: dict[str, Any] = self._part.question(self._game, node, self._board, self._language)
        form = chance.form_json(node, self._language)  # a card typed in (companion.core.typed), for any game
        return asked if form is None else {**asked, "form": form}

    def _seats_part(self, me: int | None) -> dict[str, Any]:
        """Who plays each seat and, for the referee, what the table has to offer (seats.py)."""
        played = self._played()
        part: dict[str, Any] = {"seats": {str(s): d for s, d in sorted(played.items())}} if played else {}
        if me == -1:
            part["devices"] = {"boxes": list(self._hardware), "levels": list(seats.levels(self._levels))}
        return part

    def _board_part(self) -> dict[str, Any]:
        """The pack of the game under way and, when new games will use another, that one too."""
        board = self._board
        part: dict[str, Any] = {} if board is None else \
            {"name": board.name, "status": board.status, "sha256": board.sha256}  # a game without packs has none
        if self._next_pack != self._board_text:
            board = self._new_board()
            part["next"] = {"name": board.name, "status": board.status, "sha256": board.sha256}
        return part

    def seat_snapshot(self, seat: int) -> SeatSnapshot:
        """What one player's box may know now, read at once under the table's lock (or kept, once made
        for this version: see `view`)."""
        found: SeatSnapshot | None = self._views.kept_other(self._version, ("snapshot", seat))
        if found is not None:
            return found
        def read() -> SeatSnapshot:
            snapshot = self._seat_snapshot(seat)
            self._views.keep_other(self._version, ("snapshot", seat), snapshot)
            return snapshot
        return self._fresh_or_kept(("snapshot", seat), read)

    def _seat_snapshot(self, seat: int) -> SeatSnapshot:
        # A box of a seat this game has not (a table of four playing a game of two) reads what anyone may.
        seated = self._game is not None and seat in self._seat_numbers(self._game)
        view, envelope = self.enveloped(f"seat:{seat}") if seated else self.enveloped("public")
        rules = self._part.drafts
        blank = tuple(rules.blank(None)) if rules is not None else ()
        if self._game is None or seat not in self._seat_numbers(self._game):
            return SeatSnapshot(view, None, (), blank, False, envelope=envelope)
        choice = next(iter(self._game.awaited(seat)), None)
        if choice is not None and not choice.sealed and self._held():
            choice = None  # the decision waits for the table: the box says what for (view's `waiting`)
        sealed = next((c for c in self._sealed_choices() if c.seat == seat), None)
        node = self._game.chance()
        if node is not None and node.told_by is not None and node.told_by != seat:
            node = None  # another seat's secret draw: its possible cards are not this box's to know
        if rules is None:
            return SeatSnapshot(view, choice, (), (), False, chance=node, envelope=envelope)
        draft = self._drafts.of(seat, rules, sealed)
        forecast = rules.forecast(self._game, seat, draft) if sealed is not None else ()
        return SeatSnapshot(view, choice, forecast, tuple(draft) if isinstance(draft, list) else draft,
                            seat in self._drafts.locked, chance=node, sealed=sealed is not None,
                            envelope=envelope)
