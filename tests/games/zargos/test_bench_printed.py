"""`companion bench --game zargos` prints every figure issue 29 asks of Zargos (their names and units; not
their values, which are the machine's): the physical table's steps per round (mean and busiest, through the
table part's own steps), the owner's walk-through in screens and minutes, with games, a combat and a view."""

from __future__ import annotations

import pytest

from companion import cli
from companion.games.zargos.bench import BENCHMARKS, ZargosBench
from companion.games.zargos.bench.steps import table_steps
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Game, Setup


def test_the_bench_command_prints_steps_per_round_and_the_walk_through(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    once = [(bench, 1) for bench, _ in BENCHMARKS]  # each benchmark run once: the printing is what is checked
    monkeypatch.setattr(ZargosBench, "benchmarks", property(lambda self: once))
    assert cli.main(["bench", "--game", "zargos"]) == 0
    printed = capsys.readouterr().out.splitlines()

    def line(name: str, unit: str) -> str:
        found = [text for text in printed if text.startswith(f"{name}: ")]
        assert len(found) == 1, (name, printed)
        assert f" {unit} over " in found[0], found[0]
        return found[0]

    line("table: steps per round of a complete 4-player game (mean)", "steps/round")
    line("table: steps in the busiest round", "steps")
    line("table: lines of the longest step", "lines")
    line("walk-through of the Zargos map: screens", "screens")
    assert "goal ≤ 45 minutes" in line("walk-through of the Zargos map: estimated time", "minutes")
    line("complete simulated 4-player games per second (random players)", "games/s")
    line("a combat resolved (20 against 15, every round), median", "µs")
    line("a seat's view (round 3 of a 4-player game), median", "µs")


def test_steps_per_round_are_the_steps_a_table_is_told() -> None:
    """The bench's steps are the table part's: the set-up's first, then each round's in order."""
    game = Game(default_pack(), Setup(2))
    steps = table_steps(game)
    assert [s.kind for s in steps] == ["setup"] and steps[0].round == 0
