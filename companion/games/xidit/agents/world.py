"""Determinization: a complete game the agent can play forward, rebuilt from one seat's view.

What the view shows is copied (all of it for a referee's view); what it leaves out (another seat's
units, gold, Bastion bards and unrevealed program, the order of the piles) is drawn at random,
consistent with what is public:
- units: every unit not in the barracks nor on a recruitment tile is behind some screen, so the units
  behind the other screens are exactly those totals minus the reader's own; each is dealt to one of the
  other seats at random;
- Bastion bards: the view gives their total and the reader's own; the rest go to the other seats;
- gold: nothing public counts it, so a guess around the reader's own and the year;
- piles: the tiles in play that are nowhere in sight, shuffled, under the known tops;
- a locked program not yet revealed: one the planning agent might have written.

The engine knows nothing of this module; the only coupling is building a `State` and going on from it
(`Game.from_state`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from companion.games.xidit.rules import Game, Phase, Program, Seat, Setup
from companion.games.xidit.rules import choices as ch
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.choices import Choice
from companion.games.xidit.rules.deal import tiles_in_play
from companion.games.xidit.rules.pending import CensusBardsDue, ColossusDue, FloorDue, NeutralDue, Pending, RewardDue
from companion.games.xidit.rules.state import CityTile, Guild, PlayerState, StackedColossus, State
from companion.games.xidit.rules.terms import BARDS_PER_PLAYER, BARRACKS, FLOORS_PER_PLAYER, UNITS

from .random_player import decide

SHORT_YEARS = 9
GOLD_PER_YEAR = 0.8  # a rough guess of what another player earns in a year, for the gold nobody sees


def game_of(state: State) -> Game:
    """A `Game` around a state built here."""
    return Game.from_state(state)


def _setup(view: dict[str, Any], seed: int) -> Setup:
    players = tuple(Seat(p["seat"], p["colour"], p["name"]) for p in view["players"])
    return Setup(players=players, length="short" if view["years"] == SHORT_YEARS else "long",
                 first_player=view["first_player"], neutral="normal" if view["neutral"] is not None else None,
                 seed=seed)


def _phase(view: dict[str, Any]) -> Phase:
    phase = Phase(view["phase"])
    if phase == Phase.CENSUS and (view["census"] is None or "unit" not in view["census"]):
        return Phase.CENSUS_DONE
    return phase


def _held(view: dict[str, Any]) -> list[int]:
    """Units behind all the screens together, by type."""
    held = [total - view["barracks"][u] for u, total in zip(UNITS, BARRACKS, strict=True)]
    for city in view["cities"]:
        tile = city["tile"]
        if tile is not None and tile["side"] == "recruit":
            for unit in tile["units"]:
                held[UNITS.index(unit)] -= 1
    return held


def _piles(board: Board, setup: Setup, view: dict[str, Any], rng: random.Random) -> tuple[list[int], list[int]]:
    ladders = view["ladders"]
    seen = {c["id"] for c in view["cities"] if c["tile"] is not None}
    seen |= set(ladders["recruit_discard"]) | set(ladders["threat_discard"])
    seen |= {n for n in (ladders["next_recruit"], ladders["next_threat"]) if n is not None}
    tops = [p["top"] for p in (ladders["recruit_pile"], ladders["threat_pile"]) if p["top"] is not None]
    unseen = [t for t in tiles_in_play(board, setup) if t not in seen and t not in tops]
    rng.shuffle(unseen)
    piles = []
    for pile in (ladders["recruit_pile"], ladders["threat_pile"]):
        top = [pile["top"]] if pile["top"] is not None else []
        below = max(0, pile["size"] - len(top))
        piles.append(top + unseen[:below])
        unseen = unseen[below:]
    return piles[0], piles[1]


def _deal_among(rng: random.Random, count: int, seats: list[int]) -> dict[int, int]:
    dealt = dict.fromkeys(seats, 0)
    for _ in range(max(0, count) if seats else 0):
        dealt[rng.choice(seats)] += 1
    return dealt


def _players(view: dict[str, Any], me: int, rng: random.Random) -> tuple[dict[int, PlayerState], dict[int, int]]:
    """Every player, the others' secrets drawn; also the Bastion bards of each seat."""
    others = [p["seat"] for p in view["players"] if p["seat"] != me]
    mine = next(p for p in view["players"] if p["seat"] == me)
    held = _held(view)
    units = {s: [0] * len(UNITS) for s in others}
    for i, count in enumerate(held):
        for seat, n in _deal_among(rng, count - mine["units"][UNITS[i]], others).items():
            units[seat][i] = n
    bastion = next((r for r in view["regions"] if r["bastion"] and "bards" not in r), None)
    in_bastion = ({} if bastion is None else
                  _deal_among(rng, bastion["bards_count"] - bastion.get("own_bards", 0), others))
    if bastion is not None:
        in_bastion[me] = bastion.get("own_bards", 0)
    placed = dict.fromkeys([p["seat"] for p in view["players"]], 0)
    for region in view["regions"]:
        for seat, n in region.get("bards", {}).items():
            placed[int(seat)] += n
    built = dict.fromkeys(placed, 0)
    for city in view["cities"]:
        if city["guild"] is not None:
            built[city["guild"]["seat"]] += city["guild"]["floors"]
    guess = 0.5 * (mine["gold"] + GOLD_PER_YEAR * (view["year"] - 1))
    players = {}
    for p in view["players"]:
        seat = p["seat"]
        player = PlayerState(seat, p["colour"], p["name"], city=p["city"], eliminated=p["eliminated"])
        program = p.get("program")
        player.program = tuple(program) if program is not None else None
        if seat == me:
            player.gold, player.units = p["gold"], [p["units"][u] for u in UNITS]
            player.pending_floors = p["pending_floors"]
            player.bards_left, player.floors_left = p["bards_left"], p["floors_left"]
        else:
            # Drawn even when the view shows them (a referee's view), so the stream of draws stays the same.
            player.gold = max(0, round(guess + rng.gauss(0, 1.5)))
            player.gold = p.get("gold", player.gold)
            player.units = [p["units"][u] for u in UNITS] if "units" in p else units[seat]
            player.pending_floors = p.get("pending_floors", 0)
            player.bards_left = p.get("bards_left", BARDS_PER_PLAYER - placed[seat] - in_bastion.get(seat, 0))
            player.floors_left = p.get("floors_left", FLOORS_PER_PLAYER - built[seat])
        players[seat] = player
    return players, in_bastion


