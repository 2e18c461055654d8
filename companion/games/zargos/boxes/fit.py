"""Names on the glass: a province's name as the pack prints it may be longer than a line of the box
("Zargos, around the City 2"); the box shortens its first words to their initials ("Z., around the City
2") until the line fits, so nothing is cut and the end of the name, which tells provinces apart, stays."""

from __future__ import annotations

from companion.boxes.glass import WIDTH
from companion.boxes.text import TEXT_ROOM, width

TITLE_ROOM = WIDTH - int(width("3/3")) - 9  # the title bar beside a page marker (drawing._title)


def fitted(text: str, room: float = TEXT_ROOM, suffix: str = "") -> str:
    """`text` + `suffix`, the words of `text` shortened from the left as needed."""
    words = text.split(" ")
    for i in range(len(words)):
        line = " ".join(words) + suffix
        if width(line) <= room or i == len(words) - 1:
            return line
        if len(words[i].rstrip(",")) > 1:
            comma = "," if words[i].endswith(",") else ""
            words[i] = words[i][0] + "." + comma
    return " ".join(words) + suffix
