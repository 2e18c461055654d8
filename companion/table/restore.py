"""Instructions that bring the physical table from one state to another (after a referee's rollback).

Works on two referee views, so it sees everything; the secret parts (a screen's contents, the
Bastion) are private instructions for the player concerned.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_
from companion.players import name_or_colour

from .instructions import Instruction


def _units(units: dict[str, int]) -> list[str]:
    return [f"{n} {u}" for u, n in units.items() if n] or ["-"]


def restore_instructions(old: dict[str, Any], new: dict[str, Any]) -> list[Instruction]:
    out: list[Instruction] = []
    names = {p["seat"]: name_or_colour(p) for p in new["players"]}
    for before, after in zip(old["players"], new["players"], strict=True):
        seat = after["seat"]
        if before["city"] != after["city"]:
            out.append(Instruction(N_("{player}: put your Idrakys back on city {city}."),
                                   {"player": names[seat], "city": after["city"] if after["city"] else "-"}, seat))
        if before["units"] != after["units"] or before["gold"] != after["gold"] or \
                before["pending_floors"] != after["pending_floors"]:
            out.append(Instruction(
                N_("{player}: set your screen back."), {"player": names[seat], "units": _units(after["units"]),
                                                        "gold": after["gold"], "floors": after["pending_floors"]},
                seat, private=N_("{player}: your screen should hold {units}, {gold} gold and {floors} pending "
                                 "floor(s).")))
    for before, after in zip(old["cities"], new["cities"], strict=True):
        if before["tile"] != after["tile"]:
            tile = after["tile"]
            if tile is None:
                out.append(Instruction(N_("Take the tile off city {city}."), {"city": after["id"]}))
            elif tile["side"] == "recruit":
                out.append(Instruction(N_("City {city}: tile {city} recruitment side up, holding {units}."),
                                       {"city": after["id"], "units": tile["units"] or "-"}))
            else:
                out.append(Instruction(N_("City {city}: tile {city} threat side up."), {"city": after["id"]}))
        if before["guild"] != after["guild"]:
            guild = after["guild"]
            if guild is None:
                out.append(Instruction(N_("Take the guild off city {city}."), {"city": after["id"]}))
            else:
                out.append(Instruction(N_("Guild of city {city}: {n} floor(s) of {player}."),
                                       {"city": after["id"], "n": guild["floors"], "player": names[guild["seat"]]}))
    for before, after in zip(old["regions"], new["regions"], strict=True):
        if before.get("bards") == after.get("bards"):
            continue
        for seat in names:
            was, now = before["bards"].get(str(seat), 0), after["bards"].get(str(seat), 0)
            if was == now:
                continue
            params = {"player": names[seat], "n": now, "region": after["id"]}
            if after["bastion"]:
                out.append(Instruction(N_("{player}: set your bards in the Bastion back."), params, seat,
                                       private=N_("{player}: leave {n} of your bards in the Bastion.")))
            else:
                out.append(Instruction(N_("Region {region}: {player} should have {n} bard(s)."), params, seat))
    if old["ladders"] != new["ladders"]:
        ladders = new["ladders"]
        out.append(Instruction(
            N_("Ladders: recruitment pile from the top {recruit_pile}, next recruitment {next_recruit}, recruitment "
               "discard {recruit_discard}; threat pile from the top {threat_pile}, next threat {next_threat}, "
               "threat discard {threat_discard}."),
            {k: (v if v not in (None, []) else "-") for k, v in ladders.items()}))
    if old["colossi"] != new["colossi"]:
        for stack in new["colossi"]:
            shown = [f"{c['index']}{'*' if c['awake'] else ''}" for c in stack["stack"]] or ["-"]
            out.append(Instruction(N_("Colossi of {needs} from the top (* awake): {stack}."),
                                   {"needs": stack["needs"], "stack": shown}))
    if old["neutral"] != new["neutral"] and new["neutral"] is not None:
        out.append(Instruction(N_("Neutral player: wealth {wealth}, influence {influence}, fame {fame}."),
                               dict(new["neutral"])))
    return out
