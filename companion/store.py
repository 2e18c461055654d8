"""The durable store: the only module that touches disk for games.

SQLite in WAL mode with `synchronous=FULL`: an entry is on disk when `append` returns, so an action is
acknowledged only after it is stored. The log is append-only: a rollback appends a marker and nothing
is ever deleted. A power cut can tear only the last WAL frame, which SQLite discards on reopening,
leaving the last complete action.

The WAL is copied into the database file (checkpointed) whenever it passes WAL_PAGES pages, and cut back
to WAL_BYTES when it starts over: never checkpointing let a busy night (or a client looping on commands)
grow it by tens of megabytes on the Pi's card. A checkpoint is safe against a power cut: with
`synchronous=FULL` SQLite syncs the WAL before copying it and the database file before starting the WAL
again, so a cut in the middle leaves the WAL to copy once more on reopening.

A database that SQLite finds damaged anyway is moved aside and what can still be read is copied into a
fresh one, with a warning: a damaged store never stops the table from starting.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError

log = logging.getLogger(__name__)

WAL_PAGES = 1000  # pages in the WAL (4 KB each) that set off a checkpoint: SQLite's default
WAL_BYTES = 4 << 20  # what a WAL that starts over is cut back to
CLOCK_JUMP = 120.0  # seconds the wall clock moves past the steady one taken as a jump (a slewing NTP
#                     moves it by milliseconds)
WAL_HEADER = 32  # bytes, then frames of a 24-byte header and one page (sqlite.org/fileformat.html)
WAL_FRAME_HEADER = 24

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    board_pack TEXT NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,  -- 0 under way, 1 over, 2 set aside (see ASIDE)
    game TEXT NOT NULL DEFAULT 'xidit'  -- the game module's id (companion.core.registry)
);
CREATE TABLE IF NOT EXISTS log (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    game INTEGER,
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS table_state (
    game INTEGER NOT NULL REFERENCES games(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (game, key)
);
"""


DEFAULT_GAME = "xidit"  # what every stored game was before the store said which game it is
ASIDE = 2  # `games.finished` of a game replaced while under way: listed, and resumed on request


