"""Dice totals and their odds: a chance node's outcomes are the totals per side, so a table rolling physical
dice types one number per side (6.3-6.4, 9.3, 12.10)."""

from __future__ import annotations

from functools import cache
from itertools import product

from .terms import DIE


@cache
def totals(dice: int) -> dict[int, int]:
    """How many ways `dice` six-sided dice make each total."""
    ways: dict[int, int] = {}
    for faces in product(range(1, DIE + 1), repeat=dice):
        ways[sum(faces)] = ways.get(sum(faces), 0) + 1
    return ways


@cache
def outcomes(*dice: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """Every tuple of totals for sides rolling these numbers of dice, with their probabilities."""
    tables = [totals(n) for n in dice]
    found: list[tuple[int, ...]] = []
    weights: list[float] = []
    for combo in product(*[sorted(t) for t in tables]):
        weight = 1.0
        for table, total, n in zip(tables, combo, dice, strict=True):
            weight *= table[total] / DIE**n
        found.append(tuple(combo))
        weights.append(weight)
    return tuple(found), tuple(weights)
