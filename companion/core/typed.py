"""A chance outcome the table types in because it cannot be listed (issue 37): a card printed with six numbers
and some marks, drawn from a physical pile the pack does not know. A `ChanceNode` carries its `OutcomeForm`:
fields (a whole number within bounds, one word among a few, a mark ticked or not, a field asked several
times), checked here for their shape and bounds; the game's `Match.resolve` stays the final word on what the
rules allow (its IllegalAction refuses a card no pile holds). The outcome is a JSON object, one key per field
(a list for a repeated one), stored in the log like any outcome. The Pi never draws a typed node.

Pure, like a game's rules: no table, page or language here; the labels are catalog message ids."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import N_, CompanionError, shortened

NUMBER, WORD, MARK = "number", "word", "mark"


class BadOutcome(CompanionError, ValueError):
    """A typed outcome that does not fit its form. Like IllegalAction, a template with named fields (`field`
    is a field's label, a catalog message id) so the table can say it in its language."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message.format(**params))
        self.template = message
        self.params = params


@dataclass(frozen=True)
class Field:
    """One thing typed in. `repeat` > 0: a list of that many values of the same kind (six Flux values), each
    named by its `labels` entry when given."""

    name: str  # its key in the outcome object
    kind: str  # NUMBER, WORD or MARK
    label: str  # catalog message id, what the page shows
    least: int = 0  # NUMBER: the bounds, both allowed
    most: int = 0
    words: tuple[str, ...] = ()  # WORD: the values it may take (each a catalog message id, shown translated)
    repeat: int = 0
    labels: tuple[str, ...] = ()  # a repeated field's label for each of its values

    @classmethod
    def number(cls, name: str, label: str, least: int, most: int, *, repeat: int = 0,
               labels: tuple[str, ...] = ()) -> Field:
        return cls(name, NUMBER, label, least=least, most=most, repeat=repeat, labels=labels)

    @classmethod
    def word(cls, name: str, label: str, words: tuple[str, ...]) -> Field:
        return cls(name, WORD, label, words=words)

    @classmethod
    def mark(cls, name: str, label: str) -> Field:
        return cls(name, MARK, label)

    def check(self, value: Any) -> None:
        if self.repeat:
            if not isinstance(value, list) or len(value) != self.repeat:
                raise BadOutcome(N_("{field}: type every value ({n})."), field=self.label, n=self.repeat)
            for n, one in enumerate(value):
                self._check_one(one, self.labels[n] if n < len(self.labels) else self.label)
        else:
            self._check_one(value, self.label)

    def _check_one(self, value: Any, label: str) -> None:
        if value is None:
            raise BadOutcome(N_("{field}: nothing was typed."), field=label)
        if self.kind == NUMBER and (type(value) is not int or not self.least <= value <= self.most):
            raise BadOutcome(N_("{field} is a whole number from {least} to {most}."), field=label,
                             least=self.least, most=self.most)
        if self.kind == WORD and value not in self.words:
            raise BadOutcome(N_("{field} is one of {words}."), field=label, words=list(self.words))
        if self.kind == MARK and type(value) is not bool:
            raise BadOutcome(N_("{field} is ticked or not."), field=label)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        if self.kind == NUMBER:
            found.update(least=self.least, most=self.most)
        if self.kind == WORD:
            found["words"] = list(self.words)
        if self.repeat:
            found.update(repeat=self.repeat, labels=list(self.labels))
        return found


@dataclass(frozen=True)
class OutcomeForm:
    """What the table types for a node that cannot list its outcomes. The node's `outcomes` may still list
    some (a catalogue: the cards the pack knows, picked in one tap); a told outcome is then either one of
    them or an object this form accepts."""

    fields: tuple[Field, ...]
    title: str = ""  # catalog message id above the fields ("Type the card"); the page has its own by default

    def check(self, value: Any) -> dict[str, Any]:
        """The outcome as the form accepts it, else BadOutcome in words: an object with each field once, each
        within its bounds. Whether the rules allow it is the game's `resolve`."""
        if not isinstance(value, Mapping):
            raise BadOutcome(N_("Type the card in the form's fields."))
        names = {f.name for f in self.fields}
        stray = sorted(str(k) for k in value if k not in names)
        if stray:
            raise BadOutcome(N_("The card has no field {name}."), name=shortened(stray[0]))
        for one in self.fields:
            one.check(value.get(one.name))
        return {f.name: value[f.name] for f in self.fields}

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "fields": [f.to_json() for f in self.fields]}
