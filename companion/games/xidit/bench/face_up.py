"""A face-up game's answers: each one replays the game so far, so its cost grows with the game."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from companion.bench.figure import Figure, percentile
from companion.games.xidit.agents.play import game_seeds, random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.rules import Game
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.events import Awakened, NextTile, TileIn
from companion.games.xidit.rules.face_up import from_sight


def _twin(board: Board, real: Game) -> Game:
    """The game the table starts by typing what it sees of `real` (another seed: the piles are guesses)."""
    laid = [e for e in real.state.events if isinstance(e, TileIn)]
    recruit = tuple(e.number for e in laid if e.side == "recruit")
    threat = tuple(e.number for e in laid if e.side == "threat")
    assert real.state.next_recruit is not None and real.state.next_threat is not None
    setup = from_sight(board, replace(real.setup, seed=real.setup.seed + 1), (recruit, threat),
                       (real.state.next_recruit, real.state.next_threat), (None, None, None))
    return Game(board, replace(setup, layout=replace(setup.layout, scoring=real.state.scoring_order)))


def answer_times(board: Board, games: int) -> Figure:
    """How long the table takes to take "which tile is on top now?" (5-player long games, random players)."""
    samples: list[float] = []
    for seed in game_seeds(29, games):
        real = Game(board, random_setup(5, False, seed))
        twin = _twin(board, real)
        rng = random.Random(seed)
        while real.outcome() is None:
            awaited = real.legal()
            action = decide(rng, awaited[0] if len(awaited) == 1 else rng.choice(awaited), real.state)
            real.push(action)
            twin.push(action)
            while twin.questions():
                question = twin.questions()[0]
                found = real.state.events[question.event]
                truth = found.tile if isinstance(found, NextTile) else \
                    found.colossi[0] if isinstance(found, Awakened) else question.drawn
                start = time.perf_counter()
                twin.answer(truth)
                samples.append((time.perf_counter() - start) * 1000)
    return Figure("face-up game: take the table's answer (the game replayed so far)", statistics.median(samples),
                  "ms (median)", len(samples), "", f"p99 {percentile(samples, 99):.1f} ms, max {max(samples):.1f} ms; "
                  f"{len(samples)} answers in {games} 5-player long games")
