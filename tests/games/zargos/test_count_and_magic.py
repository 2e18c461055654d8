"""The count, the new order, kingdom cards and the magic cards (§10-§13, 9.9-9.14)."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import (
    Attack,
    Discard,
    EndAttacks,
    Fight,
    Keep,
    MagicTrade,
    OutOfGame,
    Pass,
    PlayCard,
    Reinforce,
)
from companion.games.zargos.rules.choices import CombatCardChoice, KeepChoice, WindowChoice
from companion.games.zargos.rules.errors import IllegalAction
from companion.games.zargos.rules.terms import CARDS, GREEN, RED

from .support import BOARD, active, end_turn, first_turn, layout, put


def kingdom(name: str) -> tuple[str, ...]:
    return BOARD.kingdoms[name].provinces


def counted(kingdoms: tuple[str, ...] = ("kori",)) -> tuple[Game, str, int, list[str]]:
    """Round 1 where the first people holds whole kingdoms and three others one plain province each;
    every turn passes and the count begins."""
    game = first_turn(4)
    seat, people = active(game)
    rest = [k for k in game.state.order if k != people]
    holdings = {p: (people, 2) for k in kingdoms for p in kingdom(k)}
    holdings |= {f"{k}-1": (q, 1) for k, q in zip(("k8", "k9", "k10"), rest, strict=True)}
    layout(game, holdings)
    for _ in range(4):
        end_turn(game)
    return game, seat, people, rest


def test_a_complete_kingdom_scores_its_printed_value_told_by_the_table() -> None:
    # 10.2: the value is not in the text nor in the provisional pack: the table reads it off the capital
    game, _, people, rest = counted()
    node = game.chance()
    assert node is not None and node.kind == "value" and node.params == {"kingdom": "kori"}
    game.resolve(9)
    assert game.state.values == {"kori": 9}
    # 10.1: the others hold one plain province each: 1 point; tied, they roll (10.4, Z-16)
    node = game.chance()
    assert node is not None and node.params["for"] == "tie"
    for total in (3, 5, 5):
        game.resolve((total,))
    game.resolve((2,))
    game.resolve((6,))
    assert game.state.peoples[people].points == 9
    assert all(game.state.peoples[k].points == 1 for k in rest)
    # 10.3: most points first; the tie broken by the dice, the tied pair rolling again
    assert game.state.order == [people, rest[2], rest[1], rest[0]]


def through_tie_rolls(game: Game) -> None:
    while (node := game.chance()) is not None and node.params.get("for") in ("tie",) or \
            (node is not None and node.kind == "value"):
        game.resolve(node.outcomes[len(node.outcomes) // 2 + len(game.moves) % 3] if node.kind == "dice"
                     else 9)


def test_a_kingdom_card_brings_a_magic_card_drawn_by_its_player() -> None:
    # 11.1, 12.1: a secret draw, told by the drawing seat (or dealt by the Pi)
    game, seat, people, _ = counted()
    through_tie_rolls(game)
    assert game.state.peoples[people].kingdom_cards == {"kori"}
    node = game.chance()
    assert node is not None and node.kind == "draw" and node.told_by == seat
    assert set(node.outcomes) == set(CARDS)
    assert "outcomes" not in game.view("public")["chance"]  # the deck's content is not the table's to see
    game.resolve("vent_de_folie")
    assert game.state.hands[seat] == ["vent_de_folie"]


def test_the_deck_holds_the_forty_cards_of_the_text() -> None:
    # 1.5: 20 red, 20 green
    game = first_turn(4)
    unseen = game.view()["deck"]["unseen"]
    assert sum(unseen.values()) == 40
    assert sum(n for c, n in unseen.items() if c in RED) == 20 and sum(n for c, n in unseen.items() if c in GREEN) == 20
    assert unseen["vent_de_guerre"] == 11 and unseen["vent_de_folie"] == 4


def test_a_hand_over_three_keeps_three_and_the_rest_goes_under_the_deck() -> None:
    # 12.2
    game, seat, _, _ = counted(("kori", "ludos", "k3", "k4"))
    through_tie_rolls(game)
    for card in ("vent_de_folie", "vent_de_glace", "vent_de_guerre", "typhon"):
        game.resolve(card)
    (choice,) = game.awaited()
    assert isinstance(choice, KeepChoice) and choice.seat == seat and choice.keep == 3
    with pytest.raises(IllegalAction) as caught:
        game.push(Keep(seat, ("typhon", "vent_de_folie")))
    assert caught.value.rule == "12.2"
    game.push(Keep(seat, ("typhon", "vent_de_folie", "vent_de_guerre")))
    assert sorted(game.state.hands[seat]) == ["typhon", "vent_de_folie", "vent_de_guerre"]
    assert game.view()["deck"]["under"] == ["vent_de_glace"]


def hand_of_four(game: Game, seat: int) -> None:
    through_tie_rolls(game)
    for card in ("vent_de_folie", "vent_de_folie", "vent_de_guerre", "typhon"):
        game.resolve(card)
    game.push(Keep(seat, ("typhon", "vent_de_folie", "vent_de_folie")))


def to_next_window(game: Game, people: str) -> None:
    (choice,) = game.awaited()
    game.push(Reinforce(choice.seat, people, 0, ((kingdom("kori")[0], choice.points // 2),)))


def test_hands_are_secret_but_their_size_is_not() -> None:
    # 12.2 and "What each player's box shows secretly": only the owner and the referee see the cards
    game, seat, _, _ = counted(("kori", "ludos", "k3", "k4"))
    hand_of_four(game, seat)
    other = (seat + 1) % 4
    for reader, sees in (("referee", True), (f"seat:{seat}", True), (f"seat:{other}", False), ("public", False)):
        shown = next(h for h in game.view(reader)["players"] if h["seat"] == seat)
        assert shown["cards"] == 3 and ("hand" in shown) is sees
        drawn = [e for e in game.view(reader)["log"] if e["event"] == "drew"]
        assert all(("card" in e) is sees for e in drawn)


def test_red_cards_are_played_before_a_turn_and_a_wind_of_madness_hits_every_province() -> None:
    # 12.4, Z-19, 12.10, Z-22, 12.8, Z-20; 12.5: a red card goes under the magic deck (what lasts of its
    # effect is the table's to state, Z-27)
    game, seat, people, rest = counted(("kori", "ludos", "k3", "k4"))
    hand_of_four(game, seat)
    to_next_window(game, people)
    assert game.state.round == 2
    window = [c for c in game.awaited() if isinstance(c, WindowChoice)]
    assert [c.seat for c in window] == [seat] and window[0].cards == ("typhon", "vent_de_folie")
    with pytest.raises(IllegalAction) as caught:
        game.push(PlayCard(seat, "vent_de_folie", "province:k3-1"))
    assert caught.value.rule == "12.10"
    game.push(PlayCard(seat, "vent_de_folie", "kingdom:k3"))
    assert game.view()["deck"]["under"][-1] == "vent_de_folie" and game.state.hands[seat] == ["typhon", "vent_de_folie"]
    with pytest.raises(IllegalAction) as caught:
        game.push(PlayCard(seat, "vent_de_folie", "kingdom:k3"))  # the same card on the same target
    assert caught.value.rule == "12.8"
    # 12.11, Z-19: everyone is asked again (a Vent d'Illusion could turn it aside) before its dice
    assert game.chance() is None and [c.seat for c in game.awaited()] == [seat]
    game.push(Pass(seat))
    for total in (6, 1, 4, 5, 3):  # one die per occupied province of k3, halved
        node = game.chance()
        assert node is not None and node.params["for"] == "folie"
        game.resolve((total,))
    # strength 2 each; losses 3 (only 2 there), 0, 2, 2, 1; emptied provinces become unoccupied
    assert [game.state.land.get(p, (None, 0))[1] for p in kingdom("k3")] == [0, 2, 0, 0, 1]
    assert not any(isinstance(c, WindowChoice) for c in game.awaited())


def test_the_master_of_the_winds_takes_every_hand_and_loses_his_powers_with_the_city() -> None:
    # 9.9, 9.13, 9.14, Z-15
    game, seat, people, rest = counted(("kori", "ludos", "k3", "k4"))
    hand_of_four(game, seat)
    other = game.state.peoples[rest[0]].seat
    put(game, "fc", rest[0], 3)
    assert game.state.master == other
    hands = {h["seat"]: h["cards"] for h in game.view("public")["players"]}
    assert hands[seat] == 0 and hands[other] == 3 and game.view("public")["master"] == other
    put(game, "fc", None)
    assert game.state.master is None and len(game.state.hands[other]) == 3


def test_the_master_draws_five_and_keeps_five_and_kingdom_cards_give_nothing() -> None:
    # 9.10, 9.11, Z-14
    game, seat, people, rest = counted(("kori", "ludos", "k3", "k4"))
    hand_of_four(game, seat)
    put(game, "fc", people, 3)  # the first people's player becomes Master: limit 5
    to_next_window(game, people)
    game.push(Pass(seat))
    for _ in range(4):
        end_turn(game)
    through_tie_rolls(game)
    deals = []
    while (node := game.chance()) is not None and node.kind == "draw":
        deals.append(node.told_by)
        game.resolve(sorted(node.outcomes)[0])
    assert deals == [seat] * 5
    (choice,) = game.awaited()
    assert isinstance(choice, KeepChoice) and choice.keep == 5 and len(choice.cards) == 8
    game.push(Keep(seat, choice.cards[:5]))
    put(game, "fc", None)  # 9.14, Z-15: no Master any more; he cuts down to 3 at once
    (choice,) = game.awaited()
    assert isinstance(choice, KeepChoice) and choice.seat == seat and choice.keep == 3


def test_magic_cards_are_traded_after_the_distribution_within_the_limits() -> None:
    # 12.9, Z-21
    game = first_turn(4)
    seat, people = active(game)
    rest = [k for k in game.state.order if k != people]
    other = game.state.peoples[rest[0]].seat
    holdings = {p: (people, 2) for k in ("kori", "ludos", "k3") for p in kingdom(k)}
    holdings |= {p: (rest[0], 2) for p in kingdom("k4")} | {"k9-1": (rest[1], 1), "k10-1": (rest[2], 1)}
    layout(game, holdings)
    for _ in range(4):
        end_turn(game)
    through_tie_rolls(game)
    while (node := game.chance()) is not None and node.kind == "draw":
        mine = ("typhon", "vent_de_folie", "vent_de_guerre")
        game.resolve("eclipse" if node.told_by == other else mine[len(game.state.hands[seat])])
    assert sorted(game.state.hands[seat]) == ["typhon", "vent_de_folie", "vent_de_guerre"]
    assert game.state.hands[other] == ["eclipse"] and game.state.phase == "reinforce"
    with pytest.raises(IllegalAction) as caught:
        game.push(MagicTrade(seat, seat, other, ("canicule",), ()))  # a card he does not hold
    assert caught.value.rule == "12.9"
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(MagicTrade(other, other, seat, ("eclipse",), ()))  # he would hold 4
    assert caught.value.rule == "12.9" and game.view() == before
    game.push(MagicTrade(other, other, seat, ("eclipse",), ("typhon", "vent_de_guerre")))
    assert sorted(game.state.hands[other]) == ["typhon", "vent_de_guerre"]
    assert sorted(game.state.hands[seat]) == ["eclipse", "vent_de_folie"]
    shown = next(e for e in game.view("public")["log"] if e["event"] == "magic_trade")
    assert "a_gives" not in shown and "a_gives" in next(
        e for e in game.view(f"seat:{other}")["log"] if e["event"] == "magic_trade")


def test_a_card_for_a_people_not_in_the_game_leaves_it_and_another_is_drawn() -> None:
    # 12.13, Z-23: not under the deck; its holder draws again
    game, seat, _, _ = counted()
    through_tie_rolls(game)
    game.resolve("vent_de_mort")
    game.push(OutOfGame(seat, seat, "vent_de_mort"))
    node = game.chance()
    assert node is not None and node.kind == "draw" and node.told_by == seat
    game.resolve("eclipse")
    assert game.state.hands[seat] == ["eclipse"] and game.state.removed == ["vent_de_mort"]
    assert "vent_de_mort" not in game.view()["deck"]["under"]


def round_two_with(cards: tuple[str, str, str, str], keep: tuple[str, str, str]) -> tuple[Game, int, str, list[str]]:
    game, seat, people, rest = counted(("kori", "ludos", "k3", "k4"))
    through_tie_rolls(game)
    for card in cards:
        game.resolve(card)
    game.push(Keep(seat, tuple(sorted(keep))))
    to_next_window(game, people)
    return game, seat, people, rest


def test_a_wind_of_illusion_answers_a_card_played_in_the_window() -> None:
    # 12.11, 12.6: a green card that turns aside what is aimed; offered once a card has been played, before
    # that card's dice; the player of the last Vent d'Illusion names the kingdom struck (Z-27: the FAQ gives
    # this effect, so the engine applies it)
    game, seat, _, rest = round_two_with(("vent_d_illusion", "vent_de_folie", "typhon", "eclipse"),
                                         ("vent_d_illusion", "vent_de_folie", "typhon"))
    (window,) = [c for c in game.awaited() if isinstance(c, WindowChoice)]
    assert window.cards == ("typhon", "vent_de_folie")
    game.push(PlayCard(seat, "vent_de_folie", "kingdom:k8"))
    assert game.chance() is None  # not rolled while a player may still answer
    (window,) = [c for c in game.awaited() if isinstance(c, WindowChoice)]
    assert "vent_d_illusion" in window.cards
    game.push(PlayCard(seat, "vent_d_illusion", "kingdom:k9"))
    assert game.state.hands[seat] == ["typhon"]
    game.push(Pass(seat))
    node = game.chance()
    assert node is not None and node.params == {"for": "folie", "province": "k9-1", "seat": seat}
    game.resolve((2,))  # k9's one occupied province loses 1: it is emptied; k8's is untouched
    assert "k9-1" not in game.state.land and game.state.land["k8-1"] == (rest[0], 1)


def test_the_defender_may_play_his_own_wind_of_war_before_the_dice() -> None:
    # Z-20: the attacker and the defender may each play one per combat
    game, seat, people, rest = round_two_with(("vent_de_guerre", "vent_de_folie", "typhon", "eclipse"),
                                              ("typhon", "vent_de_folie", "vent_de_guerre"))
    attacker = rest[2]
    while active(game)[1] != attacker:
        end_turn(game)
    layout(game, {"kori-1": (people, 2), "k10-4": (attacker, 5), "k8-1": (rest[0], 1), "k9-1": (rest[1], 1)})
    other = game.state.peoples[attacker].seat
    game.push(Attack(other, attacker, "k10-4", "kori-1", 4))
    game.push(EndAttacks(other, attacker))
    game.push(Fight(other, attacker, "kori-1"))
    assert game.chance() is None
    (choice,) = game.awaited()
    assert isinstance(choice, CombatCardChoice) and choice.seat == seat and choice.province == "kori-1"
    with pytest.raises(IllegalAction):
        game.push(PlayCard(seat, "vent_de_guerre", "province:k10-4"))
    game.push(PlayCard(seat, "vent_de_guerre", "province:kori-1"))
    node = game.chance()
    assert node is not None and node.params["for"] == "battle"
    assert "vent_de_guerre" not in game.state.hands[seat]
    assert game.view("public")["log"][-1] == {"event": "played", "seat": seat, "card": "vent_de_guerre",
                                              "target": "province:kori-1"}


def test_a_card_aimed_at_ones_own_people_may_be_kept_or_discarded_under_the_deck() -> None:
    # 12.12 (FAQ): kept by default; or put under the deck, its name behind the holder's screen. Only the
    # holder or the referee says so; nobody discards a card he does not hold
    game, seat, _, _ = counted()
    through_tie_rolls(game)
    game.resolve("vent_de_mort")
    other = (seat + 1) % 4
    before = game.view()
    for refused in (Discard(other, seat, "vent_de_mort"), Discard(seat, seat, "typhon")):
        with pytest.raises(IllegalAction) as caught:
            game.push(refused)
        assert caught.value.rule == "12.12" and game.view() == before
    game.push(Discard(seat, seat, "vent_de_mort"))
    assert game.state.hands[seat] == [] and game.view()["deck"]["under"] == ["vent_de_mort"]
    assert game.state.removed == []  # not out of the game (12.13 is another case)
    public = next(e for e in game.view("public")["log"] if e["event"] == "discarded")
    assert public == {"event": "discarded", "seat": seat, "secret": True}
    assert next(e for e in game.view(f"seat:{seat}")["log"] if e["event"] == "discarded")["card"] == "vent_de_mort"
    again = Game.replay(game.board, game.setup, game.history)
    assert again.view() == game.view()
