"""The boxes' typeface and the height of a line of it."""

from __future__ import annotations

from functools import cache
from importlib import resources

from PIL import ImageFont

LINE = 12  # pixels per text line; the font's capitals are 8 px high


@cache
def font() -> ImageFont.FreeTypeFont:
    # Roboto (from the font-roboto package): Pillow's built-in font has no accents, and the boxes
    # speak French too. At 11 px its capitals are 8 px high.
    files = resources.files("font_roboto").joinpath("files", "Roboto-Regular.ttf")
    with resources.as_file(files) as path:
        return ImageFont.truetype(str(path), 11)