def _nothing_pending(choice: Choice, neutral: bool) -> list[Pending]:
    return []


def _reward_pending(choice: ch.RewardChoice, neutral: bool) -> list[Pending]:
    follow: list[Pending] = [NeutralDue(choice.seat)] if neutral else []
    return [RewardDue(choice.seat, choice.city, choice.source, choice.number), *follow]


def _colossus_pending(choice: ch.ColossusChoice, neutral: bool) -> list[Pending]:
    return [ColossusDue(choice.seat, choice.city)]


def _neutral_pending(choice: ch.NeutralChoice, neutral: bool) -> list[Pending]:
    return [NeutralDue(choice.seat)]


def _census_bards_pending(choice: ch.CensusBardsChoice, neutral: bool) -> list[Pending]:
    return [CensusBardsDue(choice.seat, choice.bards)]


def _floor_pending(choice: ch.FloorChoice, neutral: bool) -> list[Pending]:
    return [FloorDue(choice.seat)]


# What stands pending in the engine while each decision kind (`choices.KINDS`) is awaited: nothing for
# the decisions of a phase (placement, programs, the census's reveal).
PENDING: dict[str, Callable[[Any, bool], list[Pending]]] = {
    "place": _nothing_pending, "program": _nothing_pending, "reward": _reward_pending,
    "colossus": _colossus_pending, "neutral": _neutral_pending, "census": _nothing_pending,
    "census_bards": _census_bards_pending, "floor": _floor_pending,
}


