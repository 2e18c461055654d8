"""The reveal at the end: what each mage did for or against the King (rules/deeds.py), in the view once the
game is over and never before."""

from __future__ import annotations

import pytest

from companion.games.astoria.epic import GAME
from companion.games.astoria.epic.rules.moves import Move
from tests.games.astoria_epic.support import act, game
from tests.games.conformance.play import play


@pytest.mark.parametrize("seed", [1, 4])
def test_the_deeds_count_each_mages_tributes_and_accusations_once_the_game_is_over(seed: int) -> None:
    match = play(GAME, seed)
    deeds = match.view("public")["deeds"]
    moves = [m for m in match.moves if isinstance(m, Move)]
    for seat in match.setup.seats:
        mine = deeds[str(seat)]
        assert mine["tributes"] == sum(m.type == "tribute" and m.seat == seat for m in moves)
        assert [(a["target"], a["faction"]) for a in mine["accusations"]] == \
            [(m.target, m.faction) for m in moves if m.type == "accuse" and m.seat == seat]
        assert min(mine["health_gained"], mine["health_lost"]) >= 0


def test_a_tribute_is_its_payers_deed_and_no_deed_is_shown_before_the_end() -> None:
    match = game(4)
    act(match, 1, "tribute", colour="red")
    assert "deeds" not in match.view("referee")
    assert match.deeds[1].tributes == 1 and match.deeds[1].health_gained == match.state.health - 6
