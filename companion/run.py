"""`companion run`: the composition root of a game night. Builds the store, the table and the
players' boxes from the config, starts the loop, and stops cleanly on SIGTERM or Ctrl-C."""

from __future__ import annotations

import gc
import logging
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from companion.agents.bots import Bots, new_game
from companion.boxes.frame import Frame
from companion.config import Config
from companion.core import registry
from companion.core.errors import CompanionError
from companion.core.game import GameModule, Result
from companion.core.random_agents import kit_of
from companion.i18n import N_, translate
from companion.notify import Notifier
from companion.store import Store
from companion.table import Refused, Table
from companion.table.names import escape_controls
from companion.table.results import log_line
from companion.table.seats import handed_to
from web import create_app
from web.auth import SHORT, seat_token
from web.guard import app_url
from web.phone import PhoneBox, PhoneBoxes
from web.serve import WebServer

log = logging.getLogger("companion.run")


def board_text(config: Config) -> str:
    return pack_in_use(config)[0]


def pack_in_use(config: Config) -> tuple[str, str]:
    """The pack new games start with and where it comes from: the config's `board`, else the pack the
    owner verified (next to the store), else the default one."""
    commands = registry.load(config.game).commands
    if commands is None:
        raise CompanionError(f"the game {config.game!r} reads no packs")
    return commands.pack_in_use(config.board, config.store)


def tune_for_keys() -> Callable[[], None]:
    """Python's cyclic garbage collector, set for a table where a key press must never wait: what
    exists after start-up is never scanned again, and young collections are rarer. Measured
    (tests/campaign/test_load.py): with the defaults, a collection now and then held a key press up for
    60-80 ms; tuned, no collection ran during a whole load run. (Shorter thread turns,
    `sys.setswitchinterval`, were tried too and changed nothing measurable.) Returns what puts the
    settings back."""
    collector = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)

    def restore() -> None:
        gc.unfreeze()
        gc.set_threshold(*collector)

    return restore


LOOK = 0.2  # seconds between two looks of the run's loop at the table, and at a stop asked
BOTS_WITHIN = 5.0  # seconds a stop waits for a virtual player's decision in hand (its commands answered)


def run(config: Config, stop: threading.Event | None = None, *,
        on_stored: Callable[[int], None] = lambda n: None) -> int:
    """Plays until stopped or until `config.games` games are over. `on_stored` hears the stored log's
    length after each virtual player's action (the crash campaign's hook). A SIGTERM or Ctrl-C at any
    moment from here on, during start-up too, stops it like `stop`: what was started is stopped in
    order, every part within a bound, and the store is closed with everything in it."""
    stop = stop or threading.Event()
    with StopSignals() as signals:
        parts = Parts(Notifier())
        try:
            play(config, parts, lambda: signals.caught is not None or stop.wait(LOOK), on_stored)
        finally:
            parts.stop()
        if parts.power_off.is_set():
            subprocess.run(list(config.shutdown), check=False)
    return 0


