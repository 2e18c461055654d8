"""What the rulebook's text does not give and the engine needs (the laboratory as printed, the board's colour
tables, the 24 Artefact cards): the game's pack. The shipped default is PROVISIONAL — invented so that the
engine can run, never the game's own data — until the owner enters the real board and cards (PROVISIONAL.md).

Slots are numbered 0 to 5 around the circle (L1.4): slot s has neighbours s-1 and s+1 (mod 6) and the slot
exactly opposite, s+3 (L6.2). Those follow from the text; which printed position is which number does not."""

from __future__ import annotations

from dataclasses import dataclass

from ...common.rules.gems import COLOURS

SLOTS = 6  # L1.4
CAPACITY = 3  # L4.1, L6.2
CARDS = 24  # L1.2: 30 Artefacts less the 6 Grimoires


@dataclass(frozen=True)
class Artefact:
    """One Artefact card (L1.5): its pattern as (slot, colour) pairs seen from team A's side of the laboratory
    (A-17: the Pi stores patterns from team A's side), its Glyphs (one colour per Glyph, 1 to 4) and the colour
    of its back (L2.5)."""

    number: int
    pattern: tuple[tuple[int, str], ...]
    glyphs: tuple[str, ...]
    back: str


@dataclass(frozen=True)
class Pack:
    """The laboratory's data. `facing` maps each slot as team A names it to the slot team B names so, seen
    from the other side of the table (A-17 reads a half turn: every slot onto its opposite). `opposite` is
    the yellow reaction's colour pairs (L7.3, both directions); `green` the colours a gem may become in the
    green reaction (L7.4, the player picks one when the board allows several, A-12)."""

    status: str  # "provisional" or "verified"
    facing: tuple[int, ...]
    opposite: dict[str, str]
    green: dict[str, tuple[str, ...]]
    artefacts: dict[int, Artefact]


def _provisional_artefacts() -> dict[int, Artefact]:
    """24 invented cards, four backs of each colour, 2 or 3 gems each, 1 to 4 Glyphs of the back's colour."""
    cards: dict[int, Artefact] = {}
    for number in range(1, CARDS + 1):
        i = number - 1
        back = COLOURS[i % 6]
        first = (i * 5) % SLOTS
        pattern = [(first, COLOURS[(i + 1) % 6]), ((first + 1 + i % 2) % SLOTS, COLOURS[(i + 3) % 6])]
        if i % 3 == 2:
            pattern.append(((first + 3) % SLOTS, COLOURS[(i + 4) % 6]))
        cards[number] = Artefact(number, tuple(pattern), (back,) * (1 + i % 4), back)
    return cards


# Provisional guesses, each flagged in PROVISIONAL.md: a half turn for team B, complementary colours
# for yellow (red/green, blue/orange, yellow/violet), "any other colour" for green.
PROVISIONAL = Pack(
    status="provisional",
    facing=tuple((s + 3) % SLOTS for s in range(SLOTS)),
    opposite={"red": "green", "green": "red", "blue": "orange", "orange": "blue", "yellow": "violet",
              "violet": "yellow"},
    green={c: tuple(o for o in COLOURS if o != c) for c in COLOURS},
    artefacts=_provisional_artefacts(),
)


def reaches(source: int, to: int, neighbours_only: bool = False) -> bool:
    """L6.2: a gem moves to a neighbouring slot or to the slot exactly opposite (A-07's other reading for the
    orange reaction's rotations: neighbours only)."""
    step = (to - source) % SLOTS
    return step in ((1, 5) if neighbours_only else (1, 3, 5))
