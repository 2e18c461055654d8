"""E2 and the objectives dealt by the Pi (E2.2, E12.1, E13.1, A-43, A-57)."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.errors import BadRecord
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.packs import shipped
from companion.games.astoria.epic.rules import EpicMatch, EpicSetup, deal
from companion.games.astoria.epic.rules.terms import COLOURS
from tests.games.astoria_epic.support import game


@pytest.mark.parametrize(("players", "cards"), [
    (2, {"save": 1, "dragon": 1, "populace": 1}),  # E13.1
    (3, {"save": 2, "dragon": 1, "populace": 1}),  # E2.2, E12.1
    (4, {"save": 3, "dragon": 1, "barbarians": 1, "populace": 1}),
    (6, {"save": 3, "dragon": 1, "barbarians": 1, "populace": 1})])
def test_objectives_are_dealt_from_the_cards_left_after_the_removals(players: int, cards: dict[str, int]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(200):
        dealt = Counter(deal(players, seed).objectives)
        assert sum(dealt.values()) == players
        assert all(dealt[o] <= n for o, n in cards.items()) and set(dealt) <= set(cards)
        seen.update(dealt)
    assert set(seen) == set(cards)  # every card left may be dealt


def test_the_deal_is_the_seeds_and_a_setup_of_removed_cards_is_refused() -> None:
    assert deal(5, 7) == deal(5, 7) and any(deal(5, 7).objectives != deal(5, s).objectives for s in range(8, 20))
    with pytest.raises(BadRecord):  # E12.1: no « Victoire des Barbares » at 3 players
        RULES.setup_from_json({"players": 3, "characters": ["red", "blue", "green"],
                               "objectives": ["barbarians", "save", "dragon"]})
    with pytest.raises(BadRecord):  # E13.1: one « Sauver le Roi » at 2
        RULES.setup_from_json({"players": 2, "characters": ["red", "blue"], "objectives": ["save", "save"]})


def test_a_new_game_keeps_the_seats_colours_as_their_characters() -> None:
    setup = RULES.default_setup([(1, "green", None), (2, "violet", None), (3, "red", None)], {}, 4)
    assert setup.characters == ("green", "violet", "red")
    assert RULES.players(setup) == [(1, "green", None), (2, "violet", None), (3, "red", None)]


def test_set_up_stocks_reserve_piles_and_tracks() -> None:
    """E2.3 to E2.5, E2.8."""
    match = EpicMatch(shipped(), EpicSetup(4, COLOURS[:4], ("save", "save", "dragon", "populace")))
    s = match.state
    assert (s.populace, s.unrest, s.barbarians, s.reinforcements, s.dragon, s.health) == (1, 1, 1, 1, 1, 6)
    assert all(m.stock[m.colour] == 9 and sum(m.stock.values()) == 9 and m.power == 0 for m in s.mages.values())
    assert s.reserve == {"red": 0, "blue": 0, "yellow": 0, "green": 0, "violet": 10, "orange": 10}
    assert s.piles == [6, 6, 6] and all(m.hand == 3 for m in s.mages.values())  # 12 + 18 = 30 Artefacts (E1.4)
    assert match.chance() is not None and match.awaited() == []  # E4.1: the round opens on its Invasion card


def test_grand_alchimiste_roles_set_stocks_power_and_flasks() -> None:
    """E14.5, E14.6, E14.8, A-55."""
    match = game(5, roles=("grand_alchemist", "preparer", "saboteur", "saboteur", "preparer"))
    ga, preparer, saboteur = (match.state.mages[n] for n in (1, 2, 3))
    assert (ga.power, ga.stock["red"], ga.has_flask) == (20, 4, True)
    assert match.state.reserve["red"] == 5 + 0
    assert (preparer.stock["blue"], preparer.has_flask) == (10, True)
    assert (saboteur.stock["yellow"], saboteur.has_flask) == (9, False)
