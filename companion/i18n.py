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

def N_(message: str) -> str:
    """Marks a message for the catalog without translating it yet (it is translated when shown)."""
    return message


# Words that fill message fields and are translated too (marked here so the catalog has them).
WORDS = frozenset({
    N_("militia"), N_("archer"), N_("infantry"), N_("priest"), N_("mage"),
    N_("blue"), N_("red"), N_("green"), N_("yellow"), N_("black"),
    N_("wealth"), N_("influence"), N_("fame"), N_("recruitment"), N_("threat"),
    N_("gold"), N_("bards"), N_("guild"),
    N_("place"), N_("program"), N_("reward"), N_("colossus"), N_("neutral"), N_("census"),
    N_("census_bards"), N_("floor"),
})


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
