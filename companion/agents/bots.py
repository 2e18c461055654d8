"""Virtual players: seats the table plays itself, at a human-like pace, through the same commands
as a box. They make `companion run` a working table on any machine and drive the resume tests.

A client of the table living outside it (the table imports no agents): the game's agents come from its
`AgentKit` (companion.core.agents), found through the registry."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Mapping
from typing import Any

from companion.core import registry
from companion.core.agents import Agent, AgentKit
from companion.core.game import GameModule
from companion.table import Table
from companion.table.commands import BoxStatus, Command, Decide, EditDraft, NewGame, Refused, Seal
from companion.table.saving import CannotSave
from companion.table.seats import DEFAULT_LEVEL
from companion.table.views import Awaited

from .levels import kit as kit_of

RETRY = 2.0  # seconds between two tries of a virtual player while the store cannot be written

log = logging.getLogger("companion.bots")

# A virtual player that cannot play is told to the table as a box lost (BoxStatus, kind "virtual", not
# connected): the referee's page then says which seat, and that the referee can decide for it or move the
# seat to a phone; it is told again, connected, once it plays.
VIRTUAL = "virtual"


class CannotPlay(Exception):
    """A virtual player's agent failed to decide for its seat (the agents of another game, a bug)."""

    def __init__(self, seat: int, error: BaseException) -> None:
        super().__init__(f"seat {seat}: {type(error).__name__}: {error}")
        self.seat, self.error = seat, error


class Bots:
    """Plays the seats given with their levels. Each seat's agent is shown only what that seat's phone
    would show (its view and its legal choice), so a virtual player can never use another's secrets."""

    def __init__(self, table: Table, levels: Mapping[int, str], *, delay: float, seed: int,
                 acknowledged: Callable[[int], None] = lambda n: None, game: str = registry.DEFAULT) -> None:
        self.table = table
        self.game = game  # the run's game; each decision is made by the agents of the game under way (`kit`)
        self._kit: AgentKit | None = None
        self.levels = dict(levels)
        self.seats = set(levels)
        self.delay = delay
        self.seed = seed
        self.acknowledged = acknowledged  # told the stored log's length after every stored action
        self._agents: dict[int, Agent] = {}  # by seat, for the game `_agents_game`
        self._agents_game: int | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._acting = threading.Lock()  # held from a decision to the answer of its last command
        self._failing: set[int] = set()  # seats whose virtual player could not play, as the table was told
        self._logged: set[tuple[str, str]] = set()  # the kinds of failure already in the log, once each
        self._deciding: int | None = None  # the seat of the decision under way

    def play(self, levels: Mapping[int, str]) -> None:
        """From now on, plays these seats at these levels (the referee moved a seat to or from a virtual player)."""
        self.levels, self.seats = dict(levels), set(levels)
        self._agents = {seat: agent for seat, agent in self._agents.items() if self.levels.get(seat) == agent.level}
        for seat in self._failing - self.seats:  # played elsewhere now: nothing for the referee to do about it
            self._failing.discard(seat)
            self.table.submit(BoxStatus(seat, VIRTUAL, True))
        self._wake.set()

    def pause(self) -> None:
        """Plays no seat from now on, and returns once the commands already decided are all answered (a
        program and its lock go in together): then the table moves only by what others do."""
        self.play({})
        with self._acting:
            pass

    def start(self) -> None:
        self.table.watch(lambda version: self._wake.set())
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)
        self._thread.start()

    def stop(self, within: float | None = None) -> bool:
        """Plays no more: whether the virtual players' thread ended within `within` seconds (None: waits
        for it). A decision not yet keyed in when the stop comes is dropped; one being keyed in is finished
        (a program goes in with its lock), the table answering its commands before it stops. A thread still
        busy after `within` (an agent deciding, a table stuck on a write) is left to end by itself."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(within)
            if self._thread.is_alive():
                return False
            self._thread = None
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with self._acting:
                    acted = self._act()
            except CannotSave:
                # The store cannot be written: try again when the table changes, or a little later,
                # rather than keep the machine busy with writes that fail.
                self._wake.wait(RETRY)
                self._wake.clear()
                continue
            except Refused as refused:
                log.info("a virtual player was refused: %s", refused)
                continue
            except CannotPlay as failed:
                self._cannot_play(failed.seat, failed.error)
                acted = False
            except Exception as error:  # the virtual players must outlive any one decision's trouble
                self._cannot_play(None, error)
                acted = False
            if acted is None:
                return
            if not acted:
                self._wake.wait(1.0)
                self._wake.clear()

    def _act(self) -> bool | None:
        """Decides and keys in one awaited seat's commands: whether there were any (None: stopped)."""
        commands = self.decide()
        if not commands:
            return False
        if self._stop.wait(self.delay):
            return None
        for command in commands:
            self.table.submit(command).result()
        self.acknowledged(self.table.stored())
        seat = self._deciding
        if seat in self._failing:  # it plays again: the referee's notice goes
            self._failing.discard(seat)
            self.table.submit(BoxStatus(seat, VIRTUAL, True))
        return True

    def _cannot_play(self, seat: int | None, error: BaseException) -> None:
        """Logs a kind of failure once (its traceback the first time only: it would come back every second),
        and tells the table once per seat, so the referee's page says it."""
        kind = (type(error).__name__, str(error))
        if kind not in self._logged:
            self._logged.add(kind)
            log.error("a virtual player could not play%s (told once; the referee can decide for it or move "
                      "the seat to a phone)", f" (seat {self._shown(seat)})" if seat is not None else "",
                      exc_info=error)
        if seat is not None and seat not in self._failing:
            self._failing.add(seat)
            self.table.submit(BoxStatus(seat, VIRTUAL, False))

    def _shown(self, seat: int) -> int:
        """A seat as people number it in the log (from 1, whatever the game counts from)."""
        return registry.load(self.table.game_key).shown_seat(seat) if self.table.has_game() else seat

    def decide(self) -> list[Command]:
        """What the first awaited of these seats keys in now, decided by its agent (empty when none is awaited)."""
        levels = self.levels  # the referee may move seats meanwhile: one decision sees one set of seats
        awaited = self.table.awaited_in_game(set(levels))
        if awaited is None:
            return []
        # The game's agents, of the game the choice is awaited in (read with it: the referee may start another).
        self._deciding = seat = awaited.choice.seat
        try:
            kit = self._kit if self._kit is not None else kit_of(awaited.game)
            agent = self._agent(kit, awaited, levels[seat])
            return commands_for(awaited.choice, agent.decide(awaited.view, awaited.choice), kit=kit)
        except Exception as error:
            raise CannotPlay(seat, error) from error

    @property
    def kit(self) -> AgentKit:
        """The agents of the game under way (the registry's), whatever game the run was started for: a table
        plays game after game of any game. A kit set here (tests) is used for every game."""
        if self._kit is not None:
            return self._kit
        return kit_of(self.table.game_key if self.table.has_game() else self.game)

    @kit.setter
    def kit(self, kit: AgentKit) -> None:
        self._kit = kit

    def _agent(self, kit: AgentKit, awaited: Awaited, level: str) -> Agent:
        # One agent per seat and game, seeded from both, so a resumed table plays on as it would have;
        # a new game's agents replace the last game's.
        game, seat = awaited.game_id, awaited.choice.seat
        if game != self._agents_game:
            self._agents, self._agents_game = {}, game
        if seat not in self._agents:
            seed = self.seed * 7919 + seat + 104729 * (game or 0)
            # A seat given a level this game's agents lack (the config's, of another game) plays its default.
            known = tuple(kit.levels)
            self._agents[seat] = kit.make(level if level in known else DEFAULT_LEVEL, awaited.board, seed)
        return self._agents[seat]

