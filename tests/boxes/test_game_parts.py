"""The box framework serves any game through its part (`companion.boxes.game_parts`): a small game defined
here, which Xidit's code never sees, gets its words, its editor's keys and commands, and its own frame
kind drawn, given to the box or found in the registry by the game the table plays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, get_args

import pytest

from companion.boxes.controller import SeatController
from companion.boxes.drawing import image, overflows
from companion.boxes.editors import count_step
from companion.boxes.frame import Frame
from companion.boxes.game_parts import KeyResult, Painter, Screen, Translate
from companion.boxes.pen import Pen
from companion.boxes.sequences import counter
from companion.core import registry
from companion.core.game import GameModule
from companion.games.xidit.boxes.editors import EDITORS
from companion.games.xidit.pieces import UNIT_LETTERS, weakest
from companion.games.xidit.rules.choices import Choice
from companion.table import Command, Decide, Refused, SeatSnapshot
from companion.table.envelope import Envelope

JSON = dict[str, Any]


@dataclass(frozen=True)
class Dial:
    """The toy game's only decision: turn a dial to a number between 0 and `most` (13 is unlucky)."""

    seat: int
    most: int = 20
    decision = "dial"
    sealed = False


class DialEditor:
    stage = "count"

    def __init__(self, choice: Dial) -> None:
        self.choice = choice
        self.count = 0

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if key == "OK":
            if self.count == 13:
                raise Refused(t("Not 13."))
            return KeyResult([Decide(self.choice.seat, {"type": "dial", "to": self.count})])
        if key == "BACK":
            return KeyResult(notice=t("Turn the dial."))
        self.count = count_step(key, self.count, self.choice.most)
        return KeyResult()

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return False  # LEFT/RIGHT turn the dial by five

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        return Frame("boxtoy.dial", screen.title, (screen.notice,), cursor=self.count, page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return counter(self.choice.most, 0, int(target))


class DialSeat:
    def __init__(self) -> None:
        self.editors: dict[Dial, DialEditor] = {}

    def editor(self, snap: SeatSnapshot) -> DialEditor | None:
        choice = snap.choice
        if not isinstance(choice, Dial):
            return None
        return self.editors.setdefault(choice, DialEditor(choice))


def paint_dial(pen: Pen, frame: Frame) -> None:
    """A bar as long as the dial's number, under the title; the notice under it."""
    pen.draw.rectangle((0, 20, 4 * (frame.cursor or 0), 30), fill=1)
    pen.text((2, 40), frame.lines[0] if frame.lines else "", 60)


class ToyBoxes:
    direct_keys: Mapping[str, str] = {}
    painters: Mapping[str, Painter] = {"boxtoy.dial": paint_dial}

    def title(self, view: JSON, seat: int, t: Translate) -> str:
        return t("Round {n}", {"n": view["round"]})

    def status(self, view: JSON, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
        return "In your hand", (f"{view['hand']} cards",)

    def result(self, view: JSON, seat: int, t: Translate) -> tuple[str, ...] | None:
        return ("You won",) if view.get("over") else None

    def waiting(self, view: JSON, seat: int, t: Translate) -> tuple[str, ...]:
        return ("Others turn dials",)

    def for_seat(self, seat: int) -> DialSeat:
        return DialSeat()


TOY = GameModule(key="boxtoy", title="Box toy", rules=None, boxes=ToyBoxes())
VIEW: JSON = {"phase": "play", "round": 2, "hand": 5, "table": {"instructions": []}}


@dataclass(frozen=True)
class GameSnapshot(SeatSnapshot):
    game: str = "boxtoy"  # the key of the game the table plays, as the table may say it


def snapshot(choice: Dial | None, view: JSON = VIEW) -> SeatSnapshot:
    return GameSnapshot(view, choice, (), (), False)  # type: ignore[arg-type]


def test_a_game_of_its_own_drives_the_box_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "load", lambda key=registry.DEFAULT: pytest.fail(f"the box looked for {key}"))
    sent: list[Command] = []
    snap = snapshot(Dial(1))
    box = SeatController(1, lambda: snap, sent.append, sleeps=False, menus=TOY.boxes)
    assert box.frame() == Frame("boxtoy.dial", "Round 2", ("",), cursor=0, page="2/3")
    box.press("UP")
    box.press("UP", "repeat")  # the shell's own rule: UP and DOWN repeat
    box.press("RIGHT")  # the editor keeps LEFT/RIGHT: no page turns
    assert box.frame().cursor == 7 and box.frame().page == "2/3" and sent == []
    box.press("BACK")
    assert box.frame().lines == ("Turn the dial.",)
    box.press("OK")
    assert sent == [Decide(1, {"type": "dial", "to": 7})]
    assert box.keys_for(13, six_keys=True) == counter(20, 0, 13)


def test_a_refusal_a_status_page_and_the_end_come_from_the_game() -> None:
    view = dict(VIEW)
    snap = snapshot(Dial(2))
    box = SeatController(2, lambda: snap, lambda command: None, sleeps=False, menus=TOY.boxes)
    for key in ("RIGHT", "RIGHT", "RIGHT", "DOWN", "DOWN", "OK"):
        box.press(key)
    assert box.frame().lines == ("Not 13.",)
    snap = snapshot(None, view)  # nothing asked: the game's words, the pages turn
    assert box.frame() == Frame("message", "Round 2", ("Others turn dials", "Not 13."), page="2/3")
    assert box.press("LEFT") == Frame("message", "In your hand", ("5 cards",), page="1/3")
    view["over"] = True
    assert box.press("OK").lines == ("You won",)


def test_the_box_finds_the_game_the_table_plays_in_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[str] = []

    def load(key: str = registry.DEFAULT) -> GameModule:
        looked.append(key)
        return TOY

    monkeypatch.setattr(registry, "load", load)
    no_game = replace(snapshot(None, {"phase": "setup"}), envelope=Envelope(0, "seat:1"))  # the table's, with no game
    box = SeatController(1, lambda: no_game, lambda command: None, sleeps=False)
    assert box.frame() == Frame("message", "Box toy", ("Waiting for the referee", "to start a game."))
    assert set(looked) == {"boxtoy"}


def test_a_games_own_frame_kind_is_drawn_by_its_painter(monkeypatch: pytest.MonkeyPatch) -> None:
    games = registry.available()
    monkeypatch.setattr(registry, "available", lambda: [*games, TOY])
    frame = Frame("boxtoy.dial", "Round 2", ("A notice far too long for its room",), cursor=10)
    picture = image(frame)
    assert all(picture.getpixel((x, 25)) for x in range(0, 41)) and not picture.getpixel((45, 25))
    assert overflows(frame) == ["A notice far too long for its room"]


def test_every_xidit_decision_kind_has_one_editor() -> None:
    assert set(EDITORS) == {kind.decision for kind in get_args(Choice)}


def test_xidits_pieces_are_said_in_one_place_for_boxes_and_pages() -> None:
    assert weakest((2, 0, 3, 1, 0), 4) == {"militia": 2, "infantry": 2}  # the weakest first, none too many
    assert list(UNIT_LETTERS) == ["militia", "archer", "infantry", "priest", "mage"]


def test_a_box_teaches_the_drawing_its_games_painters(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens of a box draw its game's frames without looking through every game."""

    class Learned(ToyBoxes):
        painters: Mapping[str, Painter] = {"boxtoy.learned": paint_dial}

    monkeypatch.setattr(registry, "available", lambda: pytest.fail("the drawing looked through the games"))
    SeatController(1, lambda: snapshot(None), lambda command: None, sleeps=False, menus=Learned()).frame()
    assert image(Frame("boxtoy.learned", "Round 2", cursor=10)).getpixel((20, 25))
