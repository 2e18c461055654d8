"""How good a position is for one seat: a rough chance of winning from the three category values.

The game is won by outlasting: after each scoring (in the order of the scoring tiles) the last player or
two drop out, and the winner is the one left after the third. So the first two categories only need a
seat to stay off the bottom, and the last one needs it on top. For each scoring in turn the seat's value
is compared with the line it must clear (the value of the player it must beat), the gap is turned into
a chance by a logistic curve that is wider the more years remain, and the chances multiply. Units count
a little toward every category while years remain: they become threats, and threats become rewards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from companion.games.xidit.rules import Phase
from companion.games.xidit.rules.scoring import fame
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import CATEGORIES

NEUTRAL = 0  # the neutral player's key among the seats (seats count from 1)
UNIT_WORTH = 0.45  # per unit and category while at least three years remain
SPREAD_PER_YEAR = 0.35  # how much wider the logistic curve gets for each year left
SPREAD_AT_END = 0.6
PROGRESS = 0.004  # a nudge toward more of everything when the chances hardly move


@dataclass(frozen=True)
class Delta:
    """A change of the reader's own values to weigh before making it."""

    gold: int = 0
    floors: int = 0
    units: int = 0
    bards: tuple[tuple[int, int], ...] = ()  # (region, count)
    neutral: dict[str, int] = field(default_factory=dict)


NONE = Delta()


def category_values(state: State, me: int, delta: Delta = NONE) -> dict[int, dict[str, float]]:
    """Each seat's values (the neutral player's under key 0), with `delta` applied to `me`."""
    # The bards are put in and taken out again: copying every region for each weighing costs more.
    before = {region: state.bards[region].get(me) for region, _ in delta.bards}
    for region, n in delta.bards:
        state.bards[region][me] = state.bards[region].get(me, 0) + n
    try:
        famous = fame(state)
    finally:
        for region, count in before.items():
            if count is None:
                del state.bards[region][me]
            else:
                state.bards[region][me] = count
    floors = dict.fromkeys(state.seats, 0)
    for guild in state.guilds.values():
        floors[guild.seat] += guild.floors
    left = state.setup.years - state.year + (0 if state.phase in (Phase.CENSUS, Phase.CENSUS_DONE, Phase.OVER) else 1)
    worth = UNIT_WORTH * min(1.0, left / 3)
    out: dict[int, dict[str, float]] = {}
    for seat in state.seats:
        player = state.players[seat]
        units = sum(player.units) + (delta.units if seat == me else 0)
        extra = worth * units
        out[seat] = {
            "wealth": player.gold + (delta.gold if seat == me else 0) + extra,
            "influence": floors[seat] + player.pending_floors + (delta.floors if seat == me else 0) + extra,
            "fame": famous[seat] + extra,
        }
    if state.neutral is not None:
        out[NEUTRAL] = {c: float(v + delta.neutral.get(c, 0)) for c, v in state.neutral.items()}
    return out


def _chance(gap: float, spread: float) -> float:
    return 1.0 / (1.0 + math.exp(-gap / spread))


def utility(state: State, me: int, delta: Delta = NONE) -> float:
    """About the chance that `me` wins from here, between 0 and 1 (plus a small nudge)."""
    if state.phase == Phase.OVER:
        return 1.0 if state.winner == me else 0.0
    values = category_values(state, me, delta)
    left = state.setup.years - state.year
    spread = SPREAD_AT_END + SPREAD_PER_YEAR * left
    contenders = [s for s in values if s == NEUTRAL or state.players[s].eliminated is None]
    chance = 1.0
    for number, category in enumerate(state.scoring_order):
        others = sorted((values[s][category], s) for s in contenders if s != me)
        if not others:
            break
        mine = values[me][category]
        if number == len(state.scoring_order) - 1:
            chance *= _chance(mine - others[-1][0], spread)
            break
        drops = 2 if len(state.seats) == 5 and number == 0 and NEUTRAL not in values else 1
        line = others[min(drops, len(others)) - 1][0]
        chance *= _chance(mine - line, spread)
        # Assume `me` survives; the lowest others drop (the neutral player alone when it is lowest).
        dropped = [s for _, s in others[:drops]]
        if NEUTRAL in dropped:
            dropped = [NEUTRAL]
        contenders = [s for s in contenders if s not in dropped]
    progress = sum(values[me][c] for c in CATEGORIES)
    return chance + PROGRESS * progress
