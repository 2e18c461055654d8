"""What the referee's "Decide for a player" form is built from, for a game without a form of its own: each
awaited choice named in the game's words, with its legal moves in words when the game lists them
(`Choice.enumerate()`, labelled as the generic box labels its lines), each carrying the JSON `decide` sends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.boxes.generic import listed_moves, move_label
from companion.core.game import GameModule
from companion.i18n import translate

JSON = dict[str, Any]


def choice_json(game: GameModule, choice: Any, language: str, decisions: Mapping[str, str]) -> JSON:
    """The choice's own JSON, plus `words` (the decision in words) and `moves` (each {"action", "label"}; null
    when the game does not list them)."""
    def t(message: str, params: Mapping[str, Any] | None = None) -> str:
        return translate(language, message, dict(params) if params else None)

    decision = str(choice.decision)
    # A sealed choice is keyed in as a draft and locked, never decided in one go: no move buttons for it.
    moves = None if choice.sealed else listed_moves(game, choice)
    return {**choice.to_json(), "words": decisions.get(decision) or t(decision),
            "moves": None if moves is None else [{"action": move, "label": move_label(move, t)} for move in moves]}
