"""The shortest key sequence that enters a wanted decision on a box, from where the box stands.

The key-level virtual players press these, and the benchmark counts them: the figures are what a player
who knows the box well needs. Held keys are never needed: every sequence is of plain presses.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from companion.games.xidit.rules import actions as a
from companion.games.xidit.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    Choice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from companion.games.xidit.rules.terms import ORDERS, PROGRAM_LENGTH

from .editors import count_step, grid_start, grid_step, split_step, spread
from .programming import ENTRY, ProgramEditor

DIRECT_KEYS = {"black": "BLACK", "red": "RED", "blue": "BLUE", "action": "ACTION", "wait": "WAIT"}
ENTRY_KEYS = {order: key for key, order in ENTRY.items()}
MOVES = ("UP", "DOWN", "LEFT", "RIGHT")

State = TypeVar("State", bound=Hashable)


def decision(choice: Choice, action: a.Action, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
    """The keys that enter `action` for `choice` on a box that shows the decision as it first comes."""
    match choice, action:
        case ProgramChoice(), a.Program(orders=orders):
            return program(editor, draft, orders, six_keys)
        case PlaceChoice(cities=free, taken=taken), a.Place(city=city):
            cities = sorted(free + taken)
            return place(len(cities), grid_start(len(cities)), cities.index(city))
        case RewardChoice(takes=takes, regions=regions, bards=total), a.Reward(take=take, bards=bards):
            keys = cycle(len(takes), 0, takes.index(take)) + ["OK"]
            if "bards" in take and len(regions) > 1:
                keys += split(regions, spread(regions, total), bards)
            return keys
        case ColossusChoice(colossi=colossi), a.Colossus(fight=fight, needs=needs):
            if not fight or needs is None:
                return cycle(len(colossi) + 1, 0, len(colossi)) + ["OK"]
            index = [n for n, _ in colossi].index(needs)
            return cycle(len(colossi) + 1, 0, index) + ["OK", "OK"]  # the box's default units: the weakest
        case NeutralChoice(tracks=tracks), a.Neutral(track=track):
            return cycle(len(tracks), 0, tracks.index(track)) + ["OK"]
        case CensusChoice(most=most), a.Census(reveal=reveal):
            return counter(most, most, reveal)
        case CensusBardsChoice(regions=regions, bards=total), a.CensusBards(bards=bards):
            return split(regions, spread(regions, total), bards) if len(regions) > 1 else ["OK"]
        case FloorChoice(cities=cities), a.Floor(city=city):
            return cycle(len(cities), 0, cities.index(city)) + ["OK"]
    raise ValueError(f"no keys for {choice!r} and {action!r}")


def shortest(start: State, goal: Callable[[State], bool], step: Callable[[str, State], State],
             keys: Sequence[str] = MOVES) -> list[str]:
    """The fewest `keys` from `start` to a state that meets `goal` (breadth first; the editors are small)."""
    if goal(start):
        return []
    queue = deque([start])
    paths: dict[State, list[str]] = {start: []}
    while queue:
        state = queue.popleft()
        for key in keys:
            nxt = step(key, state)
            if nxt in paths:
                continue
            paths[nxt] = paths[state] + [key]
            if goal(nxt):
                return paths[nxt]
            queue.append(nxt)
    raise ValueError(f"unreachable from {start!r}")


def cycle(size: int, cursor: int, target: int) -> list[str]:
    """A list that wraps around: DOWN or UP, whichever is shorter."""
    down = (target - cursor) % size
    return ["DOWN"] * down if down <= size - down else ["UP"] * (size - down)


def program(editor: ProgramEditor, draft: tuple[str | None, ...], orders: tuple[str, ...],
            six_keys: bool) -> list[str]:
    """Enter `orders` and lock them, from the box's program screen."""
    if editor.proposing(draft):
        assert editor.proposal is not None
        fresh = ["BACK"] + _entry(orders, six_keys) + ["OK"]
        return min(_edit(editor.proposal, orders, six_keys), fresh, key=len)
    if not any(draft) and editor.slot == 0:
        return _entry(orders, six_keys) + ["OK"]
    return _over(editor.slot, draft, orders, six_keys)


def _entry(orders: tuple[str, ...], six_keys: bool) -> list[str]:
    keys = ENTRY_KEYS if six_keys else DIRECT_KEYS
    return [keys[order] for order in orders]


def _edit(proposal: tuple[str | None, ...], orders: tuple[str, ...], six_keys: bool) -> list[str]:
    """From the proposal, cursor on the first slot: change what differs, left to right."""
    differ = [i for i in range(PROGRAM_LENGTH) if proposal[i] != orders[i]]
    if not differ:
        return ["OK"]
    last = differ[-1]
    if not six_keys:
        return [DIRECT_KEYS[order] for order in orders[:last + 1]] + ["OK"]
    keys: list[str] = []
    adopted = False  # the first change takes the proposal: from then on BACK clears one slot
    for i in range(last + 1):
        if i in differ:
            turn = cycle(len(ORDERS), ORDERS.index(str(proposal[i])), ORDERS.index(orders[i]))
            if adopted and i < last and len(turn) + 1 > 2:
                keys += ["BACK", ENTRY_KEYS[orders[i]]]  # cleared, then entered: the cursor moves on
                continue
            keys += turn
            adopted = True
        if i < last:
            keys.append("RIGHT")
    return keys + ["OK"]


def _over(slot: int, draft: tuple[str | None, ...], orders: tuple[str, ...], six_keys: bool) -> list[str]:
    """From a program already begun: back to the first slot, then each slot cleared and entered."""
    keys: list[str] = []
    shown = list(draft)
    while slot > 0:
        if shown[slot] is None:
            slot -= 1
            shown[slot] = None
            keys.append("BACK")
        else:
            slot -= 1
            keys.append("LEFT")
    for i, order in enumerate(orders):
        if shown[i] is not None:
            keys.append("BACK")
        keys += _entry((order,), six_keys)
    return keys + ["OK"]


def place(size: int, cursor: int, index: int) -> list[str]:
    return shortest(cursor, lambda c: c == index, lambda key, c: grid_step(key, c, size)) + ["OK"]


def counter(most: int, start: int, reveal: int) -> list[str]:
    return shortest(start, lambda n: n == reveal, lambda key, n: count_step(key, n, most)) + ["OK"]


def split(regions: tuple[int, ...], start: tuple[int, ...], wanted: a.Split) -> list[str]:
    """From the default split, cursor on the first region, to the wanted one, then OK."""
    goal = dict(wanted)
    target = tuple(goal.get(r, 0) for r in regions)
    bards = sum(target)

    def step(key: str, state: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
        return split_step(key, state[0], state[1], bards)

    return shortest((0, start), lambda s: s[1] == target, step) + ["OK"]
