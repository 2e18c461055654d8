"""Languages: every text a player or referee reads comes from a gettext catalog.

Message ids are the English texts, with `{named}` fields filled after translation. The French catalog
is `companion/locale/fr.po`, read with Babel at first use (no compiled files in the repository).
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from importlib import resources
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "fr")
DEFAULT = "en"

# Words that fill message fields and are translated too: units, colours, roads, categories, sides.
WORDS = frozenset({
    "militia", "archer", "infantry", "priest", "mage", "blue", "red", "green", "yellow", "black",
    "wealth", "influence", "fame", "recruitment", "threat", "gold", "bards", "guild",
})


def N_(message: str) -> str:
    """Marks a message for the catalog without translating it yet (it is translated when shown)."""
    return message


@cache
def translations(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: use one of {', '.join(LANGUAGES)}")
    if language == DEFAULT:
        return gettext.NullTranslations()
    with resources.files("companion.locale").joinpath(f"{language}.po").open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def word(language: str, value: Any) -> str:
    if isinstance(value, str) and value in WORDS:
        return translations(language).gettext(value)
    if isinstance(value, list | tuple):
        return ", ".join(word(language, v) for v in value)
    return str(value)


def translate(language: str, message: str, params: dict[str, Any] | None = None) -> str:
    text = translations(language).gettext(message)
    if not params:
        return text
    return text.format(**{k: word(language, v) for k, v in params.items()})
