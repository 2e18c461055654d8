"""The running table: one thread owns the game and applies every command in order.

Boxes, phones and the referee `submit` commands; the loop checks each one, stores what it changes
before answering (an action is acknowledged only once it is on disk), then tells every watcher the new
version (each fetches the view it needs on its own thread: views.py). It also keeps what is table
state and not game state: the programs players are still entering (drafts.py), who has locked, the
pace, and which physical instructions the table has done.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from typing import Any

from companion.core import rebuild, registry
from companion.core.errors import BadPack, BadRecord, IllegalAction, UnknownGame
from companion.core.game import Rules
from companion.i18n import LANGUAGES, N_
from companion.store import Store

from . import carried, chance, links, referee, results, reveals, seats, timed
from . import names as typed_names
from .changes import GAME, REVEALS, STEPS, TIMER, WHICH, Changes, Moved, depends_on, draft, touched
from .commands import (
    PACES,
    REFEREE,
    Acknowledge,
    BoxStatus,
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
    SetChance,
    SetLanguage,
    SetPace,
    State,
    Tell,
    Unseal,
)
from .game_parts import GameTable, part_of, public_refusals
from .instructions import Instruction
from .memory import remember
from .names import check_names
from .reads import WAITING, kept_entries
from .saving import STORE_ERRORS, CannotSave, Saving
from .sealed import NO_SEALED, Drafts
from .stating import TOO_FAST, Stating
from .steps import StepBuilder, restore_steps, seals_from_json
from .views import TableViews, ViewCache

log = logging.getLogger("companion.table")

UNSAVED = frozenset({"boxes"})  # parts of the table's state that are not saved: a box's connection

STOP_WITHIN = 10.0  # seconds a stop waits for the loop to answer what it was sent (systemd waits 20 for all)
STOPPED = N_("The table has stopped: nothing more is saved.")
LANGUAGE_SETTING = "language"  # the store's setting that keeps the language the referee chose
NOTHING_STATED = N_("In this game nothing is stated: every move is asked for.")
NOT_STATED = N_("That move is not stated: it is made when the game asks for it.")
STATED_AS = N_("A move is stated in one's own name: a seat for itself, the referee as the referee.")
BLIND_REFUSAL = N_("The rules refuse this choice for that seat. What it may choose is behind its screen: "
                   "let the player choose on their own box or phone.")


class Table(TableViews):
    """The table: opening a stored game, the command loop, and what each command does."""

    def __init__(self, store: Store, board_text: str, *, language: str = "en", pace: str = "decisions",
                 game: str = registry.DEFAULT, levels: Sequence[str] | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self._store = store
        # Wall-clock seconds: a timed window's deadline is kept in the store and outlives a restart (timed.py).
        self._clock: Callable[[], float] = clock if clock is not None else time.time
        self._window: timed.Window | None = None  # the timed window counted down now (timed.py); saved
        self._stating = Stating()  # how fast each seat states moves (stating.py); not saved: a restart forgives
        self._key = game  # the game module of the game under way (with none yet, of the next one)
        self._part: GameTable = part_of(game)
        self._rules: Rules = registry.load(game).rules
        self._module_packs = registry.load(game).packs
        # The levels a virtual player may play at (the game's agents'): given by the run, which knows the
        # agents; the table imports none.
        # The levels a virtual player may play at, those of the game under way's agents: the run may name
        # those of its config's game (tests give their own); any other game's come from the registry.
        self._given_levels = (game, tuple(levels)) if levels is not None else None
        self._run_game = game  # the game the run was started for: its config's seats are of it (offer_boxes)
        self._levels = self._levels_of(game)
        self._board_text = board_text  # the pack of the game under way (each game keeps the pack it began with)
        self._board = self._parse(board_text)
        self._next_pack, self._next_board = board_text, self._board  # the pack new games start with
        self._next_game = game  # the game the next pack is of
        self._chance: dict[str, str] = {}  # chance.py: who resolves the game's chance nodes; saved
        self._seed: int | None = None  # chance.py: the game's secret seed of the Pi's draws; saved, never shown
        self._language = language
        self._pace = pace
        self._game: Any = None  # the game under way: a companion.core.game.Match
        self._game_id: int | None = None
        self._entries: list[dict[str, Any]] = []  # the stored log of this game: actions and markers
        self._drafts = Drafts()
        self._rounds: list[int] = []  # the round of each action, as far as known (the history's words)
        self._builder: StepBuilder | None = None  # the steps for the physical table, of the game under way
        self._acknowledged = 0  # steps done (the first ones): someone at the table said so, or the referee skipped them
        self._ticked = 0  # steps someone said were done (as many as done: the game moving on does none)
        self._skipped: dict[int, str] = {}  # steps the referee passed over undone, and who did
        # Where each Done sealed the steps: (entries stored then, steps done). A Done seals the open steps, so the
        # game's next lines start a step of their own; a restart replays the seals where they were made, or it
        # would rebuild the steps otherwise grouped (fewer of them) and its count of steps done would not fit.
        self._seals: list[tuple[int, int]] = []
        self._names: dict[int, str] = {}  # names.py: the names typed for a game whose setup holds none; saved
        self._version = 0
        self._boxes: dict[int, dict[str, Any]] = {}  # seat -> {"kind", "connected"}: table state, not saved
        self._told: dict[int, Any] = {}  # face_up.py: each question's answer, to tell a late second answer
        self._hardware: tuple[str, ...] = ()  # the hardware boxes the table has, for the seats (seats.py)
        self._default_seats: dict[int, dict[str, str]] = {}  # who plays a game's seats when it does not say
        self._seats: dict[int, dict[str, str]] = {}  # who plays each seat of the game (seats.py); saved
        self._links: dict[int, int] = {}  # each seat's link number (links.py); saved
        self._referee_seat: int | None = None  # the seat the referee plays too (referee.py); saved
        self._carried: dict[int, dict[str, int]] = {}  # phones that may follow into this game (carried.py); saved
        self._blind_told: list[dict[str, Any]] = []  # what the table was told of blind mode (referee.py); saved
        self._reveals = reveals.Reveals()  # reveals.py: what the game showed to chosen seats, until read; saved
        self._views = ViewCache()
        self._on_close: list[Callable[[], None]] = []  # what closes with the store (on_close)
        self._kept_reads: dict[Any, Any] = {}  # reads.py: what a read gave last, for when the loop is stuck
        self._watchers: list[Callable[[int], None]] = []
        self._events_seen = 0
        self._lock = threading.RLock()
        self._changes = Changes()  # what each change touched: a command is stale only by what it depends on
        self._queue: queue.Queue[tuple[Command | None, int | None, Future[dict[str, Any]]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._submitting = threading.Lock()  # a command is queued before the stop's marker, or refused
        self._stopped = False
        self.on_tick: Callable[[], None] = lambda: None  # fed by the loop, e.g. a watchdog (systemd)
        self.tick_every = 1.0  # seconds the loop waits for a command before ticking anyway
        self._saving = Saving()
        # Told what the store said when the table stops saving, and None when it saves again (systemd's status)
        self.on_saving: Callable[[str | None], None] = lambda error: None

    # -- opening -----------------------------------------------------------------------------------

    @classmethod
    def open(cls, store: Store, board_text: str, **options: Any) -> Table:
        """A table on the store's last unfinished game, exactly as it was, or on its last game when that one is
        finished (its final scoring stays on every page until the referee starts another), or with no game yet."""
        table = cls(store, board_text, **options)
        # The language the referee chose is the table's (kept across restarts and games); the one the table
        # is opened with (the config's) is the language of a table whose referee never chose one.
        chosen = store.setting(LANGUAGE_SETTING)
        if chosen in LANGUAGES:
            table._language = chosen
        last = store.to_show()
        if last is not None:
            try:
                table._resume(last)
            except Refused as refused:  # a game of a module this companion no longer has: the table opens empty
                log.error("game %s cannot be resumed: %s", last, refused)
        return table

    def _parse(self, text: str, packs: Any = ...) -> Any:
        """A pack of the game under way's module (or of `packs`); a game without packs has none."""
        packs = self._module_packs if packs is ... else packs
        return None if packs is None else packs.parse(text)

    def _levels_of(self, key: str) -> tuple[str, ...]:
        """The levels of a game's virtual players (seats.py): each game its own, whatever the run's game."""
        given = self._given_levels
        return given[1] if given is not None and given[0] == key else seats.game_levels(key)

    def _use_game(self, key: str) -> None:
        """The game module of the game about to be opened or started."""
        if key != self._key:
            self._part, self._module_packs, self._key = part_of(key), registry.load(key).packs, key
            self._rules = registry.load(key).rules
            self._levels = self._levels_of(key)

    def _resume(self, game_id: int) -> None:
        stored = self._store.load(game_id)
        self._use_game(stored.game)
        self._board_text = stored.board_pack
        self._board = self._parse(stored.board_pack)
        self._game_id = game_id
        setup, folded = self._part.resumed(self._rules.setup_from_json(stored.setup), stored.table_state)
        entries = stored.entries
        if folded:
            entries = kept_entries(entries)  # the layout holds the answers of the game as it went on
        saved = stored.table_state.get("table", {})
        seals = seals_from_json(saved.get("seals"))
        self._names = typed_names.from_json(stored.table_state.get(typed_names.KEY))
        self._start(setup)
        for index, entry in enumerate(entries):
            self._seal_as_stored(seals, index)
            try:
                self._replay_entry(entry)
            except (IllegalAction, BadRecord) as error:
                log.warning("game %s: stored entry %s cannot be replayed (%s); resuming before it",
                            game_id, index, error)
                break
            self._entries.append(entry)
        self._seal_as_stored(seals, len(self._entries))
        drafts = self._part.drafts
        if self._game is not None and drafts is not None and self._sealed_choices():
            self._drafts.restore(saved, {c.seat for c in self._sealed_choices()}, drafts)
        self._pace = saved.get("pace", self._pace)
        self._chance = chance.from_json(stored.table_state.get(chance.KEY), self._part)
        self._seed = chance.seed_from_json(stored.table_state.get(chance.SEED_KEY))
        self._seats = {int(seat): dict(d) for seat, d in stored.table_state.get("seats", {}).items()}
        self._links = links.from_json(stored.table_state.get(links.KEY))
        self._referee_seat, self._blind_told = referee.from_json(stored.table_state.get(referee.KEY))
        self._carried = carried.from_json(stored.table_state.get(carried.KEY))
        self._window = timed.from_json(stored.table_state.get(timed.KEY), self._clock())
        self._reveals = reveals.Reveals.from_json(stored.table_state.get(reveals.KEY))
        self._reveals.follow(self._game)
        total = len(self._steps())
        self._ticked = min(int(saved.get("ticked", saved.get("acknowledged", 0))), total)
        self._acknowledged = max(self._acknowledged, min(int(saved.get("acknowledged", 0)), total))
        # A window the game opened before the table kept one starts now, or waits while the table is held
        self._follow_window()
        self._skipped = {int(n): str(by) for n, by in saved.get("skipped", {}).items() if int(n) < total}
        if self._builder is not None:
            self._builder.seal(self._acknowledged)
        self._version = max(self._version, int(saved.get("version", 0)) + 1)  # never goes back
        self._changes.restart(self._version)
        game = self._game
        progress = game.progress() if game is not None else None
        log.info("game %s resumed: year %s, phase %s, %s actions", game_id, progress.round if progress else "-",
                 progress.phase if progress else "-", game.version if game else 0)

    def _seal_as_stored(self, seals: list[tuple[int, int]], stored: int) -> None:
        """The Done taps made once `stored` entries were stored, sealing the steps again as they did then."""
        assert self._builder is not None
        for at, upto in seals:
            if at == stored:
                self._builder.seal(upto)
                self._seals.append((at, upto))

    def _start(self, setup: Any) -> None:
        # A game whose setup names nobody (Zargos) is given the names the table keeps for it, so that its own
        # lines (steps, history, questions) name the players as every page does; its record stays as it was.
        if self._names:
            setup = self._part.with_names(setup, dict(self._names))
        self._game = self._rules.start(self._board, setup)
        self._entries = []
        self._links = {}
        self._told = {}
        self._referee_seat, self._blind_told = None, []
        self._carried = {}
        self._window = None
        self._reveals.clear()
        self._drafts.clear()
        self._builder = StepBuilder(self._part.grouping(self._game))
        self._builder.add_steps(self._part.setup_steps(self._game, self._part.typed_parts(setup)))
        self._rounds = []
        self._views.renumber()
        self._events_seen = len(self._part.events(self._game))
        self._acknowledged = self._ticked = 0
        self._skipped = {}
        self._seals = []

    def _replay_entry(self, entry: dict[str, Any]) -> None:
        assert self._game is not None
        if entry.get("type") == "rollback":
            self._rollback_to(int(entry["keep"]))
            return
        self._note_round()
        if entry.get("type") == chance.ENTRY:
            self._game.resolve(chance.outcome(entry))
        else:
            self._game.push(self._rules.move_from_json({k: v for k, v in entry.items() if k != "by"}))
        self._collect_instructions()

    def _note_round(self) -> None:
        """Keeps the round of the move about to be made, when the rounds of the earlier ones are known."""
        assert self._game is not None
        if len(self._rounds) == self._game.version:
            self._rounds.append(self._game.progress().round)

    def _collect_instructions(self) -> None:
        """Turns the game's new events into steps. A step is not done because the game moved past it:
        the pieces are still where they were until someone at the table does it and says so. While the
        table is asked what it turned over, the steps stop at the question: what follows is the engine's
        guess."""
        assert self._game is not None and self._builder is not None
        events = self._part.events(self._game)
        node = self._game.chance()
        upto = node.events_before if node is not None and node.events_before else len(events)
        self._builder.feed(events[self._events_seen:upto], self._events_seen, self._game.version)
        self._events_seen = upto

    def _rollback_to(self, keep: int) -> list[Instruction]:
        assert self._game is not None and self._builder is not None
        before = self._game.view("referee")
        rebuilt = rebuild.rebuilt(self._rules, self._board, self._game.setup, list(self._game.moves)[:keep])
        self._part.rolled_back(rebuilt)
        if self._game_id is not None:
            self._store_told(rebuilt, changed_from=self._game)
        undo = self._part.restore_lines(before, rebuilt.view("referee"), self._board)
        self._builder.seal()
        # The steps not done yet stay to do: the pieces go back from where all told before left them.
        events = self._part.events(rebuilt)
        at = (keep, len(events))
        grouping = self._part.grouping(rebuilt)
        restore = restore_steps(rebuilt.progress().round, undo, at, grouping.heading)
        self._builder = self._builder.rebased(grouping, events, restore, keep)
        self._game = rebuilt
        self._events_seen = len(events)
        del self._rounds[keep:]
        self._drafts.clear()
        return undo

    # -- the loop ----------------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)
            self._thread.start()

    def submit(self, command: Command, *, seen: int | None = None) -> Future[dict[str, Any]]:
        """Queues a command; the future holds the answer once it is applied and stored. With `seen`, the
        version of the view it was decided on: it is refused (`Moved`) if what it depends on changed since."""
        future: Future[dict[str, Any]] = Future()
        with self._submitting:
            if self._stopped:  # behind the loop's last command: nobody would ever answer it
                future.set_exception(Refused(STOPPED))
            else:
                self._queue.put((command, seen, future))
        return future

    def stop(self, within: float = STOP_WITHIN) -> bool:
        """Answers the commands already sent, stops the loop and closes the store; commands sent from now
        on are refused. Whether it all ended within `within` seconds: a loop still busy then (a write stuck
        in a failing card) is left behind with the store open, and what the store acknowledged is on disk
        all the same (WAL, synchronous=FULL: a yanked power cord loses none of it either)."""
        with self._submitting:
            self._stopped = True
            if self._thread is not None:
                self._queue.put((None, None, Future()))
        if self._thread is not None:
            self._thread.join(within)
            if self._thread.is_alive():
                log.error("the table's loop did not end within %s s of the stop (a write stuck?): the store "
                          "is left as the last write leaves it", within)
                return False
            self._thread = None
        self._store.close()
        for close in self._on_close:
            close()
        return True

    def on_close(self, close: Callable[[], None]) -> None:
        """`close` is called when `stop` has closed the store: what keeps its own connection to the store's file
        (the web's sign-ins) closes with it, rather than being left to the garbage collector."""
        self._on_close.append(close)

    def _run(self) -> None:
        while True:
            wait = self.tick_every
            window = self._window
            if window is not None and window.deadline is not None and not window.stuck:
                wait = min(wait, max(0.0, window.deadline - self._clock()) + 0.01)  # woken when its time is up
            try:
                command, seen, future = self._queue.get(timeout=wait)
            except queue.Empty:
                self.on_tick()
                self.tick()
                continue
            self.on_tick()
            self.tick()
            if command is None:
                return
            if not future.set_running_or_notify_cancel():
                continue
            before = self._version
            try:
                answer = self._apply(command, seen)
            except Refused as refused:
                future.set_exception(refused)
                self._publish_since(before, command)  # a store that stopped saving: every device says so
                continue
            except Exception as error:  # a bug must not stop the table: the command fails alone
                log.exception("command %r failed", command)
                future.set_exception(error)
                continue
            # The sender hears first, then every view is published: a box waiting for its answer
            # may redraw while the loop publishes, without either waiting on the other.
            future.set_result(answer)
            self._publish_since(before, command)

    def tick(self) -> bool:
        """Closes the timed window whose time is up (timed.py), in the name of the table's clock: the game's
        closing move is stored and every view published, once. The loop calls it at each wake; True when it
        closed one."""
        window = self._window
        if window is None or not window.due(self._clock()):
            return False
        command = Countdown("close", by=timed.CLOCK)
        before = self._version
        try:
            self._apply(command)
        except Exception:  # the store cannot save: the clock tries again at the next tick
            log.exception("closing the timed window %s failed", window.window)
            self._publish_since(before, command)
            return False
        self._publish_since(before, command)
        return True

    def time_left(self) -> float | None:
        """Seconds left in the timed window now, or None when none is open (read without the lock: one
        value the loop replaces)."""
        window = self._window
        return None if window is None else window.remaining(self._clock())

    def now(self) -> float:
        """The table's clock (tests give a fake one): what a page counts a window's time left by."""
        return self._clock()

    def _publish_since(self, before: int, command: Command) -> None:
        if self._version == before:
            return  # nothing changed: nobody needs to look again
        try:
            self._publish()
        except Exception:  # the loop must outlive any watcher's trouble
            log.exception("publishing after %r failed", command)

    # -- commands ----------------------------------------------------------------------------------

    def handle(self, command: Command) -> dict[str, Any]:
        """Applies one command and publishes; raises Refused and changes nothing when not allowed."""
        before = self._version
        answer = self._apply(command)
        if self._version != before:
            self._publish()
        return answer

    def _apply(self, command: Command, seen: int | None = None) -> dict[str, Any]:
        """Applies a command; the version moves (and the table's state is saved) only when it changed
        something: a command that changes nothing costs no write and makes no view stale. A command whose
        write the store refuses changes nothing, in memory either (saving.py)."""
        with self._lock:
            if seen is not None and self._changes.stale(seen, self._version, depends_on(command)):
                raise Moved(self._version)
            before, restore = self._shape(), remember(self)
            self._saving.begin()
            try:
                # The command's actions and the table's state around them are saved in one transaction: a
                # restart finds both or neither, never a lock without its drafts or a reveal with them.
                with self._store.together():
                    answer = self._dispatch(command)
                    self._follow_window()
                    self._reveals.follow(self._game)
                    changed = touched(before, self._shape())
                    if REVEALS in changed and self._game_id is not None:
                        self._store.set_table_state(self._game_id, reveals.KEY, self._reveals.to_json())
                    if changed - UNSAVED:
                        self._save_state(self._version + 1)
                if changed:
                    # The version moves once all is saved: until then readers get the views of the last one.
                    self._version += 1
                    self._changes.note(self._version, changed)
            except STORE_ERRORS as error:
                restore()
                self._cannot_save(command, error)
                raise CannotSave() from None
            else:
                if changed - UNSAVED and self._saving.saved():
                    log.warning("the table saves again")
                    self._note_saving()
            finally:
                self._saving.end()
            answer["version"] = self._version
            return answer

    def _cannot_save(self, command: Command, error: BaseException) -> None:
        log.error("the table cannot save (%s: %s) after %r", type(error).__name__, error, command)
        if self._saving.failed(error):
            self.on_saving(self._saving.error)
            self._note_saving()

    def _note_saving(self) -> None:
        """Saving stopped or came back: every view says so, so the version moves (this change is not saved)."""
        self._version += 1
        self._changes.note(self._version, frozenset({"saving"}))
        if not self._saving.failing:
            self.on_saving(None)

    def health(self) -> dict[str, Any]:
        """Whether the table saves (saving.py), read without the table's lock: a stalled write holds it."""
        return self._saving.health()

    def _shape(self) -> dict[str, tuple[Any, ...]]:
        """What a view can show, part by part (changes.py): compared before and after each command."""
        game, builder = self._game, self._builder
        shape: dict[str, tuple[Any, ...]] = {
            GAME: (self._game_id, game, game.version if game else 0, len(self._entries),
                   game.setup if game else None),
            STEPS: (builder, builder.shape() if builder else None),
            WHICH: (self._game_id,),
            "done": (self._acknowledged, self._ticked, tuple(self._skipped.items())),
            "settings": (self._pace, self._language, self._next_pack, self._board_text, self._chance),
            "seats": ({s: dict(d) for s, d in self._seats.items()}, self._hardware),
            "links": (dict(self._links),),
            "referee": (self._referee_seat, tuple(tuple(sorted(t.items())) for t in self._blind_told)),
            "boxes": ({s: dict(b) for s, b in self._boxes.items()},),
            TIMER: (self._window,),
            REVEALS: self._reveals.shape(),
        }
        for seat, orders in self._drafts.by_seat.items():
            shape[draft(seat)] = (orders, seat in self._drafts.locked)
        return shape

    def watch(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Calls back with the new version after every change, without making any view: readers
        fetch their view on their own thread (event streams, boxes, virtual players)."""
        with self._lock:
            self._watchers.append(callback)

        def unwatch() -> None:
            with self._lock:
                if callback in self._watchers:
                    self._watchers.remove(callback)
        return unwatch

    def _publish(self) -> None:
        with self._lock:
            watchers = list(self._watchers)
            version = self._version
        for watcher in watchers:  # first, and cheap: they fetch the views they need on their own threads
            try:
                watcher(version)
            except Exception:
                log.exception("watcher failed")

    def _dispatch(self, command: Command) -> dict[str, Any]:
        match command:
            case NewGame():
                return self._new_game(command)
            case Acknowledge():
                return self._acknowledge(command)
            case ImportGame():
                return self._import(command)
            case ResumeGame():
                return self._resume_aside(command)
            case MoveSeat():
                return self._move_seat(command)
            case RenewLink():
                return self._renew_link(command)
            case BoxStatus(seat=seat, kind=kind, connected=connected):
                self._boxes[seat] = {"kind": kind, "connected": connected}
                log.info("seat %s: %s box %s", self._shown(seat), kind, "connected" if connected else "disconnected")
                return {"connected": connected}
            case SetLanguage(language=language, by=by):
                self._referee_only(by)
                if language not in LANGUAGES:
                    raise Refused(N_("The language is one of {languages}."), params={"languages": ", ".join(LANGUAGES)})
                if language != self._language:
                    self._store.set_setting(LANGUAGE_SETTING, language)  # on disk before the answer
                self._language = language
                return {"language": language}
            case SetBoard(pack=pack, by=by):
                self._referee_only(by)
                try:
                    board = self._parse(pack, registry.load(self._next_game).packs)
                except BadPack as error:
                    raise Refused(f"This board pack has problems: {error}") from None
                self._next_pack, self._next_board = pack, board
                if self._game is None:
                    self._board_text, self._board = pack, board
                log.info("board pack for new games: %s (%s)", board.name, board.status)
                return {"board": {"name": board.name, "status": board.status, "sha256": board.sha256}}
            case SetBlind(on=on, by=by):
                self._referee_only(by)
                return self._set_blind(on)
            case SetPace(pace=pace, by=by):
                self._referee_only(by)
                if pace not in PACES:
                    raise Refused(N_("The pace is one of {paces}."), params={"paces": ", ".join(PACES)})
                self._pace = pace
                return {"pace": pace, **self._release()}
        game = self._current()
        match command:
            case EditDraft():
                return self._edit_draft(command)
            case Seal(seat=seat):
                return self._seal(seat)
            case Unseal(seat=seat):
                rules, _ = self._sealing(seat)
                self._drafts.unlock(seat, rules)
                log.info("seat %s unsealed", self._shown(seat))
                return {"locked": False}
            case Decide():
                return self._decide(command)
            case State():
                return self._state(command)
            case SetChance():
                return self._set_chance(command)
            case Countdown():
                return self._countdown(command, game)
            case Tell():
                return self._tell(command)
            case Rollback():
                return self._rollback(command, game)
            case SeenReveal(key=key, by=by):
                return self._reveals.read(key, by, self._seat_numbers(game))
        raise Refused(f"Unknown command {command!r}.")

    @staticmethod
    def _referee_only(by: str) -> None:
        if by != REFEREE:
            raise Refused(N_("Only the referee can do that."))

    def _may_replace(self, replacing: int | None) -> None:
        """Refuses to replace a game under way that the sender did not name: no game is lost by a tap."""
        if self._game_id is not None and self._game is not None and self._game.result() is None \
                and replacing != self._game_id:
            raise Refused(N_("Game {game} is under way: confirm that it is set aside first."),
                          params={"game": self._game_id}, details={"under_way": self._game_id})

    def _set_aside(self) -> None:
        if self._game_id is not None and self._game is not None and self._game.result() is None:
            self._store.set_aside(self._game_id)  # listed, and resumed on request: never deleted
            log.info("game %s set aside at %s actions", self._game_id, self._game.version)

    def _resume_aside(self, command: ResumeGame) -> dict[str, Any]:
        self._referee_only(command.by)
        if command.game not in {game for game, _ in self._store.aside()}:
            raise Refused(N_("There is no game {game} set aside."), params={"game": command.game})
        self._may_replace(command.replacing)
        self._set_aside()
        self._store.reopen(command.game)
        self._resume(command.game)
        return {"game": command.game}

    def offer_boxes(self, boxes: list[str], defaults: dict[str, Any] | None = None) -> None:
        """The hardware boxes this table has (their specs): the referee assigns them to seats. `defaults`:
        who plays each seat of a game that does not say (the run's config, for a game it started before
        its games said so): such a game's seats can be moved too."""
        with self._lock:
            self._hardware = tuple(boxes)
            self._default_seats = {} if defaults is None else \
                {int(seat): seats.device(d, self._hardware, self._levels_of(self._run_game))
                 for seat, d in defaults.items()}

    def _move_seat(self, command: MoveSeat) -> dict[str, Any]:
        self._referee_only(command.by)
        if command.seat not in self._seat_numbers(self._current()):
            raise Refused(N_("There is no seat {seat} in this game."), params={"seat": self._shown(command.seat)})
        played = self._played()
        moved = {**played, command.seat: seats.device(command.device, self._hardware, self._levels)}
        seats.check_boxes(moved)
        assert self._game_id is not None
        if played.get(command.seat) != moved[command.seat]:
            # The device that played the seat lets go of it at once: its phone's sign-ins end with its
            # link (links.py), and the run closes a box or stops a virtual player that no longer plays it.
            renewed = links.renewed(self._links, command.seat)
            self._store.set_table_state(self._game_id, links.KEY, links.to_json(renewed))
            self._links = renewed
        self._seats = moved
        self._store.set_table_state(self._game_id, "seats", {str(s): d for s, d in moved.items()})
        log.info("seat %s now plays on %s", self._shown(command.seat), moved[command.seat])
        return {"seat": command.seat, "device": moved[command.seat]}

    def _set_blind(self, on: bool) -> dict[str, Any]:
        """In a game the referee plays, the table is told each time blind mode goes off (and on again after)."""
        if self._game_id is None or self._referee_seat is None:
            return {"blind": on}
        last = self._blind_told[-1]["blind"] if self._blind_told else "on"
        if ("on" if on else "off") == last:
            return {"blind": on}
        told = [*self._blind_told, {"blind": "on" if on else "off", "year": self._current().progress().round}]
        self._store.set_table_state(self._game_id, referee.KEY, referee.to_json(self._referee_seat, told))
        self._blind_told = told
        log.info("the referee switched blind mode %s", "on" if on else "off")
        return {"blind": on}

    def _renew_link(self, command: RenewLink) -> dict[str, Any]:
        self._referee_only(command.by)
        if command.seat not in self._seat_numbers(self._current()):
            raise Refused(N_("There is no seat {seat} in this game."), params={"seat": self._shown(command.seat)})
        renewed = links.renewed(self._links, command.seat)
        assert self._game_id is not None
        self._store.set_table_state(self._game_id, links.KEY, links.to_json(renewed))
        self._links = renewed
        log.info("seat %s: its link was renewed, the old one stops working", self._shown(command.seat))
        return {"seat": command.seat}

    def _new_game(self, command: NewGame, *, draw: bool = True) -> dict[str, Any]:
        self._referee_only(command.by)
        self._may_replace(command.replacing)
        part, rules = part_of(command.game), registry.load(command.game).rules
        packs = registry.load(command.game).packs
        pack_text = self._next_pack if command.game == self._next_game else \
            (packs.shipped_text() if packs is not None else "")
        board = self._new_board() if command.game == self._next_game else self._parse(pack_text, packs)
        policy = chance.policy(command.chance, part)
        check_names(command.setup)
        try:
            setup = rules.setup_from_json(command.setup)
            if command.typed is not None:
                setup = part.typed_setup(board, setup, command.typed)
            rules.start(board, setup)  # checks the setup against this board before anything is stored
        except BadRecord as error:
            raise Refused(str(error)) from None
        numbers = [seat for seat, _, _ in rules.players(setup)]
        given = typed_names.checked(command.names, numbers)
        names = {seat: given[seat] for seat, _, own in rules.players(setup) if own is None and seat in given}
        played = {} if command.seats is None else \
            seats.assignment(command.seats, numbers, self._hardware, self._levels_of(command.game),
                             shown=registry.load(command.game).shown_seat)
        if command.referee_seat is not None and command.referee_seat not in numbers:
            raise Refused(N_("The referee can only play a seat of this game."))
        before = self._rules.players(self._game.setup) if self._game is not None else []
        follow = carried.carried(self._game_id, before, self._played(), self._links, rules.players(setup),
                                 played or {s: d for s, d in self._default_seats.items()})
        self._set_aside()
        self._use_game(command.game)
        self._board_text, self._board = pack_text, board
        self._game_id = self._store.new_game(self._board_text, rules.setup_to_json(setup), command.game)
        self._names = names
        self._start(setup)
        self._store_told(self._game)
        self._chance = policy
        self._seed = command.seed if command.seed is not None else chance.secret_seed()
        self._store.set_table_state(self._game_id, chance.SEED_KEY, self._seed)
        if names:
            self._store.set_table_state(self._game_id, typed_names.KEY, {str(s): n for s, n in names.items()})
        if policy != chance.policy(None, part):
            self._store.set_table_state(self._game_id, chance.KEY, chance.to_json(policy))
        self._seats = played
        if played:
            self._store.set_table_state(self._game_id, "seats", {str(s): d for s, d in played.items()})
        if follow:
            self._carried = follow
            self._store.set_table_state(self._game_id, carried.KEY, carried.to_json(follow))
        if command.referee_seat is not None:
            self._referee_seat = command.referee_seat
            self._store.set_table_state(self._game_id, referee.KEY, referee.to_json(self._referee_seat, []))
        log.info("game %s started: %s", self._game_id, part.started(setup))
        if draw:
            self._draw_chance()
        caveat = part.caveat(board, setup)
        if caveat is not None:
            told, logged = caveat
            log.warning("game %s: %s", self._game_id, logged)
            return {"game": self._game_id, "warning": told}
        return {"game": self._game_id}

    def _import(self, command: ImportGame) -> dict[str, Any]:
        self._referee_only(command.by)
        self._may_replace(command.replacing)
        try:
            module = registry.by_record_format(command.record.get("format"))
        except UnknownGame:
            module = registry.load(registry.DEFAULT)  # the record's own check says what is wrong with it
        part, rules = part_of(module.key), module.rules
        board = self._new_board() if module.key == self._next_game else self._parse(
            module.packs.shipped_text() if module.packs is not None else "", module.packs)
        setup = command.record.get("setup")
        check_names(setup if isinstance(setup, dict) else {})
        try:
            first, moves = rules.record_from_json(command.record)
            game = rebuild.rebuilt(rules, board, first, moves)
        except BadRecord as error:
            raise Refused(f"This record cannot be read: {error}") from None
        except IllegalAction as error:
            raise Refused(f"Action {error.index} of this record is illegal: {error.sentence}", error.rule) from None
        # An imported game's chance so far is in its record: nothing is drawn before its moves are stored.
        answer = self._new_game(NewGame(rules.setup_to_json(first), replacing=command.replacing, game=module.key),
                                draw=False)
        assert self._game_id is not None
        entries = [rules.move_to_json(m) for m in moves]
        if entries:
            self._store.append(self._game_id, *entries)
        fresh = rules.start(self._board, first)
        self._game, self._entries = game, entries
        self._builder = StepBuilder(part.grouping(game))
        self._builder.add_steps(part.setup_steps(fresh, frozenset()))
        self._views.renumber()
        self._events_seen = len(part.events(fresh))
        events = part.events(game)
        self._builder.feed(events[self._events_seen:], self._events_seen, game.version)
        self._events_seen = len(events)
        self._builder.seal()
        self._acknowledged = self._builder.sealed  # an imported game's pieces are already where they are
        if game.result() is not None:
            self._store.finish(self._game_id)
        self._draw_chance()
        return answer

    def _winners(self, result: Any) -> str:
        """Who won, for the log, from the contract's Result (any game): seats read from 1, with their names."""
        players = typed_names.named(self._rules.players(self._current().setup), self._names)
        named = {seat: name for seat, _, name in players if name}
        return results.log_line(result, lambda seat: f"seat {self._shown(seat)}"
                                + (f" ({named[seat]})" if seat in named else ""))

    def _shown(self, seat: int) -> int:
        """A seat as people number it in a refusal or the log (from 1, whatever the game counts from)."""
        return registry.load(self._key).shown_seat(seat)

    def _sealing(self, seat: int) -> tuple[Any, Any]:
        """The game's sealed drafts and the seat's sealed choice awaited now; Refused when there is none."""
        game = self._current()
        if seat not in self._seat_numbers(game):
            raise Refused(N_("There is no seat {seat} in this game."), params={"seat": self._shown(seat)})
        rules = self._part.drafts
        if rules is None:
            raise Refused(NO_SEALED)
        choice = next((c for c in self._sealed_choices() if c.seat == seat), None)
        if choice is None:
            raise Refused(rules.words["not_now"], rules.rule)
        return rules, choice

    def _edit_draft(self, command: EditDraft) -> dict[str, Any]:
        rules, choice = self._sealing(command.seat)
        return {"draft": self._drafts.edit(command.seat, rules, choice, command.change)}

    def _acknowledge(self, command: Acknowledge) -> dict[str, Any]:
        """Steps done at the table, or passed over by the referee (logged with who did): the first ones
        up to `upto`. With pace "wait for the table", what waited for them goes on (`_release`)."""
        if command.skip:
            self._referee_only(command.by)
        upto = min(command.upto, len(self._steps()))
        if upto <= self._acknowledged:
            return {"acknowledged": self._acknowledged}
        if self._builder is not None:
            self._builder.seal(upto)  # what comes next for a step done goes on in a step of its own
            self._seals = [*self._seals, (len(self._entries), upto)]  # saved: a restart seals here too
        if command.skip:
            self._skipped.update({n: command.by for n in range(self._acknowledged, upto)})
            log.info("steps %s to %s skipped by the %s", self._acknowledged + 1, upto, command.by)
        self._acknowledged = self._ticked = upto
        return {"acknowledged": self._acknowledged, **self._release()}

    def _release(self) -> dict[str, Any]:
        """With every sealed choice locked and nothing left to do at the table, they are revealed: a
        reveal held by pace "wait for the table" happens as soon as the table is done."""
        sealed = self._sealed_choices()
        rules = self._part.drafts
        if not sealed or rules is None or self._held() or not {c.seat for c in sealed} <= self._drafts.locked:
            return {}
        # The last lock reveals every sealed choice: the game gets them all, stored in one transaction.
        moves = [rules.action(c, self._drafts.of(c.seat, rules, c)) for c in sealed]
        self._push_and_store([(m, "player") for m in moves])
        log.info("every sealed choice revealed")
        self._drafts.clear()
        return {"revealed": True}

    def _seal(self, seat: int) -> dict[str, Any]:
        rules, choice = self._sealing(seat)
        locked = self._drafts.locked
        self._drafts.lock(seat, rules, choice)
        waiting = len(self._sealed_choices())
        log.info("seat %s locked (%s of %s)", self._shown(seat), len(locked), waiting)
        try:
            revealed = self._release()
        except Exception:
            locked.discard(seat)
            raise
        if not revealed and len(locked) == waiting:
            log.info("every sealed choice locked: the reveal waits for the table")
            return {"locked": True, "waiting": True}
        return {"locked": True, **revealed}

    def _tell(self, command: Tell) -> dict[str, Any]:
        """The table says what it rolled, drew or turned over: into the game, on disk before the answer."""
        game = self._current()
        node = game.chance()
        asked = self._part.question_number(game)
        if command.question is not None and command.question < asked:
            told = self._told.get(command.question)
            if told is not None:
                raise Refused(N_("That question was already answered: {answer}. The game went on from that answer."),
                              params={"answer": told})
            raise Refused(N_("That question was already answered: the game went on from that answer."))
        if node is None:
            raise Refused(self._part.not_asked)
        if command.question is not None and command.question != asked:
            raise Refused(N_("That question is not the one the game asks now: answer the question on the page."))
        if self._question_waits():
            raise Refused(WAITING, params={"step": self._waiting_for()})
        chance.check_teller(node, command.by, self._seat_numbers(game), self._shown)
        told = chance.told(node, command.outcome)  # a card typed in: its form checked it
        listed = told in node.outcomes or node.form is not None
        if not listed and node.told_by is not None:  # a secret draw: its outcomes are the deck's
            raise Refused(N_("That is not a card that can be drawn now: tell the card you drew."),
                          rule=node.params.get("rule"))
        if not listed:
            raise Refused(N_("That cannot be there: choose one of {choices}."),
                          params={"choices": ", ".join(map(str, node.outcomes))}, rule=node.params.get("rule"))
        self._resolve_and_store(node, told, command.by)
        self._told[asked] = self._part.outcome_words(self._board, node, told)
        log.info("game %s: the table told %s", self._game_id, "a secret draw" if node.told_by is not None else told)
        self._draw_chance()
        return {"told": command.outcome}

    def _resolve_and_store(self, node: Any, outcome: Any, by: str) -> None:
        """One chance outcome into the game and on disk: in the game's setup for a game that folds what the
        table told into it (told_layout), else as an entry of the log."""
        game = self._current()
        check = rebuild.checkpoint(game)
        try:
            game.resolve(outcome)
        except IllegalAction as error:  # the rules' words, with their fields, in the table's language
            self._put_back(game, check)
            raise Refused.of(error) from None
        except BadRecord as error:
            self._put_back(game, check)
            raise Refused(str(error)) from None
        try:
            if self._part.told_layout(game) is not None:
                self._store_told(game)
            else:
                assert self._game_id is not None
                entry = chance.entry(outcome, by)
                self._store.append(self._game_id, entry)
                self._entries.append(entry)
        except Exception:
            self._put_back(game, check)
            raise
        self._reveals.note(reveals.listed_by(game), game.version)
        self._collect_instructions()

    def _draw_chance(self) -> None:
        """While the game waits on chance the Pi resolves ("pi" policy), the Pi draws, seeded by the game's
        seed and its length (the same outcome after a crash and a resume), in the command's transaction."""
        game = self._game
        while game is not None and (node := game.chance()) is not None and \
                chance.by_pi(self._chance, node, self._part.told_layout(game) is not None):
            rng = chance.rng(chance.seed(self._rules, game.setup, self._seed), game.version)
            outcome = chance.draw(rng, node)
            self._resolve_and_store(node, outcome, chance.PI)
            log.info("game %s: the Pi drew %s (%s)", self._game_id,
                     "for one seat alone" if node.told_by is not None else outcome, node.kind)

    def _store_told(self, match: Any, changed_from: Any = None) -> None:
        """A game that folds what the table told into its setup: that setup, and the table state saying how
        many answers it holds, stored together."""
        told = self._part.told_layout(match)
        if told is None or self._game_id is None:
            return
        if changed_from is not None and told == self._part.told_layout(changed_from):
            return
        setup, key, value = told
        self._store.set_setup(self._game_id, setup, key, value)

    def _decide(self, command: Decide) -> dict[str, Any]:
        self._current()
        if self._held():
            raise Refused(WAITING, params={"step": self._waiting_for()})
        try:
            action = self._rules.move_from_json(command.action)
        except BadRecord as error:
            raise Refused(str(error)) from None
        if action.seat != command.seat:
            raise Refused(N_("A decision is taken for one's own seat."))
        action = self._live(action)
        rules = self._part.drafts
        if rules is not None and rules.seals(action):
            raise Refused(rules.words["whole"], rules.rule)
        try:
            self._push_and_store([(action, command.by)])
        except Refused as refused:
            if not command.blind or refused.template in public_refusals(self._part):
                raise
            # The rules' reason may name what is behind the seat's screen (how many units it has, its
            # gold): a blind referee hears only that the choice is not the seat's to make.
            raise Refused(BLIND_REFUSAL, refused.rule) from None
        return {"ok": True}

    def _follow_window(self) -> None:
        """The timed window of the game as it is now (timed.py), kept with the game when it changed."""
        found = timed.follow(self._window, self._game, self._clock(), held=self._held())
        if found != self._window and self._game_id is not None:
            self._store.set_table_state(self._game_id, timed.KEY, timed.to_json(found))
        self._window = found

    def _countdown(self, command: Countdown, game: Any) -> dict[str, Any]:
        """The referee pauses, resumes, extends or closes the timed window; the clock closes it when its time
        is up. Closing pushes the game's own closing move, stored with who closed it."""
        window, now = self._window, self._clock()
        if command.by == timed.CLOCK:
            if command.what != "close" or window is None or not window.due(now):
                raise Refused(timed.NOT_UP)
        else:
            self._referee_only(command.by)
        if window is None:
            raise Refused(timed.NO_WINDOW)
        match command.what:
            case "pause":
                self._window = window.paused(now, command.by)
            case "resume":
                self._window = window.resumed(now)
            case "extend":
                if not 0 < command.seconds <= timed.EXTEND_MOST:
                    raise Refused(timed.EXTEND_BY, params={"most": timed.EXTEND_MOST})
                self._window = window.extended(command.seconds)
            case "close":
                closing = self._part.time_up
                if closing is None:
                    raise Refused(timed.NO_WINDOW)
                try:
                    self._push_and_store([(closing(game, window.window), command.by)], stated=True)
                except Refused as refused:
                    if command.by != timed.CLOCK:
                        raise
                    # The game refuses its own end (a bug): the clock stops pushing it; the referee sees why.
                    log.error("game %s: the end of the timed window %s was refused: %s", self._game_id,
                              window.window, refused)
                    self._window = replace(window, stuck=True)
                    return {"closed": False}
                log.info("game %s: the timed window %s closed by the %s", self._game_id, window.window, command.by)
                return {"closed": True}
            case _:
                raise Refused(timed.TIMER_ACTIONS)
        if self._game_id is not None and self._window != window:
            self._store.set_table_state(self._game_id, timed.KEY, timed.to_json(self._window))
        log.info("game %s: the countdown of %s: %s by the %s", self._game_id, window.window, command.what, command.by)
        return {"timer": command.what}

    def _set_chance(self, command: SetChance) -> dict[str, Any]:
        """The referee switches who resolves chance (chance.py), kept with the game; a node waiting when the
        Pi takes over is drawn at once, in the same transaction."""
        self._referee_only(command.by)
        found = chance.policy(command.policy, self._part)
        if found == self._chance:
            return {"chance": command.policy}
        assert self._game_id is not None
        self._store.set_table_state(self._game_id, chance.KEY, chance.to_json(found))
        self._chance = found
        log.info("game %s: chance is now resolved by the %s", self._game_id, command.policy)
        self._draw_chance()
        return {"chance": command.policy}

    def _state(self, command: State) -> dict[str, Any]:
        """A move a seat or the referee states (the game's `stated`): stored with who stated it, logged."""
        game = self._current()
        stated = self._part.stated
        if stated is None:
            raise Refused(NOTHING_STATED)
        if self._held():
            raise Refused(WAITING, params={"step": self._waiting_for()})
        try:
            move = self._rules.move_from_json(command.action)
        except BadRecord as error:
            raise Refused(str(error)) from None
        if not stated(move):
            raise Refused(NOT_STATED)
        move = self._live(move)
        seat = self._rules.seat_of(move)
        if command.by == REFEREE:
            if seat is not None:
                raise Refused(STATED_AS)
        elif command.by != f"seat:{seat}" or seat not in self._seat_numbers(game):
            raise Refused(STATED_AS)
        now = self._clock()
        if seat is not None and (wait := self._stating.wait(seat, now)) > 0:
            raise Refused(TOO_FAST, params={"seconds": max(1, round(wait))})
        if seat is not None:  # a refused statement counts too: refusals are no faster a probe than moves
            self._stating.stated(seat, now)
        self._push_and_store([(move, command.by)], stated=True)
        log.info("game %s: the %s stated: %s", self._game_id, "referee" if seat is None else f"seat {seat}",
                 self._part.describe("en", game, game.version - 1, game.progress().round, blind=True))
        return {"stated": True}

    def _put_back(self, game: Any, check: Any) -> None:
        rebuild.put_back(self._rules, self._board, game, check)

    def _live(self, move: Any) -> Any:
        """A move sent now, in the game's form of today (its part's `as_stated`); a stored one replays as kept."""
        return self._part.as_stated(move)

    def _push_and_store(self, actions: list[tuple[Any, str]], *, stated: bool = False) -> None:
        game = self._current()
        assert self._game_id is not None
        check = rebuild.checkpoint(game)
        rounds = len(self._rounds)
        shown = []  # what each move revealed (reveals.py), kept once all are in
        try:
            for action, _ in actions:
                self._note_round()
                game.push(action)
                shown.append((reveals.listed_by(game), game.version))
        except IllegalAction as error:
            self._put_back(game, check)
            del self._rounds[rounds:]
            raise Refused.of(error) from None
        except BadRecord as error:  # the game's layout cannot be honoured here (a typed reinforcement list)
            self._put_back(game, check)
            del self._rounds[rounds:]
            raise Refused(str(error)) from None
        entries = []
        for action, by in actions:
            entry = self._rules.move_to_json(action)
            if by == REFEREE or stated:
                entry["by"] = by  # decided on behalf of a player whose box is dead, or who stated it
            entries.append(entry)
        try:
            self._store.append(self._game_id, *entries)
        except Exception:
            self._put_back(game, check)
            del self._rounds[rounds:]
            raise
        self._entries.extend(entries)
        for listed, version in shown:
            self._reveals.note(listed, version)
        self._collect_instructions()
        self._draw_chance()  # in the same transaction as the move that led to it (Store.together)
        result = game.result()
        if result is not None:
            self._store.finish(self._game_id)
            log.info("game %s over: %s", self._game_id, self._winners(result))

    def _rollback(self, command: Rollback, game: Any) -> dict[str, Any]:
        self._referee_only(command.by)
        if not 0 <= command.keep < game.version:
            raise Refused(N_("Choose an action of this game to go back to."))
        if not command.confirm:
            return self._rollback_preview(command, game)
        if command.seen is not None and command.seen != len(self._entries):
            # Bound to its preview: a confirm on a game that moved on would undo more than it showed.
            raise Refused(N_("The game moved on since this preview: here is what going back undoes now."),
                          details={"preview": self._rollback_preview(command, game)})
        assert self._game_id is not None
        entry = {"type": "rollback", "keep": command.keep}
        self._store.append(self._game_id, entry)
        self._entries.append(entry)
        steps = self._rollback_to(command.keep)
        if self._game_id is not None and self._current().result() is None:
            self._store.reopen(self._game_id)
        self._draw_chance()  # a node the rollback went back to is drawn again, by the same seed
        log.info("game %s rolled back to %s actions", self._game_id, command.keep)
        return {"confirm": True, "undo": [s.text(self._language, None if command.blind else -1) for s in steps]}

    def _rollback_preview(self, command: Rollback, game: Any) -> dict[str, Any]:
        """What going back to just before action `keep` undoes, in words, and the steps that put the pieces
        back (without the seats' secrets for a blind referee); `seen` binds the confirm to it."""
        preview = rebuild.rebuilt(self._rules, self._board, game.setup, list(game.moves)[:command.keep])
        steps = self._part.restore_lines(game.view("referee"), preview.view("referee"), self._board)
        rounds = self.action_rounds()
        dropped = [self._part.describe(self._language, game, n, rounds[n], blind=command.blind)
                   for n in range(command.keep, game.version)]
        return {"confirm": False, "keep": command.keep, "seen": len(self._entries),
                "drops": game.version - command.keep, "dropped": dropped,
                "undo": [s.text(self._language, None if command.blind else -1) for s in steps]}

    def _save_state(self, version: int) -> None:
        if self._game_id is None:
            return
        self._store.set_table_state(self._game_id, "table", {
            **self._drafts.to_json(),
            "pace": self._pace, "acknowledged": self._acknowledged, "ticked": self._ticked, "version": version,
            **({"skipped": {str(n): by for n, by in self._skipped.items()}} if self._skipped else {}),
            **({"seals": [list(seal) for seal in self._seals]} if self._seals else {}),
        })
