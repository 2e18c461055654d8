"""Golden screenshots of Zargos's main box screens, drawn as the OLED shows them from the box's own
editors (a hand-made view on the shipped map, so that the engine's play does not move them), in English
and French. `ZARGOS_UPDATE_GOLDENS=1` rewrites them after a deliberate change of look; look at them
(enlarged copies are written beside the run with `ZARGOS_SCREENS_DIR`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from companion.boxes.controller import SeatController
from companion.boxes.drawing import image, overflows
from companion.boxes.frame import Frame
from companion.games.zargos.boards import default_pack
from companion.games.zargos.boxes import BOXES
from companion.games.zargos.rules.choices import (
    AttackChoice,
    CombatCardChoice,
    DraftChoice,
    FightChoice,
    KeepChoice,
    PeopleChoice,
    PlaceChoice,
    ReinforceChoice,
    ReorganiseChoice,
    SwordsChoice,
    WindowChoice,
)
from companion.table import SeatSnapshot

GOLDEN = Path(__file__).parent / "screens"
SHA = default_pack().sha256


def view(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "zargos-state/1", "reader": "seat:0", "version": 40, "round": 3, "phase": "attack",
        "board": {"name": "Zargos", "status": "provisional", "sha256": SHA},
        "players": [{"seat": 0, "peoples": ["ailes", "araignees"], "cards": 2,
                     "hand": ["vent_de_guerre", "vent_de_tempete"]},
                    {"seat": 1, "peoples": ["chevaliers", "dragons"], "cards": 3}],
        "peoples": {
            "ailes": {"seat": 0, "strength": 31, "boats": 2, "points": 14, "kingdom_cards": ["kori"], "out": False,
                      "cards": ["reinforcement", "boat"], "secret_cards": 0, "extra": 4},
            "araignees": {"seat": 0, "strength": 22, "boats": 0, "points": 9, "kingdom_cards": [], "out": False,
                          "cards": [], "secret_cards": 0, "extra": 0},
            "chevaliers": {"seat": 1, "strength": 28, "boats": 1, "points": 12, "kingdom_cards": [], "out": False,
                           "cards": [], "secret_cards": 0},
            "dragons": {"seat": 1, "strength": 25, "boats": 3, "points": 11, "kingdom_cards": [], "out": False,
                        "cards": [], "secret_cards": 0}},
        "provinces": {"kori-1": {"people": "ailes", "strength": 5}, "kori-2": {"people": "ailes", "strength": 7},
                      "kori-3": {"people": "dragons", "strength": 3}, "z-c1": {"people": "ailes", "strength": 2}},
        "order": ["ailes", "dragons", "chevaliers", "araignees"], "active": "ailes",
        "awaiting": [{"seat": 0, "decision": "attack"}], "chance": None, "winner": None, "combat": None,
        "log": [], "table": {"instructions": []}}
    return {**base, **changes}


ATTACK = AttackChoice(0, "ailes", (("kori-1", 4), ("kori-2", 6)), 2, ("vent_de_guerre", "vent_de_terre"))
CASES: dict[str, tuple[Any, dict[str, Any], Any, tuple[str, ...]]] = {
    # name: (choice, view changes, the page's built move, keys pressed first)
    "people": (PeopleChoice(0, ("ailes", "amazones", "moines")), {"round": 0, "phase": "choose"}, None, ()),
    "draft": (DraftChoice(0, "ailes", ("green", "blue")), {"round": 0, "phase": "draft"}, None, ()),
    "swords": (SwordsChoice(0, "ailes", 2, 10), {"round": 0, "phase": "swords"}, None, ("RIGHT", "RIGHT", "DOWN")),
    "place": (PlaceChoice(0, "ailes", ("kori-1", "kori-2", "z-c1"), 33), {"round": 0, "phase": "place"}, None,
              ("OK", "LEFT", "LEFT", "OK", "DOWN", "OK")),
    "red-window": (WindowChoice(0, "dragons", ("vent_de_folie", "vent_de_tempete")), {}, None, ()),
    "madness-on": (WindowChoice(0, "dragons", ("vent_de_folie", "vent_de_tempete")), {}, None,
                   ("DOWN", "OK", "DOWN")),
    "defend": (CombatCardChoice(0, "kori-1", ("vent_de_guerre",)), {"phase": "fight"}, None, ("DOWN",)),
    "war-attacker": (CombatCardChoice(0, "kori-1", ("vent_de_guerre",), "attack"), {"phase": "fight"}, None, ()),
    "attack-built": (ATTACK, {}, {"from": "kori-2", "to": "kori-3", "strength": 6}, ()),
    "attack-from": (ATTACK, {}, None, ("OK",)),
    "attack-to": (ATTACK, {}, None, ("OK", "DOWN", "OK")),
    "attack-strength": (ATTACK, {}, None, ("OK", "DOWN", "OK", "OK", "DOWN")),
    "fight": (FightChoice(0, "ailes", ("kori-3", "z-c2"), ("vent_de_guerre",)), {"phase": "fight"}, None, ()),
    "reorganise": (ReorganiseChoice(0, "ailes", ("kori-1", "kori-2", "z-c1"), 2, 2, ()), {"phase": "reorganise"},
                   {"from": "kori-2", "to": "kori-1", "strength": 3}, ("OK",)),
    "keep": (KeepChoice(0, ("eclipse", "vent_de_guerre", "vent_de_mort", "vent_de_tempete"), 3),
             {"phase": "deal"}, None, ()),
    "buy-boats": (ReinforceChoice(0, "ailes", 17, 3, 69, ("kori-1", "kori-2", "z-c1")), {"phase": "reinforce"},
                  None, ("UP",)),
    "buy-tokens": (ReinforceChoice(0, "ailes", 17, 3, 69, ("kori-1", "kori-2", "z-c1")), {"phase": "reinforce"},
                   None, ("UP", "OK", "RIGHT", "RIGHT")),
    "draw": (None, {"round": 0, "phase": "draft", "chance": {
        "kind": "draw", "told_by": 0, "prompt": "Which card did you draw?", "params": {"pile": "blue"},
        "outcomes": ["boat", "province:kori-1", "province:k10-4", "province:ludos-3"]}}, None, ("DOWN",)),
    "waiting": (None, {"active": "dragons", "awaiting": [{"seat": 1, "decision": "fight"}],
                       "combat": {"province": "kori-1", "attacker": "dragons", "strength": 6, "defender": "ailes",
                                  "defence": 5, "capital": False, "rounds": 1}}, None, ()),
}
PAGES = {"status": "status", "result": "main"}


def frame_of(name: str, language: str) -> Frame:
    if name in PAGES:
        changes = {"winner": {"people": "ailes", "seat": 0}, "phase": "over"} if name == "result" else {}
        snap = SeatSnapshot(view(**changes), None, (), None, False)
        box = SeatController(0, lambda: snap, lambda command: None, sleeps=False, menus=BOXES,
                             language=lambda: language)
        box.page = PAGES[name]
        return box.frame()
    choice, changes, built, keys = CASES[name]
    snap = SeatSnapshot(view(**changes), choice, (), built, False)
    box = SeatController(0, lambda: snap, lambda command: None, sleeps=False, menus=BOXES, language=lambda: language)
    frame = box.frame()
    for key in keys:
        frame = box.press(key)
    return frame


NAMES = sorted([*CASES, *PAGES])


def same(one: Image.Image, two: Image.Image) -> bool:
    return ImageChops.difference(one.convert("L"), two.convert("L")).getbbox() is None


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_main_zargos_screens_match_their_golden_images_and_cut_nothing(language: str) -> None:
    differ: list[str] = []
    for name in NAMES:
        frame = frame_of(name, language)
        assert overflows(frame) == [], (name, overflows(frame))
        picture = image(frame)
        golden = GOLDEN / f"{name}-{language}.png"
        if os.environ.get("ZARGOS_UPDATE_GOLDENS"):
            GOLDEN.mkdir(exist_ok=True)
            picture.save(golden)
        if os.environ.get("ZARGOS_SCREENS_DIR"):  # enlarged, to look at
            picture.convert("L").resize((384, 192), Image.Resampling.NEAREST).save(
                Path(os.environ["ZARGOS_SCREENS_DIR"]) / f"{name}-{language}.png")
        if not same(picture, Image.open(golden).convert("1")):
            differ.append(name)
    assert differ == [], f"{differ} look different"
