"""Golden screenshots of the framework's generic box menus (companion/boxes/generic.py), drawn as the OLED
shows them through the box shell (`SeatController`) from hand-made snapshots of the tests' toy game, in
English and French: the toy's words (bid, turn, roll, card) by its own catalog (tests/games/toy/locale),
the framework's by the framework's. The generic part reads what the envelope says of the view (its round,
who is awaited, the result) and the seat's own entry of its players, nothing else of the game's view.
`GENERIC_UPDATE_GOLDENS=1` rewrites them after a deliberate change of look; look at them
(`GENERIC_SCREENS_DIR` gets enlarged copies)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from companion.boxes.controller import SeatController
from companion.boxes.drawing import image, overflows
from companion.boxes.frame import Frame
from companion.boxes.generic import GenericBoxes
from companion.core.game import Awaiting, ChanceNode, Choice, Progress, Result
from companion.table import SeatSnapshot, Tell
from companion.table.envelope import Envelope
from tests.games.toy import GAME as TOY
from tests.games.toy.moves import CARDS, OMEN_CATALOGUE, OMEN_FORM, AnswerChoice, BidChoice, ToySetup, TurnChoice
from tests.games.toy.rules import ToyMatch

pytestmark = pytest.mark.usefixtures("toy_game")  # the toy known to the registry: its catalog is read

GOLDEN = Path(__file__).parent / "generic_screens"
BOXES = GenericBoxes(TOY)


@dataclass(frozen=True)
class Unlisted(Choice):
    """A choice that does not list its moves (`Choice.enumerate()`'s default): the box says where to make it."""

    seat: int = 0
    decision: str = "trade"
    sealed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat}


def view(**changes: Any) -> dict[str, Any]:
    base = ToyMatch(ToySetup(3, rounds=2)).view("seat:0")
    base["players"][0].update(cards=3, hand=[1, 3, 4], score=5)
    return {**base, "round": 2, "phase": "turn", "turn": 0, "awaiting": [{"seat": 0, "decision": "turn"}],
            "table": {"instructions": []}, **changes}


def envelope(seen: dict[str, Any]) -> Envelope:
    """What the table's envelope says of this view (the generic part reads nothing else of the game's)."""
    result = seen.get("result")
    return Envelope(seen["version"], seen["reader"], progress=Progress(seen["round"], seen["rounds"], seen["phase"]),
                    result=None if result is None else Result(tuple(map(tuple, result["places"])),
                                                              tuple(result["winners"])),
                    awaiting=tuple(Awaiting(a["seat"], a["decision"]) for a in seen["awaiting"]), table=seen["table"])


def snap(choice: Any = None, *, chance: Any = None, locked: bool = False, draft: Any = None,
         **changes: Any) -> SeatSnapshot:
    seen = view(**changes)
    return SeatSnapshot(seen, choice, (), draft, locked, chance=chance,
                        sealed=bool(choice is not None and choice.sealed), envelope=envelope(seen))


OMEN = ChanceNode("omen", tuple(OMEN_CATALOGUE), prompt="Draw an omen card", form=OMEN_FORM)
OMEN_ASKED = {"instructions": [], "asking": {
    "question": 7, "kind": "omen", "told_by": None,
    "answers": [{"value": n, "label": f"Omen card {n}"} for n in OMEN_CATALOGUE]}}

SCREENS: dict[str, tuple[SeatSnapshot, tuple[str, ...]]] = {
    # a list of moves; the cursor on a card's line, whose number LEFT/RIGHT step
    "turn": (snap(TurnChoice(0, (1, 3, 4))), ("DOWN", "DOWN", "RIGHT")),
    "answer": (snap(AnswerChoice(0, (2, 5), 1), phase="window",
                    awaiting=[{"seat": 0, "decision": "answer"}]), ()),
    "bid": (snap(BidChoice(0), phase="bid", awaiting=[{"seat": 0, "decision": "bid"}]), ("RIGHT",)),
    "bid-locked": (snap(BidChoice(0), locked=True, draft={"bid": 2}, phase="bid",
                        awaiting=[{"seat": 1, "decision": "bid"}]), ()),
    "draw": (snap(chance=ChanceNode("draw", CARDS, told_by=0, prompt="Draw a card"), phase="draw",
                  awaiting=[]), ("DOWN",)),
    "unlisted": (snap(Unlisted()), ()),
    # a card the table types in (companion.core.typed): the catalogue's cards, then each value, LEFT/RIGHT
    "typed": (snap(chance=OMEN, phase="omen", awaiting=[], table=OMEN_ASKED), ("DOWN", "DOWN", "RIGHT", "RIGHT")),
    "waiting": (snap(awaiting=[{"seat": 1, "decision": "turn"}, {"seat": 2, "decision": "answer"}]), ()),
    "status": (snap(awaiting=[{"seat": 1, "decision": "turn"}]), ("LEFT",)),
    "over": (snap(phase="over", awaiting=[], result={"places": [[0], [1, 2]], "winners": [0]}), ()),
    "over-lost": (snap(phase="over", awaiting=[], result={"places": [[1], [0, 2]], "winners": [1]}), ()),
}


