"""A Zargos game driven through its boxes alone: each seat's box (the framework's `SeatController` with
Zargos's `BOXES`) reads the seat's view from the engine, and the commands it sends are applied to the
engine as the table would (a decision pushed, a draw told). Chance nodes nobody at the table tells here
(dice, printed values) are drawn from a seeded generator, as the Pi would."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.boxes.controller import SeatController
from companion.boxes.frame import Frame
from companion.core.errors import CompanionError
from companion.core.game import GameModule
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack
from companion.games.zargos.boxes import BOXES
from companion.games.zargos.module import game_module
from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.actions import action_from_json
from companion.table import Command, Decide, Refused, SeatSnapshot, Tell


def module() -> GameModule:
    """Zargos's module with its box part, as the lead wires it at merge."""
    return dataclasses.replace(game_module(), boxes=BOXES)


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
    _snaps: dict[tuple[int, int, str], SeatSnapshot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        menus = module().boxes
        for seat in range(self.game.setup.players):
            self.boxes[seat] = SeatController(seat, self._snap_of(seat), self.submit, sleeps=False, menus=menus,
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
                seat = int(command.by.partition(":")[2])
                node = self.game.chance()
                if node is None or node.told_by != seat:
                    raise Refused("Nothing for you to tell now.")
                self.game.resolve(command.outcome)
            else:
                raise AssertionError(f"a Zargos box sent {command!r}")
        except Refused:
            raise
        except CompanionError as error:
            raise Refused(str(error)) from error

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


def play_through_boxes(players: int, seed: int, *, language: str = "en", physical: bool = True,
                       peoples_each: int = 0, limit: int = 4000) -> BoxTable:
    """A whole game: the random agent chooses each move, a key-level player enters it on the seat's box
    (`keys_for`), the box sends it; the test checks the engine took exactly that move."""
    rng = random.Random(seed)
    table = BoxTable(Game(default_pack(), Setup(players, peoples_each)), language, physical)
    agent = RandomAgent(rng)
    game = table.game
    for _ in range(limit):
        if game.result() is not None:
            break
        node = game.chance()
        if node is not None:
            if node.kind == "draw" and physical and node.told_by is not None:
                outcome = rng.choices(node.outcomes, weights=node.weights)[0]
                seat = node.told_by
                keys = table.boxes[seat].keys_for(outcome, six_keys=True)
                before = len(game.history)
                table.press(seat, keys)
                assert len(game.history) == before + 1 and game.history[-1].outcome == outcome, (keys, outcome)
            else:
                game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
            continue
        choice = rng.choice(game.awaited())
        seat = choice.seat
        if next(iter(game.awaited(seat))) != choice:
            choice = next(iter(game.awaited(seat)))  # the box shows the seat's first awaited choice
        move = agent.move(game, choice)
        keys = table.boxes[seat].keys_for(move, six_keys=True)
        before = len(game.history)
        table.look(seat)
        table.press(seat, keys)
        assert len(game.history) == before + 1 and game.history[-1] == move, (choice, move, keys, table.sent[-1:])
    for seat in table.boxes:
        table.look(seat)
    return table


def advance(table: BoxTable, rng: random.Random, until: Callable[[Game], bool], limit: int = 3000) -> None:
    """Plays random moves on the engine (the Pi drawing and rolling) until `until(game)` holds."""
    game, agent = table.game, RandomAgent(rng)
    for _ in range(limit):
        if until(game):
            return
        assert game.result() is None, "the game ended first"
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    raise AssertionError("never reached")


def new_table(players: int = 4, language: str = "en", physical: bool = True) -> BoxTable:
    return BoxTable(Game(default_pack(), Setup(players)), language, physical)
