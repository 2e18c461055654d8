"""Set-up (L2) and turn order (L3.1): teams, seating and order (A-06), spare Characters (A-04), the first player
(L2.5, A-05), the cards dealt and the Discoveries (L2.3, L2.6), the empty laboratory (A-03)."""

from __future__ import annotations

import pytest

from companion.core.errors import BadRecord, IllegalAction
from companion.games.astoria.laboratory.module import RULES
from companion.games.astoria.laboratory.rules import LabSetup
from companion.games.astoria.laboratory.rules.moves import Add, Chance
from tests.games.astoria_laboratory.support import PACK, started, turn

SIX = LabSetup(6, ("red", "blue", "yellow", "green", "violet", "orange"), ((), ()))


def seats(n: int) -> list[tuple[int, str, str | None]]:
    return [(s, "", None) for s in range(1, n + 1)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_team_holds_three_characters_the_spares_shared_out_a04(players: int) -> None:
    setup = RULES.default_setup(seats(players), {}, seed=players)
    assert [len(setup.team_characters(t)) for t in (0, 1)] == [3, 3]
    assert sorted(setup.team_characters(0) + setup.team_characters(1)) == sorted(PACK.opposite)
    assert setup.members(0) == tuple(range(1, players + 1, 2))  # A1, A2, A3 on one side


@pytest.mark.parametrize("players", [3, 5])
def test_the_laboratory_is_played_by_two_even_teams_l2_1(players: int) -> None:
    with pytest.raises(BadRecord, match="2, 4 or 6"):
        RULES.default_setup(seats(players), {}, seed=1)


def test_seat_colours_are_the_characters_dealt() -> None:
    setup = RULES.default_setup([(1, "green", None), (2, "orange", None)], {}, seed=3)
    assert setup.characters == ("green", "orange")
    assert RULES.players(setup) == [(1, "green", None), (2, "orange", None)]


def test_three_cards_are_dealt_to_each_player_each_told_by_its_receiver_l2_3() -> None:
    match = RULES.start(PACK, SIX)
    told = []
    for _ in range(18):
        node = match.chance()
        assert node is not None and node.kind == "deal"
        told.append(node.told_by)
        match.push(Chance(node.outcomes[0]))
    assert told == [s for s in range(1, 7) for _ in range(3)]
    assert [p["cards"] for p in match.view()["players"]] == [3] * 6


def test_the_first_player_is_whoever_was_dealt_the_colour_found_l2_5_a05() -> None:
    setup = LabSetup(4, ("red", "blue", "yellow", "green"), (("violet",), ("orange",)))
    match = RULES.start(PACK, setup)
    for _ in range(12):
        match.push(Chance(match.chance().outcomes[0]))  # type: ignore[union-attr]
    node = match.chance()
    assert node is not None and node.kind == "first" and node.told_by is None
    assert set(node.outcomes) == {"red", "blue", "yellow", "green"}  # a spare's colour is looked past
    with pytest.raises(IllegalAction):
        match.resolve("violet")
    match.push(Chance("green"))
    assert match.view()["first"] == 4


def test_play_alternates_teams_facing_pairs_in_turn_a06_l3_1() -> None:
    match = started(SIX, first="green")  # green was dealt to seat 4, team B's second player
    assert match.view()["order"] == [4, 3, 6, 5, 2, 1]
    played = []
    for gem in range(7):
        played.append(turn(match))
        match.push(Add(turn(match), "red", gem % 6))
    assert played == [4, 3, 6, 5, 2, 1, 4]


def test_three_discoveries_face_up_and_an_empty_laboratory_l2_6_a03() -> None:
    match = started(discoveries=(7, 8, 9))
    view = match.view("public")
    assert view["discoveries"] == [7, 8, 9]
    assert view["deck"] == 24 - 6 - 3
    assert view["laboratory"] == [[]] * 6 and view["centre"] is None
    assert view["reserve"] == dict.fromkeys(PACK.opposite, 10)
