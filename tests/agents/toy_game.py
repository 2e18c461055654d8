"""A game that is not Xidit, small enough to read at a glance, for the harnesses' tests: the seats take
turns adding 1 or 2 to a running total; who brings it to the target wins. It has options, a record format
of its own and two levels of agents, so the CLI, the simulations and the virtual players can be shown to
work through the registry and the contract alone.

Run as `python -m tests.agents.toy_game <companion arguments>`: the companion's command line with this
game registered beside the installed ones."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core import registry
from companion.core.agents import AgentKit
from companion.core.errors import BadRecord, IllegalAction
from companion.core.game import GameModule, Option, Progress, Result

RECORD = "toy-record/1"


@dataclass(frozen=True)
class Setup:
    players: int
    target: int
    seed: int


@dataclass(frozen=True)
class Pick:
    seat: int
    decision = "pick"
    sealed = False

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decision": self.decision, "adds": [1, 2]}


@dataclass(frozen=True)
class Add:
    seat: int
    n: int


class Race:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.total = 0
        self.actions: list[Add] = []

    @property
    def moves(self) -> list[Add]:
        return self.actions

    @property
    def version(self) -> int:
        return len(self.actions)

    def turn(self) -> int:
        return len(self.actions) % self.setup.players + 1

    def awaited(self, seat: int | None = None) -> list[Pick]:
        if self.total >= self.setup.target or seat not in (None, self.turn()):
            return []
        return [Pick(self.turn())]

    def chance(self) -> None:
        return None

    def push(self, move: Add) -> None:
        if not self.awaited(move.seat) or move.n not in (1, 2):
            raise IllegalAction("T-1", "Seat {seat} may not add {n} now.", seat=move.seat, n=move.n)
        self.actions.append(move)
        self.total += move.n

    def resolve(self, outcome: Any) -> None:
        raise IllegalAction("T-2", "Nothing is left to chance in this game.")

    def view(self, reader: str = "referee") -> dict[str, Any]:
        return {"format": "toy-state/1", "total": self.total, "target": self.setup.target, "turn": self.turn()}

    def record_json(self) -> dict[str, Any]:
        setup = {"players": self.setup.players, "target": self.setup.target, "seed": self.setup.seed}
        return {"format": RECORD, "setup": setup, "moves": [[a.seat, a.n] for a in self.actions]}

    def result(self) -> Result | None:
        if self.total < self.setup.target:
            return None
        winner = self.actions[-1].seat
        return Result(places=((winner,),), winners=(winner,))

    def progress(self) -> Progress:
        return Progress(round=len(self.actions) // self.setup.players + 1, rounds=None, phase="race")


class Rules:
    key = "toy"
    record_format = RECORD
    view_format = "toy-state/1"
    seats = range(2, 4)
    colours = ("white", "black", "grey")
    options = (Option("target", ("10", "15"), "10"),)

    def setup_from_json(self, data: Any) -> Setup:
        try:
            return Setup(int(data["players"]), int(data["target"]), int(data["seed"]))
        except (KeyError, TypeError, ValueError) as error:
            raise BadRecord(f"a toy setup with a bad field: {error}") from None

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return {"players": setup.players, "target": setup.target, "seed": setup.seed}

    def move_from_json(self, data: Any) -> Add:
        try:
            return Add(int(data["seat"]), int(data["n"]))
        except (KeyError, TypeError, ValueError) as error:
            raise BadRecord(f"a toy move with a bad field: {error}") from None

    def move_to_json(self, move: Add) -> dict[str, Any]:
        return {"seat": move.seat, "n": move.n}

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[Setup, list[Add]]:
        try:
            if data["format"] != RECORD:
                raise BadRecord(f"not a toy record: {data['format']!r}")
            return self.setup_from_json(data["setup"]), [Add(int(seat), int(n)) for seat, n in data["moves"]]
        except (KeyError, TypeError, ValueError) as error:
            raise BadRecord(f"a toy record with a bad field: {error}") from None

    def start(self, pack: Any, setup: Setup) -> Race:
        return Race(setup)

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> Setup:
        return Setup(len(players), int(options.get("target", "10")), seed)

    def players(self, setup: Setup) -> list[tuple[int, str, str | None]]:
        return [(seat, self.colours[seat], None) for seat in range(setup.players)]


RULES = Rules()


class Greedy:
    level = "greedy"

    def decide(self, view: dict[str, Any], choice: Pick) -> Add:
        return Add(choice.seat, 2 if view["target"] - view["total"] <= 2 or view["total"] % 3 else 1)


class Random:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: Pick) -> Add:
        return Add(choice.seat, self.rng.choice((1, 2)))


@dataclass
class Summary:
    players: int
    levels: tuple[str, ...]
    wins: dict[str, int]

    def add(self, match: Race) -> None:
        result = match.result()
        assert result is not None
        self.wins[str(result.winners[0])] = self.wins.get(str(result.winners[0]), 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "agents": list(self.levels), "wins": dict(sorted(self.wins.items()))}

    def lines(self) -> list[str]:
        return [f"{sum(self.wins.values())} races with {self.players} players"]


class Agents(AgentKit):
    levels = ("random", "greedy")
    rules = RULES

    def make(self, level: str, pack: Any, seed: int) -> Greedy | Random:
        if level == "greedy":
            return Greedy()
        if level == "random":
            return Random(seed)
        raise ValueError(f"unknown level {level!r}")

    def random_action(self, rng: random.Random, choice: Pick, match: Any = None) -> Add:
        return Add(choice.seat, rng.choice((1, 2)))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Setup:
        return Setup(players, int(options.get("target", "10")), seed)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels), {})

    def draft(self, action: Add, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        raise ValueError("no sealed choices in this game")


class Commands:
    def load_pack(self, path: Path | None) -> str:
        return "toy pack"

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        return "toy pack", "the toy's only pack"

    def replay_warning(self, record: dict[str, Any], pack: Any) -> str | None:
        return None

    def replay_line(self, match: Race) -> str:
        result = match.result()
        return f"total {match.total} of {match.setup.target} after {len(match.moves)} moves" + (
            f", winner: seat {result.winners[0]}" if result is not None else "")

    def pack_problems(self, text: str) -> list[str]:
        return [] if text.strip() == "toy pack" else ["line 1: a toy pack says `toy pack`"]

    def pack_warnings(self, text: str) -> list[str]:
        return []

    def pack_summary(self, text: str) -> str:
        return "toy pack"

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        say("A toy pack has nothing to check.")


TOY = GameModule(key="toy", title="Race to ten", rules=RULES, agents=Agents(), commands=Commands())


if __name__ == "__main__":
    from companion import cli

    registry.register(TOY)
    sys.exit(cli.main(sys.argv[1:]))
