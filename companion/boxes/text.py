"""Lines of text on the glass: measured, wrapped at spaces, and cut with an ellipsis only as a last
resort (the screen-fit test makes sure no screen of a game needs it)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .font import LINE, font
from .glass import WIDTH

PAD = 4  # room around a kept line for what a glyph draws outside its advance
MARGIN = 4  # a line of text starts this far from the left edge of the glass
TEXT_ROWS = 4  # lines of text under the title (3 when there is a footer)
TEXT_ROOM = WIDTH - MARGIN - 7  # a line of a list or a page of text: the right edge keeps scroll arrows


@lru_cache(maxsize=8192)
def width(text: str) -> float:
    """How many pixels `text` takes on the glass."""
    return float(font().getlength(text))


@lru_cache(maxsize=4096)
def _line(text: str, room: int) -> Image.Image:
    """A line of text as a 1-bit mask, cut with an ellipsis rather than run off the glass. Kept: a box
    shows the same few dozen lines again and again, and drawing text is most of a frame's cost."""
    f = font()
    if width(text) > room:
        while text and width(text + "…") > room:
            text = text[:-1]
        text += "…"
    mask = Image.new("1", (int(width(text)) + 3 * PAD, LINE + 3 * PAD), 0)
    ImageDraw.Draw(mask).text((PAD, PAD), text, font=f, fill=1)
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
