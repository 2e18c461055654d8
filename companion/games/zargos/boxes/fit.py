"""Names on the glass: a province's name as the pack prints it may be longer than a line of the box
("Zargos, around the City 2"); the box shortens its longest words to their initial ("Zargos, a. the City
2") until the line fits, so nothing is cut and the last word, which tells provinces apart, stays."""

from __future__ import annotations

from companion.boxes.glass import WIDTH
from companion.boxes.text import TEXT_ROOM, width

TITLE_ROOM = WIDTH - int(width("3/3")) - 9  # the title bar beside a page marker (drawing._title)


def fitted(text: str, room: float = TEXT_ROOM, suffix: str = "") -> str:
    """`text` + `suffix`, its longest words shortened to their initial first (never the last word, which
    tells provinces apart) until the line fits."""
    words = text.split(" ")
    while width(" ".join(words) + suffix) > room:
        long = [i for i, w in enumerate(words[:-1]) if len(w.rstrip(",")) > 2 and not w.endswith(".")
                and not w.endswith(".,")]
        if not long:
            break
        i = max(long, key=lambda i: (len(words[i].rstrip(",")), -i))
        words[i] = words[i][0] + "." + ("," if words[i].endswith(",") else "")
    return " ".join(words) + suffix
