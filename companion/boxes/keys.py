"""Key-level virtual players: turn a decision the random agent wants into the keys a person would
press on a box. The benchmarks and the tests drive boxes with it exactly as players would."""

from __future__ import annotations

import random

from companion.boxes.box import Box
from companion.rules import actions as a
from companion.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from companion.rules.terms import ORDERS
from companion.sim.agent import decide

DIRECT = {"black": "BLACK", "red": "RED", "blue": "BLUE", "action": "ACTION", "wait": "WAIT"}


def split_keys(regions: tuple[int, ...], split: a.Split) -> list[str]:
    """From every bard in the first region (the box's default) to the wanted split."""
    keys: list[str] = []
    wanted = dict(split)
    for i, region in enumerate(regions):
        if i == 0:
            continue
        keys += ["DOWN"] + ["RIGHT"] * wanted.get(region, 0)
    return keys + ["OK"]


def keys_for(box: Box, rng: random.Random, six_keys: bool) -> list[str]:
    """The keys that enter one decision the random agent would take; [] when nothing is awaited."""
    decided = box.table.decide_for(lambda choice, state: decide(rng, choice, state), {box.seat})
    if decided is None:
        return []
    choice, action = decided
    match choice, action:
        case ProgramChoice(), a.Program(orders=orders):
            keys: list[str] = []
            for slot, order in enumerate(orders):
                if six_keys:
                    keys += ["DOWN"] * (ORDERS.index(order) + 1) + (["RIGHT"] if slot < 5 else [])
                else:
                    keys.append(DIRECT[order])
            return keys + ["OK"]
        case PlaceChoice(cities=free, taken=taken), a.Place(city=city):
            return ["DOWN"] * sorted(free + taken).index(city) + ["OK"]
        case RewardChoice(takes=takes, regions=regions), a.Reward(take=take, bards=bards):
            keys = ["DOWN"] * takes.index(take) + ["OK"]
            if "bards" in take and len(regions) > 1:
                keys += split_keys(regions, bards)
            return keys
        case ColossusChoice(colossi=colossi), a.Colossus(fight=fight, needs=needs):
            if not fight or needs is None:
                return ["DOWN"] * len(colossi) + ["OK"]
            index = [n for n, _ in colossi].index(needs)
            return ["DOWN"] * index + ["OK", "OK"]  # the weakest units, the box's default
        case NeutralChoice(tracks=tracks), a.Neutral(track=track):
            return ["DOWN"] * tracks.index(track) + ["OK"]
        case CensusChoice(most=most), a.Census(reveal=reveal):
            return ["DOWN"] * (most - reveal) + ["OK"]
        case CensusBardsChoice(regions=regions), a.CensusBards(bards=bards):
            return split_keys(regions, bards) if len(regions) > 1 else ["OK"]
        case FloorChoice(cities=cities), a.Floor(city=city):
            return ["DOWN"] * cities.index(city) + ["OK"]
    raise AssertionError(f"no keys for {choice!r}")
