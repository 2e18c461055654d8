"""Key presses on a box: how many a player needs per program and per decision, pressing the shortest
sequence (`companion.games.xidit.boxes.editors.decision`) for what the planning agent decides in simulated
5-player games.

Each seat's box proposes the seat's program of the year before, as a box that followed the game does.
The sequences are the ones the key-level players press on real boxes in the tests.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict

from companion.bench.figure import Figure
from companion.games.xidit.agents.play import game_seeds, random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.boxes.editors import decision
from companion.games.xidit.boxes.programming import ProgramEditor
from companion.games.xidit.rules import Game
from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import ProgramChoice
from companion.games.xidit.rules.terms import PROGRAM_LENGTH

EMPTY = (None,) * PROGRAM_LENGTH
KINDS = {"place": "starting city (21)", "reward": "reward and its bards", "census": "census count",
         "census_bards": "census bards", "colossus": "colossus", "neutral": "neutral track", "floor": "guild floor"}


def _count(board: Board, games: int) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Presses per program (six keys, direct keys) and per decision kind, over `games` long games."""
    programs: dict[str, list[int]] = defaultdict(list)
    decisions: dict[str, list[int]] = defaultdict(list)
    for seed in game_seeds(2027, games):
        game = Game(board, random_setup(5, False, seed))
        rng = random.Random(seed)
        last: dict[int, tuple[str, ...]] = {}
        while game.state.phase != "over":
            awaited = game.legal()
            choice = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
            action = decide(rng, choice, game.state)
            if isinstance(choice, ProgramChoice) and isinstance(action, a.Program):
                for six_keys, name in ((True, "six keys"), (False, "direct keys")):
                    editor = ProgramEditor(choice.seat)
                    if choice.seat in last:
                        editor.saw(last[choice.seat], locked=True)
                    editor.new_year(EMPTY)
                    programs[name].append(len(decision(choice, action, editor, EMPTY, six_keys)))
                last[choice.seat] = action.orders
            else:
                keys = decision(choice, action, ProgramEditor(choice.seat), EMPTY, True)
                decisions[choice.decision].append(len(keys))
            game.push(action)
    return programs, decisions


def key_presses(board: Board, games: int) -> list[Figure]:
    programs, decisions = _count(board, games)
    figures = []
    for name, goal in (("six keys", "mean ≤ 12, never above 18"), ("direct keys", "7")):
        counts = programs[name]
        figures.append(Figure(f"boxes: key presses per program, {name}", statistics.mean(counts), "presses (mean)",
                              len(counts), goal, f"max {max(counts)}, min {min(counts)}; planning agent, "
                                                 f"5-player long games, last year's program proposed"))
    for kind, label in KINDS.items():
        counts = decisions.get(kind, [])
        if counts:
            figures.append(Figure(f"boxes: key presses per decision, {label}", statistics.mean(counts),
                                  "presses (mean)", len(counts), "≤ 5" if kind == "place" else "",
                                  f"max {max(counts)}"))
    return figures
