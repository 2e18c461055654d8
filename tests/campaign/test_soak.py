"""Soak campaign: 200 simulated games back to back on one table in one process, played by virtual
players and at least a third of them with the colossi awakening: resident memory grows by less than
10 MB after warming up, and no thread or file descriptor is left behind."""

from __future__ import annotations

import gc
import itertools
import os
import threading
from pathlib import Path

from companion.agents.bots import commands_for
from companion.games.xidit.agents.levels import Agent, make_agent
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Command, Table
from tests.table.support import new_game_command

from . import awakening
from .results import record

# 99 in `make test` (CI's 20 minutes), a third of them the 4-player games that awaken; 200 with CAMPAIGN_FULL=1.
GAMES = 200 if os.environ.get("CAMPAIGN_FULL") == "1" else 99
WARM_UP = 20
PLAYERS = [(1, "blue", None), (2, "red", None), (3, "green", None), (4, "yellow", None), (5, "black", None)]


def rss_mb() -> float:
    status = Path("/proc/self/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")) / 1024


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


def play(table: Table, levels: tuple[str, ...], seed: int) -> list[Command]:
    """Plays the game under way to its end with virtual players at these levels, each shown only its
    own seat's view and choice, and returns what they keyed in. Seeded as `Bots` seeds a table's first
    game: this table's game ids grow, and a chosen seed must play here the game it played when found."""
    keyed: list[Command] = []
    agents: dict[int, Agent] = {}
    seats = set(range(1, len(levels) + 1))
    while table.playing():
        awaited = table.awaited(seats)
        assert awaited is not None, "every seat is virtual: someone is always awaited"
        choice, view = awaited
        if choice.seat not in agents:
            agents[choice.seat] = make_agent(levels[choice.seat - 1], table.board,
                                             seed * 7919 + choice.seat + 104729)
        for command in commands_for(choice, agents[choice.seat].decide(view, choice)):
            table.submit(command).result(timeout=30)
            keyed.append(command)
    return keyed


def test_games_back_to_back_in_one_process(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "soak.db"), default_pack_text())
    table.start()
    # Every 4-player game (a third of the games) is one chosen to awaken: four of the chosen seeds in
    # turn. Each comes back, and is then keyed in again as its players keyed it in (the same game,
    # without the strong players' searches): the soak is about the table, not the games. All four are
    # first played before the warm-up ends, so what is kept of them is not counted as growth.
    awakening_seeds = itertools.cycle(awakening.SEEDS[4, "short"][:4])
    played: dict[int, list[Command]] = {}
    baseline: tuple[float, int, int] | None = None
    awakened = 0
    for n in range(GAMES):
        if n == WARM_UP:
            gc.collect()  # what earlier tests left for the collector is not this table's
            baseline = (rss_mb(), threading.active_count(), descriptors())
        players = PLAYERS[: 3 + n % 3]
        seed = next(awakening_seeds) if len(players) == 4 else n
        table.submit(new_game_command(players, "short", "normal", seed)).result(timeout=30)
        if len(players) != 4:
            play(table, awakening.cheap_levels(len(players), n), seed)
        elif seed not in played:
            played[seed] = play(table, awakening.LEVELS[4], seed)
        else:
            for command in played[seed]:
                table.submit(command).result(timeout=30)
        awakened += awakening.awakened(table)
    assert baseline is not None
    gc.collect()  # a leak is what stays, not what the collector has yet to free
    growth = rss_mb() - baseline[0]
    threads = threading.active_count() - baseline[1]
    fds = descriptors() - baseline[2]
    table.stop()
    with Store(table.store_path) as store:
        finished = sum(1 for _, _, done in store.games() if done)
    record("soak", games=GAMES, finished=finished, rss_growth_mb=round(growth, 2), threads_leaked=threads,
           descriptors_leaked=fds, games_with_awakening=awakened)
    assert finished == GAMES
    assert awakened * 3 >= GAMES, f"the colossi awoke in {awakened} of {GAMES} games"
    assert growth < 10, f"resident memory grew by {growth:.1f} MB"
    assert threads == 0 and fds == 0
