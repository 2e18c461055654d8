"""The pages' texts in the table's language (`view.table.language`): a Jinja global `_` for the
templates, and the few texts the page scripts need, served as a small JSON dictionary.

Every message id is the English text, in the gettext catalog `companion/locale/fr.po` like every
other text of the companion (`make catalog` extracts the templates too, through `babel.cfg`).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app

from companion.i18n import N_, NP_, WORDS, plural_forms, translate, word
from companion.players import name_or_colour

# The texts the scripts show by themselves (answers of the API, the wizard, the phone box).
SCRIPT_MESSAGES = (
    N_("Connected"), N_("Reconnecting…"), N_("Wrong PIN."), N_("Too many wrong PINs: try again in {n} s."),
    N_("The game moved on: look again and retry."), N_("The screen changed: look and press again."),
    N_("This page is no longer yours: open your link again."),
    N_("Done."), N_("Refused: {error}"), N_("Refused: {error} ({rule})"), N_("Send"),
    N_("Nothing to decide for this seat now."), N_("{player}: {decision}"),
    N_("to place their Idrakys"), N_("to program"), N_("to choose a reward"), N_("to fight a colossus or not"),
    N_("to raise a neutral player's track"), N_("to reveal units at the census"),
    N_("to place bards at the census"), N_("to build a guild floor"),
    N_("Start on which city?"), N_("City {city}"), N_("City {city} (taken)"),
    N_("Program for seat {seat}"), N_("Slot {n}"), N_("Set and lock this program"),
    N_("Reward from colossus {number}"), N_("Reward from the threat on city {city}"),
    N_("gold {n}"), N_("bards {n}"), N_("guild floors {n}"),
    N_("bards in region {region}"), N_("bards in the Bastion (secret)"),
    N_("Fight the {n}-unit colossus"), N_("Do not fight"), N_("Raise which neutral track?"),
    N_("Reveal how many militia? (0 to {max})"), N_("Reveal how many archers? (0 to {max})"),
    N_("Reveal how many infantry? (0 to {max})"), N_("Reveal how many priests? (0 to {max})"),
    N_("Reveal how many mages? (0 to {max})"),
    N_("Floor on which guild?"), N_("Guild of city {city}"), N_("Choose first."),
    N_("action"), N_("wait"),  # the two orders that are not road colours, shown by name
    N_("Put the pieces back:"),
    N_("Nothing to move back."), N_("Confirm the rollback"),
    N_("This file is not a game record (JSON)."), N_("Game imported."), N_("New game started."),
    N_("Pick another colour for each player."), N_("Pick another seat for each player."),
    N_("A layout list is not a list of numbers: {field}"),
    N_("{game} will be set aside: you can resume it from “Games set aside”."),
    N_("A box plays one seat only."),
    N_("The game moved on since this preview: here is what going back undoes now."),
    N_("{have} of {need}"), N_("Recruitment tiles on the board"), N_("Threat tiles on the board"),
)

# The same for texts with a plural form: the script gets the forms and picks by the field `n`.
SCRIPT_PLURALS = (
    NP_("Census: place {n} bard", "Census: place {n} bards"),
    NP_("Going back undoes {n} action:", "Going back undoes {n} actions:"),
)


def language() -> str:
    table = current_app.config["TABLE"]
    return str(table.language)


def gettext(message: str | tuple[str, str], **params: Any) -> str:
    """Jinja's `_`: the message in the table's language, `{named}` fields filled (and translated)."""
    return translate(language(), message, params or None)


def term(value: Any) -> str:
    """A word of the game (unit, colour, category, ...) in the table's language."""
    return word(language(), value)


def script_texts(lang: str) -> dict[str, str | list[str]]:
    """Each text by its English id; a plural one (keyed by its singular) as its forms for 0, 1 and 2."""
    return {**{w: word(lang, w) for w in sorted(WORDS)}, **{m: translate(lang, m) for m in SCRIPT_MESSAGES},
            **{m[0]: plural_forms(lang, m) for m in SCRIPT_PLURALS}}


def forms(message: tuple[str, str]) -> list[str]:
    """Jinja's `forms(NP_(...))`: a plural text's forms for a page script (companion.i18n.plural_forms)."""
    return plural_forms(language(), message)


def install(app: Flask) -> None:
    # `_(NP_("{n} tile", "{n} tiles"), n=...)` in a template: the form that agrees with `n`.
    app.jinja_env.globals.update(_=gettext, NP_=NP_, forms=forms, term=term,
                                 name_or_colour=lambda player: name_or_colour(player, term))
