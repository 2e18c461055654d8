"""Zargos's names on the pages, as the rulebook says them (never a wire key or a pack id), in the page's
language: peoples, magic cards, placement cards, provinces, kingdoms, decisions, and the colours that show
each people on the pages (the text gives no colours: these only tell the peoples apart on a screen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import N_

from ..boxes import words as box_words
from ..rules import Board
from ..rules.board import Name
from ..rules.terms import CARDS, GREEN, PEOPLES, RED

Translate = Callable[..., str]
JSON = dict[str, Any]

# Fill and ink of each people's tokens on the pages.
PEOPLE_COLOURS = {"ailes": ("#1e88e5", "#fff"), "amazones": ("#2e7d32", "#fff"), "araignees": ("#37474f", "#fff"),
                  "chevaliers": ("#8e24aa", "#fff"), "dragons": ("#c62828", "#fff"), "moines": ("#f9a825", "#000")}

# What the table waits for, named for the player (the view's `awaiting` carries the engine's word).
DECISIONS = {
    "people": N_("choose a people"), "draft": N_("draft placement cards"), "trade": N_("trade cards"),
    "swords": N_("mark the reinforcement swords"), "place": N_("place tokens"),
    "red_window": N_("play a red card or pass"), "attack": N_("attack"), "fight": N_("choose the next combat"),
    "combat_card": N_("play a Wind of War or pass"), "reorganise": N_("reorganise"),
    "keep": N_("keep magic cards"), "reinforce": N_("buy reinforcements and boats"),
}

PHASES = {
    "roll": N_("Rolling for the peoples"), "choose": N_("Choosing the peoples"), "draft": N_("Drafting"),
    "trade": N_("Trading placement cards"), "swords": N_("Reinforcement swords"), "place": N_("Placement"),
    "attack": N_("Attacks"), "fight": N_("Combats"), "reorganise": N_("Reorganisation"), "count": N_("The count"),
    "deal": N_("Magic cards dealt"), "reinforce": N_("Reinforcements"), "over": N_("Game over"),
    "magic": N_("Trading magic cards"),
}


def people(t: Translate, key: str | None) -> str:
    if key is None:
        return t(N_("the demons"))
    return t(PEOPLES[key]) if key in PEOPLES else key


def card(t: Translate, key: str) -> str:
    return t(CARDS[key][0]) if key in CARDS else key


def card_colour(key: str) -> str:
    return "red" if key in RED else "green" if key in GREEN else ""


def _in(name: str, language: str) -> str:
    """A pack's name in the page's language: its French name on French pages when the pack gives one."""
    return name.render(language) if isinstance(name, Name) else name


def province(board: Board, key: str, language: str = "en") -> str:
    return _in(board.provinces[key].name, language) if key in board.provinces else key


def kingdom(board: Board, key: str, language: str = "en") -> str:
    return _in(board.kingdoms[key].name, language) if key in board.kingdoms else key


def sea(board: Board, key: str, language: str = "en") -> str:
    return _in(board.seas[key].name, language) if key in board.seas else key


def placement(t: Translate, board: Board, key: str) -> str:
    """A placement card (2.7) in the box's words: one wording for both."""
    return box_words.placement(lambda text, params=None: t(text, **(params or {})), board, key)


def target(t: Translate, board: Board, key: str, language: str = "en") -> str:
    """A magic card's target (`kingdom:ID`, `province:ID`, `people:KEY`, `sea:ID`) in words."""
    kind, _, where = key.partition(":")
    match kind:
        case "kingdom":
            return kingdom(board, where, language)
        case "province":
            return province(board, where, language)
        case "people":
            return people(t, where)
        case "sea":
            return sea(board, where, language)
    return ""


def decision(t: Translate, key: str) -> str:
    return t(DECISIONS[key]) if key in DECISIONS else key


def phase(t: Translate, key: str) -> str:
    return t(PHASES[key]) if key in PHASES else key


def typed_name(view: JSON, seat: int) -> str | None:
    """The name kept for the game of this seat's player (the view's `name`), if any. On the pages every
    player has one (web.pages.seated names the others "Player N", companion.table.envelope.with_seats hands
    it to the game's templates); the box's and the table's views carry only the names typed in the wizard."""
    me: JSON = next((p for p in view.get("players", ()) if p.get("seat") == seat), {})
    return str(me["name"]) if me.get("name") else None


def player(view: JSON, seat: int, t: Translate) -> str:
    """A player by the name kept for the game, else as people count them: "Player 1" for seat 0."""
    return typed_name(view, seat) or t(N_("Player {n}"), n=seat + 1)


def seat_name(view: JSON, seat: int, t: Translate) -> str:
    """A player by the peoples he runs (a seat is shown by its peoples), or by name before he has any."""
    peoples = [k for k, p in view.get("peoples", {}).items() if p["seat"] == seat]
    if peoples:
        return " / ".join(people(t, k) for k in peoples)
    return player(view, seat, t)