def play(config: Config, parts: Parts, stopped: Callable[[], bool], on_stored: Callable[[int], None]) -> None:
    """Starts the table's parts (each kept in `parts` as soon as it runs), then plays until `stopped()`
    says so (it waits up to LOOK seconds for it) or until `config.games` games are over."""
    notifier = parts.notifier
    store = parts.store = Store(config.store)
    for warning in store.warnings:
        log.warning("%s", warning)
    game = registry.load(config.game)
    pack, origin = pack_in_use(config)
    table = parts.table = Table.open(store, pack, language=config.language, pace=config.table_pace(), game=game.key,
                                     levels=levels(game))
    log.info("board pack for new games: %s (%s, %s)", origin, table.new_board.name, table.new_board.status)
    players = [(p.seat, p.colour, p.name) for p in config.players]
    seed = config.bot_seed
    table.offer_boxes([p.box for p in config.players if p.box.startswith(("gpio:", "serial:"))], config_seats(config))
    demo = all(p.box == "bot" for p in config.players)  # nobody at the table: the config's seed may draw the dice
    if not table.has_game():
        table.handle(new_game(game, players, config.game_options(), seed, seats=config_seats(config), demo=demo))
    # A game found over at start is not counted again: it stays shown until the referee starts another. Read
    # before the virtual players start: they may end the game in hand within the next milliseconds.
    counted = {table.game_id} if table.result() is not None else set()
    table.on_tick = notifier.tick
    table.on_saving = lambda error: notifier.status(saving_status(error))
    if notifier.interval is not None:
        table.tick_every = min(table.tick_every, notifier.interval / 2)
    table.start()
    bots = parts.bots = Bots(table, {p.seat: p.level for p in config.players if p.box == "bot"},
                             delay=config.bot_delay, seed=seed, acknowledged=on_stored, game=game.key)
    web = parts.web = start_web(config, table)
    warn_if_provisional(table, web)
    hardware = parts.hardware = open_hardware(config, table)
    if web is not None:
        for box in hardware:
            box.box.controller.link = (lambda seat: lambda: web.seat_link(seat))(box.seat)
    devices = SeatDevices(config, table, bots, web, hardware)
    # Seated as the game under way says before they start: a game resumed keeps its phones' seats, which the
    # config's virtual players would otherwise play until the loop's first look (issue 39: a restart played a
    # phone's turn).
    devices.follow()
    bots.start()
    parts.untune = tune_for_keys()
    seated = len(table.players()) if table.has_game() else len(players)  # the game under way's, not the config's
    log.info("table ready: store %s, %s players, language %s", config.store, seated, table.language)
    round_ = table.round()
    notifier.ready(f"{seated} players, round {round_ if round_ is not None else '-'}")
    parts.power = power_button(config, parts.power_off.set)
    finished = 0
    while not (parts.power_off.is_set() or stopped()):
        devices.follow()
        result = table.result()
        if result is None:
            continue
        if table.game_id not in counted:
            counted.add(table.game_id)
            finished += 1
            log.info("game over: %s", winners_line(table, result))
            if config.games and finished >= config.games:
                return
        if not (config.games and all(p.box == "bot" for p in config.players)):
            continue  # the finished game stays on every page, with its final scoring, until a new one
        # Only a run told to play a number of games with virtual players alone goes on to the next
        # game by itself (demos, campaigns): a table with people at it keeps its result.
        try:
            table.submit(new_game(game, players, config.game_options(), seed + 1,
                                  seats=config_seats(config), demo=demo)).result()
        except Refused as refused:  # the store cannot be written: the next turn tries again
            log.error("the next game cannot start: %s", refused)
            continue
        seed += 1


class Parts:
    """What a run has started so far. `stop` stops it in order however far start-up got: each part's stop
    is bounded, and one part's trouble does not keep the next from stopping."""

    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier
        self.store: Store | None = None
        self.table: Table | None = None
        self.bots: Bots | None = None
        self.web: WebServer | None = None
        self.hardware: list[Any] = []
        self.power: Any = None
        self.untune: Callable[[], None] = lambda: None
        self.power_off = threading.Event()  # the power button was held: the machine shuts down after the stop
        self.saved = False

    def stop(self) -> None:
        steps: list[Callable[[], None]] = [self.notifier.stopping, self._stop_bots, self._stop_table,
                                           self._farewell, *(box.close for box in self.hardware)]
        if self.web is not None:
            steps.append(self.web.stop)
        for step in steps:
            try:
                step()
            except Exception:
                log.exception("stopping the table: %s failed", getattr(step, "__qualname__", step))
        if self.saved:
            log.info("Game saved — safe to unplug")
        self.notifier.close()
        if self.power is not None:
            self.power.close()
        self.untune()  # a run inside a longer process (tests) leaves its collector as it found it

    def _stop_bots(self) -> None:
        if self.bots is not None and not self.bots.stop(within=BOTS_WITHIN):
            log.warning("a virtual player was still deciding %s s after the stop: its decision is dropped",
                        BOTS_WITHIN)

    def _stop_table(self) -> None:
        if self.table is not None:
            self.saved = self.table.stop()  # finishes the commands in hand and closes the store, within a bound
        elif self.store is not None:
            self.store.close()

    def _farewell(self) -> None:
        if self.table is not None:
            farewell(self.table, self.web, self.hardware)


