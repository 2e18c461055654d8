"""How people call a player: their name, else their colour, the same from a view or from the engine."""

from __future__ import annotations

from companion.games.xidit.rules.state import PlayerState
from companion.players import name_or_colour


def test_a_player_is_called_by_name_else_by_colour_in_the_readers_words() -> None:
    assert name_or_colour({"seat": 1, "colour": "red", "name": "Ann"}) == "Ann"
    assert name_or_colour({"seat": 1, "colour": "red", "name": None}) == "red"
    assert name_or_colour({"seat": 1, "colour": "red", "name": ""}, {"red": "rouge"}.__getitem__) == "rouge"
    assert name_or_colour({"seat": 1, "colour": "red"}) == "red"  # a view may leave the name out
    assert name_or_colour(PlayerState(2, "blue", None)) == "blue"
    assert name_or_colour(PlayerState(2, "blue", "Bob")) == "Bob"
