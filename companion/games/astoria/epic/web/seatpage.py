"""A mage's page (390 px phone): his Objective, kept for him alone; what he holds; the choice awaited from him
as groups of buttons, one tap to open a group and one to send a move (the engine's own list of his legal
moves, `EpicChoice.enumerate()`); a new Artefact typed in a short form (its card is physical); the Invasion
cards he looked at with Cobalt (A-56), his alone. Everything here comes from the seat's own snapshot."""

from __future__ import annotations

import json
from typing import Any

from companion.i18n import N_

from ..rules import move_to_json
from ..rules.pack import EpicPack
from ..rules.terms import COLOURS
from . import words
from .words import JSON, KINDS, Translate


def groups(t: Translate, choice: Any, view: JSON, seat_name: Any) -> list[JSON]:
    """The listed moves by kind (a Glyph effect by its effect), in the order of KINDS."""
    found: dict[str, JSON] = {}
    for move in choice.enumerate():
        written = move_to_json(move)
        kind = written["type"]
        group = found.setdefault(kind, {"kind": kind, "title": t(KINDS.get(kind, kind)), "options": []})
        group["options"].append({"label": words.option(t, written, view, seat_name),
                                 "move": json.dumps(written, separators=(",", ":"))})
    order = list(KINDS)
    return sorted(found.values(), key=lambda g: order.index(g["kind"]) if g["kind"] in order else len(order))


def seen(t: Translate, view: JSON, pack: Any) -> list[str]:
    """The cards this mage looked at, top first, in words (the pack's catalogue says what each shows)."""
    catalogue = pack.invasion if isinstance(pack, EpicPack) else {}
    found = []
    for number in view.get("seen", ()):
        card = catalogue.get(number)
        if card is None:
            found.append(t(N_("Invasion card {number}"), number=number))
            continue
        flux = ", ".join(f"{words.domain(t, c)} {v}" for c, v in zip(COLOURS, card.flux, strict=True))
        marks = [t(N_("hammer"))] if card.hammer else []
        if card.dragon:
            marks.append(t(N_("Dragon {n}"), n=card.dragon))
        if card.chief:
            marks.append(t(N_("Barbarian Chief, Force {force}"), force=card.chief))
        found.append(" · ".join([t(N_("Invasion card {number}"), number=number), flux, *marks]))
    return found


def seat_context(seat: int, snapshot: Any, pack: Any, t: Translate, language: str) -> JSON:
    view: JSON = snapshot.view
    me: JSON = next((p for p in view.get("players", ()) if p["seat"] == seat), {})

    def seat_name(other: int) -> str:
        return t(N_("Seat {seat}"), seat=other)

    choice = snapshot.choice
    listed = groups(t, choice, view, seat_name) if choice is not None else []
    may_lay = choice is not None and choice.decision == "turn" and me.get("hand", 0) > 0
    places_most = pack.places_most if isinstance(pack, EpicPack) else 6
    return {
        "eme": me,
        "eobjective": words.objective(t, me.get("objective")),
        "echoice": choice.to_json() if choice is not None else None,
        "egroups": listed,
        "ecraft": {"colours": [(c, t(c)) for c in COLOURS if me.get("stock", {}).get(c)],
                   "all": [(c, t(c)) for c in COLOURS], "domains": [(c, words.domain(t, c)) for c in COLOURS],
                   "places": places_most} if may_lay else None,
        "eseen": seen(t, view, pack),
    }