class StopSignals:
    """SIGTERM and SIGINT while a run lasts, from its very first step: each is noted, and that is all.

    The handler takes no lock and does no I/O. Python runs it on the main thread between two bytecodes,
    maybe while that thread holds the very lock it would take: setting the run's stop event from here
    (`Event.set`) hung `companion run` for good when the SIGTERM landed while the loop's `stop.wait`
    held that event's lock, as it does for a few bytecodes every turn (seen once in thirty-odd runs on a
    saturated machine; tests/table/test_stop.py makes it happen every time). The loop looks at `caught`
    at every turn, within LOOK seconds."""

    def __init__(self) -> None:
        self.caught: int | None = None
        self._before: dict[int, Any] = {}

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.caught = signum

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():  # only the main thread may set handlers
            self._before = {sig: signal.signal(sig, self._note) for sig in (signal.SIGTERM, signal.SIGINT)}
        return self

    def __exit__(self, *exc: object) -> None:
        # A run inside a longer process (tests) leaves the signals as it found them.
        for sig, handler in self._before.items():
            signal.signal(sig, handler)


def winners_line(table: Table, result: Result) -> str:
    """Who won, for the log, from the contract's `Result` (any game): seats as people read them, with names."""
    return log_line(result, lambda seat: seat_words(table, seat))


def seat_words(table: Table, seat: int) -> str:
    """A seat of the game under way as the log names it: numbered from 1 as people read it, with its name."""
    game = registry.load(table.game_key)
    name = next((name for s, _, name in table.players() if s == seat), None)
    shown = f"seat {game.shown_seat(seat)}"
    return f"{shown} ({name})" if name else shown


def levels(game: GameModule) -> tuple[str, ...]:
    """The levels the game's virtual players come in: the table is told them (it imports no agents)."""
    return tuple(kit_of(game).levels)  # no agents of its own: the framework's random player


def config_seats(config: Config) -> dict[str, Any]:
    """Who plays each seat of a game the run starts itself, from the config: kept with the game as the
    referee's wizard keeps it, so that the referee may move any seat of it (seats.py)."""
    out: dict[str, Any] = {}
    for p in config.players:
        if p.box == "bot":
            out[str(p.seat)] = {"device": "virtual", "level": p.level}
        elif p.box.startswith(("gpio:", "serial:")):
            out[str(p.seat)] = {"device": "box", "box": p.box}
        else:
            out[str(p.seat)] = {"device": "phone"}
    return out


def saving_status(error: str | None) -> str:
    """systemd's status line for the table's saving (`systemctl status` shows it)."""
    if error is None:
        return "saving again"
    return f"CANNOT SAVE: {error}; free space on the card or check the store, see the journal"


