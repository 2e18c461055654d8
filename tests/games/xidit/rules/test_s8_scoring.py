"""§8 final scoring: category values, fame majorities, eliminations, tie-breaks (R-11), the neutral
player (R-12, P-05), the winner.

Values are arranged at the start of a short game, which is then played to its end with waits (nothing
changes them). With 4 players and seat 1 first, the marker is held in years 1..9 by 1, 2, 3, 4, 1, 2, 3,
4, 1: seat 1 holds it in the last year (R-03), so the distances of R-11 are 1:0, 2:1, 3:2, 4:3.
"""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules import Game, Neutral, Outcome, Reward, split

from .support import (
    build_guild,
    finish,
    give_gold,
    give_pending_floor,
    give_units,
    orders,
    program,
    put_bards,
    started,
)

WIF = ("wealth", "influence", "fame")


def game_for(players: int = 4, scoring: tuple[str, ...] = WIF, **kwargs: Any) -> Game:
    return started(players, length="short", scoring=scoring, **kwargs)


def rounds(game: Game) -> list[dict[str, Any]]:
    finish(game)
    return game.view("public")["scoring"]["rounds"]  # type: ignore[no-any-return]


def values(rnd: dict[str, Any]) -> dict[int, int]:
    return {int(s): v for s, v in rnd["values"].items()}


def test_s8_scorings_follow_the_order_of_the_scoring_tiles() -> None:
    game = game_for(scoring=("fame", "wealth", "influence"))
    assert [r["category"] for r in rounds(game)] == ["fame", "wealth", "influence"]


def test_s8_wealth_is_the_gold_on_the_screen() -> None:
    game = game_for()
    for seat, gold in ((1, 5), (2, 3), (3, 7), (4, 1)):
        give_gold(game, seat, gold)
    first = rounds(game)[0]
    assert values(first) == {1: 5, 2: 3, 3: 7, 4: 1}
    assert first["ranking"] == [3, 1, 2, 4] and first["eliminated"] == [4]


def test_s8_influence_counts_floors_on_the_board_not_pending_ones() -> None:
    game = game_for(scoring=("influence", "wealth", "fame"))
    build_guild(game, 1, 13, 3)
    build_guild(game, 1, 14, 2)
    give_pending_floor(game, 1, 2)  # behind the screen: not counted
    build_guild(game, 2, 15, 4)
    build_guild(game, 3, 16, 1)
    first = rounds(game)[0]
    assert values(first) == {1: 5, 2: 4, 3: 1, 4: 0}
    assert first["eliminated"] == [4]


def fame_of(bards: dict[int, dict[int, int]], players: int = 4) -> dict[int, int]:
    game = game_for(players, scoring=("fame", "wealth", "influence"))
    for seat, where in bards.items():
        put_bards(game, seat, where)
    return values(rounds(game)[0])


def test_s8_fame_most_bards_score_high_the_runners_up_score_low_each() -> None:
    # Region 8 is worth [3, 1]: 3 bards score 3, the two runners-up with 2 score 1 each, 1 bard scores 0.
    assert fame_of({1: {8: 3}, 2: {8: 2}, 3: {8: 2}, 4: {8: 1}}) == {1: 3, 2: 1, 3: 1, 4: 0}


def test_s8_fame_a_tie_for_most_scores_high_each_and_nobody_low() -> None:
    assert fame_of({1: {8: 2}, 2: {8: 2}, 3: {8: 1}}) == {1: 3, 2: 3, 3: 0, 4: 0}


def test_s8_fame_single_player_in_a_region_scores_high() -> None:
    assert fame_of({2: {9: 1}}) == {1: 0, 2: 3, 3: 0, 4: 0}


def test_s8_fame_counts_every_region_and_the_bastion() -> None:
    # The Bastion (region 5) is worth [6, 4]; seat 1 also leads region 3 (3) and is runner-up in 4 (1).
    result = fame_of({1: {5: 2, 3: 1, 4: 1}, 2: {5: 1, 4: 2}})
    assert result == {1: 6 + 3 + 1, 2: 4 + 3, 3: 0, 4: 0}


def test_s8_fame_void_regions_are_not_counted() -> None:
    # No play puts bards into a void region: to show that the scoring ignores one anyway, bards
    # are written straight into void region 1 of a short 4-player game (a deliberately impossible state,
    # local to this test). Region 3 is scored as usual.
    game = game_for(scoring=("fame", "wealth", "influence"))
    game.state.bards[1][2] = 5
    game.state.players[2].bards_left -= 5
    put_bards(game, 1, {3: 1})
    first = rounds(game)[0]
    assert values(first) == {1: 3, 2: 0, 3: 0, 4: 0}


