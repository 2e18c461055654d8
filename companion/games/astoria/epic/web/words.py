"""The Epic's names on the pages: tracks, domains, gems, Objectives, and each move a seat may make said as a
button's words (the history's words are the table part's, table/history.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_

from ..rules.terms import DOMAIN, FACTION_WORDS, OBJECTIVE_WORDS, ROLE_WORDS
from ..table.changes import A_GEM, TRACKS
from ..table.history import EFFECTS

JSON = dict[str, Any]
Translate = Callable[..., str]

# The groups of a seat's choices, in the order of E6 (then the Glyphs' effects and the end of the turn).
KINDS: dict[str, str] = {
    "draw": N_("Draw a Discovery"), "power": N_("Strengthen your Power"), "destroy": N_("Destroy a gem"),
    "create": N_("Create a gem"), "craft": N_("Craft an Artefact"), "use": N_("Use a card"),
    "tribute": N_("Pay a tribute"), "fight": N_("Fight a Barbarian Chief"), "guard": N_("Hire a Guard"),
    "accuse": N_("Accuse"), "assault": N_("Assault the Palace"), "help_craft": N_("Help craft"),
    "give_card": N_("Give a card"), "give_gems": N_("Give gems"), "give_artefact": N_("Give an Artefact"),
    "role_talent": N_("Your role's Talent"), "spend": N_("Spend Glyphs"), "end": N_("End your turn"),
    "rescue": N_("Save the Guard?"), "parry": N_("Parry the Chief's spell?"), "defend": N_("Defend the Palace?"),
    "straighten": N_("Straighten two cards"), "role": N_("Choose your role"),
}
DECISIONS: dict[str, str] = {"turn": N_("your actions"), "rescue": N_("save a Guard"),
                             "parry": N_("parry a spell"), "defend": N_("defend the Palace"),
                             "straighten": N_("straighten cards"), "role": N_("choose a role")}


def domain(t: Translate, colour: str | None) -> str:
    return t(DOMAIN[colour]) if colour in DOMAIN else ""


def objective(t: Translate, key: str | None) -> str:
    return t(OBJECTIVE_WORDS[key]) if key in OBJECTIVE_WORDS else ""


def track(t: Translate, key: str) -> str:
    return t(dict(TRACKS)[key])


def card_ref(t: Translate, ref: str, artefacts: list[JSON]) -> str:
    if ref == "talent":
        return t(N_("your Character's Talent"))
    if ref == "role":
        return t(N_("your role card"))
    index = int(ref.partition(":")[2] or 0)
    return artefact(t, artefacts[index]) if index < len(artefacts) else t(N_("an Artefact"))


def artefact(t: Translate, a: Mapping[str, Any]) -> str:
    if a.get("grimoire"):
        return t(N_("the {domain} Grimoire"), domain=domain(t, a["domain"]))
    return t(N_("the {domain} Artefact ({glyphs} Glyphs)"), domain=domain(t, a["domain"]), glyphs=a["glyphs"])


def option(t: Translate, move: Mapping[str, Any], view: Mapping[str, Any], seat_name: Callable[[int], str]) -> str:
    """One listed move as the words of its button, in its group (the group's title says the kind)."""
    me: Mapping[str, Any] = next((p for p in view.get("players", ()) if p["seat"] == move.get("seat")), {})
    mine = me.get("artefacts", [])
    kind = move["type"]
    parts: list[str] = []
    if kind == "spend":
        parts.append(t(EFFECTS.get(move.get("effect") or "", N_("a Glyph effect"))))
        if move.get("count"):
            parts.append(f"×{move['count']}")
    if kind == "role":
        parts.append(t(ROLE_WORDS.get(move.get("role") or "", N_("a role"))))
    if move.get("pile") is not None:
        parts.append(t(N_("pile {pile}"), pile=move["pile"]))
    if isinstance(move.get("target"), int):
        parts.append(seat_name(move["target"]))
    if move.get("faction"):
        parts.append(t(FACTION_WORDS.get(move["faction"], N_("a faction"))))
    if move.get("colour"):
        parts.append(t(A_GEM.get(move["colour"], N_("a gem"))))
    if move.get("colours"):
        parts.append(", ".join(t(A_GEM.get(c, N_("a gem"))) for c in move["colours"]))
    if isinstance(move.get("artefact"), int):
        owner = move.get("target") if kind in ("give_artefact", "help_craft", "spend") and \
            isinstance(move.get("target"), int) else move.get("seat")
        holder: Mapping[str, Any] = next((p for p in view.get("players", ()) if p["seat"] == owner), {})
        theirs: list[JSON] = list(holder.get("artefacts", []))
        if move["artefact"] < len(theirs):
            parts.append(artefact(t, theirs[move["artefact"]]))
    if move.get("card"):
        parts.append(card_ref(t, move["card"], mine))
    if kind in ("fight", "assault", "defend", "straighten") and "cards" in move:
        cards = move.get("cards")
        parts.append(t(N_("no")) if cards is None else
                     (", ".join(card_ref(t, c, mine) for c in cards) or t(N_("no card"))))
    if kind in ("rescue", "parry") and not move.get("card"):
        parts.append(t(N_("no")))
    return " · ".join(p for p in parts if p) or t(KINDS.get(kind, N_("Play")))
