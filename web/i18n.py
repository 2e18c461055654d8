"""The pages' texts in the table's language (`view.table.language`): a Jinja global `_` for the
templates, and the few texts the page scripts need, served as a small JSON dictionary.

Every message id is the English text, in the gettext catalog `companion/locale/fr.po` like every
other text of the companion (`make catalog` extracts the templates too: companion/locale/catalogs.py).
"""

from __future__ import annotations

import logging
import os
from typing import Any

from flask import Flask, current_app
from jinja2 import StrictUndefined, Undefined, make_logging_undefined

from companion.i18n import N_, NP_, plural_forms, translate, word, words
from companion.players import name_or_colour

from .game_parts import GameWeb

# The texts the framework's scripts show by themselves (answers of the API, the wizard, the phone box); a
# game adds its own (web.game_parts.GameWeb.script_messages).
SCRIPT_MESSAGES = (
    N_("The fields are not a JSON object."),
    N_("Connected"), N_("Reconnecting…"), N_("Wrong PIN."), N_("Too many wrong PINs: try again in {n} s."),
    N_("The game moved on: look again and retry."), N_("The screen changed: look and press again."),
    N_("This page is no longer yours: open your link again."),
    N_("Done."), N_("Refused: {error}"), N_("Refused: {error} ({rule})"), N_("Send"),
    N_("Nothing to decide for this seat now."), N_("{player}: {decision}"), N_("Choose first."),
    N_("Let the virtual player decide this once"),
    N_("Put the pieces back:"),
    N_("Nothing to move back."), N_("Confirm the rollback"),
    N_("This file is not a game record (JSON)."), N_("Game imported."), N_("New game started."),
    N_("Pick another colour for each player."), N_("Pick another seat for each player."),
    N_("{game} will be set aside: you can resume it from “Games set aside”."),
    N_("A box plays one seat only."),
    N_("The game moved on since this preview: here is what going back undoes now."),
)

# The same for texts with a plural form: the script gets the forms and picks by the field `n`.
SCRIPT_PLURALS = (
    NP_("Going back undoes {n} action:", "Going back undoes {n} actions:"),
)


def language() -> str:
    table = current_app.config["TABLE"]
    return str(table.language)


def gettext(message: str | tuple[str, str], **params: Any) -> str:
    """Jinja's `_`: the message in the table's language, `{named}` fields filled (and translated)."""
    params = {name: _given(value) for name, value in params.items()}
    return translate(language(), message, params or None)


def _given(value: Any) -> Any:
    """A field as the template gave it; one nobody gives is a mistake of the template: it fails the page where
    templates are checked, and reads as nothing at a table (`install`), where the undefined has logged it."""
    if isinstance(value, StrictUndefined):
        value._fail_with_undefined_error()
    if isinstance(value, Undefined):
        str(value)  # logs it
        return ""
    return value


def term(value: Any) -> str:
    """A word of the game (unit, colour, category, ...) in the table's language."""
    value = _given(value)
    return word(language(), value) if value != "" else ""


def script_texts(lang: str, game: GameWeb | None = None) -> dict[str, str | list[str]]:
    """Each text by its English id, the framework's and the game's; a plural one (keyed by its singular) as
    its forms for 0, 1 and 2."""
    messages = SCRIPT_MESSAGES + (game.script_messages if game else ())
    plurals = SCRIPT_PLURALS + (game.script_plurals if game else ())
    return {**{w: word(lang, w) for w in sorted(words())}, **{m: translate(lang, m) for m in messages},
            **{m[0]: plural_forms(lang, m) for m in plurals}}


def forms(message: tuple[str, str]) -> list[str]:
    """Jinja's `forms(NP_(...))`: a plural text's forms for a page script (companion.i18n.plural_forms)."""
    return plural_forms(language(), message)


STRICT = "COMPANION_STRICT_TEMPLATES"  # set by the tests (tests/conftest.py), and by anyone checking templates


def install(app: Flask) -> None:
    # Where templates are checked (the tests, with COMPANION_STRICT_TEMPLATES=1), a name or field nobody gives
    # fails the page, in the framework's templates and the games' alike: the mask once hid framework templates
    # reading a game's fields (issue 37); a template asks `is defined` of what may be absent. At a table, a
    # read no test reached must not take a page away in the middle of a game: it is logged (web.templates, a
    # warning naming it) and reads as nothing.
    if os.environ.get(STRICT) == "1":
        app.jinja_env.undefined = StrictUndefined
    else:
        app.jinja_env.undefined = make_logging_undefined(logging.getLogger("web.templates"))
    # `_(NP_("{n} tile", "{n} tiles"), n=...)` in a template: the form that agrees with `n`.
    app.jinja_env.globals.update(_=gettext, NP_=NP_, forms=forms, term=term,
                                 name_or_colour=lambda player: name_or_colour(player, term))

