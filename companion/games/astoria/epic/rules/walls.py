"""The round's course: turns (E4.1, E4.3, E13.5, A-50), the Defence of the Walls (E10, A-42) and a new round
(E4.2), settled after every move until someone must answer or a card must be drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards, ends
from .state import Pending, State
from .terms import ACTIONS, PREPARER

if TYPE_CHECKING:
    from .match import EpicMatch


def clockwise(match: EpicMatch, first: int) -> list[int]:
    """Every seat from `first` on, clockwise (the next seat is the one on the left)."""
    seats = list(match.setup.seats)
    at = seats.index(first)
    return seats[at:] + seats[:at]


def order(match: EpicMatch, first: int) -> list[int]:
    seats = clockwise(match, first)
    return seats * 2 if match.players == 2 else seats  # E13.5, A-50: two turns of 4 each


def start_turn(match: EpicMatch, s: State) -> None:
    if not s.order:
        s.order = order(match, s.first)
    s.actions_left = ACTIONS[match.players]
    s.pool, s.chained, s.helped, s.crafted_for_preparer = {}, False, False, 0


def end_turn(match: EpicMatch, s: State) -> None:
    """A-26: the Glyphs left are lost; E14.6: a Preparer's Power returns to zero."""
    seat = s.order[s.turn]
    if match.role(seat) == PREPARER:
        s.mages[seat].power = 0
    s.pool, s.chained, s.actions_left, s.crafted_for_preparer = {}, False, 0, 0
    s.turn += 1
    if s.turn < len(s.order):
        start_turn(match, s)
    else:
        s.phase = "walls"
        walls(match, s)


def kill_guard(s: State, seat: int) -> None:
    mage = s.mages[seat]
    mage.guards -= 1
    s.reserve[mage.colour] += 1


def walls(match: EpicMatch, s: State) -> None:
    """E10.1, E10.2, E10.3 in the order of A-42; the Chiefs' spells and the straightening are then asked."""
    top = match.pack.force_max
    s.populace = min(top, s.populace + s.unrest)
    s.barbarians = min(top, s.barbarians + s.reinforcements)
    if s.populace >= top and s.barbarians >= top:
        s.phase, s.end = "over", {"how": "chaos"}
        return
    for faction, force in (("populace", s.populace), ("barbarians", s.barbarians)):
        if force >= top:
            s.phase, s.end = "over", {"how": "city", "faction": faction}  # E10.2, A-35
            return
    if not s.traitor_found and match.players > 2:  # E10.3, E11.3, E13.4
        s.health -= 1
    s.pending.append(Pending("straighten", [], {"started": False}))
    for index in range(len(s.chiefs)):  # E10.4: the last one laid is asked first (top of the stack)
        s.pending.append(Pending("parry", [], {"chief": index, "started": False}))


def settle(match: EpicMatch, s: State) -> None:
    """Moves the game on until a seat must answer or a card be drawn: ends (ends.py), Chiefs' spells not
    parried, straightening done, turns without actions or Glyphs left."""
    while True:
        if ends.check(match, s):
            return
        if s.pending:
            top = s.pending[-1]
            if top.kind == "parry":
                if not top.data["started"]:
                    top.data["started"] = True
                    glyph = s.chiefs[top.data["chief"]].chief_glyph
                    assert glyph is not None
                    top.data["glyph"] = glyph
                    top.asked = [p for p in clockwise(match, s.first)
                                 if not s.mages[p].exiled and cards.can_show(s.mages[p], glyph)]
                if top.asked:
                    return
                s.pending.pop()
                if not top.data.get("parried"):
                    s.health -= 1  # E10.4
                continue
            if top.kind == "straighten":
                if not top.data["started"]:
                    top.data["started"] = True
                    top.asked = [p for p in clockwise(match, s.first) if any(
                        cards.tilted(s.mages[p], r) for r in cards.refs(s.mages[p], match.role(p)))]
                if top.asked:
                    return
                s.pending.pop()
                new_round(match, s)
                continue
            return
        if s.phase == "turn" and s.actions_left == 0 and not s.pool and not s.crafted_for_preparer:
            end_turn(match, s)
            continue
        return


def new_round(match: EpicMatch, s: State) -> None:
    """E4.2: the next first player is on the left of the last; A-22: a card that is no Chief goes to the cards
    already drawn."""
    if s.card is not None and not s.card.chief:
        s.drawn.append(s.card_number)
    s.card, s.card_number = None, None
    s.round += 1
    s.first = clockwise(match, s.first)[1]
    s.order, s.turn = order(match, s.first), 0
    s.unrest_raised = False
    s.phase = "invasion"
