"""Peoples out, players gone and boards emptied (Z-26, 14.1, 14.2): the flow goes on as the rules say from
every such point, never stopping in a phase it cannot leave. A people with no token on the board is out (no
turn, no points, no purchase, no rank); a player whose peoples are all out leaves the game, his magic cards
under the deck; the last people standing is no winner until it holds the Forbidden City and the three
provinces around it (14.1: victory is that alone); with no people left nobody can ever win: the game ends."""

from __future__ import annotations

import pytest

from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.actions import (
    Adjust,
    Attack,
    EndAttacks,
    Fight,
    PlayCard,
    Reinforce,
    Trade,
    TradesDone,
)
from companion.games.zargos.rules.choices import PlaceChoice, ReinforceChoice, WindowChoice
from companion.games.zargos.rules.errors import IllegalAction
from companion.games.zargos.table.events import events
from companion.games.zargos.table.steps import ZargosGrouping
from companion.games.zargos.table.words import people as people_words
from companion.table.steps import StepBuilder

from .support import BOARD, active, drive, end_turn, first_turn, layout
from .test_count import to_reinforce
from .test_count_and_magic import counted, round_two_with


def emptied(game: Game, *peoples: str) -> None:
    """The referee states that these peoples lose every token (a card's or a power's effect, Z-27)."""
    game.push(Adjust(None, "referee", tokens=tuple((p, q, -n) for p, (q, n) in sorted(game.state.land.items())
                                                    if q in peoples)))


def lines(game: Game) -> list[str]:
    builder = StepBuilder(ZargosGrouping(Game(game.board, game.setup)))
    builder.feed(list(events(game)))
    return [line.text("en", None) for s in builder.steps() for line in s.lines]


def moving(game: Game) -> bool:
    """Something can happen: a decision awaited, a chance outcome, or the end."""
    return bool(game.awaited()) or game.chance() is not None or game.result() is not None


def test_a_people_that_traded_away_every_province_is_out_at_the_placement() -> None:
    # 2.10 allows any trade, 2.12 places the tokens on the provinces it controls: with none it is out (Z-26)
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")
    a, b = list(game.state.peoples)[:2]
    lands = tuple(c for c in game.state.peoples[a].cards if c.partition(":")[0] in ("province", "capital"))
    game.push(Trade(None, a, b, lands, ()))
    game.push(TradesDone(None))
    game = drive(game, lambda g: g.state.phase != "swords")
    while game.state.phase == "place":
        (choice,) = game.awaited()
        assert isinstance(choice, PlaceChoice) and choice.people != a and choice.provinces
        done = len(game.moves)
        game = drive(game, lambda g, n=done: len(g.moves) > n)
    assert game.state.phase == "attack" and game.state.round == 1 and moving(game)
    assert game.state.peoples[a].out and a not in game.state.order
    assert any(e["event"] == "out" and e["people"] == a for e in game.state.log)


def test_a_people_emptied_before_buying_buys_nothing_and_the_next_buys() -> None:
    # Z-26: a people out buys nothing; on main the purchase waited for tokens it had nowhere to put (13.4)
    game, seat, people, rest = counted()
    to_reinforce(game)
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.people == people
    emptied(game, people)
    assert game.state.peoples[people].out and moving(game)
    # the others scored 1 point each: nothing to buy (13.3); the next round begins without the people out
    assert game.state.phase == "attack" and game.state.round == 2 and active(game)[1] != people
    said = f"{people_words(people).render('en')} has no token left on the board: it is out of the game, takes " \
           "no turn and scores nothing."
    assert said in lines(game)


def test_a_player_with_no_people_left_leaves_at_once() -> None:
    # Z-26: his magic cards go under the deck and he is not asked in the red-card window (12.4, Z-19)
    game, seat, people, rest = round_two_with(("vent_de_folie", "typhon", "eclipse", "canicule"),
                                              ("vent_de_folie", "typhon", "eclipse"))
    assert any(isinstance(c, WindowChoice) and c.seat == seat for c in game.awaited())
    under = len(game.state.under)
    emptied(game, people)
    assert game.state.hands[seat] == [] and len(game.state.under) == under + 3
    assert {"event": "left", "seat": seat, "cards": 3} in game.state.log
    assert not any(isinstance(c, WindowChoice) and c.seat == seat for c in game.awaited())
    assert game.view("public")["players"][seat]["cards"] == 0
    assert any(line.startswith(f"Player {seat + 1} has no people left and leaves the game: put his 3 magic cards")
               for line in lines(game))
    with pytest.raises(IllegalAction):
        game.push(PlayCard(seat, "typhon", ""))