def shown(name: str, language: str) -> Frame:
    snapshot, keys = SCREENS[name]
    box = SeatController(0, lambda: snapshot, lambda command: None, language=lambda: language, sleeps=False,
                         menus=BOXES)
    frame = box.frame()
    for key in keys:
        frame = box.press(key)
    return frame


CASES = [(name, language) for name in SCREENS for language in ("en", "fr")]


def same(one: Image.Image, two: Image.Image) -> bool:
    return ImageChops.difference(one.convert("L"), two.convert("L")).getbbox() is None


@pytest.mark.parametrize(("name", "language"), CASES)
def test_every_generic_screen_matches_its_golden_image(name: str, language: str) -> None:
    frame = shown(name, language)
    picture = image(frame)
    golden = GOLDEN / f"{name}-{language}.png"
    if os.environ.get("GENERIC_UPDATE_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        picture.save(golden)
    if os.environ.get("GENERIC_SCREENS_DIR"):
        out = Path(os.environ["GENERIC_SCREENS_DIR"])
        out.mkdir(parents=True, exist_ok=True)
        picture.convert("L").resize((512, 256), Image.Resampling.NEAREST).save(out / f"{name}-{language}.png")
    expected = Image.open(golden).convert("1")
    assert same(picture, expected), f"{name} ({language}) looks different"
    assert overflows(frame) == []


def test_what_the_generic_screens_say() -> None:
    assert shown("turn", "en").lines == ("roll", "draw", "play · card 3")
    assert shown("turn", "en").footer == "LEFT/RIGHT: 1 to 4"
    assert shown("answer", "en").lines == ("no card", "card 2")
    assert shown("bid", "fr").footer == "GAUCHE/DROITE\u202f: 0 à 2"
    assert shown("bid-locked", "en").lines == ("Locked: bid 2", "OK: unlock")
    assert shown("draw", "en").title == "Draw a card" and shown("draw", "en").cursor == 1
    assert shown("typed", "en").lines[:3] == ("Omen card 1", "Omen card 2", "Left number: 2")
    assert shown("typed", "en").footer == "LEFT/RIGHT: 1 to 6"
    assert shown("over", "en").lines == ("You won.",)
    assert shown("over-lost", "fr").title == "Partie terminée"


def test_the_generic_screens_number_seats_from_1_and_say_the_toys_words_in_french() -> None:
    """The toy numbers its seats from 0 (its rules' `first_seat`): people read them from 1, as for every game;
    its French catalog names its moves and decisions."""
    assert shown("waiting", "en").title == "Round 2 · Seat 1"
    assert shown("waiting", "en").lines[:3] == ("Waiting for", "Seat 2 (turn)", "Seat 3 (answer)")
    assert shown("over-lost", "en").lines == ("Winner: seat 2",)
    assert shown("turn", "fr").lines == ("lancer", "piocher", "jouer · carte 3")
    assert shown("waiting", "fr").lines[1:3] == ("Place 2 (tour)", "Place 3 (réponse)")


def typed_on_the_box(*keys: str) -> list[Any]:
    sent: list[Any] = []
    snapshot = SCREENS["typed"][0]
    box = SeatController(0, lambda: snapshot, sent.append, language=lambda: "en", sleeps=False, menus=BOXES)
    box.frame()
    for key in keys:
        box.press(key)
    return sent


def test_a_card_is_typed_on_the_box_value_by_value_or_picked_from_the_catalogue() -> None:
    # Left 2 (from blank: the least, then one more), middle 6 (from blank, LEFT: the most), right 3, the sky's
    # last word, the crown ticked; OK on the last line tells the card as the page would.
    keys = ("DOWN", "DOWN", "RIGHT", "RIGHT", "DOWN", "LEFT", "DOWN", "RIGHT", "RIGHT", "RIGHT", "DOWN", "LEFT",
            "DOWN", "RIGHT", "DOWN", "OK")
    assert typed_on_the_box(*keys) == [Tell({"numbers": [2, 6, 3], "sky": "moon", "crowned": True}, by="seat:0",
                                            question=7)]
    assert typed_on_the_box("DOWN", "OK") == [Tell(2, by="seat:0", question=7)]
    assert typed_on_the_box("UP", "OK") == [Tell({"numbers": [None] * 3, "sky": None, "crowned": False},
                                                 by="seat:0", question=7)]  # the table says what is missing
