"""Shared arrangement helpers for the rule tests.

Everything here builds games through the public API (`Game`, `Setup`, `Layout`, `push`), except the
`give_*`, `put_*`, `build_guild`, `leave_on_tile`, `drain_barracks`, `arrange_ladders`,
`wake_colossi` and `remove_colossus` helpers: they write `game.state` directly to ARRANGE a situation
that would take many years of play to reach. Each one keeps the game's invariants true:

- units are never created: they come out of the barracks and go back to them (§1);
- bards and floors leave the player's own reserve (20 bards, 15 floors, §1), never into a void region
  (R-02), and a guild is one colour with 1 to 4 floors (§5);
- every tile in play stays in exactly one place (a city, a slot, a pile or a discard, §6).

Tests assert only through `view`, `legal`, `awaiting`, `outcome` and `IllegalAction`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.games.xidit.boards import parse_pack
from companion.games.xidit.rules import Census, Game, Layout, Place, Program, Seat, Setup
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import CensusChoice, ProgramChoice
from companion.games.xidit.rules.state import Guild

TINY: Board = parse_pack((Path(__file__).parents[1] / "packs" / "tiny.toml").read_text())

COLOURS = ("blue", "red", "green", "yellow", "black")
UNITS = ("militia", "archer", "infantry", "priest", "mage")  # weakest first (§1)
WAITS = ("wait",) * 6

# A fixed deal for each player count (tiny pack): recruitment tiles on even cities, threats on odd
# cities, so that a threat and a recruitment tile always sit one road apart.
LAYOUTS: dict[str, dict[str, Any]] = {
    # 21 tiles, K = 5: 5 + 5 + 5 + 6.
    "4": dict(recruit=(2, 4, 6, 8, 10), threat=(3, 5, 7, 9, 11), recruit_pile=(12, 13, 14, 15, 16),
              threat_pile=(17, 18, 19, 20, 21, 1)),
    "5": dict(recruit=(2, 4, 6, 8, 10), threat=(3, 5, 7, 9, 11), recruit_pile=(12, 13, 14, 15, 16),
              threat_pile=(17, 18, 19, 20, 21, 1)),
    # 4p short removes 19, 20, 21: 18 tiles, 5 + 5 + 5 + 3.
    "4-short": dict(recruit=(2, 4, 6, 8, 10), threat=(3, 5, 7, 9, 11), recruit_pile=(12, 13, 14, 15, 16),
                    threat_pile=(17, 18, 1)),
    # 5p short removes 20, 21: 19 tiles, 5 + 5 + 5 + 4.
    "5-short": dict(recruit=(2, 4, 6, 8, 10), threat=(3, 5, 7, 9, 11), recruit_pile=(12, 13, 14, 15, 16),
                    threat_pile=(17, 18, 19, 1)),
    # 3-player set, 18 tiles, K = 4: 4 + 4 + 4 + 6.
    "3": dict(recruit=(2, 4, 6, 8), threat=(3, 5, 7, 9), recruit_pile=(10, 11, 12, 13),
              threat_pile=(14, 15, 16, 17, 18, 1)),
    # 3p short removes 14 and 18: 16 tiles, 4 + 4 + 4 + 4.
    "3-short": dict(recruit=(2, 4, 6, 8), threat=(3, 5, 7, 9), recruit_pile=(10, 11, 12, 13),
                    threat_pile=(15, 16, 17, 1)),
}


def seats(n: int) -> tuple[Seat, ...]:
    """Seats 1..n clockwise, coloured in the order of §1."""
    return tuple(Seat(i + 1, COLOURS[i]) for i in range(n))


def make_setup(players: int = 4, length: str = "long", first: int = 1, neutral: str | None = None,
               seed: int = 0, layout: bool = True, **fixed: Any) -> Setup:
    """A setup on seats 1..players; `layout=True` starts from the fixed deal above, `fixed` overrides."""
    variant = f"{players}{'-short' if length == 'short' else ''}"
    base = dict(LAYOUTS[variant]) if layout else {}
    base.update(fixed)
    if players == 3 and neutral is None:
        neutral = "normal"
    return Setup(seats(players), length, first, neutral, seed, Layout(**base))


def new_game(players: int = 4, length: str = "long", first: int = 1, neutral: str | None = None,
             seed: int = 0, board: Board = TINY, layout: bool = True, **fixed: Any) -> Game:
    return Game(board, make_setup(players, length, first, neutral, seed, layout, **fixed))


def place(game: Game, cities: Mapping[int, int]) -> None:
    """Every Idrakys on its city, pushed in turn order from the first player (§2.6)."""
    while game.awaiting() and game.awaiting()[0]["decision"] == "place":
        seat = game.awaiting()[0]["seat"]
        game.push(Place(seat, cities[seat]))


def started(players: int = 4, cities: Mapping[int, int] | None = None, **kwargs: Any) -> Game:
    """A new game with every Idrakys placed (default: seat n on city 12 + n, cities with no tile)."""
    game = new_game(players, **kwargs)
    place(game, cities or {s: 12 + s for s in range(1, players + 1)})
    return game


def orders(*given: str) -> tuple[str, ...]:
    """A program: the given orders, then waits up to 6."""
    return tuple(given) + ("wait",) * (6 - len(given))


def program(game: Game, programs: Mapping[int, Sequence[str]] | None = None) -> None:
    """Locks a program for every seat awaited (turn order); unnamed seats wait all year."""
    programs = programs or {}
    for choice in game.legal():
        assert isinstance(choice, ProgramChoice), f"expected programming, the game awaits {choice}"
    for choice in game.legal():
        game.push(Program(choice.seat, tuple(programs.get(choice.seat, WAITS))))


def reveal_zero(game: Game) -> None:
    """Every census choice awaited now answered with 0."""
    for choice in game.legal():
        assert isinstance(choice, CensusChoice)
        game.push(Census(choice.seat, choice.unit, 0))


def play_waits_until(game: Game, year: int) -> None:
    """Plays years of waits (census reveals of 0) until the programming phase of `year`."""
    while not (game.view()["year"] == year and game.view()["phase"] == "program"):
        decision = game.awaiting()[0]["decision"]
        if decision == "program":
            program(game)
        elif decision == "census":
            reveal_zero(game)
        else:
            raise AssertionError(f"unexpected decision {decision}")


def finish(game: Game) -> None:
    """Plays the game to its end with waits and census reveals of 0."""
    while game.outcome() is None:
        decision = game.awaiting()[0]["decision"]
        if decision == "program":
            program(game)
        elif decision == "census":
            reveal_zero(game)
        else:
            raise AssertionError(f"unexpected decision {decision}")


def census_game(units: Mapping[int, Mapping[str, int]], players: int = 4, **kwargs: Any) -> Game:
    """A short game at its first census (end of year 3), seats holding the given units."""
    game = started(players, length="short", **kwargs)
    for seat, counts in units.items():
        give_units(game, seat, **counts)
    play_waits_until(game, 3)
    program(game)
    assert game.view()["phase"] == "census"
    return game


def reveal(game: Game, reveals: Mapping[int, int]) -> None:
    """Answers every census choice awaited now; seats not named reveal 0."""
    awaited = game.legal()
    assert awaited and all(isinstance(c, CensusChoice) for c in awaited)
    for choice in awaited:
        assert isinstance(choice, CensusChoice)
        game.push(Census(choice.seat, choice.unit, reveals.get(choice.seat, 0)))


def player(view: Mapping[str, Any], seat: int) -> dict[str, Any]:
    return next(p for p in view["players"] if p["seat"] == seat)


def city(view: Mapping[str, Any], number: int) -> dict[str, Any]:
    return next(c for c in view["cities"] if c["id"] == number)


def region(view: Mapping[str, Any], number: int) -> dict[str, Any]:
    return next(r for r in view["regions"] if r["id"] == number)


def tiles_on_board(view: Mapping[str, Any], side: str) -> list[int]:
    return sorted(c["tile"]["number"] for c in view["cities"] if c["tile"] and c["tile"]["side"] == side)


def units_of(view: Mapping[str, Any], seat: int) -> list[int]:
    units = player(view, seat)["units"]
    return [units[u] for u in UNITS]


# -- arrangement (direct state writes, invariants kept) -------------------------------------------


def give_units(game: Game, seat: int, **counts: int) -> None:
    """Moves units from the barracks onto a player's screen (as recruiting would)."""
    state = game.state
    for unit, n in counts.items():
        i = UNITS.index(unit)
        assert state.barracks[i] >= n, f"the barracks hold only {state.barracks[i]} {unit}"
        state.barracks[i] -= n
        state.players[seat].units[i] += n


