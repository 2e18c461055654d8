"""Issue 26 item 9: a black road has one letter a language, the same on every page, the map and the box:
K in English, N (noir) in French (docs/style.md). The French seat page and map said K while the
referee's page said N."""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask

from companion.boxes.box import Box
from companion.games.xidit.table.drafts import set_order
from companion.table import SetLanguage, Table
from tests.table.support import advance
from tests.web.conftest import as_referee, as_seat

LETTER = {"en": "K", "fr": "N"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_black_road_has_one_letter_everywhere(app: Flask, table: Table, language: str) -> None:
    advance(table, random.Random(3), past_placement=True)
    table.handle(set_order(1, 0, "black"))  # a black order in the seat's draft: drawn on the page and the box
    table.handle(SetLanguage(language))
    letter, other = LETTER[language], LETTER["fr" if language == "en" else "en"]
    seat = as_seat(app, 1).get("/seat/1").get_data(as_text=True)
    palette = re.search(r'class="pal pal-black"[^>]*>(.*?)</button>', seat, re.S)
    assert palette and f"<b>{letter}</b>" in palette[1]
    key = re.search(r'data-key="BLACK"[^>]*>(.*?)</button>', seat, re.S)
    assert key and f"<b>{letter}</b>" in key[1]
    slot = re.search(r'data-slot="0"[^>]*>(.*?)</button>', seat, re.S)
    assert slot and f"<b>{letter}</b>" in slot[1]
    roads = re.findall(r'<g class="road road-black".*?</g>', app.test_client().get("/map.svg").get_data(as_text=True),
                       re.S)
    assert roads and all(f">{letter}</text>" in road for road in roads)
    referee = as_referee(app).get("/referee").get_data(as_text=True)
    assert f"<b>{other}</b>" not in referee and f"<b>{other}</b>" not in seat
    box = Box(1, table, lambda frame: None)
    assert box.controller.frame().black == letter