def next_commands(table: Table, rng: random.Random, seats: set[int] | None = None, *,
                  piece_by_piece: bool = False, game: str = registry.DEFAULT) -> list[Command]:
    """What the next awaited virtual player keys in: a whole sealed decision (or piece by piece, as a box
    does) then its seal, or one decision, at random. The one home of the random players' next inputs."""
    kit = kit_of(game)
    decided = table.decide_for(lambda choice, lent: kit.random_action(rng, choice, lent), seats)
    if decided is None:
        return []
    return commands_for(*decided, piece_by_piece=piece_by_piece, kit=kit)


def commands_for(choice: Any, action: Any, *, piece_by_piece: bool = False,
                 kit: AgentKit | None = None) -> list[Command]:
    """The commands a box would send for a decided action: a sealed one drafted (whole, or piece by piece)
    then sealed, any other as one decision."""
    kit = kit if kit is not None else kit_of()
    if choice.sealed:
        drafted: list[Command] = [EditDraft(choice.seat, change) for change in kit.draft(action, piece_by_piece)]
        return drafted + [Seal(choice.seat)]
    return [Decide(choice.seat, kit.rules.move_to_json(action))]


def new_game(game: GameModule, players: list[tuple[int, str, str | None]], options: Mapping[str, str], seed: int,
             seats: dict[str, Any] | None = None, *, demo: bool = False) -> NewGame:
    """The command that starts a game of `game` with these seats (seat, colour, name) and options. A `demo`
    (every seat virtual) draws the Pi's dice from `seed` too, so that it plays the same again; any other game's
    are drawn from the table's own secret seed."""
    rules = game.rules
    return NewGame(rules.setup_to_json(rules.default_setup(players, options, seed)), seats=seats, game=game.key,
                   seed=seed if demo else None)