def test_the_last_people_left_plays_on_and_wins_only_by_the_four_territories() -> None:
    # 14.1, 14.2: no victory by elimination; the rounds go on for the one people left
    game = first_turn(4)
    seat, people = active(game)
    layout(game, {"kori-1": (people, 10), "kori-2": (people, 10)})
    assert game.result() is None and [k for k, p in game.state.peoples.items() if not p.out] == [people]
    for round_ in (1, 2):
        assert game.state.round == round_ and active(game) == (seat, people)
        end_turn(game)
        assert game.result() is None
        while game.chance() is not None:
            game.resolve(game.chance().outcomes[0])
        while game.state.phase == "reinforce":
            (choice,) = game.awaited()
            assert isinstance(choice, ReinforceChoice) and choice.people == people
            n = min(choice.points // 2, choice.supply)
            game.push(Reinforce(seat, people, 0, (("kori-1", n),) if n else ()))
        assert game.state.order == [people]
    layout(game, {"kori-1": (people, 10), "fc": (people, 2)} | {p: (people, 1) for p in BOARD.around})
    result = game.result()
    assert result is not None and result.winners == (seat,) and game.state.winner == people


def test_the_active_people_with_tokens_in_flight_is_not_out_until_they_have_fought() -> None:
    # 4.4: the tokens moved are on the board until their combat; Z-26 is about tokens on the board
    game = first_turn(4)
    seat, people = active(game)
    enemy = game.state.order[1]
    layout(game, {"kori-1": (people, 10), "kori-3": (enemy, 1), "ludos-1": (enemy, 5)})
    game.push(Attack(seat, people, "kori-1", "kori-3", 9))
    game.push(Adjust(None, "referee", tokens=(("kori-1", people, -1),)))  # its last province is emptied
    assert not game.state.peoples[people].out
    game.push(EndAttacks(seat, people))
    game.push(Fight(seat, people, "kori-3"))
    game.resolve((6, 1))  # the defender's one token falls; the attackers take the province
    assert game.state.land["kori-3"] == (people, 9) and not game.state.peoples[people].out


def test_a_board_emptied_of_every_people_ends_the_game_with_no_winner() -> None:
    # Z-26: every player has left; 14.1 can never be met. On main the count waited for ever ("empty").
    game = first_turn(4)
    emptied(game, *game.state.peoples)
    assert game.state.phase == "over" and game.state.winner is None
    result = game.result()
    assert result is not None and result.winners == () and result.places == ((0, 1, 2, 3),)
    assert game.view("public")["winner"] is None and game.view("public")["awaiting"] == []
    with pytest.raises(IllegalAction) as caught:
        game.push(EndAttacks(*active(game)))
    assert caught.value.rule == "14.1"
    assert lines(game)[-1] == ("No people has a token left on the board: every player has left the game and nobody "
                               "can hold the Forbidden City and the three provinces around it. The game ends with "
                               "no winner.")


@pytest.mark.parametrize("phase", ["attack", "fight", "reorganise", "deal", "reinforce"])
def test_emptying_one_people_or_all_at_any_phase_never_stops_the_flow(phase: str) -> None:
    # every phase of a round, one people emptied then all: something is always awaited, or the game is over
    for seed in (3, 4):
        game = drive(Game(BOARD, Setup(3)), lambda g, p=phase: g.state.phase == p and g.state.round >= 2
                     and g.chance() is None, seed=seed)
        if game.result() is not None:
            continue
        victim = next(k for k, p in game.state.peoples.items() if not p.out)
        emptied(game, victim)
        assert moving(game)
        game = drive(game, lambda g: g.state.round >= 4, seed=seed)
        if game.result() is None:
            emptied(game, *game.state.peoples)
            result = game.result()
            assert result is not None and result.winners == ()