def test_s8_the_lowest_is_eliminated_at_each_scoring_and_the_last_one_wins() -> None:
    game = game_for()
    for seat, gold in ((1, 4), (2, 3), (3, 2), (4, 1)):
        give_gold(game, seat, gold)
    build_guild(game, 1, 13, 1)
    build_guild(game, 2, 14, 2)
    build_guild(game, 3, 15, 3)
    put_bards(game, 2, {8: 3})
    put_bards(game, 3, {8: 1})
    result = rounds(game)
    # Wealth: 4 out. Influence among 1, 2, 3: 1 floor is lowest, 1 out. Fame: 2 (3) beats 3 (1).
    assert [r["eliminated"] for r in result] == [[4], [1], [3]]
    assert [r["ranking"] for r in result] == [[1, 2, 3, 4], [3, 2, 1], [2, 3]]
    assert game.outcome() == Outcome(winner=2, neutral_won=False)
    assert game.view()["scoring"]["winner"] == 2


def test_s8_five_players_the_first_scoring_eliminates_the_lowest_two() -> None:
    game = game_for(5)
    for seat, gold in ((1, 5), (2, 4), (3, 3), (4, 2), (5, 1)):
        give_gold(game, seat, gold)
    for seat, floors in ((1, 1), (2, 3), (3, 2)):
        build_guild(game, seat, 12 + seat, floors)
    put_bards(game, 2, {9: 1})
    result = rounds(game)
    assert [sorted(r["eliminated"]) for r in result] == [[4, 5], [1], [3]]
    assert game.outcome() == Outcome(winner=2, neutral_won=False)


def test_s8_every_players_value_is_shown_eliminated_ones_too_and_their_bards_still_count() -> None:
    # Seat 4 drops at the first scoring (wealth) but its 3 bards in region 8 still lead at fame: seat 2
    # (2 bards) is the runner-up, seat 3 (1 bard) scores nothing and is eliminated.
    game = game_for(scoring=("wealth", "influence", "fame"))
    for seat, gold in ((1, 3), (2, 3), (3, 3)):
        give_gold(game, seat, gold)
    build_guild(game, 2, 14, 2)
    build_guild(game, 3, 15, 2)
    put_bards(game, 4, {8: 3})
    put_bards(game, 2, {8: 2})
    put_bards(game, 3, {8: 1})
    result = rounds(game)
    assert result[0]["eliminated"] == [4]
    assert result[1]["eliminated"] == [1]
    assert values(result[2]) == {1: 0, 2: 1, 3: 0, 4: 3}
    assert result[2]["ranking"] == [2, 3] and result[2]["eliminated"] == [3]
    assert values(result[1]) == {1: 0, 2: 2, 3: 2, 4: 0}  # eliminated seat 4's value is shown too


def test_r11_ties_go_to_more_units_on_the_screen() -> None:
    game = game_for()
    give_gold(game, 1, 5)
    give_gold(game, 2, 5)
    give_units(game, 3, militia=1)  # seats 3 and 4 tie at 0 gold; 4 has more units
    give_units(game, 4, militia=1, archer=1)
    first = rounds(game)[0]
    assert first["ranking"][-2:] == [4, 3] and first["eliminated"] == [3]


def test_r11_then_the_greater_distance_from_the_marker_ranks_better() -> None:
    # Seats 1 and 3 tie with no gold and no units. First player 1: the last-year holder is 1 (distance 0,
    # seat 3 at 2): seat 1 drops. First player 2: the holder is 2 (seat 1 at distance 3, seat 3 at 1):
    # seat 3 drops.
    for first, dropped in ((1, 1), (2, 3)):
        game = game_for(first=first)
        give_gold(game, 2, 5)
        give_gold(game, 4, 5)
        result = rounds(game)[0]
        assert result["eliminated"] == [dropped], first


def test_r11_the_rounds_say_what_broke_each_tie_and_only_the_referee_sees_which() -> None:
    game = game_for()
    give_gold(game, 1, 5)
    give_gold(game, 2, 5)  # 1 and 2 tie at 5, as many units: the distance decides (1 at 0, 2 at 1)
    give_units(game, 4, militia=1)  # 3 and 4 tie at 0: 4 has more units
    public = rounds(game)[0]
    referee = game.view("referee")["scoring"]["rounds"][0]
    assert referee["ties"] == [{"high": 2, "low": 1, "after_marker": [1, 0], "by": "seat"},
                               {"high": 4, "low": 3, "after_marker": [3, 2], "by": "units"}]
    assert public["ties"] == [{"high": 2, "low": 1, "after_marker": [1, 0]},
                              {"high": 4, "low": 3, "after_marker": [3, 2]}]