class SeatDevices:
    """Puts each seat on the device the referee chose for it (companion/table/seats.py): virtual players,
    phone boxes, and the table's hardware boxes, reopened for another seat when one moves. A game without
    such a choice keeps the config's devices."""

    def __init__(self, config: Config, table: Table, bots: Bots, web: WebServer | None, hardware: list[Any]) -> None:
        self.config, self.table, self.bots, self.web, self.hardware = config, table, bots, web, hardware
        self.virtual = dict(bots.levels)  # the config's own
        self.seen: dict[int, dict[str, str]] | None = None
        specs = [p for p in config.players if p.box.startswith(("gpio:", "serial:"))]
        # Which box is which: each was opened for its config seat.
        self.opened = {p.box: box for p in specs for box in hardware if box.seat == p.seat}
        table.offer_boxes([p.box for p in specs], config_seats(config))

    def follow(self) -> None:
        chosen = self.table.seat_devices()
        if chosen == self.seen:
            return
        self.seen = chosen
        if not chosen:
            self.bots.play(self.virtual)
            return
        self.bots.play({seat: d.get("level", "normal") for seat, d in chosen.items() if d["device"] == "virtual"})
        phones = self.web.phones if self.web is not None else None
        if phones is not None:
            for seat in [s for s in phones.boxes if s not in chosen]:  # a seat the game under way has not
                phones.boxes.pop(seat, None)
            for seat, d in chosen.items():
                if d["device"] == "phone" and phones.get(seat) is None:
                    box = PhoneBox(seat, self.table)
                    box.box.attach()
                    phones.boxes[seat] = box
                elif d["device"] != "phone":
                    phones.boxes.pop(seat, None)
        used = {d["box"] for d in chosen.values() if d["device"] == "box"}
        for spec, box in list(self.opened.items()):
            if spec not in used:  # a box moved to another seat is reopened for it below
                self._let_go(spec, box, chosen.get(box.seat))
        for seat, d in chosen.items():
            if d["device"] == "box":
                self._box_to(seat, d["box"])
        log.info("seats: %s", ", ".join(f"{seat_words(self.table, seat)} on {d['device']}"
                                        for seat, d in sorted(chosen.items())))

    def _let_go(self, spec: str, box: Any, now: dict[str, str] | None) -> None:
        """A box whose seat the referee moved elsewhere stops playing it at once, and says so on its screen."""
        del self.opened[spec]
        if box in self.hardware:
            self.hardware.remove(box)
        language = self.table.language
        box.show_final(Frame("message", translate(language, N_("Seat handed over")),
                             (translate(language, handed_to(now)),)))
        box.close()
        log.info("seat %s: box %s lets go of it", box.seat, spec)

    def _box_to(self, seat: int, spec: str) -> None:
        """Reopens a hardware box for the seat it now plays (a box is bound to its seat when opened)."""
        player = next((p for p in self.config.players if p.box == spec), None)
        old = self.opened.pop(spec, None)
        if player is None or (old is not None and old.seat == seat):
            if old is not None:
                self.opened[spec] = old
            return
        from hardware.hardware_box import HardwareBox

        if old is not None:
            self.hardware.remove(old)
            old.close()
        try:
            box = HardwareBox(seat, spec, self.table, screen=box_screen(seat, player.screen), pins=player.pins)
        except Exception as error:  # unplugged: say so, the seat can still move to a phone
            log.error("seat %s: box %s could not be opened (%s)", seat, spec, error)
            return
        self.opened[spec] = box
        if self.web is not None:
            web = self.web
            box.box.controller.link = lambda: web.seat_link(seat)
        self.hardware.append(box)


def warn_if_provisional(table: Table, web: WebServer | None) -> None:
    """Says plainly when a pack in use is not checked against a real copy, and where to check it."""
    url = app_url(web.app) if web is not None else None
    where = (f"open {url}verify on the referee's phone, or run " if url is not None
             else "open the referee's page (/verify) on the referee's phone, or run " if web is not None else "run ")
    current = table.board if table.has_game() else None
    warned = []
    if current is not None and current.status != "verified":
        warned.append(current.sha256)
        log.warning("PROVISIONAL board pack: the game under way plays on %r, whose roads, regions and tiles are "
                    "not checked against a real copy of the game; to check it once (about half an hour), "
                    "%s`companion board verify`", current.name, where)
    new = table.new_board
    if new.status != "verified" and new.sha256 not in warned:
        log.warning("PROVISIONAL board pack: new games start on %r, whose roads, regions and tiles are not "
                    "checked against a real copy of the game; to check it once (about half an hour), "
                    "%s`companion board verify`", new.name, where)
    elif new.status == "verified" and warned:
        log.info("new games start on the verified board pack %r", new.name)


def power_button(config: Config, on_hold: Callable[[], None]) -> Any:
    if config.power_pin is None:
        return None
    from hardware.power import PowerButton

    return PowerButton(config.power_pin, on_hold)


