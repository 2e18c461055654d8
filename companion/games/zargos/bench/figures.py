"""Zargos's benchmarks, in the order `companion bench --game zargos` prints them, each with its runs at full
scale: whole simulated games, a combat, a seat's view, the physical table's steps per round (steps.py), and
the owner's walk-through of the map (walk.py). Taps per attack on the seat page are the pages' figure,
measured by the browser test (tests/browser/test_zargos_browser.py), not here."""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable

from companion.agents.match import agents_for, play_match
from companion.agents.simulate import game_seeds, play
from companion.bench.figure import Figure, percentile
from companion.games.zargos.agents import AGENTS
from companion.games.zargos.agents.random_agent import RandomAgent
from companion.games.zargos.rules import Board, Game, Setup
from companion.games.zargos.rules.actions import Adjust, Attack, EndAttacks, Fight
from companion.games.zargos.rules.choices import FightChoice

from .steps import steps_per_round
from .walk import walk_figures

Bench = Callable[[Board, int], "Figure | list[Figure]"]


def games_per_second(board: Board, runs: int) -> list[Figure]:
    """Whole 4-player games, the Pi rolling and drawing: random players, then four normal agents."""
    seeds = game_seeds(29, runs)
    started = time.perf_counter()
    moves = 0
    for seed in seeds:
        moves += len(play(AGENTS, board, AGENTS.setup(4, {}, seed), seed).moves)
    random_rate = runs / (time.perf_counter() - started)
    agents = max(1, runs // 4)
    started = time.perf_counter()
    for seed in seeds[:agents]:
        play_match(AGENTS, board, AGENTS.setup(4, {}, seed), agents_for(AGENTS, board, ("normal",) * 4, seed), seed)
    normal_rate = agents / (time.perf_counter() - started)
    return [Figure("complete simulated 4-player games per second (random players)", random_rate, "games/s", runs,
                   note=f"{moves / runs:.0f} moves and rolls a game"),
            Figure("complete simulated 4-player games per second (four normal agents, from their views)",
                   normal_rate, "games/s", agents)]


def _before_a_fight(board: Board, seed: int) -> Game:
    """A 4-player game at its first turn, the active people about to fight: 20 against 15 (6.2-6.5)."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    game = Game(board, Setup(4))
    while not (game.state.phase == "attack" and game.state.round == 1):
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    people = game.state.order[0]
    seat = game.state.peoples[people].seat
    foe = next(k for k, p in game.state.peoples.items() if p.seat != seat)
    origin = sorted(p for p in board.provinces if not board.in_zargos(p))[0]
    target = sorted(board.borders[origin] - {p for p in board.provinces if board.in_zargos(p)})[0]
    clear = tuple((p, q, -n) for p, (q, n) in sorted(game.state.land.items()))
    game.push(Adjust(None, "referee", tokens=(*clear, (origin, people, 21), (target, foe, 15))))
    game.push(Attack(seat, people, origin, target, 20))
    game.push(EndAttacks(seat, people))
    assert isinstance(game.awaited()[0], FightChoice)
    return game


def combat_time(board: Board, runs: int) -> Figure:
    """One combat from the player's choice of it to its end, every round's dice made as the Pi does."""
    ready = _before_a_fight(board, 3)
    samples: list[float] = []
    rng = random.Random(5)
    for _ in range(runs):
        game = copy.deepcopy(ready)
        choice = game.awaited()[0]
        assert isinstance(choice, FightChoice)
        started = time.perf_counter()
        game.push(Fight(choice.seat, choice.people, choice.provinces[0]))
        while game.state.combat is not None:
            node = game.chance()
            if node is None:  # a Vent de Guerre asked of the defender: not in this layout
                break
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        samples.append((time.perf_counter() - started) * 1e6)
    return Figure("a combat resolved (20 against 15, every round), median", percentile(samples, 50), "µs", runs,
                  note=f"p95 {percentile(samples, 95):.0f} µs")


def view_time(board: Board, runs: int) -> Figure:
    """A seat's view in the middle of a 4-player game (round 3)."""
    rng = random.Random(11)
    agent = RandomAgent(rng)
    game = Game(board, Setup(4))
    while game.state.round < 3 and game.result() is None:
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(agent.move(game, rng.choice(game.awaited())))
    samples = []
    for run in range(runs):
        started = time.perf_counter()
        game.view(f"seat:{run % 4}")
        samples.append((time.perf_counter() - started) * 1e6)
    return Figure("a seat's view (round 3 of a 4-player game), median", percentile(samples, 50), "µs", runs,
                  note=f"p95 {percentile(samples, 95):.0f} µs")


BENCHMARKS: list[tuple[Bench, int]] = [(games_per_second, 40), (combat_time, 500), (view_time, 500),
                                       (steps_per_round, 10), (walk_figures, 1)]


class ZargosBench:
    @property
    def benchmarks(self) -> list[tuple[Bench, int]]:
        return BENCHMARKS


BENCH = ZargosBench()
