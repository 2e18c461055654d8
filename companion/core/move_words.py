"""A move in words from its JSON alone (`Rules.move_to_json`), for a game that gives no words of its own: the
framework's box menus name their lines with it, the framework's table part (companion/table/default_part.py)
its steps and history. Its fields are said in order, each by its name and value (a game word is translated),
never the move's type or seat, which the line already says; a field that is empty says "no <field>" when
nothing else is said (a pass).

Pure, like the rest of core: the translate function comes from the caller (a box's, a page's, the table's)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import N_

HIDDEN = ("type", "seat")  # a move's fields every line would repeat

Translate = Callable[..., str]  # t(message, params=None): the text in the reader's language


def move_words(move: Mapping[str, Any], t: Translate) -> str:
    """One move in words: "roll", "play · card 3", "no card"."""
    words, absent = [], []
    for key, value in move.items():
        if key in HIDDEN:
            continue
        if value is None or value is False:  # said only when nothing else is ("no card": a pass)
            absent.append(t(N_("no {thing}"), {"thing": t(key)}))
        elif value is True:
            words.append(t(key))
        elif isinstance(value, int | float):
            words.append(f"{t(key)} {value}")
        elif isinstance(value, str):
            words.append(t(value))
        else:
            words.append(f"{t(key)} {value}")
    return " · ".join(words or absent) or t(str(move.get("type", "")))
