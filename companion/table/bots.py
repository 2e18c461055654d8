"""Virtual players: seats the table plays itself, at a human-like pace, through the same commands
as a box. They make `companion run` a working table on any machine and drive the resume tests."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable

from companion.rules import Program, action_to_json
from companion.rules.choices import ProgramChoice
from companion.sim.agent import decide

from .commands import Command, Decide, Lock, NewGame, Refused, SetProgram
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
        self.table.subscribe("referee", lambda view: self._wake.set())
        self._thread = threading.Thread(target=self._run, name="bots", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join()

    def _next_command(self) -> Command | None:
        with self.table._lock:
            game = self.table.game
            if game is None or game.outcome() is not None:
                return None
            for choice in game.legal():
                if choice.seat not in self.seats:
                    continue
                if isinstance(choice, ProgramChoice):
                    if choice.seat in self.table.locked:
                        continue
                    action = decide(self.rng, choice, game.state)
                    assert isinstance(action, Program)
                    return SetProgram(choice.seat, action.orders)
                return Decide(choice.seat, action_to_json(decide(self.rng, choice, game.state)))
        return None

    def _run(self) -> None:
        while not self._stop.is_set():
            command = self._next_command()
            if command is None:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            if self._stop.wait(self.delay):
                return
            try:
                self.table.submit(command).result()
                if isinstance(command, SetProgram):
                    self.table.submit(Lock(command.seat)).result()
                self.acknowledged(len(self.table.entries))
            except Refused as refused:
                log.info("bot for seat %s refused: %s", getattr(command, "seat", "?"), refused)


def new_game_command(players: list[tuple[int, str, str | None]], length: str, neutral: str, seed: int) -> NewGame:
    setup = {"players": [{"seat": s, "colour": c, **({"name": n} if n else {})} for s, c, n in players],
             "length": length, "first_player": players[0][0], "seed": seed}
    if len(players) == 3:
        setup["neutral"] = neutral
    return NewGame(setup)
