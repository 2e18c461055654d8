"""The two values a Zargos editor turns with keys besides its lists: a count between two bounds (strength,
boats, tokens on a province) and tokens spread over provinces from a pool. Pure functions, shared by the
editors and the key plans the key-level players press."""

from __future__ import annotations

from companion.boxes.sequences import shortest

Spread = tuple[int, ...]


def count_step(key: str, count: int, low: int, most: int) -> int:
    """UP/DOWN one, RIGHT/LEFT five, between `low` and `most`."""
    step = {"UP": 1, "DOWN": -1, "RIGHT": 5, "LEFT": -5}.get(key, 0)
    return max(low, min(most, count + step))


def count_keys(start: int, wanted: int, low: int, most: int) -> list[str]:
    """The fewest keys from `start` to `wanted` (OK not included)."""
    return shortest(start, lambda n: n == wanted, lambda key, n: count_step(key, n, low, most))


def spread_step(key: str, row: int, counts: Spread, total: int) -> Spread:
    """RIGHT puts one more token on the row (from the pool, else from the fullest other row); LEFT takes one
    back to the pool."""
    values = list(counts)
    if key == "RIGHT":
        if sum(values) < total:
            values[row] += 1
        else:
            others = [r for r in range(len(values)) if r != row and values[r] > 0]
            if others:
                donor = max(others, key=lambda r: (values[r], -r))
                values[donor] -= 1
                values[row] += 1
    elif key == "LEFT" and values[row] > 0:
        values[row] -= 1
    return tuple(values)
