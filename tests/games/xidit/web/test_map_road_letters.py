"""Issue 26 item 9: nothing the map lays over the board covers a road's letter (tiles, region labels,
guilds), so the letter, the road's only sign besides its colour and dash, stays readable; in English
and French, through a whole game on the default board."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from flask import Flask

from companion.table import SetLanguage, Table
from tests.table.support import next_inputs

SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


def rect(element: ET.Element) -> Box:
    x, y = float(element.get("x", 0)), float(element.get("y", 0))
    return x, y, x + float(element.get("width", 0)), y + float(element.get("height", 0))


def covered(svg: str) -> list[tuple[str, Box, Box]]:
    """Each road letter's badge that a tile, a region label or a guild floor overlaps."""
    root = ET.fromstring(svg)
    letters: list[Box] = []
    over: list[tuple[str, Box]] = []
    for group in root.iter(f"{SVG}g"):
        kind = group.get("class", "").split(" ")[0]
        if kind == "road":
            letters += [rect(r) for r in group.findall(f"{SVG}rect")]
        elif kind in ("tile", "region-label", "guild"):
            over += [(kind, rect(r)) for r in group.findall(f"{SVG}rect")]
    return [(kind, box, letter) for letter in letters for kind, box in over
            if not (box[0] >= letter[2] or box[2] <= letter[0] or box[1] >= letter[3] or box[3] <= letter[1])]


def test_no_tile_label_or_guild_covers_a_road_letter(app: Flask, table: Table) -> None:
    rng = random.Random(11)
    client = app.test_client()
    maps = 0
    while table.playing():
        if table.actions() % 10 == 0:
            language = ("en", "fr")[maps % 2]  # the labels' widths differ by language
            table.handle(SetLanguage(language))
            svg = client.get("/map.svg").get_data(as_text=True)
            assert covered(svg) == [], (table.actions(), language)
            maps += 1
        for command in next_inputs(table, rng):
            table.handle(command)
    assert maps >= 6