def drain_barracks(game: Game, seat: int, unit: str, leave: int = 0) -> None:
    """Empties the barracks of `unit` (but `leave`) onto a bystander's screen: units are never destroyed."""
    n = game.state.barracks[UNITS.index(unit)] - leave
    give_units(game, seat, **{unit: n})


def give_gold(game: Game, seat: int, gold: int) -> None:
    """Gold from the bank, which is unlimited (R-01)."""
    game.state.players[seat].gold += gold


def put_bards(game: Game, seat: int, bards: Mapping[int, int]) -> None:
    """Places a player's own bards from their reserve; never into a void region (R-02)."""
    state = game.state
    for rid, n in bards.items():
        assert rid not in state.void, f"region {rid} is void (R-02)"
        assert state.players[seat].bards_left >= n
        state.players[seat].bards_left -= n
        state.bards[rid][seat] = state.bards[rid].get(seat, 0) + n


def spend_bards(game: Game, seat: int, keep: int) -> None:
    """Puts all but `keep` of a player's bards into the non-void, non-Bastion region with the highest id."""
    state = game.state
    target = max(r for r, reg in state.board.regions.items() if r not in state.void and not reg.bastion)
    put_bards(game, seat, {target: state.players[seat].bards_left - keep})


def build_guild(game: Game, seat: int, at: int, floors: int) -> None:
    """Builds `floors` of a player's floors on city `at` (one colour per guild, 4 floors at most)."""
    state = game.state
    guild = state.guilds.setdefault(at, Guild(seat, 0))
    assert guild.seat == seat and guild.floors + floors <= 4 and state.players[seat].floors_left >= floors
    state.players[seat].floors_left -= floors
    guild.floors += floors


