"""Searches seeds for games that show a scenario's property, and writes the record of one of them.

A developer's tool, never run by the test suite (pytest collects only `test_*.py`). From /work/main:

    .venv/bin/python tests/games/xidit/scenarios/find.py --list
    .venv/bin/python tests/games/xidit/scenarios/find.py tie-units --start 0 --count 500
    .venv/bin/python tests/games/xidit/scenarios/find.py tie-units --seed 17 --write new.json

Games are played on the frozen pack tests/games/xidit/packs/scenario-board.toml by an agent policy: `planner` is
companion.games.xidit.agents.random_player.decide (random legal choices, programs often planned toward
tiles); `hunter` is a
threat hunter for rare ladder events (it walks to threats it can meet, and recruits without taking
the last unit of a tile while the threat pile is low, so the threat ladder runs dry). A record
keeps only the setup and the people's decisions, so any policy makes a valid record.

Each property prints, for each matching seed, the evidence it found (values, seats, action indexes).
`--write` stores the game as a scenario skeleton: the title, rules and why of the property, the
record, and an `expect` holding only the final scoring. The specific expectations (the tied values,
the unit counts deciding a tie, ...) are added BY HAND after checking the views against the rules.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(ROOT))

from companion.games.xidit.agents.random_player import ORDER_WEIGHTS, decide, routes  # noqa: E402
from companion.games.xidit.boards import load_pack  # noqa: E402
from companion.games.xidit.rules import Game, Phase, Seat, Setup, record_to_json  # noqa: E402
from companion.games.xidit.rules import actions as a  # noqa: E402
from companion.games.xidit.rules import events as ev  # noqa: E402
from companion.games.xidit.rules.choices import Choice, ColossusChoice, ProgramChoice  # noqa: E402
from companion.games.xidit.rules.preview import preview  # noqa: E402
from companion.games.xidit.rules.state import State  # noqa: E402
from companion.games.xidit.rules.terms import ORDERS, PLAYER_COLOURS, PROGRAM_LENGTH  # noqa: E402

BOARD_PATH = ROOT / "tests" / "games" / "xidit" / "packs" / "scenario-board.toml"
BOARD = load_pack(BOARD_PATH)


# -- playing -----------------------------------------------------------------------------------------


def setup_for(players: int, short: bool, seed: int) -> Setup:
    """Like companion.games.xidit.agents.play.random_setup: seats 1..N clockwise, a random first player."""
    rng = random.Random(seed)
    return Setup(
        players=tuple(Seat(i + 1, PLAYER_COLOURS[i]) for i in range(players)),
        length="short" if short else "long",
        first_player=rng.randint(1, players),
        neutral="normal" if players == 3 else None,
        seed=seed,
    )


def hunter_program(rng: random.Random, state: State, seat: int) -> tuple[str, ...]:
    """Walks to threats first, then to recruitment tiles, never emptying one while the threat pile is low."""
    guard = len(state.threat_pile) <= 2

    def good(orders: list[str]) -> bool:
        slot = preview(state, seat, orders)[-1]
        if slot.effect == "threat":
            return True
        if slot.effect != "recruit":
            return False
        tile = state.tiles.get(slot.city)
        return not (guard and tile is not None and len(tile.units) <= 1)

    orders: list[str] = []
    while len(orders) < PROGRAM_LENGTH:
        left = PROGRAM_LENGTH - len(orders)
        if good(orders + ["action"]):
            orders.append("action")
            continue
        here = preview(state, seat, orders)[-1].city if orders else state.players[seat].city or 0
        for effect in ("threat", "recruit"):
            path = next((p for _, p in routes(state, here, left - 1)
                         if preview(state, seat, orders + list(p) + ["action"])[-1].effect == effect
                         and good(orders + list(p) + ["action"])), None)
            if path is not None:
                orders.extend(path)
                break
        else:
            orders.append(rng.choices(ORDERS, ORDER_WEIGHTS)[0])
    return tuple(orders[:PROGRAM_LENGTH])


def hunter(rng: random.Random, choice: Choice, state: State) -> a.Action:
    if isinstance(choice, ProgramChoice):
        return a.Program(choice.seat, hunter_program(rng, state, choice.seat))
    if isinstance(choice, ColossusChoice):
        return decide(rng, choice)  # fights 4 times in 5
    return decide(rng, choice, state)


def planner(rng: random.Random, choice: Choice, state: State) -> a.Action:
    return decide(rng, choice, state)


POLICIES: dict[str, Callable[[random.Random, Choice, State], a.Action]] = {"planner": planner, "hunter": hunter}


def play(setup: Setup, policy: str, agent_seed: int) -> tuple[Game, list[int]]:
    """Plays to the end; also returns, after each action, how many events the state had logged."""
    game = Game(BOARD, setup)
    rng = random.Random(agent_seed)
    marks: list[int] = []
    decide_with = POLICIES[policy]
    while game.state.phase != Phase.OVER:
        awaited = game.legal()
        choice = awaited[0] if len(awaited) == 1 else rng.choice(awaited)
        game.push(decide_with(rng, choice, game.state))
        marks.append(len(game.state.events))
    return game, marks


def action_at(marks: list[int], event: int) -> int:
    """The number of actions after which the event at this index of the log had happened."""
    return next(i + 1 for i, m in enumerate(marks) if m > event)


# -- properties --------------------------------------------------------------------------------------

Found = str | None


@dataclass(frozen=True)
class Property:
    players: int
    short: bool
    policy: str
    title: str
    rules: tuple[str, ...]
    why: str
    test: Callable[[Game, list[int]], Found]


def ranks(game: Game) -> list[Any]:
    return list(game.state.rounds)


def rich_game(game: Game, marks: list[int]) -> Found:
    """A game that visits most rules: an awakening, a colossus fought, census rewards of every unit."""
    s = game.state
    fought = [action_at(marks, i) for i, e in enumerate(s.events) if isinstance(e, ev.ColossusDefeated)]
    rewarded = {e.unit for e in s.events if isinstance(e, ev.CensusCounted) and e.winners}
    if not fought or len(rewarded) < 5:
        return None
    return f"winner {s.winner}, {len(game.actions)} actions, colossi fought after {fought}, rounds " + "; ".join(
        f"{r.category} {r.values} out {r.eliminated}" for r in s.rounds)


def five_two_out(game: Game, marks: list[int]) -> Found:
    first = game.state.rounds[0]
    return f"first scoring {first.category} {first.values} ranking {first.ranking} out {first.eliminated}"


def neutral_eliminates(game: Game, marks: list[int]) -> Found:
    """A player drops in a round that the neutral player survives with a higher value."""
    for number, r in enumerate(ranks(game), start=1):
        if r.neutral_value is not None and not r.neutral_eliminated and r.eliminated:
            out = r.eliminated[0]
            if r.neutral_value > r.values[out]:
                return f"round {number} {r.category}: neutral {r.neutral_value} > seat {out} {r.values[out]}"
    return None


def neutral_wins(game: Game, marks: list[int]) -> Found:
    s = game.state
    if s.winner is None:
        return "; ".join(f"{r.category} {r.values} ranking {r.ranking} neutral {r.neutral_value}" for r in s.rounds)
    return None


def neutral_tie_drops(game: Game, marks: list[int]) -> Found:
    """R-12: the neutral player's value equals the lowest player's, and the neutral player drops."""
    for number, r in enumerate(ranks(game), start=1):
        if r.neutral_value is not None and r.neutral_eliminated:
            low = min(r.values[s] for s in r.ranking)
            if low == r.neutral_value:
                return f"round {number} {r.category}: neutral {r.neutral_value} ties {r.values} ranking {r.ranking}"
    return None


def neutral_tie_above(game: Game, marks: list[int]) -> Found:
    """R-12: the neutral player ties a player who is not last; the last player drops, not the neutral."""
    for number, r in enumerate(ranks(game), start=1):
        if r.neutral_value is not None and not r.neutral_eliminated and r.eliminated:
            tied = [s for s in r.ranking if r.values[s] == r.neutral_value]
            if tied and r.values[r.eliminated[0]] < r.neutral_value:
                return (f"round {number} {r.category}: neutral {r.neutral_value} ties seat {tied} "
                        f"{r.values}, out {r.eliminated}")
    return None


def awakenings(game: Game, marks: list[int]) -> Found:
    s = game.state
    if s.awakenings < 2:
        return None
    at = [action_at(marks, i) for i, e in enumerate(s.events) if isinstance(e, ev.Awakened)]
    fought = [(action_at(marks, i), e.index) for i, e in enumerate(s.events) if isinstance(e, ev.ColossusDefeated)]
    return f"awakenings after actions {at}; colossi fought (after action, index) {fought}"


def colossus_neutral(game: Game, marks: list[int]) -> Found:
    """3 players: a colossus falls and its eliminator advances a neutral track (R-08)."""
    s = game.state
    for i, e in enumerate(s.events):
        if isinstance(e, ev.ColossusDefeated):
            advance = next(f for f in s.events[i:] if isinstance(f, ev.NeutralAdvanced))
            return f"colossus {e.index} fought by seat {e.seat} after action {action_at(marks, i)}; then {advance}"
    return None


def short_tiles(game: Game, marks: list[int], empty: bool) -> Found:
    """Recruitment tiles that come in with fewer units than printed (a type ran out, §6), or none (P-01)."""
    s = game.state
    printed = s.board.tiles[s.setup.tile_set]
    found = [f"after action {action_at(marks, i)}: tile {e.number} printed {list(printed[e.number].recruit)} "
             f"came in with {list(e.units)}" for i, e in enumerate(s.events)
             if isinstance(e, ev.TileIn) and e.side == "recruit" and len(e.units) < len(printed[e.number].recruit)
             and (not e.units) == empty]
    return "; ".join(found) or None


def fame_ties(game: Game, marks: list[int]) -> Found:
    """In the fame scoring, a tie for first with someone below it (who scores nothing), and elsewhere a
    single first with a tie for second."""
    s = game.state
    first, second = [], []
    for rid, bards in s.bards.items():
        if rid in s.void:
            continue
        counts = sorted((n for n in bards.values() if n > 0), reverse=True)
        if len(counts) >= 3 and counts[0] == counts[1] > counts[2]:
            first.append((rid, dict(bards)))
        elif len(counts) >= 3 and counts[0] > counts[1] == counts[2]:
            second.append((rid, dict(bards)))
    if first and second:
        fame = next(r for r in s.rounds if r.category == "fame")
        return f"tie for first {first}; tie for second {second}; fame {fame.values}"
    return None


def boundary_tie(game: Game, by_units: bool) -> Found:
    s = game.state
    for number, r in enumerate(ranks(game), start=1):
        for out in r.eliminated:
            i = r.ranking.index(out)
            if i == 0 or r.values[r.ranking[i - 1]] != r.values[out]:
                continue
            above = r.ranking[i - 1]
            if above in r.eliminated:
                continue
            ua, uo = sum(s.players[above].units), sum(s.players[out].units)
            if (ua != uo) == by_units:
                return (f"round {number} {r.category}: seats {above} and {out} tie at {r.values[out]}; units "
                        f"{ua} vs {uo}; first player {s.first}; ranking {r.ranking}, out {r.eliminated}")
    return None


PROPERTIES: dict[str, Property] = {
    "long-4p": Property(
        4, False, "hunter", "A full 4-player long game", ("§2", "§3", "§4", "§5", "§6", "§7", "§8", "R-03"),
        "Twelve years of four players to a winner: three censuses, an awakening and a colossus fought, "
        "three scorings each dropping one player.", rich_game),
    "five-first-two": Property(
        5, False, "planner", "5 players: the first scoring eliminates two", ("§2", "§8"),
        "With five players the first scoring drops the lowest two, the next two one each.", five_two_out),
    "neutral-eliminates": Property(
        3, False, "planner", "3 players: the neutral player outranks a player who drops", ("§2", "§8", "R-08"),
        "The neutral player's track value beats a player's value, so that player drops while the neutral stays.",
        neutral_eliminates),
    "neutral-wins": Property(
        3, False, "planner", "3 players: the neutral player outlasts everyone", ("§8", "P-05"),
        "The neutral player survives the three scorings: nobody wins.", neutral_wins),
    "neutral-tie-drops": Property(
        3, False, "planner", "3 players: the neutral player ties the last player and drops", ("§8", "R-12"),
        "The neutral player's value equals the lowest player's; it ranks below on the tie and drops.",
        neutral_tie_drops),
    "neutral-tie-above": Property(
        3, False, "planner", "3 players: the neutral player ties a player who is not last", ("§8", "R-12"),
        "The neutral player ties a player above the last one: the last player drops, not the neutral.",
        neutral_tie_above),
    "two-awakenings": Property(
        4, True, "hunter", "The colossi awaken twice", ("§6", "§4", "R-05", "R-10"),
        "The threat ladder runs dry twice: each time the sleeping tops of the colossus stacks awaken "
        "and the reinforcements rebuild the piles.", awakenings),
    "neutral-colossus": Property(
        3, True, "hunter", "3 players: a fallen colossus advances the neutral player", ("§4", "§5", "R-08"),
        "An awake colossus counts as a threat: its eliminator also advances a neutral track.", colossus_neutral),
    "exhausted-barracks": Property(
        5, False, "planner", "A recruitment tile comes in short: a unit type ran out", ("§6", "§1"),
        "A tile brought in while the barracks lack a unit type gets only the units left; no substitution.",
        lambda g, m: short_tiles(g, m, False)),
    "empty-tile": Property(
        5, False, "planner", "A recruitment tile comes in empty: the barracks lack all its units", ("§6", "P-01"),
        "A tile brought in while the barracks hold none of its units stays on its city, empty, and an action "
        "there has no effect.", lambda g, m: short_tiles(g, m, True)),
    "fame-ties": Property(
        4, False, "planner", "Fame: a tie for first and a tie for second", ("§8",),
        "A tie for most bards scores the high value for each and nobody the low one; a tie for second "
        "scores the low value for each.", fame_ties),
    "tie-units": Property(
        4, False, "planner", "An elimination tie broken by units behind the screen", ("§8", "R-11"),
        "Two players tie for last; the one with fewer units on the screen drops.",
        lambda g, m: boundary_tie(g, True)),
    "tie-distance": Property(
        4, False, "planner", "An elimination tie broken by distance from the marker", ("§8", "R-11", "R-03"),
        "Two players tie for last with as many units; the one nearer the last year's marker holder drops.",
        lambda g, m: boundary_tie(g, False)),
}


# -- writing -----------------------------------------------------------------------------------------


def dump(scenario: dict[str, Any]) -> str:
    """Compact JSON: one line per field of the record, per action and per expected value."""
    lines = ["{"]
    for key in ("title", "rules", "why"):
        lines.append(f" {json.dumps(key)}: {json.dumps(scenario[key], ensure_ascii=False)},")
    record = scenario["record"]
    lines.append(' "record": {')
    for key in ("format", "board", "setup"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(record[key])},")
    lines.append('  "actions": [')
    lines.append(",\n".join(f"   {json.dumps(x)}" for x in record["actions"]))
    lines.append("  ]")
    lines.append(" },")
    lines.append(' "expect": [')
    expects = []
    for x in scenario["expect"]:
        values = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in x["values"].items())
        expects.append(f'  {{"after": {json.dumps(x["after"])}, "view": {json.dumps(x["view"])}, "values": {{\n'
                       f"{values}\n  }}}}")
    lines.append(",\n".join(expects))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def skeleton(prop: Property, game: Game) -> dict[str, Any]:
    final = game.view("referee")
    return {
        "title": prop.title, "rules": list(prop.rules), "why": prop.why,
        "record": record_to_json(game.record()),
        "expect": [{"after": "end", "view": "referee", "values": {
            f"scoring.rounds.{i}.{k}": r[k] for i, r in enumerate(final["scoring"]["rounds"])
            for k in ("values", "eliminated")}}],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("property", nargs="?", choices=sorted(PROPERTIES))
    parser.add_argument("--list", action="store_true", help="list the properties")
    parser.add_argument("--start", type=int, default=0, help="first seed tried")
    parser.add_argument("--count", type=int, default=1000, help="how many seeds to try")
    parser.add_argument("--show", type=int, default=5, help="stop after this many matches")
    parser.add_argument("--seed", type=int, help="play this seed only")
    parser.add_argument("--players", type=int, help="override the property's number of players")
    parser.add_argument("--short", action=argparse.BooleanOptionalAction, help="override the game length")
    parser.add_argument("--policy", choices=sorted(POLICIES), help="override the property's policy")
    parser.add_argument("--write", type=Path, help="write the (single --seed) game as a scenario skeleton")
    args = parser.parse_args()
    if args.list or args.property is None:
        for name, prop in PROPERTIES.items():
            print(f"{name:20} {prop.players}p {'short' if prop.short else 'long'} {prop.policy:8} {prop.title}")
        return 0
    prop = PROPERTIES[args.property]
    players = args.players or prop.players
    short = prop.short if args.short is None else args.short
    policy = args.policy or prop.policy
    seeds = [args.seed] if args.seed is not None else range(args.start, args.start + args.count)
    shown = 0
    for seed in seeds:
        game, marks = play(setup_for(players, short, seed), policy, seed)
        found = prop.test(game, marks)
        if found is None:
            continue
        print(f"seed {seed}: {found}")
        shown += 1
        if args.write is not None and args.seed is not None:
            args.write.write_text(dump(skeleton(prop, game)))
            print(f"wrote {args.write}")
        if shown >= args.show:
            break
    if not shown:
        print("no match", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
