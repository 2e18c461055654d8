"""Instructions that bring the physical table from one state to another (after a referee's rollback).

Works on two referee views, so it sees everything; the secret parts (a screen's contents, the
Bastion) are private instructions for the player concerned. Pieces are named as printed (printed.py).
"""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules.board import Board
from companion.i18n import N_, NP_, Joined, Text
from companion.players import name_or_colour
from companion.table.instructions import Instruction

from . import printed


def _screen(units: dict[str, int], gold: int, floors: int) -> Joined:
    held = printed.units(units.items()) if any(units.values()) else Text(N_("no unit"))
    return Joined((held, Text(printed.GOLD, {"n": gold}),
                   Text(NP_("{n} guild floor waiting", "{n} guild floors waiting"), {"n": floors})), ", ")


def _tile_units(units: list[str]) -> Any:
    return printed.units(units) if units else Text(N_("no unit"))


def restore_instructions(old: dict[str, Any], new: dict[str, Any], board: Board) -> list[Instruction]:
    out: list[Instruction] = []
    names = {p["seat"]: name_or_colour(p) for p in new["players"]}
    for before, after in zip(old["players"], new["players"], strict=True):
        seat = after["seat"]
        if before["city"] != after["city"]:
            if after["city"]:
                out.append(Instruction(N_("{player}: Idrakys back → city {city}."),
                                       {"player": names[seat], "city": after["city"]}, seat))
            else:
                out.append(Instruction(N_("{player}: take your Idrakys off the board."), {"player": names[seat]}, seat))
        if before["units"] != after["units"] or before["gold"] != after["gold"] or \
                before["pending_floors"] != after["pending_floors"]:
            out.append(Instruction(
                N_("{player}: set your screen back."),
                {"player": names[seat], "screen": _screen(after["units"], after["gold"], after["pending_floors"])},
                seat, private=N_("{player}: set your screen back to {screen}.")))
    for before, after in zip(old["cities"], new["cities"], strict=True):
        city = after["id"]
        if before["tile"] != after["tile"]:
            tile = after["tile"]
            if tile is None:
                out.append(Instruction(N_("Take tile {city} off city {city}."), {"city": city}))
            elif tile["side"] == "recruit":
                out.append(Instruction(N_("Put tile {city} → city {city}, recruitment side up, with {units}."),
                                       {"city": city, "units": _tile_units(tile["units"])}))
            else:
                out.append(Instruction(N_("Put tile {city} → city {city}, threat side up."), {"city": city}))
        if before["guild"] != after["guild"]:
            guild = after["guild"]
            if guild is None:
                out.append(Instruction(N_("Take the guild off city {city} → its owner's reserve."), {"city": city}))
            else:
                out.append(Instruction(NP_("Guild of city {city}: {n} floor of {player}.",
                                           "Guild of city {city}: {n} floors of {player}."),
                                       {"city": city, "n": guild["floors"], "player": names[guild["seat"]]}))
    for before, after in zip(old["regions"], new["regions"], strict=True):
        if before.get("bards") == after.get("bards"):
            continue
        for seat in names:
            was, now = before["bards"].get(str(seat), 0), after["bards"].get(str(seat), 0)
            if was == now:
                continue
            params = {"player": names[seat], "n": now, "region": printed.region(board, after["id"])}
            if after["bastion"]:
                out.append(Instruction(N_("{player}: set your bard tokens in the Bastion back."), params, seat,
                                       private=NP_("{player}: leave {n} of your bard tokens in the Bastion.",
                                                   "{player}: leave {n} of your bard tokens in the Bastion.")))
            elif now == 0:
                out.append(Instruction(N_("Take the bard tokens of {player} off {region}."), params, seat))
            else:
                out.append(Instruction(NP_("Leave {n} bard token of {player} on {region}.",
                                           "Leave {n} bard tokens of {player} on {region}."), params, seat))
    if old["ladders"] != new["ladders"]:
        out += _ladders(new["ladders"])
    if old["colossi"] != new["colossi"]:
        for stack in new["colossi"]:
            shown = tuple(Joined((Text(N_("a colossus not told apart yet")) if c["index"] is None else
                                  printed.rewards(board.colossi[c["index"]].gold, board.colossi[c["index"]].bards,
                                                  board.colossi[c["index"]].guild),
                                  Text(N_("awake") if c["awake"] else N_("asleep"))), ", ")
                          for c in stack["stack"][::-1])
            pile = Joined(shown, " / ") if shown else Text(N_("none"))
            out.append(Instruction(N_("Stack the {needs}-colossi, bottom first: {stack}."),
                                   {"needs": stack["needs"], "stack": pile}))
    if old["neutral"] != new["neutral"] and new["neutral"] is not None:
        out.append(Instruction(N_("Neutral player's markers: wealth {wealth}, influence {influence}, fame {fame}."),
                               dict(new["neutral"])))
    return out


def _ladders(ladders: dict[str, Any]) -> list[Instruction]:
    def tile(number: int | None) -> Any:
        return number if number is not None else Text(N_("none"))

    return [
        Instruction(N_("Recruitment pile, recruitment side up, {stack}."),
                    {"stack": printed.stack(ladders["recruit_pile"])}),
        Instruction(N_("Next recruitment: tile {tile}."), {"tile": tile(ladders["next_recruit"])}),
        Instruction(N_("Recruitment discard, {stack}."), {"stack": printed.stack(ladders["recruit_discard"])}),
        Instruction(N_("Threat pile, threat side up, {stack}."), {"stack": printed.stack(ladders["threat_pile"])}),
        Instruction(N_("Next threat: tile {tile}."), {"tile": tile(ladders["next_threat"])}),
        Instruction(N_("Threat discard, {stack}."), {"stack": printed.stack(ladders["threat_discard"])}),
    ]