def give_pending_floor(game: Game, seat: int, n: int = 1) -> None:
    """A pending floor, as a census mage floor with no guild with room leaves it (P-04)."""
    state = game.state
    assert state.players[seat].floors_left >= n
    state.players[seat].floors_left -= n
    state.players[seat].pending_floors += n


def leave_on_tile(game: Game, at: int, units: Iterable[str]) -> None:
    """Leaves only `units` (a sub-multiset of what is there) on a recruitment tile; the others go back
    to the barracks."""
    tile = game.state.tiles[at]
    assert tile.side == "recruit"
    keep = list(units)
    rest = list(tile.units)
    for unit in keep:
        rest.remove(unit)
    for unit in rest:
        game.state.barracks[UNITS.index(unit)] += 1
    tile.units = sorted(keep, key=UNITS.index)


def arrange_ladders(game: Game, **fields: Any) -> None:
    """Rewrites piles, slots and discards (lists top first); every tile must stay in exactly one place."""
    state = game.state

    def everywhere() -> list[int]:
        return sorted(list(state.tiles) + state.recruit_pile + state.threat_pile + state.recruit_discard
                      + state.threat_discard + [t for t in (state.next_recruit, state.next_threat) if t])

    before = everywhere()
    for name, value in fields.items():
        assert name in ("recruit_pile", "next_recruit", "recruit_discard", "threat_pile", "next_threat",
                        "threat_discard")
        setattr(state, name, list(value) if isinstance(value, (list, tuple)) else value)
    assert everywhere() == before, "a tile was lost or doubled"


def wake_colossi(game: Game, *stacks: int) -> None:
    """Turns the top colossus of the given stacks (0 = the 3s, 1 = the 4s, 2 = the 5s) awake."""
    for s in stacks:
        game.state.colossi[s][0].awake = True


def remove_colossus(game: Game, stack: int) -> None:
    """The top colossus of a stack leaves the game, as a defeated one does (§6)."""
    game.state.colossi[stack].pop(0)
