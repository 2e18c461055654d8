"""Issue 26 item 9: the phone's box view is drawn at once, however long nobody pressed one of its keys.
A hardware box dims its OLED after 3 minutes and blanks it after 10 (burn-in), and the key that wakes it
does nothing else; a phone has no OLED to spare, so its box view never went dark (it showed black until a
key was pressed, and that key was lost)."""

from __future__ import annotations

import io

from flask import Flask
from PIL import Image

from companion.boxes.controller import BLANK_AFTER
from companion.table import Decide, Table
from tests.engine import engine
from web.phone import PhoneBoxes

from .conftest import PIN, as_seat, web_app


def lit(png: bytes) -> int:
    """How many pixels of the picture are lit."""
    picture = Image.open(io.BytesIO(png)).convert("1")
    return sum(picture.histogram()[1:])


def test_the_phone_box_view_is_drawn_after_a_long_idle(table: Table) -> None:
    now = [1000.0]
    phones = PhoneBoxes(table, {1, 2, 3, 4}, clock=lambda: now[0])
    app: Flask = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, phones)
    first = engine(table).state.turn_order()[0]
    client = as_seat(app, first)
    now[0] += BLANK_AFTER + 60  # a long talk at the table: nobody touched the phone
    city = engine(table).legal(first)[0].cities[0]  # type: ignore[union-attr]
    table.submit(Decide(first, {"type": "place", "seat": first, "city": city}, by="referee")).result(timeout=10)
    box = phones.get(first)
    assert box is not None and box.box.settled(10)
    assert box.frame is not None and box.frame.kind != "blank" and not box.frame.dim
    answer = client.get("/api/box/screen.png")
    assert answer.status_code == 200 and lit(answer.data) > 200
    # The first key does what it says (a box's OLED would take it to wake up only).
    frame = int(answer.headers["X-Frame"])
    pressed = client.post("/api/box/key", json={"key": "RIGHT", "frame": frame})
    assert pressed.status_code == 200 and pressed.get_json()["frame"] != frame
    for phone in phones.boxes.values():
        phone.box.close()
