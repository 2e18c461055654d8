"""The box's gems: 60 of them, 10 of each of six colours (the rulebook's words common to both games)."""

from __future__ import annotations

# In the rulebook's order; a colour is its English word in records and views. In the Epic the colours are
# also the six domains of magic: Fire red, Cobalt blue, Sulphur yellow, Nature green, Shadow violet,
# Solar orange.
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "violet", "orange")
PER_COLOUR = 10
