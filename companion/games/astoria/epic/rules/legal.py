"""The moves worth trying for one awaited choice (the engine's own check says which are legal): what
`EpicChoice.enumerate()` filters, and the kinds a choice offers in its JSON. An Artefact started is typed by
its player, so it is never listed."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import cards
from .glyphs import EFFECTS
from .moves import HELP, Move
from .terms import COLOURS, FACTIONS, ROLES

if TYPE_CHECKING:
    from .match import EpicMatch

MOST_TILTED = 3  # the subsets of cards tried for a fight, an assault or a defence: up to three cards


def kinds(match: EpicMatch, seat: int, decision: str) -> list[str]:
    return sorted({m.type if m.type != "spend" else f"spend:{m.effect}" for m in match.legal(seat, decision)})


def candidates(match: EpicMatch, seat: int, decision: str) -> list[Move]:
    s = match.state
    mage = s.mages[seat]
    role = match.role(seat)
    available = [r for r in cards.refs(mage, role) if not cards.tilted(mage, r)]
    subsets = [tuple(c) for n in range(min(MOST_TILTED, len(available)) + 1) for c in combinations(available, n)]
    others = [p for p in match.setup.seats if p != seat]
    if decision == "role":
        return [Move("role", seat, role=r) for r in ROLES]
    if decision in ("rescue", "parry"):
        return [Move(decision, seat), *(Move(decision, seat, card=r) for r in available)]
    if decision == "defend":
        return [Move("defend", seat), *(Move("defend", seat, cards=c) for c in subsets)]
    if decision == "straighten":
        tilted = [r for r in cards.refs(mage, role) if cards.tilted(mage, r)]
        return [Move("straighten", seat, cards=tuple(c)) for n in range(min(2, len(tilted)) + 1)
                for c in combinations(tilted, n)]
    found = [Move("end", seat), Move("power", seat), Move("guard", seat)]
    found += [Move("draw", seat, pile=p) for p in (1, 2, 3)]
    for c in COLOURS:
        found += [Move("destroy", seat, colour=c), Move("create", seat, colour=c), Move("tribute", seat, colour=c)]
        found += [Move("craft", seat, colour=c, artefact=n) for n in range(len(mage.artefacts))]
    found += [Move("use", seat, card=r) for r in available if r != cards.ROLE]
    found += [Move("fight", seat, chief=n, cards=c) for n in range(len(s.chiefs)) for c in subsets]
    found += [Move("assault", seat, cards=c) for c in subsets]
    found += [Move("accuse", seat, target=p, faction=f) for p in others for f in FACTIONS]
    if match.variant:
        found += [Move("give_card", seat, target=p) for p in others]
        found += [Move("give_gems", seat, target=p, colours=(c,)) for p in others for c in COLOURS]
        found += [Move("give_artefact", seat, target=p, artefact=n) for p in others for n in range(len(mage.artefacts))]
        found += [Move("help_craft", seat, target=p, artefact=n, colour=c) for p in others
                  for n in range(len(s.mages[p].artefacts)) for c in COLOURS]
        found += [Move("role_talent", seat, colour=c, target=t) for c in COLOURS for t in (seat, *others)]
        found += [Move("role_talent", seat, target=p, artefact=n, effect=e, colour=c) for p in others
                  for n in range(len(s.mages[p].artefacts)) for e in ("ungem", "tilt") for c in COLOURS]
    for effect in EFFECTS if s.pool else ():
        for n in range(1, max(s.pool.values(), default=0) + 1):
            found.append(Move("spend", seat, effect=effect, count=n))
        found += [Move("spend", seat, effect=effect, count=n, colour=c) for c in COLOURS
                  for n in range(1, s.pool.get("yellow", 0) + 1) if effect == "sulphur"]
        found += [Move("spend", seat, effect=effect, target=p) for p in match.setup.seats]
        found += [Move("spend", seat, effect=effect, target=p, artefact=n) for p in others
                  for n in range(len(s.mages[p].artefacts)) if effect == "shadow_artefact"]
        found.append(Move("spend", seat, effect=effect))
    assert all(m.type not in HELP or match.variant for m in found)
    return found
