"""The Epic on a six-key box (the framework's generic menus, companion.boxes.generic, said in the game's
words): the status shows the mage's Objective (his alone: his box is his) in the rulebook's words with his
Power, Stock, Flask and hand; each move of the list reads as on his phone (web/words.py: an accusation's
accused and faction, a card tilted by its name, never an internal id), headed by the decision awaited (his
actions, or out of turn: save a Guard, parry a spell, defend the Palace, straighten cards, choose a role)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.boxes.generic import GenericBoxes, GenericSeatMenus, Line, ListEditor, lines_of
from companion.core.game import GameModule
from companion.i18n import N_
from companion.table import SeatSnapshot

from .rules.terms import COLOURS
from .table.changes import GEMS
from .web import words
from .web.words import DECISIONS, JSON, KINDS, Translate


def said_by(box_t: Translate) -> Translate:
    """The box's translator (fields in a dict) as the pages' words call it (fields as keywords)."""
    def t(message: Any, params: Any = None, **fields: Any) -> str:
        return box_t(message, {**(params or {}), **fields})
    return t


@dataclass(frozen=True)
class EpicLine(Line):
    """A line of the list said as the phone says its move, in its kind's words."""

    view: Any = field(default=None, compare=False)
    shown: Any = field(default=None, compare=False)

    def label(self, box_t: Translate, at: int) -> str:
        t = said_by(box_t)
        move = self.moves[at]
        title = t(KINDS.get(move["type"], N_("Play")))
        said = words.option(t, move, self.view or {}, lambda s: t(N_("Seat {seat}"), {"seat": self.shown(s)}))
        return title if said == title else f"{title}: {said}"


class EpicSeatMenus(GenericSeatMenus):
    """The generic menus (their editor kept while the decision is the same), a choice's list in the game's
    words."""

    def __init__(self, game: GameModule, seat: int) -> None:
        super().__init__(game, seat)
        self._from: Any = None
        self._mine: Any = None

    def editor(self, snap: SeatSnapshot) -> Any:
        found = super().editor(snap)
        if found is not self._from:  # a new decision: said again
            self._from = self._mine = found
            if type(found) is ListEditor and snap.choice is not None:
                written = self.game.rules.move_to_json
                lines: list[Line] = [EpicLine(line.moves, line.field, snap.view, self.game.shown_seat)
                                     for line in lines_of([written(m) for m in snap.choice.enumerate()])]
                self._mine = ListEditor(self.seat, DECISIONS.get(snap.choice.decision, found.heading), lines,
                                        written)
        return self._mine


class EpicBoxes(GenericBoxes):
    def __init__(self, game: GameModule) -> None:
        super().__init__(game)

    def status(self, snap: SeatSnapshot, seat: int, box_t: Translate) -> tuple[str, tuple[str, ...]]:
        t = said_by(box_t)
        me: JSON = next((p for p in snap.view.get("players", ()) if p.get("seat") == seat), {})
        if not me:
            return super().status(snap, seat, box_t)

        def gems(counts: Any) -> str:
            return ", ".join(t(GEMS[c], n=counts[c]) for c in COLOURS if counts and counts.get(c)) or "—"

        lines = [t(N_("Objective: {objective}"), {"objective": words.objective(t, me.get("objective"))})
                 if me.get("objective") else "",
                 t(N_("Power: {n}"), {"n": me.get("power", 0)}),
                 t(N_("Stock: {gems}"), {"gems": gems(me.get("stock"))}),
                 t(N_("Flask: {gems}"), {"gems": gems(me.get("flask"))}) if me.get("flask") is not None else "",
                 t(N_("Cards in hand: {n}"), {"n": me.get("hand", 0)}),
                 t(N_("In Exile")) if me.get("exiled") else ""]
        return t(N_("Seat {seat}"), {"seat": self._seat(seat)}), tuple(line for line in lines if line)

    def for_seat(self, seat: int) -> EpicSeatMenus:
        return EpicSeatMenus(self.game, seat)


def _boxes() -> EpicBoxes:
    from . import GAME

    return EpicBoxes(GAME)


BOXES = _boxes()
