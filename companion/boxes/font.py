"""The boxes' typeface, the height of a line of it, and its letters one by one.

Pillow lays a string out with Raqm when the system has libfribidi, and with its own basic layout
otherwise, and the two space letters differently (the basic layout rounds each letter's width to whole
pixels: lines a tenth wider at this size, so that some no longer fit the glass). A box would then show
other pictures, and cut other lines, on another system. So Pillow is only asked for single letters, with
the basic layout (which needs no system library), and `text.letters` places them itself at the font's
own widths: the same pictures everywhere, spaced about as tightly as Raqm spaced them (without its kerning).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

LINE = 12  # pixels per text line; the font's capitals are 8 px high
SIZE = 11  # pixels per em: capitals 8 px high
FINE = 64  # widths are measured on the font at 64 times the size: to 1/64 pixel, as FreeType counts
INK = 96  # a pixel at least this covered (of 255) is lit: thin strokes and the ellipsis's dots stay whole


def _load(size: int) -> ImageFont.FreeTypeFont:
    # Roboto (from the font-roboto package): Pillow's built-in font has no accents, and the boxes
    # speak French too.
    files = resources.files("font_roboto").joinpath("files", "Roboto-Regular.ttf")
    with resources.as_file(files) as path:
        return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def font() -> ImageFont.FreeTypeFont:
    """The font at the boxes' size (the boxes draw its letters one by one: `glyph`)."""
    return _load(SIZE)


@cache
def _fine() -> ImageFont.FreeTypeFont:
    return _load(SIZE * FINE)


@dataclass(frozen=True)
class Glyph:
    """A letter as the glass shows it: its ink (None for a space), where the middle of its ink is from
    the pen in the font's own drawing (`middle`, a fraction of a pixel), its top from the top of the
    line, and how far the letter moves the pen."""

    ink: Image.Image | None
    middle: float
    top: int
    advance: float


Box = tuple[int, int, int, int]


def _ink(font: ImageFont.FreeTypeFont, char: str, size: int) -> tuple[Image.Image | None, Box | None]:
    """`char` drawn in grey levels and made one-bit (a pixel lit when at least INK/255 covered): its ink,
    cropped, and the box around it as if drawn at (size, size) on a canvas of 3 * size (room for accents
    and tails). Grey drawing, unlike Pillow's one-bit drawing, keeps each letter on the font's lines (a
    one-bit 'r' sits a pixel high). The canvas is only as large as the letter's outline (Pillow draws
    nothing outside it): the fine font's whole canvas took 16 MB a letter, which each thread's heap kept."""
    left, top, right, bottom = (int(edge) for edge in font.getbbox(char))  # whole pixels (basic layout)
    grey = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(grey).text((-left, -top), char, font=font, fill=255)
    canvas = grey.point(lambda level: 255 if level >= INK else 0).convert("1")
    box = canvas.getbbox()
    if box is None:
        return None, None
    # Clipped to the canvas of 3 * size the letter was once drawn on, at (size, size).
    x, y = size + left, size + top
    placed = (max(0, box[0] + x), max(0, box[1] + y), min(3 * size, box[2] + x), min(3 * size, box[3] + y))
    if placed[0] >= placed[2] or placed[1] >= placed[3]:
        return None, None
    return canvas.crop((placed[0] - x, placed[1] - y, placed[2] - x, placed[3] - y)), placed


@cache
def glyph(char: str) -> Glyph:
    advance = float(_fine().getlength(char)) / FINE
    ink, box = _ink(font(), char, LINE)
    _, fine = _ink(_fine(), char, LINE * FINE)
    if ink is None or box is None or fine is None:
        return Glyph(None, 0.0, 0, advance)
    return Glyph(ink, ((fine[0] + fine[2]) / 2 - LINE * FINE) / FINE, box[1] - LINE, advance)
