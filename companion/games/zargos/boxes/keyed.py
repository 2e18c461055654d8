"""Zargos played on its boxes alone, without the table: each seat's box (the framework's `SeatController`
with `BOXES`) reads the seat's view from the engine, and what it sends is applied to the engine as the
table would (a decision pushed, a draw told, a refusal in words). A key-level player presses, at every
decision, the keys `keys_for` gives for the move an agent chose. The tests and the bench's presses figure
play whole games this way; chance nodes nobody at a box tells (dice, printed values, the Pi's draws) are
drawn from a seeded generator, as the Pi would."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.boxes.controller import SeatController
from companion.boxes.frame import Frame
from companion.boxes.game_parts import BoxMenus
from companion.core.errors import CompanionError
from companion.table import Command, Decide, Refused, SeatSnapshot, Tell

from ..agents import RandomAgent
from ..rules import Board, Game, Setup
from ..rules.actions import action_from_json
from . import BOXES


@dataclass
class BoxTable:
    """The engine and one box per seat; `physical`: the seats tell the cards they draw."""

    game: Game
    language: str = "en"
    physical: bool = True
    draft: dict[int, Any] = field(default_factory=dict)  # a map move the seat page built, per seat
    boxes: dict[int, SeatController] = field(default_factory=dict)
    frames: set[Frame] = field(default_factory=set)
    presses: int = 0
    sent: list[Command] = field(default_factory=list)
    keys: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))  # presses per decision kind
    menus: BoxMenus = BOXES  # the game module's box part
    _snaps: dict[tuple[int, int, str], SeatSnapshot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat in range(self.game.setup.players):
            self.boxes[seat] = SeatController(seat, self._snap_of(seat), self.submit, sleeps=False, menus=self.menus,
                                              language=lambda: self.language)

    def _snap_of(self, seat: int) -> Callable[[], SeatSnapshot]:
        return lambda: self.snapshot(seat)

    def snapshot(self, seat: int) -> SeatSnapshot:
        key = (seat, len(self.game.history), repr(self.draft.get(seat)))
        if key not in self._snaps:  # as the table keeps a snapshot per version
            self._snaps = {k: v for k, v in self._snaps.items() if k[1] == key[1]}
            self._snaps[key] = self._snapshot(seat)
        return self._snaps[key]

    def _snapshot(self, seat: int) -> SeatSnapshot:
        view = {**self.game.view(f"seat:{seat}"), "table": {"instructions": []}}  # the table's own part
        if not self.physical and view.get("chance") and view["chance"].get("kind") == "draw":
            view = {**view, "chance": {k: v for k, v in view["chance"].items() if k != "outcomes"}}
        choice = next(iter(self.game.awaited(seat)), None)
        return SeatSnapshot(view, choice, (), self.draft.get(seat), False)

    def submit(self, command: Command) -> None:
        """As the table would: a refusal in words, nothing changed."""
        self.sent.append(command)
        try:
            if isinstance(command, Decide):
                self.game.push(action_from_json(command.action))
            elif isinstance(command, Tell):
                node = self.game.chance()
                if node is None or node.told_by is None or command.by != f"seat:{node.told_by}":
                    raise Refused("Nothing for you to tell now.")
                self.game.resolve(command.outcome)
            else:
                raise Refused(f"a Zargos box does not send {type(command).__name__}")
        except CompanionError as error:
            raise error if isinstance(error, Refused) else Refused(str(error)) from error

    def press(self, seat: int, keys: list[str]) -> None:
        box = self.boxes[seat]
        self.frames.add(box.frame())
        for key in keys:
            self.frames.add(box.press(key))
            self.presses += 1

    def look(self, seat: int) -> None:
        """Every page of the box, as LEFT/RIGHT would show them."""
        box = self.boxes[seat]
        for page in ("status", "instructions", "main"):
            box.page = page
            self.frames.add(box.frame())

    def enter(self, seat: int, target: Any, kind: str, look: bool) -> None:
        """A key-level player enters `target` (a move, or the card drawn) on `seat`'s box; the engine must
        have taken exactly it."""
        keys = self.boxes[seat].keys_for(target, six_keys=True)
        before = len(self.game.history)
        if look:
            self.look(seat)
        self.press(seat, keys)
        self.keys[kind].append(len(keys))
        last = self.game.history[-1] if len(self.game.history) == before + 1 else None
        taken = getattr(last, "outcome", last) if kind == "draw" else last
        if taken != target:
            raise RuntimeError(f"the box sent {self.sent[-1:]} for {target!r} with {keys}")


def play_on_boxes(board: Board, setup: Setup, seed: int, *, language: str = "en", physical: bool = True,
                  look: bool = True, limit: int = 4000, menus: BoxMenus = BOXES) -> BoxTable:
    """A whole game: the random agent chooses each move, a key-level player enters it on its box."""
    rng = random.Random(seed)
    table = BoxTable(Game(board, setup), language, physical, menus=menus)
    agent = RandomAgent(rng)
    game = table.game
    for _ in range(limit):
        if game.result() is not None:
            break
        node = game.chance()
        if node is not None:
            outcome = rng.choices(node.outcomes, weights=node.weights)[0]
            if node.kind == "draw" and physical and node.told_by is not None:
                table.enter(node.told_by, outcome, "draw", look)
            else:
                game.resolve(outcome)
            continue
        seat = rng.choice(game.awaited()).seat
        choice = next(iter(game.awaited(seat)))  # the box shows the seat's first awaited choice
        table.enter(seat, agent.move(game, choice), choice.decision, look)
    if look:
        for seat in table.boxes:
            table.look(seat)
    return table
