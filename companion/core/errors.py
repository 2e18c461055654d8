"""The companion's error types: one root, and illegal input that names the rule it breaks.

Every game raises these (a game may subclass them), so that the table, the store and the pages catch one
family whatever game is played."""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


def N_(message: str) -> str:
    """Marks a refusal's template for the catalog (`make catalog` extracts every `N_` call) without
    importing the companion's languages: the rules stay pure. The pages translate it when shown."""
    return message


def english(value: Any) -> str:
    """A field of a refusal as the English sentence shows it: lists joined by commas, a phrase rendered."""
    if hasattr(value, "render"):
        return str(value.render("en"))
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def shortened(value: Any) -> str:
    """A refused value as a refusal may quote it, cut short: a refusal is never as large as what it refuses."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


class IllegalAction(CompanionError, ValueError):
    """A move the rules do not allow now. The game is left unchanged.

    `rule` is the rule or ruling it breaks (``"R-06"``, ``"§5"``, ``"Z-12"``) and the message is a sentence
    a player understands. The message is a template with `{named}` fields filled from `params`: the pages
    translate the template (the English text is the catalog's message id) and fill in the same fields, so a
    refusal is shown in the table's language without reading the English sentence.
    """

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        sentence = message.format(**{k: english(v) for k, v in params.items()}) if params else message
        super().__init__(f"{sentence} ({rule})")
        self.rule = rule
        self.sentence = sentence
        self.template = message
        self.params = params
        self.index: int | None = None  # the move's place in a replayed record, when replaying


class BadRecord(CompanionError, ValueError):
    """A game record or setup that cannot be read (wrong format, unknown move type, bad field)."""


class BadReader(CompanionError, ValueError):
    """A view was asked for a reader that is not referee, public or seat:N of this game."""


class BadPack(CompanionError, ValueError):
    """A game's data pack (a board) with problems; `problems` lists each one where it is."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems) if problems else "invalid pack")
        self.problems = problems


class UnknownGame(CompanionError, ValueError):
    """A game id, or a record format, that no installed game module has."""
