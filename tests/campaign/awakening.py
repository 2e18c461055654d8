"""Games where the colossi awake, for the campaigns: the levels of their virtual players, the seeds
chosen for them, and how a campaign tells that a game had an awakening.

3-player games never awaken (docs/agents.md: the 3-player tile set keeps the threat pile full), so a
campaign's awakenings come from 4- and 5-player games. Running strong players everywhere would make
the campaigns minutes slower, so these games are chosen instead. Each seed is both the game's and its
virtual players' (as `Bots(table, levels, seed=seed)` seeds a table's first game). They were found
once, offline, by playing seeds upward (from 4000 and 4600 for 4 players, short; from 5000 and 5500
for 5 players, short; from 5100 for 5 players, long) through `Bots.decide` with these levels and
keeping those whose game had an awakening: 25 of 76 4-player short games with two strong players and
two normal, 20 of 26 5-player short games and 8 of 14 long ones with five strong players (4-player
long games with two strong players almost never awaken: none of the 8 tried). A game is decided by
its seed alone, so these awaken every time; the campaigns count it all the same."""

from __future__ import annotations

from companion.table import Table
from tests.engine import engine

LEVELS = {4: ("strong", "strong", "normal", "normal"), 5: ("strong",) * 5}
SEEDS: dict[tuple[int, str], tuple[int, ...]] = {
    (4, "short"): (4001, 4005, 4009, 4011, 4019, 4020, 4022, 4023, 4024, 4025, 4027, 4029, 4030, 4032, 4042,
                   4602, 4608, 4609, 4612, 4613, 4615, 4619, 4620, 4628, 4629),
    (5, "short"): (5000, 5001, 5005, 5006, 5007, 5008, 5010, 5011,
                   5500, 5501, 5502, 5503, 5504, 5506, 5507, 5508, 5509, 5511, 5512, 5513),
    (5, "long"): (5100, 5104, 5105, 5106, 5107, 5111, 5112, 5113),
}
# Every other game: each seat one of the cheap levels, so that their paths to the table are played too.
CHEAP = ("normal", "easy", "random")


def cheap_levels(players: int, n: int) -> tuple[str, ...]:
    """The levels of game n's seats when it is not one chosen to awaken."""
    return tuple(CHEAP[(seat + n) % len(CHEAP)] for seat in range(players))


def awakened(table: Table) -> bool:
    """Whether the colossi awoke in the table's game under way (or just over)."""
    return engine(table).state.awakenings > 0
