"""A box part for the toy game (companion.boxes.game_parts.BoxMenus), given to it by the box tests that show a
game's own part driving the box shell: answering a roll is a dial from 0 (pass) to 5 (the card discarded to
block it), drawn as a bar by the game's own painter. GAME has none: without it, the toy is keyed on the
framework's generic boxes (tests/boxes/test_generic_boxes.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.boxes.editors import count_step
from companion.boxes.frame import Frame
from companion.boxes.game_parts import KeyResult, Painter, Screen, Translate
from companion.boxes.pen import Pen
from companion.boxes.sequences import counter
from companion.table import Decide, Refused, SeatSnapshot

from .moves import CARDS, AnswerChoice

JSON = dict[str, Any]


class AnswerDial:
    stage = "count"

    def __init__(self, choice: AnswerChoice) -> None:
        self.choice = choice
        self.count = 0  # 0 passes; a card's value discards it

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if key == "OK":
            if self.count and self.count not in self.choice.hand:
                raise Refused(t("You hold no {card}.", {"card": self.count}))
            card = self.count or None
            return KeyResult([Decide(self.choice.seat, {"type": "answer", "seat": self.choice.seat, "card": card})])
        if key == "BACK":
            return KeyResult(notice=t("Pass, or block with a card."))
        self.count = count_step(key, self.count, max(CARDS))
        return KeyResult()

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return False  # LEFT/RIGHT turn the dial by five

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        return Frame("toy.answer", screen.title, (screen.notice,), cursor=self.count, page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return counter(max(CARDS), 0, int(target or 0))


class ToySeatMenus:
    def __init__(self) -> None:
        self.editors: dict[AnswerChoice, AnswerDial] = {}

    def editor(self, snap: SeatSnapshot) -> AnswerDial | None:
        choice = snap.choice
        if not isinstance(choice, AnswerChoice):
            return None
        return self.editors.setdefault(choice, AnswerDial(choice))


def paint_dial(pen: Pen, frame: Frame) -> None:
    """A bar as long as the dial's number, under the title; the notice under it."""
    pen.draw.rectangle((0, 20, 8 * (frame.cursor or 0), 30), fill=1)
    pen.text((2, 40), frame.lines[0] if frame.lines else "", 60)


def me(view: JSON, seat: int) -> JSON:
    return next(p for p in view["players"] if p["seat"] == seat)  # type: ignore[no-any-return]


class ToyBoxes:
    direct_keys: Mapping[str, str] = {}
    painters: Mapping[str, Painter] = {"toy.answer": paint_dial}

    def title(self, snap: SeatSnapshot, seat: int, t: Translate) -> str:
        return t("Round {n}", {"n": snap.view["round"]})

    def status(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
        return "In your hand", (", ".join(map(str, me(snap.view, seat).get("hand", []))) or "no card",)

    def result(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...] | None:
        view = snap.view
        if view.get("result") is None:
            return None
        return ("You won",) if seat in view["result"]["winners"] else ("You lost",)

    def waiting(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...]:
        return ("Others answer the roll",) if snap.view["phase"] == "window" else ("Others play",)

    def for_seat(self, seat: int) -> ToySeatMenus:
        return ToySeatMenus()
