"""The decisions other than programs, taken by weighing each option with the evaluation.

Used by the `normal` and `strong` agents on their sampled worlds, and inside their rollouts for their
own seat. Every function returns a legal action for the choice it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules import choices as ch
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import PROGRAM_LENGTH, ROAD_COLOURS, UNITS

from .evaluation import NONE, Delta, utility


def best_split(state: State, me: int, count: int, regions: tuple[int, ...], base: Delta = NONE) -> a.Split:
    """Bards one at a time, each where it raises the evaluation most (ties: the first region)."""
    placed: Counter[int] = Counter()
    for _ in range(count):
        def worth(region: int) -> float:
            trial = placed + Counter({region: 1})
            return utility(state, me, Delta(base.gold, base.floors, base.units, tuple(trial.items())))
        placed[max(regions, key=worth)] += 1
    return a.split(placed)


def reward(state: State, choice: ch.RewardChoice) -> a.Reward:
    best: tuple[float, a.Reward] | None = None
    for take in choice.takes:
        gold = choice.gold if "gold" in take else 0
        floors = choice.floors if "guild" in take else 0
        bards = (best_split(state, choice.seat, choice.bards, choice.regions, Delta(gold, floors))
                 if "bards" in take else ())
        value = utility(state, choice.seat, Delta(gold, floors, 0, bards))
        if best is None or value > best[0]:
            best = (value, a.Reward(choice.seat, take, bards))
    assert best is not None
    return best[1]


def _payment(units: tuple[int, ...], needs: int) -> a.UnitCount:
    """Pays a colossus with the most plentiful units: they are the ones a census rewards least."""
    left = list(units)
    given: Counter[str] = Counter()
    for _ in range(needs):
        i = max(range(len(UNITS)), key=lambda k: (left[k], -k))
        left[i] -= 1
        given[UNITS[i]] += 1
    return a.unit_count(given)


def colossus(state: State, choice: ch.ColossusChoice) -> a.Colossus:
    """Fights the colossus whose best two rewards are worth the most for the units it takes, if any
    is worth more than keeping the units."""
    keep = utility(state, choice.seat)
    best: tuple[float, a.Colossus] = (keep, a.Colossus(choice.seat, False))
    for needs, index in choice.colossi:
        printed = state.board.colossi[index]
        for gold, floors in ((printed.gold, printed.guild), (printed.gold, 0), (0, printed.guild)):
            bards = 0 if gold and floors else printed.bards
            regions = state.bard_regions(choice.city)
            split = best_split(state, choice.seat, min(bards, state.players[choice.seat].bards_left), regions,
                               Delta(gold, floors, -needs)) if bards and regions else ()
            value = utility(state, choice.seat, Delta(gold, floors, -needs, split))
            if value > best[0]:
                best = (value, a.Colossus(choice.seat, True, needs, _payment(choice.units, needs)))
    return best[1]


def neutral(state: State, choice: ch.NeutralChoice) -> a.Neutral:
    return a.Neutral(choice.seat, max(choice.tracks, key=lambda t: utility(state, choice.seat, Delta(neutral={t: 1}))))


def place(board: Board, state: State, choice: ch.PlaceChoice) -> a.Place:
    """The free city with the most within reach: recruitment units and threats, nearer counting more."""
    def promise(city: int) -> float:
        total, seen, frontier = 0.0, {city}, [city]
        for distance in range(PROGRAM_LENGTH // 2 + 1):
            nxt = []
            for here in frontier:
                tile = state.tiles.get(here)
                if tile is not None:
                    total += (len(tile.units) if tile.side == "recruit" else 1.5) / (1 + distance)
                for colour in ROAD_COLOURS:
                    to = board.road(here, colour)
                    if to is not None and to not in seen:
                        seen.add(to)
                        nxt.append(to)
            frontier = nxt
        return total

    return a.Place(choice.seat, max(choice.cities, key=lambda c: (promise(c), -c)))


def _program(board: Board, state: State, choice: ch.ProgramChoice) -> a.Action:
    raise ValueError("programs are searched, not weighed here")


def _reward(board: Board, state: State, choice: ch.RewardChoice) -> a.Action:
    return reward(state, choice)


def _colossus(board: Board, state: State, choice: ch.ColossusChoice) -> a.Action:
    return colossus(state, choice)


def _neutral(board: Board, state: State, choice: ch.NeutralChoice) -> a.Action:
    return neutral(state, choice)


def _census(board: Board, state: State, choice: ch.CensusChoice) -> a.Action:
    return a.Census(choice.seat, choice.unit, choice.most)  # revealing costs nothing and only ever wins or ties


def _census_bards(board: Board, state: State, choice: ch.CensusBardsChoice) -> a.Action:
    return a.CensusBards(choice.seat, best_split(state, choice.seat, choice.bards, choice.regions))


def _floor(board: Board, state: State, choice: ch.FloorChoice) -> a.Action:
    return a.Floor(choice.seat, choice.cities[0])


# The weighed move of each decision kind (`choices.KINDS`).
WEIGHED: dict[str, Callable[[Board, State, Any], a.Action]] = {
    "place": place, "program": _program, "reward": _reward, "colossus": _colossus, "neutral": _neutral,
    "census": _census, "census_bards": _census_bards, "floor": _floor,
}


def decide(board: Board, state: State, choice: Choice) -> a.Action:
    """Every decision but a program."""
    return WEIGHED[choice.decision](board, state, choice)
