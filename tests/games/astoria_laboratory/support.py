"""Laboratory games set up for a rule's test, through the contract alone: the cards dealt, the first player and
the Discoveries told as chance outcomes, the laboratory filled by the players' own Add moves (L4: an added
gem never reacts), on a test pack whose cards are known."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.astoria.laboratory.module import RULES
from companion.games.astoria.laboratory.rules import PROVISIONAL, LabMatch, LabSetup, Pack
from companion.games.astoria.laboratory.rules.moves import Add, Chance, Draw, Make
from companion.games.astoria.laboratory.rules.pack import Artefact

# Card 1: a red gem in slot 0 and a blue in slot 1 (team A's side), two violet Glyphs. Card 2: a red gem in slot
# 0, two yellow Glyphs. Card 3: the same pattern, two yellow Glyphs too. Every other card asks for three orange
# gems in one slot, which these tests never make.
CARDS = {1: Artefact(1, ((0, "red"), (1, "blue")), ("violet", "violet"), "red"),
         2: Artefact(2, ((0, "red"),), ("yellow", "yellow"), "blue"),
         3: Artefact(3, ((0, "red"),), ("yellow", "yellow"), "green")}
OTHER = (("orange",), "orange")  # the other cards' Glyphs and back
PACK: Pack = replace(PROVISIONAL, artefacts={n: CARDS.get(n, Artefact(n, ((n % 6, "orange"),) * 3, *OTHER))
                                             for n in PROVISIONAL.artefacts})
# 1 v 1: seat 1 (team A) holds red and the spares yellow and green; seat 2 (team B) blue, violet and orange.
TWO = LabSetup(2, ("red", "blue"), (("yellow", "green"), ("violet", "orange")))


def started(setup: LabSetup = TWO, hands: dict[int, list[int]] | None = None, first: str = "red",
            discoveries: tuple[int, ...] = (20, 21, 22), pack: Pack = PACK) -> LabMatch:
    match = RULES.start(pack, setup)
    pool = [c for c in (*range(4, 25), 1, 2, 3) if c not in discoveries]  # cards 1 to 3 last: they match
    hands = hands or {seat: pool[3 * (seat - 1):3 * seat] for seat in setup.seats}
    for seat in setup.seats:
        for card in hands[seat]:
            match.push(Chance(card))
    match.push(Chance(first))
    for card in discoveries:
        match.push(Chance(card))
    return match


def turn(match: LabMatch) -> int:
    seat = match.view()["turn"]
    assert isinstance(seat, int)
    return seat


def arrange(match: LabMatch, gems: list[tuple[str, int]]) -> None:
    """Each gem added by the player whose turn it is (L4.1), an object declined when one could be made."""
    for colour, slot in gems:
        match.push(Add(turn(match), colour, slot))
        if match.view()["phase"] == "make":
            match.push(Make(turn(match), None))


def pass_turn(match: LabMatch) -> None:
    """The player whose turn it is takes the first Discovery; the table tells the card that replaces it."""
    match.push(Draw(turn(match), 0))
    node = match.chance()
    if node is not None:
        match.push(Chance(node.outcomes[0]))


def lab(match: LabMatch) -> list[list[str]]:
    return [list(slot) for slot in match.view()["laboratory"]]


def decision(match: LabMatch) -> tuple[int, str]:
    (awaited,) = match.view()["awaiting"]
    return awaited["seat"], awaited["decision"]


def view(match: LabMatch, reader: str = "referee") -> dict[str, Any]:
    return match.view(reader)
