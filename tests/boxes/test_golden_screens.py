"""Golden screenshots: every kind of box screen, rendered as the OLED shows it, compared pixel for
pixel with the PNGs in tests/screens/. `XIDIT_UPDATE_GOLDENS=1 make test` rewrites them (and the
enlarged copies in docs/screens/ that the README shows) after a deliberate change of look."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops

from companion.boxes.drawing import image, overflows
from companion.boxes.font import font
from companion.boxes.frame import Frame
from hardware.screens import Screen

GOLDEN = Path(__file__).parent.parent / "screens"
DOCS = Path(__file__).parent.parent.parent / "docs" / "screens"

FRAMES = {
    "placement": Frame("grid", "Start on which city?", tuple(str(c) for c in range(1, 22)), cursor=11,
                       taken=(3, 16), footer="City 12: OK", page="2/3"),
    "placement-taken": Frame("grid", "Start on which city?", tuple(str(c) for c in range(1, 22)), cursor=3,
                             taken=(3, 16), footer="Taken by red.", page="2/3"),
    "programming": Frame("program", "Year 3 - blue", (), slots=("red", "action", "black", "wait", None, None),
                         slot=4, footer="BACK undo, held: clear", page="2/3"),
    "programming-full": Frame("program", "Year 3 - blue", ("City 17: needs Pr1",),
                              slots=("blue", "action", "red", "action", "black", "wait"), slot=3,
                              footer="OK lock", page="2/3"),
    "proposal": Frame("program", "Year 4 - blue", ("Last year's program",),
                      slots=("blue", "action", "red", "action", "black", "wait"), slot=0,
                      footer="OK lock, BACK new", page="2/3", proposal=True),
    "locked": Frame("program", "Year 3 - blue", ("Locked - 3 of 5 ready",),
                    slots=("blue", "action", "red", "action", "black", "wait"), slot=5, locked=True,
                    footer="OK unlock", page="2/3"),
    "reward": Frame("list", "Reward", ("gold 2 + bards 3", "gold 2 + guild 3", "bards 3 + guild 3"),
                    cursor=0, page="2/3"),
    "bards": Frame("editor", "Place 3 bard(s)", ("Region 7: 1", "Bastion (secret): 2"), cursor=1,
                   footer="LEFT/RIGHT: a bard", page="2/3"),
    "colossus": Frame("list", "A colossus wakes", ("Fight: 3 units", "Fight: 4 units", "Do not fight"),
                      cursor=0, page="2/3"),
    "colossus-units": Frame("editor", "Colossus: units", ("militia 2/2", "archer 1/3", "mage 0/1"),
                            cursor=1, footer="Give 3 of 3", page="2/3"),
    "neutral": Frame("list", "Neutral: raise which?", ("wealth 6", "influence 5", "fame 4"), cursor=2, page="2/3"),
    "census": Frame("editor", "Census", ("archer", "Reveal 3 of 5"), cursor=1, footer="LEFT/RIGHT: 5 at a time",
                    page="2/3"),
    "floor": Frame("list", "Floor: which guild?", ("Guild of city 6", "Guild of city 12"), cursor=0, page="2/3"),
    "status": Frame("message", "Behind your screen",
                    ("Mi2 Ar1 In0 Pr1 Ma0", "Gold 7  Bards 14", "Floors 11  Pending 0"), page="1/3"),
    "instructions": Frame("message", "For you to do", ("blue: take 3 gold.", "blue takes 1 archer from tile 6.",
                                                       "blue places 2 bards in region 4."), page="3/3"),
    "instructions-scrolled": Frame("message", "For you to do", ("blue: take 3 gold.",
                                                                "blue takes 1 archer from tile 6.",
                                                                "blue places 2 bards in region 4."), top=1,
                                   page="3/3"),
    "waiting": Frame("message", "Year 3 - blue", ("Waiting for", "red (reward)"), page="2/3"),
    "game-over": Frame("message", "Game over", ("wealth: 9", "fame: 14", "influence: 6", "Winner: Ann"), page="2/3"),
    "french": Frame("program", "Année 3 - bleu", ("Cité 12 : recrute milice paysanne",),
                    slots=("red", "action", "black", "wait", "blue", "action"), slot=4, footer="OK valider",
                    page="2/3"),
    "french-census": Frame("editor", "Recensement", ("mage de bataille", "Révéler 2 sur 4"), cursor=1,
                           footer="GAUCHE/DROITE : par 5", page="2/3"),
    "french-entry": Frame("program", "Année 1 - rouge", (), slots=("red", None, None, None, None, None), slot=1,
                          footer="RETOUR efface, tenu vide", page="2/3"),
    # accents above capitals (in the title bar's top pixels), cedillas under the line, the apostrophe
    "french-accents": Frame("message", "À vous, Éloïse", ("Ça y est : le colosse s'éveille à la cité 7.",
                                                          "Déjà reçu : 3 pièces d'or."), page="1/3"),
    "seat-link": Frame("qr", "Play on a phone", ("HTTP://192.168.1.20:8000/S/3/4847A7A1CAA1",), page="4/4"),
    "blank": Frame("blank", ""),
}


def same(one: Image.Image, two: Image.Image) -> bool:
    return ImageChops.difference(one.convert("L"), two.convert("L")).getbbox() is None


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_every_screen_matches_its_golden_image(name: str) -> None:
    picture = image(FRAMES[name])
    golden = GOLDEN / f"{name}.png"
    if os.environ.get("XIDIT_UPDATE_GOLDENS"):
        GOLDEN.mkdir(exist_ok=True)
        picture.save(golden)
        DOCS.mkdir(parents=True, exist_ok=True)
        picture.convert("L").resize((384, 192), Image.Resampling.NEAREST).save(DOCS / f"{name}.png")
    expected = Image.open(golden).convert("1")
    assert expected.size == (128, 64)
    assert same(picture, expected), f"{name} looks different"


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_the_luma_device_shows_the_same_image(name: str) -> None:
    device = dummy(width=128, height=64, mode="1")
    Screen(device).show(FRAMES[name])
    assert same(device.image, image(FRAMES[name]))


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_no_golden_screen_cuts_a_line(name: str) -> None:
    assert overflows(FRAMES[name]) == []


def test_text_is_at_least_8_pixels_high() -> None:
    box = font().getbbox("H")
    assert box[3] - box[1] >= 8


def test_a_dim_frame_lowers_the_contrast() -> None:
    contrasts: list[int] = []

    class Device:
        mode = "1"

        def contrast(self, level: int) -> None:
            contrasts.append(level)

        def display(self, picture: Image.Image) -> None:
            pass

    screen = Screen(Device())
    screen.show(FRAMES["waiting"])
    screen.show(Frame("message", "Year 3 - blue", ("Waiting for", "red (reward)"), page="2/3", dim=True))
    assert contrasts[0] > contrasts[1]
