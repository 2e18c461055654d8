"""A mage's cards as moves name them: "talent" (his Character, E6.10), "role" (a Grand Alchemist's role Talent,
E14.9) or "artefact:N" (the N-th Artefact he has laid, from 0), and the Glyphs each generates when tilted."""

from __future__ import annotations

from companion.core.errors import N_, IllegalAction

from .moves import glyphs_of
from .state import Artefact, Mage
from .terms import GRAND_ALCHEMIST

TALENT, ROLE = "talent", "role"


def artefact_of(mage: Mage, ref: str) -> Artefact | None:
    kind, _, number = ref.partition(":")
    if kind != "artefact" or not number.isdigit() or int(number) >= len(mage.artefacts):
        return None
    return mage.artefacts[int(number)]


def refs(mage: Mage, role: str | None) -> list[str]:
    """Every card of his that may be tilted or straightened."""
    found = [TALENT, *(f"artefact:{n}" for n, a in enumerate(mage.artefacts) if a.finished)]
    return [*found, ROLE] if role == GRAND_ALCHEMIST else found


def tilted(mage: Mage, ref: str) -> bool:
    if ref == TALENT:
        return mage.talent_tilted
    if ref == ROLE:
        return mage.role_tilted
    artefact = artefact_of(mage, ref)
    return artefact is not None and artefact.tilted


def set_tilted(mage: Mage, ref: str, value: bool) -> None:
    if ref == TALENT:
        mage.talent_tilted = value
    elif ref == ROLE:
        mage.role_tilted = value
    else:
        artefact = artefact_of(mage, ref)
        assert artefact is not None
        artefact.tilted = value


def glyphs(mage: Mage, ref: str, role: str | None) -> tuple[str, int]:
    """The domain and number of Glyphs the card generates (E6.9, E6.10; a Grand Alchemist's role Talent, 3 of
    his colour, E14.9); IllegalAction when it is no usable card of his."""
    if ref == TALENT:
        return mage.colour, 1
    if ref == ROLE and role == GRAND_ALCHEMIST:
        return mage.colour, 3
    artefact = artefact_of(mage, ref)
    if artefact is None:
        raise IllegalAction("E6.9", N_("You have no such card."))
    if not artefact.finished:
        raise IllegalAction("E6.6", N_("Only a finished Artefact can be used."))
    return artefact.card.domain, glyphs_of(artefact.card)


def tilt(mage: Mage, ref: str, role: str | None) -> tuple[str, int]:
    """Tilts an available card (E6.9: a tilted card cannot be used) and says its Glyphs."""
    domain, count = glyphs(mage, ref, role)
    if tilted(mage, ref):
        raise IllegalAction("E6.9", N_("That card is tilted: it cannot be used before it is straightened."))
    set_tilted(mage, ref, True)
    return domain, count


def tilt_all(mage: Mage, chosen: tuple[str, ...], role: str | None) -> dict[str, int]:
    if len(set(chosen)) != len(chosen):
        raise IllegalAction("E6.9", N_("A card is tilted only once."))
    found: dict[str, int] = {}
    for ref in chosen:
        domain, count = tilt(mage, ref, role)
        found[domain] = found.get(domain, 0) + count
    return found


def can_show(mage: Mage, domain: str) -> list[str]:
    """His available cards of a domain (E10.4, A-38: whatever their number of Glyphs; E7.6 for Cobalt)."""
    found = [TALENT] if mage.colour == domain and not mage.talent_tilted else []
    return found + [f"artefact:{n}" for n, a in enumerate(mage.artefacts)
                    if a.finished and not a.tilted and a.card.domain == domain]