class StoreError(CompanionError):
    """The store cannot be opened or written at all (no such folder, disk full, read-only)."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    board_pack: str
    setup: dict[str, Any]
    finished: bool
    entries: list[dict[str, Any]]  # the log in order: actions and markers
    table_state: dict[str, Any]  # what the table keeps beside the log (pace, version, drafts...), by key
    game: str = DEFAULT_GAME  # the game module's id: a store written before there were several games holds Xidit's


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Store:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.warnings: list[str] = []
        self._depth = 0  # how deep in `together` the writes made now are
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            self._db = self._salvage(error)
        except OSError as error:
            raise StoreError(f"cannot open the store {self.path}: {error}") from None
        self._check_writable()
        # Reads on a connection of their own: a write stuck in the disk (on the table's connection) holds
        # that connection, and readers need not wait for it (WAL: they read the last committed state).
        self._reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._reading = threading.Lock()

    @contextmanager
    def together(self) -> Iterator[None]:
        """Every write made inside goes to disk in one transaction, or none does: a command's actions and
        the table's state around them (drafts, locks, pace) can never be found half saved by a restart."""
        with self._writing():
            yield

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error; inside `together`, part of its transaction."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._depth = 0
            self._db.execute("ROLLBACK")
            raise
        self._depth = 0
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error:
            if self._db.in_transaction:  # a COMMIT refused (a full card) leaves the transaction open
                self._db.execute("ROLLBACK")
            raise

    def _check_writable(self) -> None:
        """Refuses a store that cannot be written (read-only, full): a table on it would take actions it
        cannot keep. One small write says so at once (the time it was last opened)."""
        try:
            with self._writing():
                self._db.execute("INSERT OR REPLACE INTO settings VALUES ('last_opened', ?)", (_now(),))
        except sqlite3.Error as error:
            self._db.close()
            raise StoreError(f"the store {self.path} cannot be written ({error}): the table does not start on a "
                             "store it cannot save to. Free space on the card, or make the file and its folder "
                             "writable by the table's user, then start it again.") from None

    def _connect(self, path: Path) -> sqlite3.Connection:
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            _bound_wal(db)
            db.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            db.close()  # a file that is no database: the salvage opens its own
            raise
        return db

    def _open(self) -> sqlite3.Connection:
        self._check_files()
        db = self._connect(self.path)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            _migrate(db)
            db.executescript(SCHEMA)
        except BaseException:
            db.close()
            raise
        return db

    def _check_files(self) -> None:
        """Says so when a file ends inside a page or a WAL frame: the last write was torn. SQLite drops
        a torn WAL frame by itself; a damaged database is salvaged by `_salvage`."""
        wal = Path(f"{self.path}-wal")
        try:
            size = wal.stat().st_size if wal.exists() else 0
            with self.path.open("rb") as db:
                header = db.read(18)
        except OSError:
            return
        page = int.from_bytes(header[16:18], "big") if len(header) == 18 else 4096
        page = 65536 if page == 1 else page or 4096
        if self.path.stat().st_size % page:
            message = f"the store {self.path} is cut off in the middle of a page: its last write was torn"
            log.warning(message)
            self.warnings.append(message)
        if size > 0 and (size < WAL_HEADER or (size - WAL_HEADER) % (WAL_FRAME_HEADER + page)):
            message = (f"the store {self.path} was cut off in the middle of a write (power cut?): "
                       "the incomplete last write is dropped, the game resumes at the last complete action")
            log.warning(message)
            self.warnings.append(message)

    def _salvage(self, error: sqlite3.DatabaseError) -> sqlite3.Connection:
        """Moves a damaged database aside and rebuilds a store from every row still readable."""
        aside = self.path.with_name(f"{self.path.name}.damaged-{int(time.time())}")
        for suffix in ("", "-wal", "-shm"):
            src = Path(f"{self.path}{suffix}")
            if src.exists():
                src.rename(Path(f"{aside}{suffix}"))
        games, entries, states = _read_what_you_can(aside)
        db = self._connect(self.path)
        db.executescript(SCHEMA)
        with _transaction(db):
            db.executemany("INSERT INTO games (id, created, board_pack, setup, finished, game) "
                           "VALUES (?, ?, ?, ?, ?, ?)", games)
            db.executemany("INSERT INTO log VALUES (?, ?, ?, ?)", entries)
            db.executemany("INSERT INTO table_state VALUES (?, ?, ?)", states)
        message = (f"the store {self.path} was damaged ({error}); kept {len(games)} game(s) and "
                   f"{len(entries)} action(s) that could be read; the damaged file is {aside}")
        log.warning(message)
        self.warnings.append(message)
        return db

    def close(self) -> None:
        """Checkpoints the whole WAL into the database file and closes."""
        if self._db is None:
            return
        with self._reading:
            self._reader.close()
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self._db.close()
            self._db = None  # type: ignore[assignment]

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- games ------------------------------------------------------------------------------------

    def new_game(self, board_pack: str, setup: dict[str, Any], game: str = DEFAULT_GAME) -> int:
        """A new stored game of this game module (its id, companion.core.registry): its pack and setup."""
        with self._writing():
            cursor = self._db.execute("INSERT INTO games (created, board_pack, setup, game) VALUES (?, ?, ?, ?)",
                                      (_now(), board_pack, json.dumps(setup), game))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append(self, game: int, *entries: dict[str, Any]) -> int:
        """Stores entries in one transaction; returns the log's length. On disk when this returns."""
        with self._writing():
            row = self._db.execute("SELECT COALESCE(MAX(seq), -1) FROM log WHERE game = ?", (game,)).fetchone()
            seq = row[0]
            for entry in entries:
                seq += 1
                self._db.execute("INSERT INTO log VALUES (?, ?, ?, ?)", (game, seq, json.dumps(entry), _now()))
        return int(seq) + 1

    def set_setup(self, game: int, setup: dict[str, Any], key: str, value: Any) -> None:
        """Replaces a game's setup and a part of its table state together (a game set up from what lies face
        up learns its layout as the table answers): either both are on disk or neither."""
        with self._writing():
            self._db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), game))
            self._db.execute("INSERT OR REPLACE INTO table_state VALUES (?, ?, ?)", (game, key, json.dumps(value)))

    def set_table_state(self, game: int, key: str, value: Any) -> None:
        """Keeps (None: forgets) a part of the table's state that is not in the log, such as its pace."""
        with self._writing():
            if value is None:
                self._db.execute("DELETE FROM table_state WHERE game = ? AND key = ?", (game, key))
            else:
                self._db.execute("INSERT OR REPLACE INTO table_state VALUES (?, ?, ?)",
                                 (game, key, json.dumps(value)))

    def setting(self, key: str) -> str | None:
        """A value the table keeps between runs (the web's signing key, the referee PIN)."""
        with self._reading:
            row = self._reader.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._writing():
            self._db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, value))

    def finish(self, game: int) -> None:
        with self._writing():
            self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game,))

    def reopen(self, game: int) -> None:
        """A finished game rolled back before its end, or a game set aside and resumed, is under way again."""
        with self._writing():
            self._db.execute("UPDATE games SET finished = 0 WHERE id = ?", (game,))

    def set_aside(self, game: int) -> None:
        """A game replaced while under way: not resumed at start any more, but listed by `aside`."""
        with self._writing():
            self._db.execute("UPDATE games SET finished = ? WHERE id = ?", (ASIDE, game))

    def aside(self) -> list[tuple[int, str]]:
        """The games set aside, newest first: id and creation time."""
        with self._reading:
            rows = self._reader.execute("SELECT id, created FROM games WHERE finished = ? ORDER BY id DESC",
                                        (ASIDE,)).fetchall()
        return [(int(i), str(c)) for i, c in rows]

    def finished_games(self) -> list[tuple[int, str]]:
        """The games played to their end, newest first: id and creation time."""
        with self._reading:
            rows = self._reader.execute("SELECT id, created FROM games WHERE finished = 1 ORDER BY id DESC").fetchall()
        return [(int(i), str(c)) for i, c in rows]

    def created(self, game: int) -> str | None:
        with self._reading:
            row = self._reader.execute("SELECT created FROM games WHERE id = ?", (game,)).fetchone()
        return None if row is None else str(row[0])

    def to_show(self) -> int | None:
        """The game a table opens on: the newest game when it is finished (its final scoring stays until the
        referee starts another), else the last one under way."""
        row = self._db.execute("SELECT id, finished FROM games ORDER BY id DESC LIMIT 1").fetchone()
        if row is not None and int(row[1]) == 1:
            return int(row[0])
        return self.last_unfinished()

    def last_unfinished(self) -> int | None:
        row = self._db.execute("SELECT MAX(id) FROM games WHERE finished = 0").fetchone()
        return None if row[0] is None else int(row[0])

    def games(self) -> list[tuple[int, str, bool]]:
        rows = self._db.execute("SELECT id, created, finished FROM games ORDER BY id").fetchall()
        return [(int(i), str(c), bool(f)) for i, c, f in rows]

    def load(self, game: int) -> StoredGame:
        with self._reading, _read(self._reader):  # one snapshot of the three tables
            db = self._reader
            row = db.execute("SELECT board_pack, setup, finished, game FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game} in the store")
            log_rows = db.execute("SELECT entry FROM log WHERE game = ? ORDER BY seq", (game,)).fetchall()
            state_rows = db.execute("SELECT key, value FROM table_state WHERE game = ?", (game,)).fetchall()
        entries = [json.loads(e) for (e,) in log_rows]
        state = {k: json.loads(v) for k, v in state_rows}
        return StoredGame(game, row[0], json.loads(row[1]), bool(row[2]), entries, state, str(row[3]))


