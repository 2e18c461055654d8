"""Each Epic move in the rulebook's words (E6, E7, E9, E10, E11, E14), for the steps' news and the history. An
accusation names its accused and faction: it is said aloud at the table (E11.1); its judgement is what the
rules made public (an Objective unmasked or not), never the accused's Objective itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, Joined, Text
from companion.table.instructions import Instruction

from ..rules.terms import DOMAIN, FACTION_WORDS, ROLE_WORDS
from .changes import a_gem

ACTIONS: dict[str, str] = {
    "draw": N_("Seat {seat} draws a Discovery from pile {pile}."),
    "power": N_("Seat {seat} strengthens his Power."),
    "destroy": N_("Seat {seat} destroys {gem}."),
    "create": N_("Seat {seat} creates {gem}."),
    "craft": N_("Seat {seat} crafts an Artefact with {gem}."),
    "use": N_("Seat {seat} uses a card."),
    "tribute": N_("Seat {seat} pays the King a tribute of {gem}."),
    "fight": N_("Seat {seat} fights a Barbarian Chief."),
    "guard": N_("Seat {seat} hires a Guard."),
    "accuse": N_("Seat {seat} accuses seat {target} of working for {faction}."),
    "assault": N_("Seat {seat}, in Exile, launches an assault on the Palace."),
    "help_craft": N_("Seat {seat} helps seat {target} craft an Artefact with {gem}."),
    "give_card": N_("Seat {seat} gives a card to seat {target}."),
    "give_gems": N_("Seat {seat} gives gems to seat {target}."),
    "give_artefact": N_("Seat {seat} gives an Artefact to seat {target}."),
    "role_talent": N_("Seat {seat} uses his role's Talent."),
    "end": N_("Seat {seat} ends his turn."),
    "role": N_("Seat {seat} chooses the role of {role}."),
}
EFFECTS: dict[str, str] = {
    "fire_barbarians": N_("Fire against the Barbarians"), "fire_populace": N_("Fire against the Populace"),
    "fire_guard": N_("Fire on a Guard"), "sulphur": N_("Sulphur"),
    "nature_barbarians": N_("Nature for the Barbarians"), "nature_populace": N_("Nature for the Populace"),
    "solar": N_("Solar"), "shadow_card": N_("Shadow: steal a card"), "shadow_wound": N_("Shadow: wound the King"),
    "shadow_guard": N_("Shadow on a Guard"), "shadow_artefact": N_("Shadow: steal an Artefact"),
    "cobalt_look": N_("Cobalt: look at the Invasion pile"), "cobalt_heal": N_("Cobalt: heal the King"),
}


def _cards(cards: Any) -> Any:
    return Joined(tuple(_card(c) for c in cards)) if cards else Text(N_("no card"))


def _card(card: str) -> Text:
    if card == "talent":
        return Text(N_("his Character's Talent"))
    if card == "role":
        return Text(N_("his role card"))
    return Text(N_("an Artefact"))


def move_line(move: Mapping[str, Any], shown: Callable[[int], int]) -> Instruction:
    """The news of one decision (no piece moves by it: its changes follow as lines of their own)."""
    kind, seat = move["type"], move["seat"]
    params: dict[str, Any] = {"seat": shown(seat)}
    if isinstance(move.get("target"), int):
        params["target"] = shown(move["target"])
    if move.get("colour"):
        params["gem"] = a_gem(move["colour"])
    if move.get("pile") is not None:
        params["pile"] = move["pile"]
    if kind == "accuse":
        params["faction"] = Text(FACTION_WORDS.get(move.get("faction") or "", N_("a faction")))
    if kind == "role":
        params["role"] = Text(ROLE_WORDS.get(move.get("role") or "", N_("a role")))
    if kind == "spend":
        params.update(effect=Text(EFFECTS.get(move.get("effect") or "", N_("a Glyph effect"))),
                      n=move.get("count") or 1)
        return Instruction(N_("Seat {seat} spends Glyphs: {effect} ×{n}."), params, seat, physical=False)
    if kind in ("rescue", "parry"):
        said = {"rescue": (N_("Seat {seat} saves the Guard with a Cobalt card."), N_("Seat {seat} does not save "
                                                                                   "the Guard.")),
                "parry": (N_("Seat {seat} parries the Chief's spell."), N_("Seat {seat} does not parry the "
                                                                          "Chief's spell."))}[kind]
        return Instruction(said[0] if move.get("card") else said[1], params, seat, physical=False)
    if kind == "defend":
        if move.get("cards") is None:
            return Instruction(N_("Seat {seat} does not defend the Palace."), params, seat, physical=False)
        return Instruction(N_("Seat {seat} defends the Palace with {cards}."),
                           {**params, "cards": _cards(move["cards"])}, seat, physical=False)
    if kind == "straighten":
        return Instruction(N_("Seat {seat} straightens {cards}."), {**params, "cards": _cards(move["cards"])},
                           seat, physical=False)
    if kind in ("fight", "assault") and move.get("cards"):
        return Instruction(N_("{said} Cards tilted: {cards}."), {"said": Text(ACTIONS[kind], params),
                                                                  "cards": _cards(move["cards"])},
                           seat, physical=False)
    return Instruction(ACTIONS.get(kind, N_("Seat {seat} plays.")), params, seat, physical=False)


def card_line(phase: str) -> Instruction:
    """An Invasion card drawn: what is public of it follows in the changes (Flux, hammer, Dragon, Chief); one
    drawn for a fight or an assault has none of its effects (E5.5) and goes under the pile."""
    if phase == "turn":
        return Instruction(N_("Draw an Invasion card for the fight: its Flux values count, none of its effects; "
                              "then put it under the pile."))
    return Instruction(N_("Draw the Invasion card."))


__all__ = ["DOMAIN", "move_line", "card_line"]
