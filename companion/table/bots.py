"""Virtual players: seats the table plays itself, at a human-like pace, through the same commands
as a box. They make `companion run` a working table on any machine and drive the resume tests."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable

from companion.rules import Program, action_to_json
from companion.sim.agent import decide

from .commands import Command, Decide, Lock, NewGame, Refused, SetOrder, SetProgram
from .table import Table

log = logging.getLogger("companion.bots")


class Bots:
    def __init__(self, table: Table, seats: set[int], *, delay: float, seed: int,
                 acknowledged: Callable[[int], None] = lambda n: None) -> None:
        self.table = table
        self.seats = seats
        self.delay = delay
        self.rng = random.Random(seed)
        self.acknowledged = acknowledged  # told the stored log's length after every stored action
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.table.watch(lambda version: self._wake.set())
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            commands = next_commands(self.table, self.rng, self.seats)
            if not commands:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            if self._stop.wait(self.delay):
                return
            try:
                for command in commands:
                    self.table.submit(command).result()
                self.acknowledged(self.table.stored())
            except Refused as refused:
                log.info("a virtual player was refused: %s", refused)


def next_commands(table: Table, rng: random.Random, seats: set[int] | None = None, *,
                  slot_by_slot: bool = False) -> list[Command]:
    """What the next awaited virtual player keys in: a whole program (or slot by slot, as a box
    does) then a lock, or one decision. The one home of the random players' next inputs."""
    decided = table.decide_for(lambda choice, state: decide(rng, choice, state), seats)
    if decided is None:
        return []
    choice, action = decided
    if isinstance(action, Program):
        programmed: list[Command] = [SetOrder(choice.seat, i, o) for i, o in enumerate(action.orders)] \
            if slot_by_slot else [SetProgram(choice.seat, action.orders)]
        return programmed + [Lock(choice.seat)]
    return [Decide(choice.seat, action_to_json(action))]


def new_game_command(players: list[tuple[int, str, str | None]], length: str, neutral: str, seed: int) -> NewGame:
    setup = {"players": [{"seat": s, "colour": c, **({"name": n} if n else {})} for s, c, n in players],
             "length": length, "first_player": players[0][0], "seed": seed}
    if len(players) == 3:
        setup["neutral"] = neutral
    return NewGame(setup)