def test_r11_units_decide_before_distance() -> None:
    # Seat 1 (distance 0) holds a unit, seat 4 (distance 3) none: units come first, seat 4 drops.
    game = game_for()
    give_gold(game, 2, 5)
    give_gold(game, 3, 5)
    give_units(game, 1, priest=1)
    assert rounds(game)[0]["eliminated"] == [4]


def neutral_game(**kwargs: Any) -> Game:
    return game_for(3, scoring=("wealth", "influence", "fame"), **kwargs)  # neutral 6, 5, 4


def test_r12_the_neutral_ranks_below_a_player_it_ties_with_at_the_bottom() -> None:
    game = neutral_game()
    for seat, gold in ((1, 10), (2, 8), (3, 6)):
        give_gold(game, seat, gold)
    first = rounds(game)[0]
    assert first["neutral"] == {"value": 6, "position": 3, "eliminated": True}
    assert first["eliminated"] == []


def test_r12_the_neutral_tied_with_a_player_at_the_top_while_another_is_last() -> None:
    game = neutral_game()
    for seat, gold in ((1, 6), (2, 3), (3, 2)):
        give_gold(game, seat, gold)
    first = rounds(game)[0]
    assert first["ranking"] == [1, 2, 3]
    assert first["neutral"] == {"value": 6, "position": 1, "eliminated": False}
    assert first["eliminated"] == [3]


def test_r12_a_last_tie_between_a_player_and_the_neutral_goes_to_the_player() -> None:
    # Wealth: 3 (0 gold) drops, the neutral (6) stays. Influence: 2 (1 floor) drops, the neutral (5)
    # stays. Fame: seat 1 is runner-up in the Bastion (4), tying the neutral's 4: the neutral drops.
    game = neutral_game()
    give_gold(game, 1, 7)
    give_gold(game, 2, 7)
    build_guild(game, 1, 13, 4)
    build_guild(game, 1, 14, 2)
    build_guild(game, 2, 15, 1)
    put_bards(game, 2, {5: 2})
    put_bards(game, 1, {5: 1})
    result = rounds(game)
    assert [r["eliminated"] for r in result] == [[3], [2], []]
    assert result[2]["neutral"] == {"value": 4, "position": 1, "eliminated": True}
    assert game.outcome() == Outcome(winner=1, neutral_won=False)


def test_s8_the_neutral_is_ranked_with_its_value_plus_its_advances() -> None:
    # Seat 1 fells a threat (gold reward: 1 gold) and advances the neutral's wealth 6 -> 7. With 6 gold,
    # seat 1 is now below the neutral and drops; without the advance the neutral (6) would tie and drop.
    game = neutral_game(cities={1: 3, 2: 13, 3: 14})
    give_units(game, 1, militia=1, archer=1)
    program(game, {1: orders("action")})
    game.push(Reward(1, ("gold", "bards"), split({3: 2})))
    game.push(Neutral(1, "wealth"))
    give_gold(game, 1, 5)
    give_gold(game, 2, 10)
    give_gold(game, 3, 8)
    first = rounds(game)[0]
    assert first["neutral"] == {"value": 7, "position": 2, "eliminated": False}
    assert first["eliminated"] == [1]


def test_s8_three_players_a_player_wins_once_the_neutral_is_out() -> None:
    game = neutral_game()
    for seat, gold in ((1, 10), (2, 9), (3, 8)):
        give_gold(game, seat, gold)  # wealth: the neutral (6) is last
    build_guild(game, 1, 13, 2)
    build_guild(game, 2, 14, 1)  # influence: 3 (0) drops
    put_bards(game, 2, {9: 1})  # fame: 1 (0) drops
    result = rounds(game)
    assert result[0]["neutral"]["eliminated"] is True and result[0]["eliminated"] == []
    assert "neutral" not in result[1]
    assert [r["eliminated"] for r in result] == [[], [3], [1]]
    assert game.outcome() == Outcome(winner=2, neutral_won=False)
    assert game.view()["scoring"]["neutral_won"] is False


def test_p05_the_neutral_outlasting_every_player_means_nobody_wins() -> None:
    game = neutral_game()  # nobody scores anything; the neutral (6, 5, 4) outlasts all three
    result = rounds(game)
    assert [len(r["eliminated"]) for r in result] == [1, 1, 1]
    assert all(not r["neutral"]["eliminated"] for r in result)
    assert game.outcome() == Outcome(winner=None, neutral_won=True)
    scoring = game.view()["scoring"]
    assert scoring["winner"] is None and scoring["neutral_won"] is True