class Sessions:
    """The web's sign-ins, kept in the store so that they can be ended: by Sign out, by a new PIN made
    by another process (`companion pin --new`), by a new game. A session cookie names one of them; a
    sign-in the store no longer holds is over, at once, on the running table.

    Its own connection to the store's file (the table's is the table's, under the table's lock): web
    threads check a sign-in with one indexed read, never waiting for the table. Like the table's, it
    never checkpoints the log into the database file (see the module's note)."""

    def __init__(self, path: Path | str, wall: Callable[[], float] = lambda: time.time(),
                 steady: Callable[[], float] = lambda: time.monotonic()) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        self._db.execute("PRAGMA synchronous=FULL")
        _bound_wal(self._db)
        self._lock = threading.Lock()
        self._wall, self._steady = wall, steady
        self._seen = (wall(), steady())

    def _now(self) -> float:
        """The wall clock's time, after moving every sign-in's end by as much as the wall clock jumped
        since the last look (a Pi finding the network's time jumps by hours: a sign-in lasts its
        lifetime of the steady clock, not of the wall's). Under the lock."""
        wall, steady = self._wall(), self._steady()
        jump = wall - (self._seen[0] + steady - self._seen[1])
        if abs(jump) > CLOCK_JUMP:
            with _transaction(self._db):
                self._db.execute("UPDATE sessions SET expires = expires + ?", (jump,))
        self._seen = (wall, steady)
        return wall

    def open(self, kind: str, game: int | None, lifetime: float) -> str:
        """A new sign-in of this kind (of this game, for a seat); its id goes in the cookie."""
        ident = secrets.token_urlsafe(24)
        with self._lock:
            now = self._now()
            with _transaction(self._db):
                self._db.execute("DELETE FROM sessions WHERE expires <= ?", (now,))
                self._db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?)", (ident, kind, game, now + lifetime))
        return ident

    def alive(self, ident: str) -> tuple[str, int | None] | None:
        """The kind and game of a sign-in still under way, or None."""
        with self._lock:
            row = self._db.execute("SELECT kind, game FROM sessions WHERE id = ? AND expires > ?",
                                   (ident, self._now())).fetchone()
        return None if row is None else (str(row[0]), None if row[1] is None else int(row[1]))

    def end(self, ident: str) -> None:
        with self._lock, _transaction(self._db):
            self._db.execute("DELETE FROM sessions WHERE id = ?", (ident,))

    def end_all(self, kind: str, *, but_game: int | None = None) -> int:
        """Ends every sign-in of this kind (but those of `but_game`); how many were under way."""
        with self._lock, _transaction(self._db):
            if but_game is None:
                cursor = self._db.execute("DELETE FROM sessions WHERE kind = ?", (kind,))
            else:
                cursor = self._db.execute("DELETE FROM sessions WHERE kind = ? AND game IS NOT ?", (kind, but_game))
        return cursor.rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Sessions:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _bound_wal(db: sqlite3.Connection) -> None:
    """Checkpoints after a commit that leaves WAL_PAGES pages in the WAL; cuts it back when it starts over."""
    db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
    db.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")


