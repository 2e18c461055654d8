"""Epic games set up by hand for the rules' tests: a chosen set-up, Invasion cards typed as the table types
them (companion.core.typed), moves pushed by kind."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.astoria.epic.packs import shipped
from companion.games.astoria.epic.rules import EpicMatch, EpicPack, EpicSetup
from companion.games.astoria.epic.rules.moves import ArtefactCard, Move
from companion.games.astoria.epic.rules.terms import COLOURS, objective_cards

FLUX = (1, 1, 1, 1, 1, 1)


def card(flux: tuple[int, ...] = FLUX, hammer: bool = False, dragon: int = 0, chief: int = 0,
         glyph: str = "none") -> dict[str, Any]:
    """An Invasion card as typed at the table: Flux in the order red, blue, yellow, green, violet, orange."""
    return {"flux": list(flux), "hammer": hammer, "dragon": dragon, "chief": chief, "chief_glyph": glyph}


def game(players: int = 4, objectives: tuple[str, ...] | None = None, first: int = 1, roles: tuple[str, ...] = (),
         pack: EpicPack | None = None, drawn: dict[str, Any] | None = None) -> EpicMatch:
    """A game at its first round's turn (the round's card `drawn`, else all Flux 1), seats 1.. with the
    Characters red, blue, yellow, green, violet, orange in turn; objectives "save" unless given."""
    objectives = objectives or tuple(sorted(objective_cards(players), key=lambda o: o != "save"))[:players]
    setup = EpicSetup(players, COLOURS[:players], objectives, first, roles)
    match = EpicMatch(pack or shipped(), setup)
    match.resolve(drawn or card())
    return match


def pack(**numbers: Any) -> EpicPack:
    return replace(shipped(), **numbers)


def act(match: EpicMatch, seat: int, kind: str, **fields: Any) -> None:
    match.push(Move(kind, seat, **fields))


def spend(match: EpicMatch, seat: int, effect: str, **fields: Any) -> None:
    match.push(Move("spend", seat, effect=effect, **fields))


def artefact(*places: str, domain: str = "red", glyphs: int = 2, grimoire: bool = False) -> ArtefactCard:
    return ArtefactCard(tuple(places), domain, 6 if grimoire else glyphs, grimoire)


def finish(match: EpicMatch, seat: int, typed: ArtefactCard) -> int:
    """Lays and finishes an Artefact of gems the seat holds, spending one action per gem; its index."""
    mage = match.state.mages[seat]
    for c in typed.places:
        mage.stock[c] = mage.stock.get(c, 0) + 1  # a test's shortcut: the gems it needs, in its Stock
    act(match, seat, "craft", colour=typed.places[0], typed=typed)
    index = len(match.state.mages[seat].artefacts) - 1
    for c in typed.places[1:]:
        match.state.actions_left += 1  # likewise: actions enough
        act(match, seat, "craft", colour=c, artefact=index)
    return index


def pass_turn(match: EpicMatch) -> None:
    """The active mage strengthens his Power until his turn ends."""
    seat = match.active()
    assert seat is not None
    while match.active() == seat and match.state.actions_left:
        act(match, seat, "power")
    if match.active() == seat:
        act(match, seat, "end")
