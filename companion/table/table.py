"""The running table: one thread owns the game and applies every command in order.

Boxes, phones and the referee `submit` commands; the loop checks each one, stores what it changes
before answering (an action is acknowledged only once it is on disk), then publishes fresh views to
every subscriber. It also keeps what is table state and not game state: the programs players are
still entering, who has locked, the pace, and which physical instructions the table has done.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from companion.boards import parse_pack
from companion.boxes.snapshot import SeatSnapshot
from companion.i18n import LANGUAGES
from companion.rules import (
    BadBoard,
    BadRecord,
    Game,
    IllegalAction,
    Program,
    action_from_json,
    action_to_json,
    record_from_json,
    record_to_json,
    setup_from_json,
    setup_to_json,
)
from companion.rules.board import Board
from companion.rules.preview import preview
from companion.rules.units import ORDERS, PROGRAM_LENGTH
from companion.rules.views import BadReader, parse_reader
from companion.store import Store

from .commands import (
    PACES,
    REFEREE,
    Acknowledge,
    BoxStatus,
    Command,
    Decide,
    ImportGame,
    Lock,
    NewGame,
    Refused,
    Rollback,
    SetBoard,
    SetLanguage,
    SetOrder,
    SetPace,
    SetProgram,
    Unlock,
)
from .instructions import Instruction, from_events, setup_instructions
from .restore import restore_instructions

log = logging.getLogger("companion.table")

Subscriber = Callable[[dict[str, Any]], None]
RECENT = 40  # instructions already done that a view still shows
UNCHECKED_3P = ("The 3-player tiles of this board pack are not checked against your copy of the game: "
                "check them with the walk-through (/verify) before playing on them.")


class Table:
    def __init__(self, store: Store, board_text: str, *, language: str = "en", pace: str = "decisions") -> None:
        self.store = store
        self.board_text = board_text  # the pack of the game under way (each game keeps the pack it began with)
        self.board = parse_pack(board_text)
        self.new_pack, self.new_board = board_text, self.board  # the pack new games start with
        self.language = language
        self.pace = pace
        self.game: Game | None = None
        self.game_id: int | None = None
        self.entries: list[dict[str, Any]] = []  # the stored log of this game: actions and markers
        self.drafts: dict[int, list[str | None]] = {}
        self.locked: set[int] = set()
        self.instructions: list[Instruction] = []
        self.acknowledged = 0
        self.version = 0
        self.boxes: dict[int, dict[str, Any]] = {}  # seat -> {"kind", "connected"}: table state, not saved
        self._cached_version = -1
        self._views: dict[str, dict[str, Any]] = {}
        self._json_lock = threading.Lock()
        self._json_version = -1
        self._json: dict[str, str] = {}
        self._watchers: list[Callable[[int], None]] = []
        self._texts: dict[tuple[int, str, bool], dict[str, Any]] = {}  # instruction n as shown
        self._events_seen = 0
        self._lock = threading.RLock()
        self._subscribers: list[tuple[str, Subscriber]] = []
        self._queue: queue.Queue[tuple[Command | None, Future[dict[str, Any]]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.on_tick: Callable[[], None] = lambda: None  # fed by the loop, e.g. a watchdog (systemd)
        self.tick_every = 1.0  # seconds the loop waits for a command before ticking anyway

    # -- opening -----------------------------------------------------------------------------------

    @classmethod
    def open(cls, store: Store, board_text: str, **options: Any) -> Table:
        """A table on the store's last unfinished game, exactly as it was, or with no game yet."""
        table = cls(store, board_text, **options)
        last = store.last_unfinished()
        if last is not None:
            table._resume(last)
        return table

    def _resume(self, game_id: int) -> None:
        stored = self.store.load(game_id)
        self.board_text = stored.board_pack
        self.board = parse_pack(stored.board_pack)
        self.game_id = game_id
        self._start(setup_from_json(stored.setup))
        for index, entry in enumerate(stored.entries):
            try:
                self._replay_entry(entry)
            except (IllegalAction, BadRecord) as error:
                log.warning("game %s: stored entry %s cannot be replayed (%s); resuming before it",
                            game_id, index, error)
                break
            self.entries.append(entry)
        saved = stored.table_state.get("table", {})
        if self.game is not None and self.game.state.phase == "program":
            seats = self.game.state.players
            self.drafts = {int(s): list(o) for s, o in saved.get("drafts", {}).items() if int(s) in seats}
            self.locked = {s for s in saved.get("locked", []) if s in self.drafts}
        self.pace = saved.get("pace", self.pace)
        self.acknowledged = min(int(saved.get("acknowledged", 0)), len(self.instructions))
        self.version = int(saved.get("version", 0)) + 1
        log.info("game %s resumed: year %s, phase %s, %s actions", game_id, self.game.state.year if self.game else "-",
                 self.game.state.phase if self.game else "-", self.game.version if self.game else 0)

    def _start(self, setup: Any) -> None:
        self.game = Game(self.board, setup)
        self.entries = []
        self.drafts = {}
        self.locked = set()
        self.instructions = setup_instructions(self.game)
        self._texts = {}  # numbered afresh
        self._events_seen = len(self.game.state.events)
        self.acknowledged = 0

    def _replay_entry(self, entry: dict[str, Any]) -> None:
        assert self.game is not None
        if entry.get("type") == "rollback":
            self._rollback_to(int(entry["keep"]))
            return
        action = action_from_json({k: v for k, v in entry.items() if k != "by"})
        self.game.push(action)
        self._collect_instructions()

    def _collect_instructions(self) -> None:
        assert self.game is not None
        events = self.game.state.events
        fresh = from_events(self.game.state, events[self._events_seen:])
        self._events_seen = len(events)
        self.instructions.extend(fresh)
        for instruction in fresh:
            log.info("%s", instruction.text("en", None))

    def _rollback_to(self, keep: int) -> list[Instruction]:
        assert self.game is not None
        before = self.game.view("referee")
        rebuilt = Game.replay(self.board, self.game.setup, self.game.actions[:keep])
        steps = restore_instructions(before, rebuilt.view("referee"))
        self.game = rebuilt
        self._events_seen = len(rebuilt.state.events)
        self.instructions.extend(steps)
        self.drafts, self.locked = {}, set()
        return steps

    # -- the loop ----------------------------------------------------------------------------------

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)
            self._thread.start()

    def submit(self, command: Command) -> Future[dict[str, Any]]:
        """Queues a command; the future holds the answer once it is applied and stored."""
        future: Future[dict[str, Any]] = Future()
        self._queue.put((command, future))
        return future

    def stop(self) -> None:
        """Finishes the command in hand, stops the loop and closes the store."""
        if self._thread is not None:
            done: Future[dict[str, Any]] = Future()
            self._queue.put((None, done))
            self._thread.join()
            self._thread = None
        self.store.close()

    def _run(self) -> None:
        while True:
            try:
                command, future = self._queue.get(timeout=self.tick_every)
            except queue.Empty:
                self.on_tick()
                continue
            self.on_tick()
            if command is None:
                return
            if not future.set_running_or_notify_cancel():
                continue
            try:
                answer = self._apply(command)
            except Refused as refused:
                future.set_exception(refused)
                continue
            except Exception as error:  # a bug must not stop the table: the command fails alone
                log.exception("command %r failed", command)
                future.set_exception(error)
                continue
            # The sender hears first, then every view is published: a box waiting for its answer
            # may redraw while the loop publishes, without either waiting on the other.
            future.set_result(answer)
            try:
                self._publish()
            except Exception:  # the loop must outlive any subscriber's trouble
                log.exception("publishing after %r failed", command)

    # -- commands ----------------------------------------------------------------------------------

    def handle(self, command: Command) -> dict[str, Any]:
        """Applies one command and publishes; raises Refused and changes nothing when not allowed."""
        answer = self._apply(command)
        self._publish()
        return answer

    def _apply(self, command: Command) -> dict[str, Any]:
        with self._lock:
            answer = self._dispatch(command)
            self.version += 1
            self._save_drafts()
            answer["version"] = self.version
            return answer

    def _publish(self) -> None:
        with self._lock:
            watchers = list(self._watchers)
            version = self.version
        for watcher in watchers:  # first, and cheap: they fetch the views they need on their own threads
            try:
                watcher(version)
            except Exception:
                log.exception("watcher failed")
        with self._lock:
            subscribers = list(self._subscribers)
            views = self._views_for(subscribers)
        for (reader, callback), view in zip(subscribers, views, strict=True):
            if view is None:
                continue
            try:
                callback(view)
            except Exception:  # a broken subscriber must not stop the others
                log.exception("subscriber for %s failed", reader)

    def _dispatch(self, command: Command) -> dict[str, Any]:
        match command:
            case NewGame():
                return self._new_game(command)
            case Acknowledge(upto=upto):
                self.acknowledged = max(self.acknowledged, min(upto, len(self.instructions)))
                return {"acknowledged": self.acknowledged}
            case ImportGame():
                return self._import(command)
            case BoxStatus(seat=seat, kind=kind, connected=connected):
                self.boxes[seat] = {"kind": kind, "connected": connected}
                log.info("seat %s: %s box %s", seat, kind, "connected" if connected else "disconnected")
                return {"connected": connected}
            case SetLanguage(language=language, by=by):
                self._referee_only(by)
                if language not in LANGUAGES:
                    raise Refused(f"The language is one of {', '.join(LANGUAGES)}.")
                self.language = language
                return {"language": language}
            case SetBoard(pack=pack, by=by):
                self._referee_only(by)
                try:
                    board = parse_pack(pack)
                except BadBoard as error:
                    raise Refused(f"This board pack has problems: {error}") from None
                self.new_pack, self.new_board = pack, board
                if self.game is None:
                    self.board_text, self.board = pack, board
                log.info("board pack for new games: %s (%s)", board.name, board.status)
                return {"board": {"name": board.name, "status": board.status, "sha256": board.sha256}}
            case SetPace(pace=pace, by=by):
                self._referee_only(by)
                if pace not in PACES:
                    raise Refused(f"The pace is one of {', '.join(PACES)}.")
                self.pace = pace
                return {"pace": pace}
        game = self._game()
        match command:
            case SetOrder(seat=seat, slot=slot, order=order):
                draft = self._draft(seat)
                if not 0 <= slot < PROGRAM_LENGTH:
                    raise Refused(f"A program has slots 1 to {PROGRAM_LENGTH}.")
                if order is not None and order not in ORDERS:
                    raise Refused(f"An order is one of {', '.join(ORDERS)}.", "§3")
                draft[slot] = order
                return {"draft": list(draft)}
            case SetProgram(seat=seat, orders=orders):
                draft = self._draft(seat)
                if len(orders) != PROGRAM_LENGTH or any(o is not None and o not in ORDERS for o in orders):
                    raise Refused(f"A program is {PROGRAM_LENGTH} orders among {', '.join(ORDERS)}.", "§3")
                draft[:] = list(orders)
                return {"draft": list(draft)}
            case Lock(seat=seat):
                return self._lock_program(seat)
            case Unlock(seat=seat):
                self._programming(seat)
                if seat not in self.locked:
                    raise Refused("Your program is not locked.")
                self.locked.discard(seat)
                log.info("seat %s unlocked", seat)
                return {"locked": False}
            case Decide():
                return self._decide(command)
            case Rollback():
                return self._rollback(command, game)
        raise Refused(f"Unknown command {command!r}.")

    def _game(self) -> Game:
        if self.game is None:
            raise Refused("No game is under way: the referee starts one.")
        return self.game

    @staticmethod
    def _referee_only(by: str) -> None:
        if by != REFEREE:
            raise Refused("Only the referee can do that.")

    def _new_game(self, command: NewGame) -> dict[str, Any]:
        self._referee_only(command.by)
        board = self._new_board()
        try:
            setup = setup_from_json(command.setup)
            Game(board, setup)  # checks the setup against this board before anything is stored
        except BadRecord as error:
            raise Refused(str(error)) from None
        if self.game_id is not None and self.game is not None and self.game.outcome() is None:
            self.store.finish(self.game_id)  # the unfinished game is set aside, not deleted
        self.board_text, self.board = self.new_pack, board
        self.game_id = self.store.new_game(self.board_text, setup_to_json(setup))
        self._start(setup)
        log.info("game %s started: %s players, %s", self.game_id, len(setup.players), setup.length)
        if len(setup.players) == 3 and board.status != "verified":  # its 3-player tiles are not checked
            log.warning("game %s: 3 players on a board pack whose 3-player tiles are not checked", self.game_id)
            return {"game": self.game_id, "warning": UNCHECKED_3P}
        return {"game": self.game_id}

    def _new_board(self) -> Board:
        """The board of the pack new games start with."""
        return self.board if self.new_pack == self.board_text else self.new_board

    def _import(self, command: ImportGame) -> dict[str, Any]:
        self._referee_only(command.by)
        board = self._new_board()
        try:
            record = record_from_json(command.record)
            game = Game.replay(board, record.setup, record.actions)
        except BadRecord as error:
            raise Refused(f"This record cannot be read: {error}") from None
        except IllegalAction as error:
            raise Refused(f"Action {error.index} of this record is illegal: {error.sentence}", error.rule) from None
        answer = self._new_game(NewGame(setup_to_json(record.setup)))
        assert self.game_id is not None
        entries = [action_to_json(a) for a in record.actions]
        if entries:
            self.store.append(self.game_id, *entries)
        fresh = Game(self.board, record.setup)
        self.game, self.entries = game, entries
        self.instructions = setup_instructions(fresh)
        self._texts = {}  # numbered afresh
        self._events_seen = len(fresh.state.events)
        self._collect_instructions()
        self.acknowledged = len(self.instructions)  # an imported game's pieces are already where they are
        if game.outcome() is not None:
            self.store.finish(self.game_id)
        return answer

    def _programming(self, seat: int) -> None:
        game = self._game()
        if seat not in game.state.players:
            raise Refused(f"There is no seat {seat} in this game.")
        if game.state.phase != "program":
            raise Refused("Orders are programmed only during the programming phase.", "§3")

    def _draft(self, seat: int) -> list[str | None]:
        self._programming(seat)
        if seat in self.locked:
            raise Refused("Your program is locked: unlock it to change it.")
        return self.drafts.setdefault(seat, [None] * PROGRAM_LENGTH)

    def _lock_program(self, seat: int) -> dict[str, Any]:
        self._programming(seat)
        draft = self.drafts.get(seat, [None] * PROGRAM_LENGTH)
        if any(o is None for o in draft):
            raise Refused(f"Fill all {PROGRAM_LENGTH} slots before locking.", "§3")
        game = self._game()
        if len(self.locked | {seat}) < len(game.state.players):
            self.locked.add(seat)
            log.info("seat %s locked (%s of %s)", seat, len(self.locked), len(game.state.players))
            return {"locked": True}
        self.locked.add(seat)
        # The last lock reveals every program: the engine gets them all, stored in one transaction.
        programs = [Program(s, tuple(o for o in self.drafts[s] if o is not None)) for s in game.state.turn_order()]
        try:
            self._push_and_store([(p, "player") for p in programs])
        except Exception:
            self.locked.discard(seat)
            raise
        log.info("seat %s locked: every program revealed", seat)
        self.drafts, self.locked = {}, set()
        return {"locked": True, "revealed": True}

    def _decide(self, command: Decide) -> dict[str, Any]:
        game = self._game()
        if command.by != REFEREE and self.paused():
            raise Refused("Wait: the table still has instructions to carry out.")
        try:
            action = action_from_json(command.action)
        except BadRecord as error:
            raise Refused(str(error)) from None
        if action.seat != command.seat:
            raise Refused("A decision is taken for one's own seat.")
        if action.type == "program":
            raise Refused("Programs are entered slot by slot and locked.", "§3")
        del game  # the push below checks it against the rules
        self._push_and_store([(action, command.by)])
        return {"ok": True}

    def _push_and_store(self, actions: list[tuple[Any, str]]) -> None:
        game = self._game()
        assert self.game_id is not None
        pushed = 0
        try:
            for action, _ in actions:
                game.push(action)
                pushed += 1
        except IllegalAction as error:
            for _ in range(pushed):
                game.pop()
            raise Refused(error.sentence, error.rule) from None
        entries = []
        for action, by in actions:
            entry = action_to_json(action)
            if by == REFEREE:
                entry["by"] = REFEREE  # decided on behalf of a player whose box is dead
            entries.append(entry)
        try:
            self.store.append(self.game_id, *entries)
        except Exception:
            for _ in range(pushed):
                game.pop()
            raise
        self.entries.extend(entries)
        self._collect_instructions()
        if game.outcome() is not None:
            self.store.finish(self.game_id)
            log.info("game %s over", self.game_id)

    def _rollback(self, command: Rollback, game: Game) -> dict[str, Any]:
        self._referee_only(command.by)
        if not 0 <= command.keep < game.version:
            raise Refused(f"Roll back to a number of actions from 0 to {game.version - 1}.")
        if not command.confirm:
            preview = Game.replay(self.board, game.setup, game.actions[:command.keep])
            steps = restore_instructions(game.view("referee"), preview.view("referee"))
            return {"confirm": False, "undo": [s.text(self.language, -1) for s in steps],
                    "drops": game.version - command.keep}
        assert self.game_id is not None
        entry = {"type": "rollback", "keep": command.keep}
        self.store.append(self.game_id, entry)
        self.entries.append(entry)
        steps = self._rollback_to(command.keep)
        if self.game_id is not None and self._game().outcome() is None:
            self.store.reopen(self.game_id)
        log.info("game %s rolled back to %s actions", self.game_id, command.keep)
        return {"confirm": True, "undo": [s.text(self.language, -1) for s in steps]}

    # -- what readers see --------------------------------------------------------------------------

    def paused(self) -> bool:
        """In `orders` pace, decisions wait until the table has done every physical instruction."""
        return self.pace == "orders" and any(i.physical for i in self.instructions[self.acknowledged:])

    def watch(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """Calls back with the new version after every change, without making any view: for readers
        that fetch their view on their own thread (event streams, boxes, virtual players)."""
        with self._lock:
            self._watchers.append(callback)

        def unwatch() -> None:
            with self._lock:
                if callback in self._watchers:
                    self._watchers.remove(callback)
        return unwatch

    def subscribe(self, reader: str, callback: Subscriber) -> Callable[[], None]:
        with self._lock:
            if self.game is not None:
                parse_reader(reader, self.game.state.seats)  # refuses an unknown reader now, not later
            self._subscribers.append((reader, callback))
        def unsubscribe() -> None:
            with self._lock:
                if (reader, callback) in self._subscribers:
                    self._subscribers.remove((reader, callback))
        return unsubscribe

    def _views_for(self, subscribers: list[tuple[str, Subscriber]]) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = []
        for reader, _ in subscribers:
            try:
                out.append(self.view(reader))
            except BadReader:
                out.append(None)  # a seat the game under way does not have (a smaller new game)
        return out

    def view(self, reader: str = "referee") -> dict[str, Any]:
        """The view for a reader. It is shared with every other caller for this version: never modify it."""
        with self._lock:
            if self._cached_version != self.version:
                self._cached_version, self._views = self.version, {}
            if reader not in self._views:
                self._views[reader] = self._build_view(reader)
            return self._views[reader]

    def view_json(self, reader: str = "referee") -> tuple[int, str]:
        """The version and the view as JSON text, made once per reader and version however many
        phones ask. The text is made outside the table's lock, so the loop never waits for it."""
        with self._lock:
            version = self.version
            view = self.view(reader)
        with self._json_lock:
            if self._json_version != version:
                self._json_version, self._json = version, {}
            text = self._json.get(reader)
            if text is None:  # made once, while the other streams of this reader wait for it
                text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
                if self._json_version == version:
                    self._json[reader] = text
        return version, text

    def _build_view(self, reader: str) -> dict[str, Any]:
        with self._lock:
            if self.game is None:
                return {"format": "xidit-state/1", "view": reader, "version": self.version, "phase": "setup",
                        "table": self._table_part(reader, None)}
            view = self.game.view(reader)
            me = parse_reader(reader, self.game.state.seats)
            view["version"] = self.version
            if self.game.state.phase == "program":
                for player in view["players"]:
                    player["locked"] = player["seat"] in self.locked
            view["table"] = self._table_part(reader, me)
            return view

    def _instruction_json(self, n: int, me: int | None) -> dict[str, Any]:
        """An instruction as one reader sees it; the translated text is kept, instructions never change."""
        instruction = self.instructions[n]
        private = instruction.private is not None and (me == -1 or me == instruction.seat)
        key = (n, self.language, private)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = instruction.to_json(self.language, me)
        return found

    def _table_part(self, reader: str, me: int | None) -> dict[str, Any]:
        start = max(0, self.acknowledged - RECENT)
        shown = [dict(self._instruction_json(n, me), n=n, done=n < self.acknowledged)
                 for n in range(start, len(self.instructions))]
        part: dict[str, Any] = {"game": self.game_id, "actions": self.game.version if self.game else 0,
                                "pace": self.pace, "paused": self.paused(),
                                "language": self.language, "acknowledged": self.acknowledged,
                                "instructions": shown, "locked": sorted(self.locked),
                                "boxes": {str(s): dict(b) for s, b in sorted(self.boxes.items())},
                                "board": self._board_part()}
        if me == -1:
            part["drafts"] = {str(s): d for s, d in sorted(self.drafts.items())}
        elif me is not None and me in self.drafts:
            part["draft"] = list(self.drafts[me])
        return part

    def _board_part(self) -> dict[str, Any]:
        """The pack of the game under way and, when new games will use another, that one too."""
        part: dict[str, Any] = {"name": self.board.name, "status": self.board.status, "sha256": self.board.sha256}
        if self.new_pack != self.board_text:
            board = self._new_board()
            part["next"] = {"name": board.name, "status": board.status, "sha256": board.sha256}
        return part

    def seat_snapshot(self, seat: int) -> SeatSnapshot:
        """What one player's box may know now, read at once under the table's lock."""
        with self._lock:
            view = self.view(f"seat:{seat}") if self.game else self.view("public")
            if self.game is None or seat not in self.game.state.players:
                return SeatSnapshot(view, None, (), (None,) * PROGRAM_LENGTH, False)
            choice = next(iter(self.game.legal(seat)), None)
            draft = tuple(self.drafts.get(seat, [None] * PROGRAM_LENGTH))
            forecast = tuple(preview(self.game.state, seat, [o or "wait" for o in draft])) \
                if self.game.state.phase == "program" else ()
            return SeatSnapshot(view, choice, forecast, draft, seat in self.locked)

    def record(self) -> dict[str, Any]:
        """The game record (spec §2) of the game in hand: its effective actions."""
        game = self._game()
        return record_to_json(game.record())

    def _save_drafts(self) -> None:
        if self.game_id is None:
            return
        self.store.set_table_state(self.game_id, "table", {
            "drafts": {str(s): d for s, d in self.drafts.items()}, "locked": sorted(self.locked),
            "pace": self.pace, "acknowledged": self.acknowledged, "version": self.version,
        })
