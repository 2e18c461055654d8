"""The shortest key sequences on the framework's widgets (`editors`): a game's editors build on them to
say which keys reach a wanted decision fastest.

The key-level virtual players press these, and the benchmark counts them: the figures are what a player
who knows the box well needs. Held keys are never needed: every sequence is of plain presses.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from .editors import count_step, grid_step, split_step

MOVES = ("UP", "DOWN", "LEFT", "RIGHT")

State = TypeVar("State", bound=Hashable)


def shortest(start: State, goal: Callable[[State], bool], step: Callable[[str, State], State],
             keys: Sequence[str] = MOVES) -> list[str]:
    """The fewest `keys` from `start` to a state that meets `goal` (breadth first; the editors are small)."""
    if goal(start):
        return []
    queue = deque([start])
    paths: dict[State, list[str]] = {start: []}
    while queue:
        state = queue.popleft()
        for key in keys:
            nxt = step(key, state)
            if nxt in paths:
                continue
            paths[nxt] = paths[state] + [key]
            if goal(nxt):
                return paths[nxt]
            queue.append(nxt)
    raise ValueError(f"unreachable from {start!r}")


def cycle(size: int, cursor: int, target: int) -> list[str]:
    """A list that wraps around: DOWN or UP, whichever is shorter."""
    down = (target - cursor) % size
    return ["DOWN"] * down if down <= size - down else ["UP"] * (size - down)


def place(size: int, cursor: int, index: int) -> list[str]:
    """On the grid, from `cursor` to the cell `index`, then OK."""
    return shortest(cursor, lambda c: c == index, lambda key, c: grid_step(key, c, size)) + ["OK"]


def counter(most: int, start: int, wanted: int) -> list[str]:
    """A count from `start` to `wanted` (between 0 and `most`), then OK."""
    return shortest(start, lambda n: n == wanted, lambda key, n: count_step(key, n, most)) + ["OK"]


def split(groups: tuple[int, ...], start: tuple[int, ...], wanted: Mapping[int, int] | Sequence[tuple[int, int]]
          ) -> list[str]:
    """From the split `start` (cursor on the first group) to the `wanted` amounts per group, then OK."""
    goal = dict(wanted)
    target = tuple(goal.get(g, 0) for g in groups)
    total = sum(target)

    def step(key: str, state: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        return split_step(key, state[0], state[1], total)

    return shortest((0, start), lambda s: s[1] == target, step) + ["OK"]
