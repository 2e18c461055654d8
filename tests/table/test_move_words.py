"""A move in words from its JSON alone (companion.core.move_words), what the framework's table part and box
menus say of a game that gives no words of its own: every field by its name and value, a nested card's fields
too, never Python's or JSON's punctuation on a player's screen."""

from __future__ import annotations

from typing import Any

from companion.core.move_words import move_words
from companion.i18n import translate


def said(move: dict[str, Any], language: str = "en") -> str:
    return move_words(move, lambda message, params=None: translate(language, message, params))


def test_a_card_typed_in_a_move_is_said_field_by_field_never_as_a_python_value() -> None:
    move = {"type": "craft", "seat": 3, "card": {"places": ["green", "orange"], "glyphs": 1, "grimoire": False},
            "pool": [], "target": 1}
    text = said(move)
    assert text == "card (places green, orange · glyphs 1) · target 1"
    assert not set("{}[]'\"") & set(text)


def test_a_pass_says_what_it_did_not_do_and_a_flag_its_name() -> None:
    assert said({"type": "turn", "seat": 1, "card": None}) == "no card"
    assert said({"type": "turn", "seat": 1, "card": None, "roll": True}) == "roll"
    assert said({"type": "pass", "seat": 1}) == "pass"
