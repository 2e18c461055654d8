"""The view of an Epic game for one reader (`astoria-epic-state/1`, docs/formats.md): everything public, and
the secrets the reader may know. A mage's Objective is shown to himself, to the referee, and to everyone once
an accusation unmasked it (E11.2) or the game is over; the Invasion cards a mage looked at (A-56) to him and
the referee. A secret is left out, never blanked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.game import Reader

from . import ends
from .state import Artefact, Mage
from .terms import COLOURS

if TYPE_CHECKING:
    from .match import EpicMatch

VIEW_FORMAT = "astoria-epic-state/1"


def view(match: EpicMatch, reader: str) -> dict[str, Any]:
    who = Reader.parse(reader, match.setup.seats)
    s, pack = match.state, match.pack
    over = s.phase == "over"
    node = match.chance()
    result = match.result()
    found: dict[str, Any] = {
        "format": VIEW_FORMAT, "reader": reader, "version": match.version, "round": s.round, "phase": s.phase,
        "first": s.first, "active": match.active(), "actions_left": s.actions_left if s.phase == "turn" else 0,
        "pool": {c: s.pool[c] for c in COLOURS if s.pool.get(c)},
        "tracks": {"populace": s.populace, "unrest": s.unrest, "barbarians": s.barbarians,
                   "reinforcements": s.reinforcements, "dragon": s.dragon, "dragon_head": pack.dragon_head,
                   "health": s.health, "health_max": pack.health_max, "force_max": pack.force_max},
        "traitor_found": s.traitor_found,
        "invasion": None if s.card is None else {"number": s.card_number, **s.card.to_json()},
        "chiefs": [{"number": n, "force": c.chief, "glyph": c.chief_glyph}
                   for n, c in zip(s.chief_numbers, s.chiefs, strict=True)],
        "pile": {"virtual": s.deck is not None, "drawn": len(s.drawn),
                 "left": None if s.deck is None else len(s.deck) + len(s.top)},
        "discoveries": list(s.piles), "reserve": dict(s.reserve),
        "scoring": {"flask_gem": pack.vp_flask_gem, "power": pack.vp_power, "provisional": pack.status != "verified"},
        # in the variant the roles are chosen before anyone reads his Objective.
        "players": [player(match, m, who.referee or (who.seat == m.seat and s.phase != "roles") or m.revealed
                           or over) for m in s.mages.values()],
        "pending": pending(match),
        "awaiting": [{"seat": c.seat, "decision": c.decision} for c in match.awaited()],
        "chance": None if node is None else {"kind": node.kind, "told_by": node.told_by,
                                              "typed": node.form is not None},
        "end": None if s.end is None else dict(s.end),
        "result": None if result is None else {"places": [list(p) for p in result.places],
                                               "winners": list(result.winners),
                                               "scores": {str(k): v for k, v in ends.scores(match).items()}},
    }
    if over:  # the reveal at the end: what each did for or against the King (deeds.py)
        found["deeds"] = {str(seat): d.to_json() for seat, d in match.deeds.items()}
    if who.seat is not None and s.seen.get(who.seat):
        found["seen"] = list(s.seen[who.seat])
    if who.referee and s.top:
        found["top"] = list(s.top)
    return found


def player(match: EpicMatch, mage: Mage, objective: bool) -> dict[str, Any]:
    found: dict[str, Any] = {
        "seat": mage.seat, "colour": mage.colour, "power": mage.power, "stock": dict(mage.stock),
        "flask": dict(mage.flask) if mage.has_flask else None, "hand": mage.hand,
        "artefacts": [artefact(a) for a in mage.artefacts], "talent_tilted": mage.talent_tilted,
        "guards": mage.guards, "exiled": mage.exiled, "revealed": mage.revealed, "chiefs": list(mage.chiefs)}
    role = match.role(mage.seat)
    if role is not None:  # roles are public
        found.update(role=role, role_tilted=mage.role_tilted)
    if objective:
        found["objective"] = match.setup.objective(mage.seat)
    return found


def artefact(a: Artefact) -> dict[str, Any]:
    return {**a.card.to_json(), "filled": list(a.filled), "finished": a.finished, "tilted": a.tilted}


def pending(match: EpicMatch) -> dict[str, Any] | None:
    """The out-of-turn question or fight under way: public (the cards tilted for it are on the table)."""
    s = match.state
    if not s.pending:
        return None
    top = s.pending[-1]
    found: dict[str, Any] = {"kind": top.kind, "asked": list(top.asked)}
    data = top.data
    if "seat" in data:
        found["seat"] = data["seat"]
    if "glyphs" in data:
        found["glyphs"] = dict(data["glyphs"])
    if top.kind == "fight":
        found["chief"] = data["chief"]
    if top.kind == "assault":
        found["defence"] = {str(k): dict(v) for k, v in data["defence"].items()}
    if top.kind == "rescue":
        found["owner"] = data["owner"]
    if top.kind == "parry":
        found["chief"] = data["chief"]
    return found
