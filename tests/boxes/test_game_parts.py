"""The box framework serves any game through its part (`companion.boxes.game_parts`): the toy game
(tests/games/toy) with its box part (boxes.py), which Xidit's code never sees, gets its words, its editor's
keys and commands, and its own frame kind drawn, given to the box or found in the registry by the game the
table plays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from companion.boxes.controller import SeatController
from companion.boxes.drawing import image, overflows
from companion.boxes.frame import Frame
from companion.boxes.game_parts import Painter
from companion.boxes.sequences import counter
from companion.core import registry
from companion.core.game import GameModule
from companion.table import Command, Decide, SeatSnapshot
from companion.table.envelope import Envelope
from tests.games.toy import GAME
from tests.games.toy.boxes import ToyBoxes, paint_dial
from tests.games.toy.moves import AnswerChoice, Bid, ToySetup, Turn
from tests.games.toy.rules import ToyMatch

JSON = dict[str, Any]
TOY = replace(GAME, boxes=ToyBoxes())


def window() -> tuple[JSON, AnswerChoice]:
    """Seat 1's view and choice when seat 2's roll of 6 waits for answers, seat 1 holding a 2."""
    match = ToyMatch(ToySetup(3))
    for seat in range(3):
        match.push(Bid(seat, 0))
    for seat, card in ((0, 4), (1, 2)):
        match.push(Turn(seat, "draw"))
        match.resolve(card)
    match.push(Turn(2, "roll"))
    match.resolve(6)
    choice = next(c for c in match.awaited(1) if isinstance(c, AnswerChoice))
    return {**match.view("seat:1"), "table": {"instructions": []}}, choice


@dataclass(frozen=True)
class GameSnapshot(SeatSnapshot):
    game: str = "toy"  # the key of the game the table plays, as the table may say it


def snapshot(choice: AnswerChoice | None, view: JSON) -> SeatSnapshot:
    return GameSnapshot(view, choice, (), (), False)  # type: ignore[arg-type]


def test_a_game_of_its_own_drives_the_box_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "load", lambda key=registry.DEFAULT: pytest.fail(f"the box looked for {key}"))
    sent: list[Command] = []
    view, choice = window()
    snap = snapshot(choice, view)
    box = SeatController(1, lambda: snap, sent.append, sleeps=False, menus=TOY.boxes)
    first = box.frame()
    assert first == Frame("toy.answer", "Round 1", ("",), cursor=0, page=first.page)
    box.press("UP")
    box.press("UP", "repeat")  # the shell's own rule: UP and DOWN repeat
    box.press("RIGHT")  # the editor keeps LEFT/RIGHT: no page turns
    assert box.frame().cursor == 5 and box.frame().page == first.page and sent == []
    box.press("BACK")
    assert box.frame().lines == ("Pass, or block with a card.",)
    for _ in range(3):
        box.press("DOWN")
    box.press("OK")
    assert sent == [Decide(1, {"type": "answer", "seat": 1, "card": 2})]
    assert box.keys_for(2, six_keys=True) == counter(5, 0, 2)


def test_a_refusal_a_status_page_and_the_end_come_from_the_game() -> None:
    view, choice = window()
    snap = snapshot(choice, view)
    box = SeatController(1, lambda: snap, lambda command: None, sleeps=False, menus=TOY.boxes)
    for key in ("UP", "UP", "UP", "UP", "OK"):
        box.press(key)
    assert box.frame().lines == ("You hold no 4.",)
    snap = snapshot(None, view)  # nothing asked: the game's words, the pages turn
    waiting = box.frame()
    assert waiting.kind == "message" and waiting.title == "Round 1"
    assert waiting.lines == ("Others answer the roll", "You hold no 4.")
    assert box.press("LEFT").lines == ("2",) and box.frame().title == "In your hand"
    view["result"] = {"places": [[1], [0, 2]], "winners": [1]}
    assert box.press("OK").lines == ("You won",)


def test_the_box_finds_the_game_the_table_plays_in_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[str] = []

    def load(key: str = registry.DEFAULT) -> GameModule:
        looked.append(key)
        return TOY

    monkeypatch.setattr(registry, "load", load)
    no_game = replace(snapshot(None, {"phase": "setup"}), envelope=Envelope(0, "seat:1"))  # the table's, with no game
    box = SeatController(1, lambda: no_game, lambda command: None, sleeps=False)
    assert box.frame() == Frame("message", "Toy game", ("Waiting for the referee", "to start a game."))
    assert set(looked) == {"toy"}


def test_a_games_own_frame_kind_is_drawn_by_its_painter(monkeypatch: pytest.MonkeyPatch) -> None:
    games = registry.available()
    monkeypatch.setattr(registry, "available", lambda: [*games, TOY])
    frame = Frame("toy.answer", "Round 2", ("A notice far too long for its room",), cursor=5)
    picture = image(frame)
    assert all(picture.getpixel((x, 25)) for x in range(0, 41)) and not picture.getpixel((45, 25))
    assert overflows(frame) == ["A notice far too long for its room"]


def test_a_box_teaches_the_drawing_its_games_painters(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens of a box draw its game's frames without looking through every game."""

    class Learned(ToyBoxes):
        painters: Mapping[str, Painter] = {"toy.learned": paint_dial}

    view, _ = window()
    monkeypatch.setattr(registry, "available", lambda: pytest.fail("the drawing looked through the games"))
    SeatController(1, lambda: snapshot(None, view), lambda command: None, sleeps=False, menus=Learned()).frame()
    assert image(Frame("toy.learned", "Round 2", cursor=3)).getpixel((20, 25))
