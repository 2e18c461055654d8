"""Languages: every text a player or referee reads comes from a gettext catalog.

Message ids are the English texts, with `{named}` fields filled after translation. The French catalogs
are the framework's, `companion/locale/fr.po`, and each game's own (`GameModule.catalog`), read with Babel
at first use (no compiled files in the repository) and merged into one: a message means the same in every
catalog that holds it (tests/table/test_languages.py checks it).
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.core import registry

LANGUAGES = ("en", "fr")
DEFAULT = "en"

def N_(message: str) -> str:
    """Marks a message for the catalog without translating it yet (it is translated when shown)."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for the catalog; the field `n` chooses the form when shown."""
    return singular, plural


@dataclass(frozen=True)
class Text:
    """A message and its fields, translated when shown; a plural message agrees with the field `n`."""

    message: str | tuple[str, str]
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, language: str) -> str:
        return translate(language, self.message, self.params)


@dataclass(frozen=True)
class Joined:
    """Phrases shown one after the other, joined by a translated separator (", ", " + ", "; ")."""

    parts: tuple[Any, ...]
    separator: str = ", "

    def render(self, language: str) -> str:
        separator = translations(language).gettext(SEMICOLON) if self.separator == SEMICOLON else self.separator
        return separator.join(word(language, p) for p in self.parts)


SEMICOLON = N_("; ")  # French sets a space before it


# Words that fill message fields and are translated too (marked here so the catalog has them): the players'
# colours; each game adds its own (`GameModule.words`).
WORDS = frozenset({N_("blue"), N_("red"), N_("green"), N_("yellow"), N_("black")})


def words() -> frozenset[str]:
    """The framework's words and those of every game this process has loaded (a game not loaded shows none)."""
    return _words(tuple(game.key for game in registry.loaded()))


@cache
def _words(games: tuple[str, ...]) -> frozenset[str]:
    return WORDS.union(*(registry.load(key).words for key in games))


def translations(language: str) -> gettext.NullTranslations:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: use one of {', '.join(LANGUAGES)}")
    if language == DEFAULT:
        return gettext.NullTranslations()
    return _translations(language, tuple(game.key for game in registry.loaded()))


@cache
def _translations(language: str, games: tuple[str, ...]) -> gettext.NullTranslations:
    # The framework's catalog, with its header (its plural forms), then each game's messages added to it.
    with resources.files("companion.locale").joinpath(f"{language}.po").open("rb") as po:
        merged = read_po(po, locale=language)
    for package in (catalog for key in games if (catalog := registry.load(key).catalog)):
        with resources.files(package).joinpath(f"{language}.po").open("rb") as po:
            for message in read_po(po, locale=language):
                if message.id and message.id not in merged:
                    merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def word(language: str, value: Any) -> str:
    """A field's value in a language: a phrase (Text, Joined) renders itself, a game word is translated."""
    if hasattr(value, "render"):
        rendered: str = value.render(language)
        return rendered
    if isinstance(value, str) and value in words():
        return translations(language).gettext(value)
    if isinstance(value, list | tuple):
        return ", ".join(word(language, v) for v in value)
    return str(value)


def plural_forms(language: str, message: tuple[str, str]) -> list[str]:
    """A plural message for a page script: its forms for 0, 1 and 2, fields unfilled. With two plural
    forms (English, French) the form for 2 is the form of every larger count, so the script picks
    `forms[min(n, 2)]` and agrees as the catalog does."""
    catalog = translations(language)
    return [catalog.ngettext(message[0], message[1], n) for n in (0, 1, 2)]


def translate(language: str, message: str | tuple[str, str], params: dict[str, Any] | None = None) -> str:
    """`message` is an English text, or a (singular, plural) pair chosen by the field `n`."""
    if isinstance(message, tuple):
        text = translations(language).ngettext(message[0], message[1], int((params or {})["n"]))
    else:
        text = translations(language).gettext(message)
    if not params:
        return text
    return text.format(**{k: word(language, v) for k, v in params.items()})
