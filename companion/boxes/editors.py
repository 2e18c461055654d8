"""What one key does to a value being chosen on a box: a cell of a grid, a count, a split of pieces over
groups (Xidit: a starting city, units to reveal, bards over regions).

Pure functions of the value, so that a game's editors and the key-level player (which looks for the
shortest key sequences, `sequences`) share them.
"""

from __future__ import annotations

COLUMNS = 7  # the grid (the glass holds seven cells a row: Xidit's 21 cities are three rows of seven)


def grid_start(size: int) -> int:
    """The cursor starts in the middle of the grid: any cell of three rows is then at most four moves away."""
    return size // 2


def grid_step(key: str, cursor: int, size: int) -> int:
    """LEFT/RIGHT step one cell, UP/DOWN one row; both wrap around."""
    if not size:
        return cursor
    step = {"LEFT": -1, "RIGHT": 1, "UP": -COLUMNS, "DOWN": COLUMNS}.get(key, 0)
    return (cursor + step) % size


def count_step(key: str, count: int, most: int) -> int:
    """UP/DOWN add or take one, RIGHT/LEFT five, between 0 and `most`."""
    step = {"UP": 1, "DOWN": -1, "RIGHT": 5, "LEFT": -5}.get(key, 0)
    return max(0, min(most, count + step))


Split = tuple[int, ...]  # pieces per group, in the order of the groups


def spread(groups: tuple[int, ...], total: int) -> Split:
    """The default split: the pieces spread evenly, the first groups taking what does not divide. From
    there any split of up to four pieces over three groups is at most four keys away (and OK)."""
    count = len(groups)
    return tuple(total // count + (1 if i < total % count else 0) for i in range(count)) if count else ()


def split_step(key: str, cursor: int, split: Split, total: int) -> tuple[int, Split]:
    """UP/DOWN move between groups (wrapping); RIGHT brings one piece to the group under the cursor
    from the fullest other one; LEFT sends one from it to the next group."""
    groups = len(split)
    if not groups:
        return cursor, split
    if key in ("UP", "DOWN"):
        return (cursor + (1 if key == "DOWN" else -1)) % groups, split
    counts = list(split)
    if key == "RIGHT":
        others = [r for r in range(groups) if r != cursor and counts[r] > 0]
        if sum(counts) < total:
            counts[cursor] += 1
        elif others:
            donor = max(others, key=lambda r: (counts[r], -r))
            counts[donor] -= 1
            counts[cursor] += 1
    elif key == "LEFT" and counts[cursor] > 0 and groups > 1:
        counts[cursor] -= 1
        counts[(cursor + 1) % groups] += 1
    return cursor, tuple(counts)
