"""A card the table types in (companion.core.typed), on a box's six keys: the generic menus' editor of a chance
node with a `form`. One line per card of its catalogue (OK tells it), one per value to type (LEFT/RIGHT: a
number stepped within its bounds, a word in turn, a mark ticked or not), and a last line that tells the card
typed; a refusal (a field left blank, a card the rules deny) comes back as the box's notice, nothing told."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.typed import MARK, NUMBER, Field
from companion.i18n import N_
from companion.table import Command, SeatSnapshot, Tell

from .frame import Frame
from .game_parts import JSON, KeyResult, Screen, Translate

TELL = N_("Tell the table this card")


class TypedEditor:
    stage = "typed"

    def __init__(self, seat: int, heading: str, node: Any, question: Any, answers: Sequence[JSON]) -> None:
        self.seat = seat
        self.heading = heading
        self.question = question
        labels = {repr(a.get("value")): str(a.get("label")) for a in answers if isinstance(a, dict)}
        self.catalogue = [(o, labels.get(repr(o), str(o))) for o in node.outcomes]
        # Each value to type: its field, its place in a repeated field (None: the field itself), its label.
        self.slots: list[tuple[Field, int | None, str]] = []
        for field in node.form.fields:
            if field.repeat:
                self.slots += [(field, n, field.labels[n] if n < len(field.labels) else field.label)
                               for n in range(field.repeat)]
            else:
                self.slots.append((field, None, field.label))
        self.values: list[Any] = [False if f.kind == MARK else None for f, _, _ in self.slots]  # a mark starts off
        self.cursor = 0

    def _slot(self) -> int | None:
        at = self.cursor - len(self.catalogue)
        return at if 0 <= at < len(self.slots) else None

    def _count(self) -> int:
        return len(self.catalogue) + len(self.slots) + 1

    def typed(self) -> JSON:
        """The card as typed so far, in the form's JSON (a blank is None: the table says what is missing)."""
        out: JSON = {}
        for (field, index, _), value in zip(self.slots, self.values, strict=True):
            if index is None:
                out[field.name] = value
            else:
                out.setdefault(field.name, []).append(value)
        return out

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        slot = self._slot()
        if key in ("UP", "DOWN"):
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % self._count()
        elif key in ("LEFT", "RIGHT") and slot is not None:
            self.values[slot] = _stepped(self.slots[slot][0], self.values[slot], 1 if key == "RIGHT" else -1)
        elif key == "OK" and self.cursor < len(self.catalogue):
            return KeyResult(self._tell(self.catalogue[self.cursor][0]))
        elif key == "OK" and slot is not None:
            self.cursor += 1  # on to the next value
        elif key == "OK":
            return KeyResult(self._tell(self.typed()))
        return KeyResult()

    def _tell(self, outcome: Any) -> list[Command]:
        return [Tell(outcome, by=f"seat:{self.seat}", question=self.question)]

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return self._slot() is None

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        lines = [label for _, label in self.catalogue]
        lines += [t(N_("{name}: {value}"), {"name": t(label), "value": _shown(field, value, t)})
                  for (field, _, label), value in zip(self.slots, self.values, strict=True)]
        lines.append(t(TELL))
        slot = self._slot()
        if screen.notice:
            footer = screen.notice
        elif slot is not None and self.slots[slot][0].kind == NUMBER:
            field = self.slots[slot][0]
            footer = t(N_("LEFT/RIGHT: {low} to {high}"), {"low": field.least, "high": field.most})
        elif slot is not None:
            footer = t(N_("LEFT/RIGHT: change"))
        else:
            footer = t(N_("OK: choose"))
        return Frame("editor", t(self.heading), tuple(lines), cursor=self.cursor, footer=footer, page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return []  # a card is typed by people: no virtual player draws one


def _stepped(field: Field, value: Any, step: int) -> Any:
    """One key's change: a number within its bounds (from blank, RIGHT gives the least and LEFT the most), the
    next or previous word, a mark turned over."""
    if field.kind == MARK:
        return not value
    if field.kind == NUMBER:
        if value is None:
            return field.least if step > 0 else field.most
        return max(field.least, min(field.most, value + step))
    words = field.words
    if value not in words:
        return words[0] if step > 0 else words[-1]
    return words[(words.index(value) + step) % len(words)]


def _shown(field: Field, value: Any, t: Translate) -> str:
    if field.kind == MARK:
        return t(N_("yes")) if value else t(N_("no"))
    if value is None:
        return "–"
    return t(value) if isinstance(value, str) else str(value)
