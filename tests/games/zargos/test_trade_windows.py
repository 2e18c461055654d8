"""The timed trading windows: the set-up's 10 minutes (2.10, 2.11) and the 3 minutes of magic trades after
each deal (12.9, Z-21). The engine keeps no clock: a window says its length, and ends when every seat is
done or when the table (its countdown, or the referee) pushes "time is up", a move of the record."""

from __future__ import annotations

import pytest

from companion.core.game import TimeLimit
from companion.games.zargos.rules import Game, Setup, action_from_json, action_to_json
from companion.games.zargos.rules.actions import MagicTrade, TimeUp, TradesDone
from companion.games.zargos.rules.choices import TradeChoice
from companion.games.zargos.rules.errors import BadRecord, IllegalAction
from companion.games.zargos.rules.record import replay_json

from .support import BOARD, drive


def at_trade() -> Game:
    return drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "trade")


def at_magic_window(seed: int = 1) -> Game:
    return drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "magic", seed)


def test_the_setup_trade_lasts_ten_minutes_not_one_more() -> None:
    # 2.10: "10 minutes, not one more": every seat's trade choice says so, for the table to count down
    game = at_trade()
    choices = game.awaited()
    assert len(choices) == 4 and all(isinstance(c, TradeChoice) for c in choices)
    assert {c.time_limit for c in choices} == {TimeLimit(600, "trade")}
    assert choices[0].to_json()["time_limit"] == {"seconds": 600, "window": "trade"}


def test_when_the_ten_minutes_are_up_each_people_receives_its_boats() -> None:
    # 2.10, 2.11: time up ends the trading for everyone, even those who never said they were done; then
    # each people gets one boat per boat card
    game = at_trade()
    game.push(TradesDone(game.awaited()[0].seat))
    game.push(TimeUp(None, "trade"))
    assert game.state.phase != "trade" and not any(isinstance(c, TradeChoice) for c in game.awaited())
    assert all(p.boats == p.cards.count("boat") for p in game.state.peoples.values())
    assert {"event": "time_up", "window": "trade"} in game.state.log


def test_time_up_is_refused_outside_its_window_and_changes_nothing() -> None:
    # 2.10, Z-21: "time is up" ends the window the table counts down, nothing else
    game = at_trade()
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(TimeUp(None, "magic_trade"))
    assert caught.value.rule == "Z-21" and game.view() == before
    with pytest.raises(IllegalAction):
        game.push(TimeUp(None, "lunch"))
    assert game.view() == before and game.version == len(game.moves)


def test_time_up_is_nobodys_move_in_the_record() -> None:
    # 2.10: the clock or the referee says it, never a seat
    assert action_from_json(action_to_json(TimeUp(None, "trade"))) == TimeUp(None, "trade")
    with pytest.raises(BadRecord):
        action_from_json({"type": "time_up", "seat": 1, "window": "trade"})


def test_after_each_deal_a_three_minute_magic_trade_window_opens() -> None:
    # 12.9, Z-21: the Pi opens a 3-minute trade window after the distribution of 3.3, before the purchases
    game = at_magic_window()
    choices = game.awaited()
    assert {c.seat for c in choices} == set(range(4))
    assert all(isinstance(c, TradeChoice) and c.time_limit == TimeLimit(180, "magic_trade") and c.peoples == ()
               for c in choices)
    for choice in choices:
        game.push(TradesDone(choice.seat))  # every seat done: the window closes before its time
    assert game.state.phase == "reinforce"


def test_magic_trades_in_the_window_keep_everyone_within_his_limit() -> None:
    # 12.9, Z-21: a seat states a trade in the window; nobody may end over his limit (3, the Master 5: 12.2,
    # 9.10); after the window only the referee may record one
    game = at_magic_window(seed=4)
    master = game.state.master
    assert master == 0 and len(game.state.hands[0]) == 5 and game.state.hands[1] == []
    four = tuple(game.state.hands[0][:4])
    game.push(MagicTrade(0, 0, 1, four, ()))
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(MagicTrade(1, 0, 1, four, ()))  # seat 1 would hold 4
    assert caught.value.rule == "12.9" and game.view() == before
    with pytest.raises(IllegalAction) as caught:
        game.push(MagicTrade(1, 1, 0, ("eclipse",), ()))  # seat 1 holds no card to give
    assert caught.value.rule == "12.9" and game.view() == before
    card = four[0]
    game.push(MagicTrade(1, 0, 1, (card,), ()))  # either player of the trade proposes it...
    assert game.state.hands[1] == [] and \
        {"a": 0, "b": 1, "a_gives": [card], "b_gives": [], "by": 1} in game.view("seat:0")["offers"]
    assert game.view("seat:2")["offers"] == [] and game.view("public")["offers"] == []  # theirs alone
    game.push(MagicTrade(0, 1, 0, (), (card,)))  # ...and the other's own statement of it makes it
    assert game.state.hands[1] == [card] and len(game.state.hands[0]) == 4
    assert [o["by"] for o in game.state.offers] == [0]  # seat 0's other proposal still waits
    game.push(TimeUp(None, "magic_trade"))
    assert game.state.phase == "reinforce"
    with pytest.raises(IllegalAction) as caught:
        game.push(MagicTrade(1, 1, 0, (card,), ()))
    assert caught.value.rule == "Z-21"
    game.push(MagicTrade(None, 1, 0, (card,), ()))  # Z-21: the referee may allow one at another time
    assert game.state.hands[1] == []


def test_a_proposal_not_taken_lapses_when_the_window_closes() -> None:
    # Z-21: the window ends the proposals with it
    game = at_magic_window(seed=4)
    game.push(MagicTrade(0, 0, 2, (game.state.hands[0][0],), ()))
    assert len(game.state.offers) == 1
    game.push(TimeUp(None, "magic_trade"))
    assert game.state.offers == [] and game.view()["offers"] == []


def test_placement_cards_are_not_traded_in_the_magic_window() -> None:
    # 2.10, 2.14: the placement cards are set aside once the first round begins
    game = at_magic_window()
    with pytest.raises(IllegalAction) as caught:
        game.push(action_from_json({"type": "trade", "seat": None, "a": "ailes", "b": "moines",
                                    "a_gives": ["boat"], "b_gives": []}))
    assert caught.value.rule == "2.10"


def test_a_record_with_times_up_replays_to_the_same_game() -> None:
    # 2.10, Z-21: the end of a timed window is a move of the record, replayed as it was
    game = at_trade()
    game.push(TimeUp(None, "trade"))
    game = drive(game, lambda g: g.state.phase == "magic")
    game.push(TimeUp(None, "magic_trade"))
    record = game.record_json()
    assert sum(m.get("type") == "time_up" for m in record["moves"]) == 2
    again = replay_json(BOARD, record)
    assert again.view() == game.view() and again.state.phase == "reinforce"
