"""Issue 26 item 5: Clear empties the whole program being entered, in one gesture, on the phone's box view
as on a box (BACK held); a hold is a key event of its own over HTTP, after the press of the same key."""

from __future__ import annotations

import random

from flask import Flask

from companion.table import Table
from tests.table.support import advance
from tests.web.conftest import as_seat


def keys(client: object, *pressed: tuple[str, str]) -> int:
    """Sends key events as the phone box does, each naming the frame it was sent on; the last frame."""
    frame = int(client.get("/api/box/screen.png").headers["X-Frame"])  # type: ignore[attr-defined]
    for key, kind in pressed:
        answer = client.post("/api/box/key", json={"key": key, "frame": frame, "kind": kind})  # type: ignore[attr-defined]
        assert answer.status_code == 200, answer.get_json()
        frame = answer.get_json()["frame"]
    return frame


def test_back_held_on_the_phone_box_clears_the_whole_program(app: Flask, table: Table) -> None:
    advance(table, random.Random(3), past_placement=True)
    client = as_seat(app, 1)
    keys(client, ("RED", "press"), ("BLUE", "press"), ("ACTION", "press"), ("WAIT", "press"))
    assert table.seat_snapshot(1).draft[:4] == ("red", "blue", "action", "wait")
    keys(client, ("BACK", "press"), ("BACK", "hold"))  # one long press of BACK
    assert table.seat_snapshot(1).draft == (None,) * 6


def test_a_key_event_of_an_unknown_kind_is_refused(app: Flask, table: Table) -> None:
    advance(table, random.Random(3), past_placement=True)
    client = as_seat(app, 1)
    keys(client, ("RED", "press"))
    frame = int(client.get("/api/box/screen.png").headers["X-Frame"])
    answer = client.post("/api/box/key", json={"key": "BACK", "frame": frame, "kind": "smash"})
    assert answer.status_code == 400 and "press or hold" in answer.get_json()["error"]
    assert table.seat_snapshot(1).draft[0] == "red"
