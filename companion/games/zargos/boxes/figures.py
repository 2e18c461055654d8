"""The bench's figure of presses on a Zargos box: whole games keyed by a player who knows the box (the
fewest presses `keys_for` gives for each move the random agent chose), per kind of decision. A benchmark
in `companion.core.bench`'s form, for Zargos's `BenchKit`."""

from __future__ import annotations

from companion.core.bench import Figure

from ..rules import Board, Setup
from .keyed import play_on_boxes


def key_presses(board: Board, runs: int) -> list[Figure]:
    """`runs` 4-player games on the boxes, physical cards told from them: presses per decision."""
    kinds: dict[str, list[int]] = {}
    total = decisions = 0
    for run in range(runs):
        table = play_on_boxes(board, Setup(4), seed=run, look=False)
        for kind, keys in table.keys.items():
            kinds.setdefault(kind, []).extend(keys)
            total += sum(keys)
            decisions += len(keys)
    figures = [Figure("box presses per decision", total / max(1, decisions), "presses", runs,
                      note=f"{decisions} decisions keyed on the boxes")]
    for kind, keys in sorted(kinds.items()):
        figures.append(Figure(f"box presses: {kind}", sum(keys) / len(keys), "presses", runs,
                              note=f"most {max(keys)} over {len(keys)}"))
    return figures
