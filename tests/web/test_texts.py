"""The texts the page scripts show come from the catalog, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from companion.i18n import WORDS
from web.i18n import SCRIPT_MESSAGES, SCRIPT_PLURALS, script_texts

STATIC = Path(__file__).parent.parent.parent / "web" / "static"
SCRIPTS = ("app.js", "login.js", "referee.js", "seat.js")  # the pages' scripts that read /texts.json


def script_literals() -> set[str]:
    found: set[str] = set()
    for name in SCRIPTS:
        found |= set(re.findall(r'\bX?\.?t\("((?:[^"\\]|\\.)*)"', (STATIC / name).read_text("utf-8")))
    return found


def test_every_text_a_script_shows_is_served_and_every_served_text_is_used() -> None:
    used = script_literals()
    served = set(SCRIPT_MESSAGES) | {singular for singular, _ in SCRIPT_PLURALS}  # a plural by its singular
    assert len(used) > 30
    assert sorted(used - served) == []
    assert sorted(served - used) == ["action", "wait"]  # orders, shown by name: X.t(order)


def test_the_script_texts_exist_in_french() -> None:
    english, french = script_texts("en"), script_texts("fr")
    plurals = {singular for singular, _ in SCRIPT_PLURALS}
    assert set(english) == set(french) == set(SCRIPT_MESSAGES) | WORDS | plurals
    untranslated = sorted(m for m in SCRIPT_MESSAGES if french[m] == m and m not in {"action"})
    assert untranslated == []


def test_a_script_gets_the_forms_of_a_plural_text_for_0_1_and_2() -> None:
    """The script picks forms[min(n, 2)]: English says "0 bards", French "0 barde" (issue 26 item 9)."""
    assert script_texts("en")["Census: place {n} bard"] == ["Census: place {n} bards", "Census: place {n} bard",
                                                            "Census: place {n} bards"]
    assert script_texts("fr")["Census: place {n} bard"] == ["Recensement : placez {n} barde",
                                                            "Recensement : placez {n} barde",
                                                            "Recensement : placez {n} bardes"]
