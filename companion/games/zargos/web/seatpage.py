"""The seat page's parts for Zargos: the player's own hand by card name, the decision awaited from them as
plain buttons (a people, a pile, a card to play or pass, the next combat, the cards to keep) and, for the
moves made on the map (attacks, sea routes, reorganisation, placement, reinforcements), what the page's
script needs to build them in taps: the choice's limits and the names of everything it may show.

Everything here comes from the seat's own snapshot (its view and its awaited choice): nothing of another
seat's hand."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_

from ..rules import Board
from ..rules.board import ZARGOS
from . import words
from .svg import map_svg
from .words import JSON, Translate

# The decisions built on the map by taps (seat.js), the others by buttons.
ON_THE_MAP = ("attack", "reorganise", "place", "reinforce")


def hand(view: JSON, seat: int, t: Translate) -> list[JSON]:
    me: JSON = next((p for p in view.get("players", []) if p["seat"] == seat), {})
    return [{"key": c, "name": words.card(t, c), "colour": words.card_colour(c)} for c in me.get("hand", [])]


def targets(view: JSON, board: Board, t: Translate, card: str, choice: JSON,
            language: str = "en") -> list[tuple[str, str]]:
    """What a card may be played on, as (wire target, words): the text checks Vent de Folie's kingdom
    (12.10) and Vent de Guerre's combat (12.6, Z-20); every other effect is the table's to state (Z-27), so
    its target is only said: a people, or none."""
    if card == "vent_de_folie":
        return [(f"kingdom:{k}", words.kingdom(board, k, language)) for k in board.kingdoms if k != ZARGOS]
    if card == "vent_de_guerre":  # on a combat still to fight: the fight's list, or the combat about to start
        places = choice.get("provinces", []) if choice["decision"] == "fight" else \
            [choice["province"]] if choice["decision"] == "combat_card" else []
        return [(f"province:{p}", words.province(board, p, language)) for p in places]
    return [("", t(N_("no particular target")))] + [
        (f"people:{k}", words.people(t, k)) for k in view.get("peoples", {})]


def names(view: JSON, board: Board, t: Translate, language: str = "en") -> JSON:
    """The words the script shows while a move is built: provinces, seas, peoples and placement cards."""
    return {"provinces": {p: words.province(board, p, language) for p in board.provinces},
            "seas": {s: words.sea(board, s, language) for s in board.seas},
            "peoples": {k: words.people(t, k) for k in view.get("peoples", {})},
            "borders": {p: sorted(b) for p, b in board.borders.items()},
            "coasts": {p.id: list(p.seas) for p in board.provinces.values() if p.seas},
            "sea_links": {s.id: list(s.links) for s in board.seas.values()},
            # who holds each province now (the public board) and the demons' provinces: an attack's targets
            "held": {p: [h["people"], h["strength"]] for p, h in view.get("provinces", {}).items()},
            "demons": list(view.get("demons", ())),
            "words": {"empty": t(N_("empty")), "demons": t(N_("the demons")),
                      "by_sea": t(N_("by sea"))}}


def seat_context(seat: int, snapshot: Any, board: Board, t: Translate, language: str) -> JSON:
    view: JSON = snapshot.view
    choice = snapshot.choice.to_json() if snapshot.choice is not None else None
    mine = tuple(k for k, p in view.get("peoples", {}).items() if p["seat"] == seat)
    cards = []
    if choice is not None and isinstance(choice.get("cards"), list) and choice["decision"] != "keep":
        cards = [{"key": c, "name": words.card(t, c), "colour": words.card_colour(c),
                  "targets": targets(view, board, t, c, choice, language)} for c in choice["cards"]]
        # A card with nothing to be played on now (a Wind of War before any combat of one's own) is not
        # offered: the table would refuse it (12.8).
        cards = [c for c in cards if c["targets"]]
    return {
        "zchoice": choice,
        "zon_map": choice is not None and choice["decision"] in ON_THE_MAP,
        "zcards": cards,
        "zhand": hand(view, seat, t),
        "zmine": mine,
        "zname": lambda key: words.people(t, key),
        "zprovince": lambda key: words.province(board, key, language),
        "zplacement": lambda key: words.placement(t, board, key),
        "zseat_name": lambda s: words.seat_name(view, s, t),
        "zdecision": lambda key: words.decision(t, key),
        "znames": lambda: names(view, board, t, language),
        "decision_name": lambda key: words.decision(t, key),
        "seat_map": lambda: map_svg(view, board, t, language=language, mine=mine),
    }
