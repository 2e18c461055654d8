"""What the outside reads of the table: each read takes the table's lock itself, since the loop may be
changing the table meanwhile, and hands out values, never the engine (`decide_for` lends the game's
state to one decision, under the lock). The table's state is declared here; the table (table.py)
makes it and changes it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Hashable
from pathlib import Path
from typing import Any, TypeVar

from companion.core import rebuild, registry
from companion.core.errors import BadRecord, IllegalAction
from companion.core.game import Progress, Rules
from companion.i18n import N_
from companion.store import Store, StoredGame

from . import timed
from .commands import Refused
from .game_parts import GameTable, part_of
from .names import KEY as NAMES_KEY
from .names import from_json as names_from_json
from .names import named
from .sealed import Drafts
from .steps import Step, StepBuilder

Choice = Any  # a game's Choice (companion.core.game.Choice)

T = TypeVar("T")
STUCK = 0.25  # seconds a read waits for the table's lock before it takes what it read last time
WAITING = N_("Waiting for the table to finish: {step}")
HISTORY = 15  # the recent actions the referee may go back to by pointing
ASIDE_LISTED = 8  # the games set aside a list shows, newest first


def stored_names(stored: Any) -> dict[int, str]:
    """The names the table keeps for a stored game whose setup holds none (names.py)."""
    return names_from_json(stored.table_state.get(NAMES_KEY))


def kept_entries(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A stored log's actions that its rollback markers left standing, in order."""
    kept: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("type") == "rollback":
            del kept[int(entry["keep"]):]
        else:
            kept.append(entry)
    return kept


def _move(rules: Rules, entry: dict[str, Any]) -> Any:
    """A log entry as the move it stands for: a chance outcome as the game writes it, or an action."""
    return rules.move_from_json({k: v for k, v in entry.items() if k != "by"})


def replayed(stored: StoredGame) -> Any:
    """A stored game as its log leaves it (rollback markers applied), up to its first entry that cannot be replayed."""
    module = registry.load(stored.game)
    part_of(stored.game)  # Refused in words for a game that cannot be played at a table
    rules, packs = module.rules, module.packs
    actions = [_move(rules, entry) for entry in kept_entries(stored.entries)]
    board = packs.parse(stored.board_pack) if packs is not None else None
    setup = rules.setup_from_json(stored.setup)
    while True:
        try:
            return rebuild.rebuilt(rules, board, setup, actions)
        except (IllegalAction, BadRecord) as error:
            if not actions:
                raise
            index = getattr(error, "index", None)
            actions = actions[:index] if isinstance(index, int) and index < len(actions) else actions[:-1]


def _playable(stored: StoredGame) -> bool:
    """Whether this companion has the game module of a stored game (a game of another it lists not)."""
    known = registry.keys()  # (a module's function, not a dict's)
    return stored.game in known