# Stores written before the table's state had a name of its own keep it in a table named `drafts`.
OLD_STATE_TABLE = "drafts"


def _migrate(db: sqlite3.Connection) -> None:
    """Brings a store of an earlier schema up to this one, in place, so its games resume."""
    if _state_table(db) == OLD_STATE_TABLE:
        with _transaction(db):
            db.execute(f"ALTER TABLE {OLD_STATE_TABLE} RENAME TO table_state")
    if _has_games(db) and "game" not in _columns(db, "games"):
        # Every game stored before the store said which game it is was a game of Lords of Xidit.
        with _transaction(db):
            db.execute(f"ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '{DEFAULT_GAME}'")


def _has_games(db: sqlite3.Connection) -> bool:
    return any(row[0] == "games" for row in _rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'"))


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in _rows(db, f"PRAGMA table_info({table})")}


def _state_table(db: sqlite3.Connection) -> str | None:
    """The table that holds the table's state in this store's schema, if it has one."""
    names = {row[0] for row in _rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    return next((name for name in ("table_state", OLD_STATE_TABLE) if name in names), None)


class _read:
    """BEGIN … COMMIT around reads that must see one state of the store."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN")

    def __exit__(self, *exc: object) -> None:
        self.db.execute("COMMIT")


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error: a half-written entry never stays."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")


def _rows(db: sqlite3.Connection, sql: str) -> Iterator[tuple[Any, ...]]:
    try:
        yield from db.execute(sql)
    except sqlite3.DatabaseError as error:
        log.warning("stopped reading a damaged table: %s", error)


def _read_what_you_can(path: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.DatabaseError:
        return [], [], []
    try:
        game = "game" if "game" in _columns(db, "games") else f"'{DEFAULT_GAME}'"
        games = list(_rows(db, f"SELECT id, created, board_pack, setup, finished, {game} FROM games ORDER BY id"))
        known = {g[0] for g in games}
        entries = [e for e in _rows(db, "SELECT game, seq, entry, at FROM log ORDER BY game, seq") if e[0] in known]
        table = _state_table(db)
        states = [s for s in _rows(db, f"SELECT game, key, value FROM {table}") if s[0] in known] if table else []
    except sqlite3.DatabaseError:
        return [], [], []
    finally:
        db.close()
    # Keep each game's log only up to its first gap: a later entry without its predecessors is meaningless.
    kept: list[tuple[Any, ...]] = []
    expected: dict[int, int] = {}
    for entry in entries:
        if entry[1] == expected.get(entry[0], 0):
            kept.append(entry)
            expected[entry[0]] = entry[1] + 1
    return games, kept, states
