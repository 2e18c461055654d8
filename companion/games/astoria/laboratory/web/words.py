"""The Laboratory's pieces on its pages: colours as the rulebook names them, a gem, a slot, a card, a
decision; and each legal move as the taps that choose it (action, gem, destination)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import N_

from ..table.words import A_GEM

Translate = Callable[..., str]
JSON = dict[str, Any]

FILL = {"red": "#d63a2f", "blue": "#2f6fd6", "yellow": "#f2c600", "green": "#2f9e4a", "violet": "#8a4fc7",
        "orange": "#f07f16"}
INK = {"red": "#fff", "blue": "#fff", "yellow": "#222", "green": "#fff", "violet": "#fff", "orange": "#222"}
DECISIONS = {"turn": N_("an action"), "red": N_("the red reaction"), "blue": N_("the blue reaction"),
             "yellow": N_("the yellow reaction"), "green": N_("the green reaction"),
             "violet": N_("the violet reaction"), "orange": N_("the orange reaction"),
             "make": N_("an object to make")}
ACTIONS = {"add": N_("Add a gem"), "draw": N_("Draw a Discovery"), "move": N_("Alchemy")}


def colour_name(t: Translate, colour: str) -> str:
    return t(colour)


# A gem on a button, without an article (French agrees the colour with « gemme »: « gemme bleue »).
GEM = {"red": N_("red gem"), "blue": N_("blue gem"), "yellow": N_("yellow gem"), "green": N_("green gem"),
       "violet": N_("violet gem"), "orange": N_("orange gem")}


def gem(t: Translate, colour: str) -> str:
    return t(GEM[colour])


def gem_in(t: Translate, colour: str, slot: int) -> str:
    return t(N_("{gem}, slot {slot}"), gem=t(GEM[colour]), slot=slot + 1)


def card_words(t: Translate, number: int | None, pack: Any, team: int) -> JSON:
    """A card of the catalogue: its number, the gems it needs as its holder finds them (slots as the table
    numbers them, L9.3, A-17) and its Glyphs (L1.5)."""
    if not number or pack is None or number not in pack.artefacts:
        return {"number": number, "needs": "", "glyphs": ""}
    card = pack.artefacts[number]
    needs = [(slot if team == 0 else pack.facing[slot], colour) for slot, colour in card.pattern]
    glyphs: dict[str, int] = {}
    for g in card.glyphs:
        glyphs[g] = glyphs.get(g, 0) + 1
    return {"number": number, "needs": ", ".join(gem_in(t, c, s) for s, c in needs),
            "glyphs": ", ".join(f"{n} {t(c)}" for c, n in glyphs.items())}


def move_path(t: Translate, move: JSON, view: JSON) -> list[str]:
    """The labels of the taps that choose this move: its action (a turn's), its gem, its destination."""
    kind = move["type"]
    if kind == "add":
        return [t(ACTIONS["add"]), gem(t, move["colour"]), t(N_("slot {slot}"), slot=move["slot"] + 1)]
    if kind == "place":
        return [gem(t, move["colour"]), t(N_("slot {slot}"), slot=move["slot"] + 1)]
    if kind in ("move", "shift"):
        path = [gem_in(t, move["colour"], move["source"]), t(N_("to slot {slot}"), slot=move["to"] + 1)]
        return [t(ACTIONS["move"]), *path] if kind == "move" else path
    if kind == "draw":
        if move.get("discard") is not None:
            what = t(N_("Discard Artefact {card}, draw the deck's top card"), card=move["discard"])
        elif move.get("discovery") is None:
            what = t(N_("The deck's top card"))
        else:
            card = (view.get("discoveries") or [None] * 3)[move["discovery"]]
            what = t(N_("Discovery {n}: Artefact {card}"), n=move["discovery"] + 1, card=card) if card else \
                t(N_("Discovery {n}"), n=move["discovery"] + 1)
        return [t(ACTIONS["draw"]), what]
    if kind == "take":
        took = gem_in(t, move["colour"], move["slot"])
        return [took] if move.get("into") is None else [took, t(N_("becomes {gem}"), gem=t(A_GEM[move["into"]]))]
    if kind == "make":
        if move.get("card") is None:
            return [t(N_("No object now"))]
        return [t(N_("Lay Artefact {card}"), card=move["card"])]
    return [kind]