class TableReads:
    """Most reads take the table's lock. Those of one attribute that the loop replaces and never changes in
    place (the version, the game's number, the language, the boards, whether a game exists) do not: a
    page reads them at once even while the loop waits on a stalled write."""

    _lock: threading.RLock
    _store: Store
    _game: Any  # the game under way (a companion.core.game.Match), or None
    _part: GameTable  # what the table asks of its game (game_parts.py)
    _rules: Rules  # the game's engine (companion.core.game.Rules): set-ups, moves, start
    _key: str  # the game module of the game under way (with none, of the next one)
    _next_game: str  # the game module the next pack is of
    _chance: dict[str, str]  # who resolves chance (chance.py)
    _game_id: int | None
    _entries: list[dict[str, Any]]  # the stored log of this game: actions and markers
    _version: int
    _drafts: Drafts
    _seats: dict[int, dict[str, str]]  # who plays each seat (seats.py)
    _links: dict[int, int]  # each seat's link number (links.py)
    _referee_seat: int | None  # the seat the referee plays too (referee.py)
    _blind_told: list[dict[str, Any]]  # what the table was told of blind mode (referee.py)
    _carried: dict[int, dict[str, int]]  # phones that may follow into this game (carried.py)
    _default_seats: dict[int, dict[str, str]]  # who plays a game's seats when the game does not say
    _hardware: tuple[str, ...]
    _levels: tuple[str, ...]  # the levels a virtual player may play at (seats.py)
    _rounds: list[int]  # the round of each action, as far as known
    _builder: StepBuilder | None
    _acknowledged: int  # steps done, a prefix: someone at the table said so, or the referee skipped them
    _ticked: int  # steps someone said were done
    _skipped: dict[int, str]  # steps the referee passed over, and who did
    _names: dict[int, str]  # names.py: the names typed for a game whose setup holds none
    _boxes: dict[int, dict[str, Any]]  # seat -> {"kind", "connected"}: table state, not saved
    _language: str
    _pace: str
    _board: Any
    _board_text: str  # the pack of the game under way (each game keeps the pack it began with)
    _next_pack: str  # the pack new games start with
    _next_board: Any

    _clock: Callable[[], float]  # the table's clock (timed.py)
    _window: timed.Window | None  # the timed window counted down now (timed.py)

    _kept_reads: dict[Hashable, Any]  # what each read that may wait gave last (see `_fresh_or_kept`)

    def _fresh_or_kept(self, key: Hashable, read: Callable[[], T], said: Callable[[T], T] | None = None) -> T:
        """A read under the table's lock; when the lock is held past STUCK seconds (the loop waits on a
        stalled write), what the same read gave last time: a page that only reads keeps answering, with
        the table as it was before the write (a whole, earlier state), passed through `said` so that it
        says so (a view kept from long before, never read since, is not served as the table now). The loop
        itself holds the lock and reads at once."""
        if self._lock.acquire(timeout=STUCK):
            try:
                value = read()
            finally:
                self._lock.release()
            self._kept_reads[key] = value
            return value
        if key in self._kept_reads:
            kept: T = self._kept_reads[key]
            return kept if said is None else said(kept)
        with self._lock:
            return read()

    def paused(self) -> bool:
        """With pace "wait for the table" (`orders`), nothing is revealed or decided past a step not done:
        players may still program and lock; the reveal and every decision wait."""
        with self._lock:
            return self._held()

    def _held(self) -> bool:
        return self._pace == "orders" and self._acknowledged < len(self._steps())

    def _question_waits(self) -> bool:
        """A question a game asks in turn (its table part's `asks_in_turn`: Xidit's "which tile is on top
        now?", drawn by the order being resolved) waits, whatever the pace, until the table has done every
        step before it: the steps stop at the question, so the table has reached the draw when none is left.
        Asked earlier, the table would turn over a tile for an order it has not carried out yet."""
        return self._part.asks_in_turn and self._game is not None \
            and self._game.chance() is not None and self._acknowledged < len(self._steps())

    def _waiting_for(self) -> Any:
        """The step the game waits for (the oldest not done), as its heading says."""
        steps = self._steps()
        return steps[self._acknowledged].heading if self._acknowledged < len(steps) else ""

    def as_of(self, reader: str = "public") -> dict[str, Any] | None:
        """The engine's view of the game as it stood once the oldest step not done was told (the board as
        the table has it while doing that step), or None when that is the game now or not known (told
        before a rollback). Kept per step: made once, however often the page is drawn."""
        return self._fresh_or_kept(("as_of", reader), lambda: self._as_of(reader))

    def _as_of(self, reader: str) -> dict[str, Any] | None:
        steps, game, builder = self._steps(), self._game, self._builder
        if game is None or builder is None or self._acknowledged >= len(steps):
            return None
        at = steps[self._acknowledged].at
        if at is None or at == (game.version, len(self._part.events(game))):
            return None
        found = builder.as_of.get((at, reader))
        if found is None:
            found = rebuild.rebuilt(self._rules, self._board, game.setup, list(game.moves)[:at[0]], at[1]).view(reader)
            if len(builder.as_of) >= 8:
                builder.as_of.clear()
            builder.as_of[(at, reader)] = found
        return found

    def steps(self) -> list[Step]:
        """Every step of the game under way for the physical table, done or not, in order."""
        with self._lock:
            return self._steps()

    def acknowledged(self) -> int:
        """How many steps are done (the first ones)."""
        with self._lock:
            return self._acknowledged

    def _steps(self) -> list[Step]:
        return self._builder.steps() if self._builder is not None else []

    @property
    def version(self) -> int:
        """One more with each change, and more again after a restart: it never goes back."""
        return self._version

    @property
    def game_id(self) -> int | None:
        """The stored game under way, if any (a finished game stays under way until the next)."""
        return self._game_id

    @property
    def language(self) -> str:
        return self._language

    @property
    def board(self) -> Any:
        """The board of the game under way (with no game yet, of the next one)."""
        return self._board

    @property
    def board_text(self) -> str:
        """The pack text of the game under way."""
        return self._board_text

    @property
    def new_board(self) -> Any:
        """The board new games start with."""
        return self._new_board()

    @property
    def new_pack(self) -> str:
        """The pack text new games start with."""
        return self._next_pack

    def boards(self) -> tuple[Any, Any]:
        """The board in use (the game under way's, with no game the next one's) and the board new
        games start with (without the lock, as `board`)."""
        return (self._board if self._game is not None else self._new_board()), self._new_board()

    @property
    def store_path(self) -> Path:
        """Where the table's store is: what belongs next to it (the verified pack) goes there."""
        return self._store.path

    def setting(self, key: str) -> str | None:
        """A setting kept in the store between runs (read on the store's own reading connection)."""
        return self._store.setting(key)

    def set_setting(self, key: str, value: str) -> None:
        with self._lock:
            self._store.set_setting(key, value)

    def referee_plays(self) -> int | None:
        """The seat the referee of the game under way plays too, if any: their pages are blind by default.
        Read without the lock (one value the loop replaces)."""
        return self._referee_seat

    def follows(self, seat: int, game: int, link: int) -> bool:
        """Whether a phone signed in to this seat of that game, with that link number, may follow into the
        same seat of the game under way (carried.py), whose link was not renewed since."""
        with self._lock:
            return self._carried.get(seat) == {"game": game, "link": link} and self._links.get(seat, 0) == 0

    def seat_link(self, seat: int) -> int:
        """The number of the seat's link now (links.py): its token is made with it. Read without the lock."""
        return self._links.get(seat, 0)

    def has_game(self) -> bool:
        """Whether a game was started (it may be over)."""
        return self._game is not None

    def glance(self) -> tuple[Progress | None, bool]:
        """Where the game under way stands (None with no game) and whether it is over, read without the
        table's lock, as `has_game` is: a page that only reads answers while a write hangs (saving.py). Read
        during a change, it is the game on either side of it."""
        game = self._game
        return (None, False) if game is None else (game.progress(), game.result() is not None)

    def playing(self) -> bool:
        """Whether a game is under way and not over."""
        with self._lock:
            return self._game is not None and self._game.result() is None

    def outcome(self) -> Any:
        """How the game under way ended, in its game's own words (Xidit's Outcome), or None."""
        with self._lock:
            if self._game is None:
                return None
            return self._game.outcome()

    def result(self) -> Any:
        """How the game under way ended (companion.core.game.Result), or None."""
        with self._lock:
            return self._game.result() if self._game is not None else None

    @property
    def game_key(self) -> str:
        """The game module of the game under way (with none, of the next one): its registry id."""
        return self._key

    def actions(self) -> int:
        """How many actions the game under way holds."""
        with self._lock:
            return self._game.version if self._game is not None else 0

    def phase(self) -> str:
        """The phase of the game under way ("setup" with none), as its views say."""
        with self._lock:
            return self._game.progress().phase if self._game is not None else "setup"

    def round(self) -> int | None:
        """The round of the game under way (Xidit's year), None with none."""
        with self._lock:
            return self._game.progress().round if self._game is not None else None

    def stored(self) -> int:
        """How many entries the stored log of the game under way holds: actions and markers."""
        with self._lock:
            return len(self._entries)

    def players(self) -> list[tuple[int, str, str | None]]:
        """The seat, colour and name of each player of the game under way, in seat order."""
        def read() -> list[tuple[int, str, str | None]]:
            if self._game is None:
                return []
            return named(self._rules.players(self._game.setup), self._names)
        return self._fresh_or_kept(("players",), read)

    def seat_devices(self) -> dict[int, dict[str, str]]:
        """Who plays each seat of the game under way, when the referee said so (seats.py); else empty."""
        with self._lock:
            return {seat: dict(d) for seat, d in self._seats.items()}

    def seat_devices_now(self) -> dict[int, dict[str, str]]:
        """Who plays each seat of the game under way: as the referee said, else as the run's config says."""
        with self._lock:
            return {seat: dict(d) for seat, d in self._played().items()}

    def _played(self) -> dict[int, dict[str, str]]:
        """Who plays each seat of the game under way: as the game says, else the run's defaults."""
        if self._seats or self._game is None:
            return self._seats
        players = self._seat_numbers(self._game)
        return {s: d for s, d in self._default_seats.items() if s in players}

    def _sealed_choices(self) -> list[Any]:
        """The sealed choices awaited now (Xidit's programs): each seat's draft is held until all are locked."""
        if self._game is None or self._part.drafts is None:
            return []
        return [c for c in self._game.awaited() if c.sealed]

    def _seat_numbers(self, game: Any) -> set[int]:
        """The seats of a game."""
        return {seat for seat, _, _ in self._rules.players(game.setup)}

    def seated(self, seat: int) -> bool:
        """Whether the game under way has this seat."""
        with self._lock:
            return self._game is not None and seat in self._seat_numbers(self._game)

    def legal(self, seat: int) -> tuple[int, list[Choice]] | None:
        """The version and the legal choices of one seat now; None when the game has no such seat."""
        with self._lock:
            if self._game is None or seat not in self._seat_numbers(self._game):
                return None
            return self._version, list(self._game.awaited(seat))

    def decide_for(self, decide: Callable[[Choice, Any], Any],
                   seats: Collection[int] | None = None) -> tuple[Choice, Any] | None:
        """The first choice awaited from these seats (a locked program waits for the others' locks)
        and the action `decide` takes on it, read at once: for players the machine plays itself."""
        with self._lock:
            choice = self._first_awaited(seats)
            if choice is None or self._game is None:
                return None
            # The game's own state when it has one (Xidit's agents read it), else the match itself.
            return choice, decide(choice, self._game.state)

    def _first_awaited(self, seats: Collection[int] | None) -> Choice | None:
        """The first choice awaited from these seats (all, with None); a locked program waits for the
        others' locks. The caller holds the lock."""
        game = self._game
        if game is None or game.result() is not None:
            return None
        for choice in game.awaited():
            if seats is not None and choice.seat not in seats:
                continue
            if choice.sealed and choice.seat in self._drafts.locked:
                continue
            if not choice.sealed and self._held():
                continue  # a decision waits for the table (pace "wait for the table"); a program does not
            return choice
        return None

    def action_rounds(self) -> list[int]:
        """The round each action of the game under way was taken in (found again by replaying once when
        the table does not know them yet: after a resume or an import)."""
        with self._lock:
            game = self._current()
            if len(self._rounds) < game.version:
                for replay in rebuild.replaying(self._rules, self._board, game.setup, list(game.moves)):
                    if len(self._rounds) == replay.version < game.version:
                        self._rounds.append(replay.progress().round)
            return self._rounds[:game.version]

    def history(self, limit: int = HISTORY, *, blind: bool = False) -> list[dict[str, Any]]:
        """The last actions in words, newest first; `keep` goes back to just before each. A `blind`
        referee is not told the census choices still behind the players' screens."""
        def read() -> list[dict[str, Any]]:
            if self._game is None:
                return []
            game, rounds, lang = self._game, self.action_rounds(), self._language
            return [{"keep": n, "text": self._part.describe(lang, game, n, rounds[n], blind=blind)}
                    for n in range(game.version - 1, max(-1, game.version - 1 - limit), -1)]
        return self._fresh_or_kept(("history", limit, blind), read)

    def record(self) -> dict[str, Any]:
        """The game record (docs/formats.md, "Game record") of the game in hand: its effective actions."""
        with self._lock:
            return dict(self._current().record_json())

    def set_aside(self) -> list[dict[str, Any]]:
        """The games set aside, newest first (the last few): number, date, players and how far they went.
        Read from the store alone, without the table's lock."""
        listed = []
        for game_id, created in self._store.aside()[:ASIDE_LISTED]:
            stored = self._store.load(game_id)
            if not _playable(stored):
                continue
            game, rules = replayed(stored), registry.load(stored.game).rules
            listed.append({"game": game_id, "created": created, "year": game.progress().round,
                           "actions": game.version,
                           "players": [{"seat": seat, "colour": colour, "name": name} for seat, colour, name in
                                       named(rules.players(game.setup), stored_names(stored))]})
        return listed

    def finished(self) -> list[dict[str, Any]]:
        """The games played to their end, newest first (the last few): number, date and players. Read from
        the store alone, without the table's lock."""
        listed = []
        for game_id, created in self._store.finished_games()[:ASIDE_LISTED]:
            stored = self._store.load(game_id)
            if not _playable(stored):
                continue
            rules = registry.load(stored.game).rules
            setup = rules.setup_from_json(stored.setup)
            listed.append({"game": game_id, "created": created,
                           "players": [{"seat": seat, "colour": colour, "name": name}
                                       for seat, colour, name in named(rules.players(setup), stored_names(stored))]})
        return listed

    def created(self, game_id: int | None) -> str | None:
        """When a stored game was begun (UTC, ISO 8601), or None."""
        return None if game_id is None else self._store.created(game_id)

    def is_aside(self, game_id: int) -> bool:
        return game_id in {g for g, _ in self._store.aside()}

    def record_of(self, game_id: int) -> dict[str, Any]:
        """The game record of the game under way, of a game set aside or of a finished game."""
        with self._lock:
            if game_id == self._game_id and self._game is not None:
                return dict(self._game.record_json())
            if game_id not in {g for g, _ in self._store.aside() + self._store.finished_games()}:
                raise Refused(N_("There is no such game set aside or finished."))
            return dict(replayed(self._store.load(game_id)).record_json())

    def _new_board(self) -> Any:
        """The board of the pack new games start with."""
        return self._board if self._next_pack == self._board_text else self._next_board

    def _current(self) -> Any:
        if self._game is None:
            raise Refused(N_("No game is under way: the referee starts one."))
        return self._game
