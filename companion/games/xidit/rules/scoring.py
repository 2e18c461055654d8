"""Final scoring (§8): three category values, rankings with their tie-breaks, eliminations."""

from __future__ import annotations

from .events import Scored
from .state import Round, State, Tie


def fame(state: State) -> dict[int, int]:
    """Region majorities, Bastion included; void regions score nothing (§8)."""
    scores = dict.fromkeys(state.seats, 0)
    for region_id, bards in state.bards.items():
        if region_id in state.void:
            continue
        present = {s: n for s, n in bards.items() if n > 0}
        if not present:
            continue
        high, low = state.board.regions[region_id].fame
        most = max(present.values())
        firsts = [s for s, n in present.items() if n == most]
        for s in firsts:
            scores[s] += high
        if len(firsts) > 1:
            continue  # a tie for most scores the high value each and nobody the low one
        others = [n for n in present.values() if n < most]
        if others:
            second = max(others)
            for s, n in present.items():
                if n == second:
                    scores[s] += low
    return scores


def values(state: State, category: str) -> dict[int, int]:
    if category == "wealth":
        return {s: state.players[s].gold for s in state.seats}
    if category == "influence":
        floors = dict.fromkeys(state.seats, 0)
        for guild in state.guilds.values():
            floors[guild.seat] += guild.floors
        return floors
    return fame(state)


def distance(state: State, seat: int) -> int:
    """R-11: the marker holder is 0, the next player clockwise 1, and so on."""
    return (state.seats.index(seat) - state.seats.index(state.first)) % len(state.seats)


def ties(state: State, vals: dict[int, int], ranking: list[int]) -> list[Tie]:
    """Why each player of a ranking is above the next one with the same value (R-11)."""
    found = []
    for high, low in zip(ranking, ranking[1:], strict=False):
        if vals[high] == vals[low]:
            by = "units" if sum(state.players[high].units) != sum(state.players[low].units) else "seat"
            found.append(Tie(high, low, by, (distance(state, high), distance(state, low))))
    return found


def rank(state: State, category: str, contenders: list[int], neutral: int | None) -> Round:
    """Ranks the players still in play, best first, and says who drops (R-11, R-12)."""
    vals = values(state, category)
    ranking = sorted(
        contenders,
        key=lambda s: (-vals[s], -sum(state.players[s].units), -distance(state, s)),
    )
    drops = 2 if len(state.seats) == 5 and not state.rounds else 1
    rnd = Round(category, vals, ranking, [], ties(state, vals, ranking))
    if neutral is None:
        rnd.eliminated = ranking[-drops:]
        return rnd
    # the neutral player ranks below every player it ties with.
    position = sum(1 for s in ranking if vals[s] >= neutral)
    rnd.neutral_value = neutral
    rnd.neutral_position = position
    if position == len(ranking):
        rnd.neutral_eliminated = True
    else:
        rnd.eliminated = ranking[-drops:]
    return rnd


def score(state: State) -> None:
    """Runs the three scorings in the order of the scoring tiles and names the winner."""
    neutral_in = state.neutral is not None
    for number, category in enumerate(state.scoring_order, start=1):
        neutral = state.neutral[category] if state.neutral is not None and neutral_in else None
        rnd = rank(state, category, state.in_play(), neutral)
        if category == "fame":
            state.fame_scored = True
        for seat in rnd.eliminated:
            state.players[seat].eliminated = number
        if rnd.neutral_eliminated:
            neutral_in = False
        state.rounds.append(rnd)
        state.events.append(Scored(category, tuple(rnd.ranking), tuple(rnd.eliminated), rnd.neutral_eliminated))
    left = state.in_play()
    state.winner = left[0] if len(left) == 1 and not neutral_in else None
