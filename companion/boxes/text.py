"""Lines of text on the glass: measured, wrapped at spaces, and cut with an ellipsis only as a last
resort (the screen-fit test makes sure no screen of a game needs it)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .font import LINE, Glyph, glyph
from .glass import WIDTH

PAD = 4  # room around a kept line for what a glyph draws outside its advance
MARGIN = 4  # a line of text starts this far from the left edge of the glass
TEXT_ROWS = 4  # lines of text under the title (3 when there is a footer)
TEXT_ROOM = WIDTH - MARGIN - 7  # a line of a list or a page of text: the right edge keeps scroll arrows


@lru_cache(maxsize=8192)
def _layout(text: str) -> tuple[tuple[tuple[int, Glyph], ...], float]:
    """Where each letter's ink goes from the start of the line, and where the pen ends: each letter's ink
    centred, to the nearest pixel, where the font's own drawing has it, and moved right (the rest with
    it) if it would overlap the ink before (letters drawn on whole pixels can be wider than the font's)."""
    placed: list[tuple[int, Glyph]] = []
    pen = 0.0
    end = None  # where the last letter's ink ends
    for char in text:
        g = glyph(char)
        if g.ink is not None:
            x = int(pen + g.middle - g.ink.width / 2 + 0.5)
            if end is not None and x < end:
                pen += end - x
                x = end
            placed.append((x, g))
            end = x + g.ink.width
        pen += g.advance
    return tuple(placed), pen


def width(text: str) -> float:
    """How many pixels `text` takes on the glass."""
    return _layout(text)[1]


def rows(text: str) -> tuple[int, int]:
    """The first row `text` inks and the row after its last, from the top of its line (capitals take rows
    3 to 10; an accent on a capital starts at row 0, a tail below the line ends at row 12)."""
    placed = [g for _, g in _layout(text)[0] if g.ink is not None]
    if not placed:
        return 0, 0
    return min(g.top for g in placed), max(g.top + g.ink.height for g in placed if g.ink is not None)


def letters(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: int = 1) -> None:
    """`text` from `xy` (its top left, as Pillow places a string), letter by letter (font.py says why)."""
    for x, g in _layout(text)[0]:
        if g.ink is not None:
            draw.bitmap((xy[0] + x, xy[1] + g.top), g.ink, fill=fill)


@lru_cache(maxsize=4096)
def _line(text: str, room: int) -> Image.Image:
    """A line of text as a 1-bit mask, cut with an ellipsis rather than run off the glass. Kept: a box
    shows the same few dozen lines again and again, and drawing text is most of a frame's cost."""
    if width(text) > room:
        while text and width(text + "…") > room:
            text = text[:-1]
        text += "…"
    mask = Image.new("1", (int(width(text)) + 3 * PAD, LINE + 3 * PAD), 0)
    letters(ImageDraw.Draw(mask), (PAD, PAD), text)
    return mask


def text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], line: str, fill: int = 1, room: int | None = None) -> None:
    """One line from `xy`, within `room` pixels (to the right edge of the glass unless given)."""
    draw.bitmap((xy[0] - PAD, xy[1] - PAD), _line(line, WIDTH - xy[0] if room is None else room), fill=fill)


def wrap(lines: tuple[str, ...], room: int = TEXT_ROOM) -> tuple[str, ...]:
    """Breaks lines at spaces so that each fits `room` pixels (a single word longer than that stays
    whole: the fit test would show it)."""
    out: list[str] = []
    for line in lines:
        current = ""
        for word in line.split(" "):
            trial = f"{current} {word}" if current else word
            if current and width(trial) > room:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return tuple(out)