def _pending(choice: Choice | None, neutral: bool) -> list[Pending]:
    """The decision awaited from the reader, first in line; what waits behind it is not shown."""
    return [] if choice is None else PENDING[choice.decision](choice, neutral)


def sample_world(board: Board, view: dict[str, Any], me: int, rng: random.Random,
                 choice: Choice | None = None, locked: Mapping[int, tuple[str, ...]] | None = None) -> Game:
    """One complete game consistent with what `me` sees, hidden parts drawn from `rng`."""
    setup = _setup(view, rng.getrandbits(32))
    players, in_bastion = _players(view, me, rng)
    recruit_pile, threat_pile = _piles(board, setup, view, rng)
    bards: dict[int, dict[int, int]] = {}
    for region in view["regions"]:
        if "bards" in region:
            bards[region["id"]] = {int(s): n for s, n in region["bards"].items()}
        else:
            bards[region["id"]] = {s: n for s, n in in_bastion.items() if n > 0}
    state = State(
        board=board, setup=setup, rng=random.Random(rng.getrandbits(64)), players=players,
        seats=tuple(p["seat"] for p in view["players"]),
        void=frozenset(r["id"] for r in view["regions"] if r["void"]),
        scoring_order=tuple(view["scoring"]["order"]), first=view["first_player"], phase=_phase(view),
        year=view["year"], barracks=[view["barracks"][u] for u in UNITS],
        colossi=[[StackedColossus(e["index"], e["awake"]) for e in c["stack"]] for c in view["colossi"]],
        bards=bards, neutral=dict(view["neutral"]) if view["neutral"] is not None else None,
        recruit_pile=recruit_pile, threat_pile=threat_pile,
        next_recruit=view["ladders"]["next_recruit"], next_threat=view["ladders"]["next_threat"],
        recruit_discard=list(view["ladders"]["recruit_discard"]),
        threat_discard=list(view["ladders"]["threat_discard"]),
        awakenings=view["awakenings"],
    )
    for city in view["cities"]:
        tile = city["tile"]
        if tile is not None:
            state.tiles[city["id"]] = CityTile(tile["number"], tile["side"], list(tile.get("units", [])))
        if city["guild"] is not None:
            state.guilds[city["id"]] = Guild(city["guild"]["seat"], city["guild"]["floors"])
    if state.phase == Phase.RESOLUTION and view["turn"] is not None:
        order = state.turn_order()
        after = order.index(view["turn"]) + 1
        state.step, state.turn = (view["step"] + 1, 0) if after == len(order) else (view["step"], after)
        state.resolving = (view["step"], view["turn"])
    census = view["census"]
    if census is not None:
        state.census_log = [{"unit": e["unit"], "reveals": {int(s): n for s, n in e["reveals"].items()},
                             "winners": list(e["winners"])} for e in census["revealed"]]
    if state.phase == Phase.CENSUS and census is not None:
        state.census_unit = UNITS.index(census["unit"])
        if "my_choice" in census:
            state.census_reveals[me] = census["my_choice"]
        for seat in census["chosen"]:
            if seat != me:
                state.census_reveals[seat] = players[seat].units[state.census_unit]
    state.pending = _pending(choice, state.neutral is not None)
    for p in view["players"]:
        if p["locked"] and state.players[p["seat"]].program is None:
            # Locked but not yet revealed: a program the planning agent might have written (these
            # are the last draws, so a caller that already drew them may hand them back instead).
            if locked is not None:
                state.players[p["seat"]].program = locked[p["seat"]]
                continue
            program = decide(rng, ch.ProgramChoice(p["seat"], p["city"] or 0), state)
            assert isinstance(program, Program)
            state.players[p["seat"]].program = program.orders
    return game_of(state)
