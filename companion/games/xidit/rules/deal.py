"""Setting up the table (§2 steps 2 to 7): tiles, ladders, colossi, scoring tiles, neutral player.

Every shuffle is drawn from the seed in the same order whatever the layout names, so a layout that
fixes one part leaves the others as the seed alone would have dealt them.
"""

from __future__ import annotations

import random

from . import hidden, ladders
from .board import Board
from .errors import BadRecord
from .setup import Setup
from .state import PlayerState, StackedColossus, State
from .terms import BARRACKS, CATEGORIES

NEUTRAL_START = {"normal": (6, 5, 4), "hard": (7, 6, 5)}
COLOSSUS_STACKS = (3, 4, 5)


def tiles_in_play(board: Board, setup: Setup) -> list[int]:
    return tiles_of_form(board, setup.tile_set, setup.variant)


def tiles_of_form(board: Board, tile_set: str, variant: str) -> list[int]:
    """The tiles a game form plays with: its tile set, without the ones its variant leaves in the box."""
    return sorted(n for n in board.tiles[tile_set] if n not in board.variants[variant].remove)


def _deal_tiles(setup: Setup, in_play: list[int], shuffled: list[int]) -> dict[str, list[int]]:
    k = 4 if len(setup.players) == 3 else 5
    sizes = {"recruit": k, "threat": k, "recruit_pile": k, "threat_pile": len(in_play) - 3 * k}
    if sizes["threat_pile"] < 1:
        raise BadRecord(f"{len(in_play)} tiles in play are too few to deal {k} + {k} + {k} + 1")
    given = {key: getattr(setup.layout, key) for key in sizes}
    used: set[int] = set()
    for key, tiles in given.items():
        if tiles is None:
            continue
        if len(tiles) != sizes[key]:
            raise BadRecord(f"layout.{key} must hold {sizes[key]} tiles, not {len(tiles)}")
        for t in tiles:
            if t not in in_play:
                raise BadRecord(f"layout.{key}: tile {t} is not in play in this game")
            if t in used:
                raise BadRecord(f"layout.{key}: tile {t} is named twice")
            used.add(t)
    rest = [t for t in shuffled if t not in used]
    dealt: dict[str, list[int]] = {}
    for key, size in sizes.items():
        tiles = given[key]
        if tiles is not None:
            dealt[key] = list(tiles)
        else:
            dealt[key], rest = rest[:size], rest[size:]
    return dealt


def _deal_colossi(board: Board, setup: Setup, rng: random.Random) -> list[list[StackedColossus]]:
    stacks = []
    for needs in COLOSSUS_STACKS:
        stack = [c.index for c in board.colossi if c.needs == needs]
        rng.shuffle(stack)
        stacks.append(stack)
    if setup.layout.colossi is not None:
        given = [list(s) for s in setup.layout.colossi]
        if len(given) != len(COLOSSUS_STACKS):
            raise BadRecord("layout.colossi must list 3 stacks: the 3s, the 4s, the 5s")
        for needs, stack, mine in zip(COLOSSUS_STACKS, given, stacks, strict=True):
            if sorted(stack) != sorted(mine):
                raise BadRecord(f"layout.colossi: the stack of {needs} must hold colossi {sorted(mine)}")
        stacks = given
    return [[StackedColossus(index) for index in stack] for stack in stacks]


def _check_reinforcements(setup: Setup, in_play: list[int]) -> None:
    """What can be told before play: each reinforcement names tiles in play, each once. Whether it holds
    exactly the tiles to shuffle is told at its awakening (ladders.awaken)."""
    for number, pile in enumerate(setup.layout.reinforcements or (), start=1):
        for t in pile:
            if t not in in_play:
                raise BadRecord(f"layout.reinforcements: tile {t} of reinforcement {number} is not in play "
                                "in this game")
            if pile.count(t) > 1:
                raise BadRecord(f"layout.reinforcements: tile {t} is named twice in reinforcement {number}")


def deal(board: Board, setup: Setup) -> State:
    setup.check()
    if setup.variant not in board.variants:
        raise BadRecord(f"the board pack has no variant {setup.variant!r}")
    rng = random.Random(setup.seed)
    in_play = tiles_in_play(board, setup)
    shuffled = list(in_play)
    rng.shuffle(shuffled)
    dealt = _deal_tiles(setup, in_play, shuffled)
    _check_reinforcements(setup, in_play)
    colossi = _deal_colossi(board, setup, rng)
    scoring = list(CATEGORIES)
    rng.shuffle(scoring)
    if setup.layout.scoring is not None:
        scoring = list(setup.layout.scoring)
    state = State(
        board=board, setup=setup, rng=rng,
        players={p.seat: PlayerState(p.seat, p.colour, p.name) for p in setup.players},
        seats=setup.seats, void=board.variants[setup.variant].void, scoring_order=tuple(scoring),
        first=setup.first_player, barracks=list(BARRACKS), colossi=colossi,
        bards={r: {} for r in board.regions},
    )
    if setup.neutral is not None:
        state.neutral = dict(zip(scoring, NEUTRAL_START[setup.neutral], strict=True))
    for number in dealt["recruit"]:
        ladders.place_recruit(state, number)
    for number in dealt["threat"]:
        ladders.place_threat(state, number)
    state.recruit_pile = dealt["recruit_pile"]
    state.threat_pile = dealt["threat_pile"]
    hidden.start(state)
    ladders.refill_next_recruit(state)
    ladders.refill_next_threat(state)
    return state
