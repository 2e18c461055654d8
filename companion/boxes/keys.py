"""Key-level virtual players: turn a decision the random agent wants into the keys a person would
press on a box. The benchmarks and the tests drive boxes with it exactly as players would."""

from __future__ import annotations

import random

from companion.boxes import sequences
from companion.boxes.box import Box
from companion.boxes.controller import first_region
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
from companion.sim.agent import decide


def keys_for(box: Box, rng: random.Random, six_keys: bool) -> list[str]:
    """The keys that enter one decision the random agent would take; [] when nothing is awaited."""
    snap = box.table.seat_snapshot(box.seat)
    choice = snap.choice
    game = box.table.game
    assert game is not None
    if choice is None or (isinstance(choice, ProgramChoice) and snap.locked):
        return []
    action = decide(rng, choice, game.state)
    box.controller.frame()  # the box takes in the decision, and its defaults, as its screen does
    control = box.controller
    match choice, action:
        case ProgramChoice(), a.Program(orders=orders):
            return sequences.program(control.program, snap.draft, orders, six_keys)
        case PlaceChoice(cities=free, taken=taken), a.Place(city=city):
            cities = sorted(free + taken)
            return sequences.place(len(cities), control.cursor, cities.index(city))
        case RewardChoice(takes=takes, regions=regions), a.Reward(take=take, bards=bards):
            keys = sequences.cycle(len(takes), 0, takes.index(take)) + ["OK"]
            if "bards" in take and len(regions) > 1:
                keys += sequences.split(regions, first_region(regions, sum(n for _, n in bards)), bards)
            return keys
        case ColossusChoice(colossi=colossi), a.Colossus(fight=fight, needs=needs):
            if not fight or needs is None:
                return sequences.cycle(len(colossi) + 1, 0, len(colossi)) + ["OK"]
            index = [n for n, _ in colossi].index(needs)
            return sequences.cycle(len(colossi) + 1, 0, index) + ["OK", "OK"]  # the weakest units, the default
        case NeutralChoice(tracks=tracks), a.Neutral(track=track):
            return sequences.cycle(len(tracks), 0, tracks.index(track)) + ["OK"]
        case CensusChoice(most=most), a.Census(reveal=reveal):
            return sequences.count(most, most, reveal)
        case CensusBardsChoice(regions=regions, bards=count), a.CensusBards(bards=bards):
            return sequences.split(regions, first_region(regions, count), bards) if len(regions) > 1 else ["OK"]
        case FloorChoice(cities=cities), a.Floor(city=city):
            return sequences.cycle(len(cities), 0, cities.index(city)) + ["OK"]
    raise AssertionError(f"no keys for {choice!r}")
