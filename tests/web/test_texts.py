"""The texts the page scripts show come from the catalog, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from companion.core import registry
from companion.i18n import words
from web import i18n
from web.i18n import script_texts

GAME = registry.load("xidit").web
SCRIPT_MESSAGES = i18n.SCRIPT_MESSAGES + GAME.script_messages  # the framework's and the game's
SCRIPT_PLURALS = i18n.SCRIPT_PLURALS + GAME.script_plurals
STATIC = Path(__file__).parent.parent.parent / "web" / "static"
# The pages' scripts that read /texts.json: the framework's, and the game's own.
SCRIPTS = (STATIC / "app.js", STATIC / "login.js", STATIC / "referee.js", GAME.static / "seat.js",
           GAME.static / "referee.js")


def script_literals() -> set[str]:
    found: set[str] = set()
    for script in SCRIPTS:
        found |= set(re.findall(r'\bX?\.?t\("((?:[^"\\]|\\.)*)"', script.read_text("utf-8")))
    return found


def test_every_text_a_script_shows_is_served_and_every_served_text_is_used() -> None:
    used = script_literals()
    served = set(SCRIPT_MESSAGES) | {singular for singular, _ in SCRIPT_PLURALS}  # a plural by its singular
    assert len(used) > 30
    assert sorted(used - served) == []
    assert sorted(served - used) == ["action", "wait"]  # orders, shown by name: X.t(order)


def test_the_script_texts_exist_in_french() -> None:
    english, french = script_texts("en", GAME), script_texts("fr", GAME)
    plurals = {singular for singular, _ in SCRIPT_PLURALS}
    assert set(english) == set(french) == set(SCRIPT_MESSAGES) | words() | plurals
    untranslated = sorted(m for m in SCRIPT_MESSAGES if french[m] == m and m not in {"action"})
    assert untranslated == []


def test_a_script_gets_the_forms_of_a_plural_text_for_0_1_and_2() -> None:
    """The script picks forms[min(n, 2)]: English says "0 bards", French "0 barde" (issue 26 item 9)."""
    assert script_texts("en", GAME)["Census: place {n} bard"] == ["Census: place {n} bards", "Census: place {n} bard",
                                                            "Census: place {n} bards"]
    assert script_texts("fr", GAME)["Census: place {n} bard"] == ["Recensement\u202f: placez {n} barde",
                                                            "Recensement\u202f: placez {n} barde",
                                                            "Recensement\u202f: placez {n} bardes"]
