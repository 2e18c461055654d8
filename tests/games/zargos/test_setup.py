"""Set-up: players, the people-choice roll, peoples per player, allotments, the draft, placement (§2, §15)."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.actions import ChoosePeople, Draft, Place, Swords, Trade, TradesDone
from companion.games.zargos.rules.choices import PlaceChoice, SwordsChoice
from companion.games.zargos.rules.errors import BadRecord, IllegalAction

from .support import BOARD, drive, first_turn


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    # 2.1
    with pytest.raises(BadRecord, match="2 to 6 players"):
        Setup(players)


def test_three_peoples_each_only_at_two_players() -> None:
    # 2.4 (FAQ): at 2 players, three peoples each may be taken; not at 3 players.
    assert Setup(2, 3).peoples_each == 3
    with pytest.raises(BadRecord, match=r"2\.4"):
        Setup(3, 3)


def test_the_highest_die_chooses_first_and_ties_roll_again() -> None:
    # 2.3, Z-02
    game = Game(BOARD, Setup(3))
    for total in (5, 2, 5):
        node = game.chance()
        assert node is not None and node.kind == "dice"
        game.resolve((total,))
    node = game.chance()
    assert node is not None and node.params["seat"] == 0  # seats 0 and 2 tied: they roll again
    game.resolve((1,))
    game.resolve((6,))
    assert game.state.seat_order == [2, 0, 1]
    assert [c.seat for c in game.awaited()] == [2]


@pytest.mark.parametrize(("players", "each", "allotment"), [(2, 2, 35), (2, 3, 25), (3, 2, 25), (4, 1, 35),
                                                            (5, 1, 30), (6, 1, 25)])
def test_allotments_by_player_count(players: int, each: int, allotment: int) -> None:
    # 2.5, Z-05 (the one token per card comes out of the allotment), 2.11 (swords add to it), 15.1, Z-03
    game = first_turn(players) if each != 3 else drive(Game(BOARD, Setup(2, 3)),
                                                       lambda g: g.state.phase == "attack")
    assert len(game.state.peoples) == players * each
    assert len(game.state.hands) == players  # one magic hand per player (Z-03)
    for key, people in game.state.peoples.items():
        on_board = sum(n for q, n in game.state.land.values() if q == key)
        assert on_board == allotment + people.extra
    # 2.2, 1.8: every province outside Zargos is occupied; Zargos is empty (9.1)
    assert set(game.state.land) == {p for p in BOARD.provinces if not BOARD.in_zargos(p)}


def test_the_first_order_is_by_strength() -> None:
    # 2.12, 2.15
    game = first_turn(4, seed=3)
    strengths = [35 + game.state.peoples[k].extra for k in game.state.order]
    assert strengths == sorted(strengths, reverse=True)


def test_a_people_already_taken_is_refused_and_nothing_changes() -> None:
    # 2.3
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "choose" and len(g.state.peoples) == 1)
    taken = next(iter(game.state.peoples))
    seat = game.awaited()[0].seat
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(ChoosePeople(seat, taken))
    assert caught.value.rule == "2.3" and game.view() == before


def test_the_draft_takes_one_green_or_two_blue_and_tokens_follow_province_cards() -> None:
    # 2.7, 2.8, Z-04
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "draft")
    choice = game.awaited()[0]
    game.push(Draft(choice.seat, choice.people, "blue"))
    node = game.chance()
    assert node is not None and node.kind == "draw" and node.told_by == choice.seat
    game.resolve("province:kori-1")
    assert game.state.land["kori-1"] == (choice.people, 1)
    game.resolve("boat")  # the second blue card
    assert game.state.peoples[choice.people].cards == ["province:kori-1", "boat"]
    with pytest.raises(IllegalAction):
        game.resolve("province:kori-1")  # nothing is drawn now: the next people chooses a pile


def test_reinforcement_and_boat_cards_are_secret() -> None:
    # 2.9: the public and the other seats see how many secret cards, not which
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")
    key, people = next((k, p) for k, p in game.state.peoples.items()
                       if any(c in ("boat", "reinforcement") for c in p.cards))
    other = (people.seat + 1) % 4
    for reader in ("public", f"seat:{other}"):
        seen = game.view(reader)["peoples"][key]
        assert not any(c in ("boat", "reinforcement") for c in seen["cards"]) and seen["secret_cards"] >= 1
        drawn = [e for e in game.view(reader)["log"] if e["event"] == "drafted" and e["people"] == key]
        assert all("card" not in e for e in drawn if e["secret"])
    assert any(c in ("boat", "reinforcement") for c in game.view(f"seat:{people.seat}")["peoples"][key]["cards"])


def test_trading_a_province_card_changes_the_token_on_it() -> None:
    # 2.10: any trade; the token on a traded province becomes the new owner's
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")
    (a, pa), (b, pb) = list(game.state.peoples.items())[:2]
    card = next(c for c in pa.cards if c.startswith("province:"))
    province = card.partition(":")[2]
    assert game.state.land[province] == (a, 1)
    game.push(Trade(pb.seat, a, b, (card,), ()))
    assert game.state.land[province] == (b, 1) and card in game.state.peoples[b].cards
    with pytest.raises(IllegalAction) as caught:
        game.push(Trade(pb.seat, a, b, (card,), ()))  # a no longer holds it
    assert caught.value.rule == "2.10"
    outsider = next(s for s in range(4) if s not in (pa.seat, pb.seat))
    with pytest.raises(IllegalAction):
        game.push(Trade(outsider, b, a, (card,), ()))  # only a party or the referee states a trade
    game.push(Trade(None, b, a, (card,), ()))
    assert game.state.land[province] == (a, 1)


def test_trading_ends_when_all_are_done_or_the_referee_says_so() -> None:
    # 2.10: the 10 minutes are the table's; the engine holds no clock
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")
    game.push(TradesDone(game.awaited()[0].seat))
    assert game.state.phase == "trade" and len(game.awaited()) == 3
    game.push(TradesDone(None))
    assert game.state.phase in ("swords", "place")


def test_swords_are_told_per_card_and_add_tokens_and_boat_cards_give_boats() -> None:
    # 2.11, Z-05
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")
    game.push(TradesDone(None))
    for people in game.state.peoples.values():
        assert people.boats == people.cards.count("boat")
    choice = next(c for c in game.awaited() if isinstance(c, SwordsChoice))
    with pytest.raises(IllegalAction) as caught:
        game.push(Swords(choice.seat, choice.people, (1,) * (choice.cards + 1)))
    assert caught.value.rule == "2.11"
    game.push(Swords(choice.seat, choice.people, (3,) * choice.cards))
    assert game.state.peoples[choice.people].extra == 3 * choice.cards


def test_placement_puts_exactly_what_is_owed_on_ones_own_provinces() -> None:
    # 2.12, Z-05
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "place")
    (choice,) = game.awaited()
    assert isinstance(choice, PlaceChoice)
    mine = choice.provinces[0]
    foreign = next(p for p, (q, _) in sorted(game.state.land.items()) if q != choice.people)
    with pytest.raises(IllegalAction) as caught:
        game.push(Place(choice.seat, choice.people, ((mine, choice.strength - 1),)))
    assert caught.value.rule == "2.12"
    with pytest.raises(IllegalAction):
        game.push(Place(choice.seat, choice.people, ((foreign, choice.strength),)))
    game.push(Place(choice.seat, choice.people, ((mine, choice.strength),)))
    assert game.state.land[mine][1] == 1 + choice.strength


def test_the_capital_cards_go_to_the_supply_or_stay_with_their_holders_by_option() -> None:
    # Z-06, 2.14
    plain = first_turn(4)
    assert all(not p.kingdom_cards for p in plain.state.peoples.values())
    kept = drive(Game(BOARD, Setup(4, 1, (("kingdom_cards", "setup_holder"),))),
                 lambda g: g.state.phase == "attack")
    assert sum(len(p.kingdom_cards) for p in kept.state.peoples.values()) == 10
