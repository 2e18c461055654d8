"""State views (docs/formats.md, State view): what each reader may know, and nothing more.

A view leaves out, never blanks, what its reader may not know. Beyond the spec's list, another player's
`bards_left` and `floors_left` are left out too: they are behind the screen (§1), and with the public
board they would give away the Bastion's bards and the pending floors.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Reader

from .state import Phase, State, Tie
from .terms import UNITS

FORMAT = "xidit-state/1"


def _player(state: State, seat: int, me: int | None) -> dict[str, Any]:
    p = state.players[seat]
    mine = me == -1 or me == seat
    out: dict[str, Any] = {"seat": seat, "colour": p.colour, "name": p.name, "city": p.city,
                           "locked": p.program is not None}
    if mine:
        out["gold"] = p.gold
        out["units"] = dict(zip(UNITS, p.units, strict=True))
        out["pending_floors"] = p.pending_floors
    if mine or state.fame_scored:
        out["bards_left"] = p.bards_left
        out["floors_left"] = p.floors_left
    # Programs are revealed when the last one locks (§3.1); until then each is its owner's only.
    if p.program is not None and (mine or state.phase not in (Phase.PLACE, Phase.PROGRAM)):
        out["program"] = list(p.program)
    out["eliminated"] = p.eliminated
    return out


def _tile(state: State, city: int) -> dict[str, Any] | None:
    tile = state.tiles.get(city)
    if tile is None:
        return None
    if tile.side == "recruit":
        return {"number": tile.number, "side": "recruit", "units": list(tile.units)}
    printed = state.board.tiles[state.setup.tile_set][tile.number]
    return {"number": tile.number, "side": "threat", "needs": list(printed.needs), "gold": printed.gold,
            "bards": printed.bards, "guild": printed.guild}


def _regions(state: State, me: int | None) -> list[dict[str, Any]]:
    out = []
    for rid in sorted(state.board.regions):
        region = state.board.regions[rid]
        bards = {str(s): n for s, n in sorted(state.bards[rid].items()) if n > 0}
        entry: dict[str, Any] = {"id": rid, "void": rid in state.void, "bastion": region.bastion,
                                 "fame": list(region.fame)}
        if region.bastion and not state.fame_scored:
            entry["bards_count"] = sum(state.bards[rid].values())
            if me == -1:
                entry["bards"] = bards
            elif me is not None:
                entry["own_bards"] = state.bards[rid].get(me, 0)
        else:
            entry["bards"] = bards
        out.append(entry)
    return out


def _pile(pile: list[int], me: int | None, unknown: set[int]) -> Any:
    """A tile whose place the table does not know (a game set up from what lies face up) shows as null."""
    shown = [None if t in unknown else t for t in pile]
    if me == -1:
        return shown
    return {"top": shown[0] if shown else None, "size": len(pile)}


def _unknown(state: State) -> tuple[set[int], set[int]]:
    """The tiles and colossi the table has not seen where the engine put them: its guesses stay out."""
    sight = state.sight
    if sight is None:
        return set(), set()
    tiles = set(sight.hidden) | {q.drawn for q in sight.questions if q.kind == "tile"}
    return tiles, set(sight.colossi) | {q.drawn for q in sight.questions if q.kind == "colossus"}


def _census(state: State, me: int | None) -> dict[str, Any] | None:
    if state.phase != Phase.CENSUS and not state.census_log:
        return None
    out: dict[str, Any] = {
        "year": state.year if state.phase in (Phase.CENSUS, Phase.CENSUS_DONE) else None,
        "revealed": [{"unit": e["unit"], "reveals": {str(s): n for s, n in e["reveals"].items()},
                      "winners": list(e["winners"])} for e in state.census_log],
    }
    if state.phase == Phase.CENSUS:
        out["unit"] = UNITS[state.census_unit]
        out["chosen"] = sorted(set(state.census_reveals) - _masked(state, me))
        if me == -1:
            out["choices"] = {str(s): n for s, n in sorted(state.census_reveals.items())}
        elif me is not None and me in state.census_reveals:
            out["my_choice"] = state.census_reveals[me]
    return out


def _masked(state: State, me: int | None) -> set[int]:
    """Seats whose census reveal the engine made because they own none of the unit. Until the reveal
    they look like players still choosing, or the view would tell what is behind their screen."""
    if me == -1 or state.phase != Phase.CENSUS:
        return set()
    return state.census_auto - {me}


def awaiting(state: State, me: int | None, awaited: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who is awaited as reader `me` may know it (-1 the referee, None the public) of those `awaited`: in a
    census, every seat not yet shown to have chosen."""
    masked = _masked(state, me)
    if not masked or state.pending:
        return awaited
    waiting = {a["seat"] for a in awaited} | masked
    return [{"seat": s, "decision": "census"} for s in state.turn_order() if s in waiting]