def open_hardware(config: Config, table: Table) -> list[Any]:
    """The physical boxes of the config: GPIO keys with an OLED, or serial boxes. A box that cannot be
    opened is reported and left out: the table runs, and its seat can still play from a phone. A screen
    that does not answer does not take its box's keys with it: it is tried again until it answers."""
    boxes = []
    for player in config.players:
        if not player.box.startswith(("gpio:", "serial:")):
            continue
        from hardware.hardware_box import HardwareBox

        try:
            screen = box_screen(player.seat, player.screen)
            boxes.append(HardwareBox(player.seat, player.box, table, screen=screen, pins=player.pins))
        except Exception as error:  # missing pins, no I²C, unplugged: say so and go on
            log.error("seat %s: box %s could not be opened (%s); run `companion doctor`", player.seat,
                      player.box, error)
    return boxes


def box_screen(seat: int, spec: str | None) -> Any:
    """A GPIO box's OLED, opened now or as soon as it answers; None without one, or with a setting that
    names none (said in the log: the box's keys work all the same)."""
    if not spec:
        return None
    from hardware.screens import oled_screen

    try:
        return oled_screen(spec, f"seat {seat}'s screen")
    except ValueError as error:
        log.error("seat %s: %s; the box's keys work, without a screen", seat, error)
        return None


def farewell(table: Table, web: WebServer | None, hardware: list[Any]) -> None:
    """The last frame on every screen, once the store is closed."""
    frame = Frame("message", translate(table.language, N_("Game saved")),
                  (translate(table.language, N_("Safe to unplug.")),))
    phones = web.phones if web is not None else None
    for box in list(phones.boxes.values() if phones is not None else ()) + hardware:
        box.box.show_final(frame)


def start_web(config: Config, table: Table, **address: Any) -> WebServer | None:
    """The phone pages, and a phone box for every seat that plays from a phone. `address` reaches the
    server's TableAddress (tests give it a source of addresses and a clock)."""
    if config.web_port < 0:
        return None
    phones = PhoneBoxes(table, {p.seat for p in config.players if p.box == "phone"})
    settings: dict[str, Any] = {"HOST_NAMES": config.web_names}
    if config.referee_pin:
        settings["REFEREE_PIN"] = config.referee_pin
    app = create_app(settings, table, phones)
    server = WebServer(app, config.web_host, config.web_port, **address)
    server.phones = phones
    server.start()
    secret_key = app.config["SECRET_KEY"]

    def short_link(seat: int) -> str | None:
        # Made when the box shows it, on the table's address of the moment: none while only loopback is
        # there (a phone could not follow it). Upper case: the box's QR code is then small enough to scan
        # on a 128x64 OLED.
        public = app_url(app)
        if public is None:
            return None
        token = seat_token(secret_key, table.game_id, seat, table.seat_link(seat))[:SHORT]
        return f"{public.upper()}S/{registry.load(table.game_key).shown_seat(seat)}/{token.upper()}"

    server.seat_link = short_link
    log.info("table view: %s", " or ".join(server.address.urls()))
    if not (sys.stdout.isatty() or config.simulated):
        return server  # under systemd stdout is the journal: no PIN or seat link there
    # The terminal is this machine: without a network, its own address still serves it.
    public = app_url(app) or server.address.urls()[-1]
    if app.config["PIN_MADE"]:
        # Shown once, when it is made: the log must not carry secrets afterwards.
        print(f"Referee page: {public}referee (PIN {app.config['REFEREE_PIN']}; `companion pin` shows it again)",
              flush=True)
    for seat in sorted(phones.boxes):
        token = seat_token(secret_key, table.game_id, seat, table.seat_link(seat))
        shown = registry.load(table.game_key).shown_seat(seat)  # links read seats from 1 in every game
        print(f"Seat {shown} plays from a phone: {public}seat/{shown}?t={token}", flush=True)
    return server


class OneLineFormatter(logging.Formatter):
    """Control characters written out: a player's name (or any text) cannot end a log line and forge the next."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 (logging's name)
        record.message = escape_controls(record.message)
        return super().formatMessage(record)


def configure_logging() -> None:
    # One line per event, no timestamps: journald adds its own.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLineFormatter("%(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
