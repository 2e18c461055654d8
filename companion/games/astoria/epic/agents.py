"""The Epic's virtual players (companion.core.agents.AgentKit): a random player, for `companion simulate` and
tests, and the `normal` mage a referee seats from the wizard (a referee is offered no random player): the same
listed moves, but an action taken rather than the turn ended while one is left (a heuristic of ours, no rule).
Each decides from its seat's view and choice: a legal move the choice lists, or an Artefact laid, typed as a
player types his card (E6.5). Simulated games draw their Invasion cards from the pack's
catalogue (`--board` a pack with `[[invasion]]` cards): without one each card is typed at the table, and a
simulation is refused in words."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.agents import AgentKit
from companion.core.errors import CompanionError

from .module import RULES, EpicRules
from .rules import EpicMatch, EpicPack, EpicSetup
from .rules.choices import EpicChoice
from .rules.moves import Move
from .rules.terms import COLOURS
from .testing import TESTING, typed


class NoCatalogue(CompanionError):
    """A simulation on a pack without Invasion cards: only the table could type them."""


class SimulatedRules(EpicRules):
    """The Epic's rules, refusing to start a game nobody could draw cards for."""

    def start(self, pack: EpicPack | None, setup: EpicSetup) -> EpicMatch:
        match = super().start(pack, setup)
        if not match.pack.invasion:
            raise NoCatalogue("simulated Epic games draw their Invasion cards from the pack's catalogue: give "
                              "--board a pack with [[invasion]] cards (the shipped pack has none)")
        return match


class RandomAgent:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: EpicChoice) -> Move:
        moves: list[Move] = list(choice.enumerate())
        me = next(p for p in view["players"] if p["seat"] == choice.seat)
        if choice.decision == "turn" and view["actions_left"] and me["hand"]:
            moves += [Move("craft", choice.seat, colour=c, typed=typed(c, self.rng)) for c in COLOURS
                      if me["stock"][c]]
        return self.rng.choice(moves)


class NormalAgent(RandomAgent):
    """Never ends its turn early: the turn's actions are what moves the game towards its end."""

    level = "normal"

    def decide(self, view: dict[str, Any], choice: EpicChoice) -> Move:
        move = super().decide(view, choice)
        if move.type != "end":
            return move
        acting = [m for m in choice.enumerate() if m.type != "end"]
        return self.rng.choice(acting) if acting else move


@dataclass
class Summary:
    players: int
    levels: tuple[str, ...]
    ends: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)  # by objective
    moves: int = 0
    games: int = 0

    def add(self, match: EpicMatch) -> None:
        result = match.result()
        assert result is not None and match.state.end is not None
        self.games += 1
        self.moves += match.version
        how = str(match.state.end["how"])
        self.ends[how] = self.ends.get(how, 0) + 1
        for seat in result.winners:
            objective = match.setup.objective(seat)
            self.wins[objective] = self.wins.get(objective, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "agents": list(self.levels), "games": self.games, "moves": self.moves,
                "ends": dict(sorted(self.ends.items())), "wins_by_objective": dict(sorted(self.wins.items()))}

    def lines(self) -> list[str]:
        ends = ", ".join(f"{how} {n}" for how, n in sorted(self.ends.items()))
        wins = ", ".join(f"{objective} {n}" for objective, n in sorted(self.wins.items()))
        return [f"{self.games} Epic games of {self.players} players, {self.moves} moves",
                f"ends: {ends}", f"winners by objective: {wins}"]


class EpicAgents(AgentKit):
    levels = ("random", "normal")
    rules = SimulatedRules()
    first_seat = 1

    def make(self, level: str, pack: Any, seed: int) -> RandomAgent:
        agents = {"random": RandomAgent, "normal": NormalAgent}
        if level not in agents:
            raise ValueError(f"unknown level {level!r}: the Epic has {', '.join(self.levels)}")
        return agents[level](seed)

    def random_action(self, rng: random.Random, choice: EpicChoice, match: Any = None) -> Move:
        if match is not None:
            move: Move = TESTING.random_move(match, choice, rng)
            return move
        return rng.choice(choice.enumerate())

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> EpicSetup:
        return RULES.default_setup([(seat, COLOURS[seat - 1], None) for seat in range(1, players + 1)], options, seed)

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        return Summary(players, tuple(levels))

    def draft(self, action: Any, piece_by_piece: bool = False) -> tuple[dict[str, Any], ...]:
        raise ValueError("the Epic has no sealed choice")


AGENTS = EpicAgents()