def _tie(tie: Tie, me: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"high": tie.high, "low": tie.low, "after_marker": list(tie.after_marker)}
    if me == -1:  # whether the units decided would tell who had as many units behind the screen
        out["by"] = tie.by
    return out


def _scoring(state: State, me: int | None) -> dict[str, Any]:
    rounds = []
    for rnd in state.rounds:
        entry: dict[str, Any] = {"category": rnd.category, "values": {str(s): v for s, v in rnd.values.items()},
                                 "ranking": list(rnd.ranking), "eliminated": list(rnd.eliminated),
                                 "ties": [_tie(t, me) for t in rnd.ties]}
        if rnd.neutral_value is not None:
            entry["neutral"] = {"value": rnd.neutral_value, "position": rnd.neutral_position,
                                "eliminated": rnd.neutral_eliminated}
        rounds.append(entry)
    out: dict[str, Any] = {"order": list(state.scoring_order), "rounds": rounds, "winner": state.winner}
    if state.neutral is not None:
        out["neutral_won"] = state.phase == Phase.OVER and state.winner is None
    return out


def view(state: State, reader: str, version: int, awaited: list[dict[str, Any]]) -> dict[str, Any]:
    me = Reader.parse(reader, state.seats).me
    phase = Phase.CENSUS if state.phase == Phase.CENSUS_DONE else state.phase
    turn_order = state.turn_order()
    tiles, colossi = _unknown(state)
    return {
        "format": FORMAT,
        "view": reader,
        "version": version,
        "year": state.year,
        "years": state.setup.years,
        "phase": phase.value,
        "step": state.resolving[0] if state.phase == Phase.RESOLUTION else None,
        "turn": state.resolving[1] if state.phase == Phase.RESOLUTION else None,
        "first_player": state.first,
        "turn_order": list(turn_order),
        "awaiting": awaiting(state, me, awaited),
        "players": [_player(state, s, me) for s in state.seats],
        "cities": [{"id": c, "name": state.board.cities[c], "tile": _tile(state, c),
                    "guild": ({"seat": state.guilds[c].seat, "floors": state.guilds[c].floors}
                              if c in state.guilds else None)} for c in sorted(state.board.cities)],
        "regions": _regions(state, me),
        "ladders": {
            "recruit_pile": _pile(state.recruit_pile, me, tiles),
            "next_recruit": None if state.next_recruit in tiles else state.next_recruit,
            "recruit_discard": list(state.recruit_discard),
            "threat_pile": _pile(state.threat_pile, me, tiles),
            "next_threat": None if state.next_threat in tiles else state.next_threat,
            "threat_discard": list(state.threat_discard),
        },
        "colossi": [{"needs": needs, "stack": [{"index": None if c.index in colossi else c.index, "awake": c.awake}
                                               for c in stack]}
                    for needs, stack in zip((3, 4, 5), state.colossi, strict=True)],
        "barracks": dict(zip(UNITS, state.barracks, strict=True)),
        "neutral": dict(state.neutral) if state.neutral is not None else None,
        "census": _census(state, me),
        "awakenings": state.awakenings,
        "scoring": _scoring(state, me),
    }
