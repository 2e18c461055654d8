"""Lines of text on the glass: cut with an ellipsis when too long, or wrapped at spaces."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .font import LINE, font
from .glass import WIDTH

PAD = 4  # room around a kept line for what a glyph draws outside its advance


@lru_cache(maxsize=4096)
def _line(text: str, room: int) -> Image.Image:
    """A line of text as a 1-bit mask, cut with an ellipsis rather than run off the glass. Kept: a box
    shows the same few dozen lines again and again, and drawing text is most of a frame's cost."""
    f = font()
    measure = ImageDraw.Draw(Image.new("1", (1, 1)))
    if measure.textlength(text, font=f) > room:
        while text and measure.textlength(text + "…", font=f) > room:
            text = text[:-1]
        text += "…"
    mask = Image.new("1", (int(measure.textlength(text, font=f)) + 3 * PAD, LINE + 3 * PAD), 0)
    ImageDraw.Draw(mask).text((PAD, PAD), text, font=f, fill=1)
    return mask


def text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], line: str, fill: int = 1) -> None:
    """One line from `xy` to the right edge of the glass."""
    draw.bitmap((xy[0] - PAD, xy[1] - PAD), _line(line, WIDTH - xy[0]), fill=fill)


def wrap(draw: ImageDraw.ImageDraw, lines: tuple[str, ...]) -> tuple[str, ...]:
    """Breaks message lines at spaces so that each fits the glass."""
    out: list[str] = []
    for line in lines:
        words, current = line.split(" "), ""
        for word in words:
            trial = f"{current} {word}".strip()
            if current and draw.textlength(trial, font=font()) > WIDTH - 6:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return tuple(out)
