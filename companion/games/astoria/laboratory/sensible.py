"""The Laboratory's sensible virtual alchemist (level "normal"): it reads only its own seat's view (its hand,
the public laboratory, dominance and the centre) and scores each legal move:

- an object made whenever one can be, the card worth the most gems first (L9.2: a point per gem);
- a gem added or moved that completes one of its cards from its side (L9.3) at the check that follows
  (L4.3, L9.1), else one that brings a card nearer, counting the gems still missing;
- a reaction only when the gem it pushes from the centre goes to its own team's Flask (L7.7: 2 points per
  gem), never one that feeds the other team's: so it blocks the other team's Flask points;
- a reaction's effect that takes away gems its cards do not need, and adds those they do (blue);
- a Discovery whose pattern is nearest completion when its hand is short.
Ties are broken at random (its seed), so two alchemists of one level do not play alike."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .rules import LabChoice, Pack
from .rules.moves import Add, Draw, Make, Move, Shift, Take
from .rules.pack import PROVISIONAL

Lab = list[list[str]]


class SensibleAgent:
    level = "normal"

    def __init__(self, pack: Pack | None, seed: int) -> None:
        self.pack = pack or PROVISIONAL
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], choice: LabChoice) -> Move:
        options = choice.enumerate()
        me = next(p for p in view["players"] if p["seat"] == choice.seat)
        team = 0 if me["team"] == "A" else 1
        needs = [self._needs(card, team) for card in me.get("hand", []) if card in self.pack.artefacts]
        scored = [(self._score(view, team, needs, move), self.rng.random(), i) for i, move in enumerate(options)]
        return options[max(scored)[2]]

    def _needs(self, card: int, team: int) -> Counter[tuple[int, str]]:
        """A card's pattern in the table's slots, as its holder must find it (L9.3, A-17)."""
        pattern = self.pack.artefacts[card].pattern
        return Counter((slot if team == 0 else self.pack.facing[slot], colour) for slot, colour in pattern)

    @staticmethod
    def _missing(lab: Lab, need: Counter[tuple[int, str]]) -> int:
        return sum(max(0, n - lab[slot].count(colour)) for (slot, colour), n in need.items())

    def _progress(self, lab: Lab, needs: list[Counter[tuple[int, str]]]) -> float:
        """How near its cards are: 10 for a card complete, else less the more gems it misses."""
        best = 0.0
        for need in needs:
            missing = self._missing(lab, need)
            best = max(best, 10.0 if missing == 0 else 3.0 / missing)
        return best

    def _flask(self, view: dict[str, Any], team: int) -> float:
        """A reaction pushes the centre's gem into the Flask of its colour's dominant team (L7.7)."""
        centre = view.get("centre")
        if centre is None:
            return 0.0
        return 4.0 if view["dominant"].get(centre) == "AB"[team] else -4.0

    def _score(self, view: dict[str, Any], team: int, needs: list[Counter[tuple[int, str]]], move: Move) -> float:
        lab: Lab = [list(slot) for slot in view["laboratory"]]
        before = self._progress(lab, needs)
        if isinstance(move, Make):
            if move.card is None:
                return 0.0
            return 20.0 + len(self.pack.artefacts[move.card].pattern)
        if isinstance(move, Draw):
            hand = len(needs)
            if move.discovery is not None:
                card = view["discoveries"][move.discovery]
                near = self._progress(lab, [self._needs(card, team)]) if card in self.pack.artefacts else 0.0
                return (1.5 if hand < 3 else 0.2) + near / 10
            return 1.0 if hand < 3 else 0.1
        if isinstance(move, Add):
            lab[move.slot].append(move.colour)
            return self._progress(lab, needs) - before + (0.3 if move.type == "add" else 0.0)
        if isinstance(move, Shift):
            reacts = move.colour in lab[move.to]
            lab[move.source].remove(move.colour)
            lab[move.to].append(move.colour)
            if reacts:  # the reagent leaves for the centre (L7.7): the card cannot count on it
                lab[move.to].remove(move.colour)
            gain = self._progress(lab, needs) - before
            return gain + (self._flask(view, team) if reacts and move.type == "move" else 0.0)
        if isinstance(move, Take):
            lab[move.slot].remove(move.colour)
            if move.into is not None:
                lab[move.slot].append(move.into)
            return self._progress(lab, needs) - before
        return 0.0
