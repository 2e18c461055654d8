"""The toy game's own rules (T-nn), through its public surface: what is awaited, what each reader sees."""

from __future__ import annotations

import json

import pytest

from companion.core import rebuild, registry
from companion.core.errors import BadRecord, IllegalAction
from companion.core.game import GameModule
from tests.games.toy import GAME
from tests.games.toy.moves import Answer, Bid, ToySetup, Turn
from tests.games.toy.rules import ToyMatch


def bid_all(match: ToyMatch, *bids: int) -> None:
    for seat, bid in enumerate(bids):
        match.push(Bid(seat, bid))


def test_the_registry_finds_the_toy_game_by_key_and_record_format(toy_game: GameModule) -> None:
    assert registry.load("toy") is toy_game
    assert "toy" in registry.keys()  # noqa: SIM118 (a function, not a dict)
    assert registry.by_record_format("toy-record/1") is toy_game


def test_bids_are_sealed_and_hidden_until_every_seat_has_bid() -> None:
    match = ToyMatch(ToySetup(3))
    assert [(c.seat, c.sealed) for c in match.awaited()] == [(0, True), (1, True), (2, True)]
    match.push(Bid(2, 2))
    assert "bid" not in match.view("seat:0")["players"][2]
    assert match.view("seat:2")["players"][2]["bid"] == 2
    assert match.view("public")["players"][2]["bid_in"] is True
    match.push(Bid(0, 2))
    match.push(Bid(1, 1))
    # T-05: only a bid nobody else made scores.
    assert [p["score"] for p in match.view("public")["players"]] == [0, 1, 0]
    assert [p["revealed_bid"] for p in match.view("public")["players"]] == [2, 1, 2]


def test_a_secret_draw_is_told_by_the_drawer_alone_and_stays_in_their_hand() -> None:
    match = ToyMatch(ToySetup(2))
    bid_all(match, 0, 0)
    match.push(Turn(0, "draw"))
    node = match.chance()
    assert node is not None and node.told_by == 0 and match.awaited() == []
    match.resolve(4)
    assert match.view("seat:0")["players"][0]["hand"] == [4]
    assert "hand" not in match.view("seat:1")["players"][0]
    assert match.view("public")["players"][0]["cards"] == 1


def test_a_roll_opens_a_window_every_other_seat_with_a_card_answers_in_any_order() -> None:
    match = ToyMatch(ToySetup(3, rounds=2))
    bid_all(match, 0, 0, 0)
    for seat in (0, 1, 2):  # each draws a card
        match.push(Turn(seat, "draw"))
        match.resolve(3)
    bid_all(match, 0, 0, 0)
    match.push(Turn(1, "roll"))  # round 2 starts with seat 1
    node = match.chance()
    assert node is not None and node.kind == "dice" and node.told_by is None
    match.resolve(6)
    assert {(c.seat, c.decision) for c in match.awaited()} == {(0, "answer"), (2, "answer")}
    match.push(Answer(2, None))
    match.push(Answer(0, 3))  # blocks: the roll scores nothing
    assert match.view("public")["players"][1]["score"] == 0
    assert match.view("public")["players"][0]["cards"] == 0
    assert [c.decision for c in match.awaited()] == ["turn"]


def test_a_move_out_of_turn_is_refused_and_changes_nothing() -> None:
    match = ToyMatch(ToySetup(2))
    bid_all(match, 1, 2)
    before = match.view()
    with pytest.raises(IllegalAction, match="not allowed now"):
        match.push(Turn(1, "roll"))
    assert match.view() == before


def test_teams_place_together() -> None:
    match = ToyMatch(ToySetup(4, rounds=1, teams=True))
    bid_all(match, 2, 1, 0, 0)  # seat 0 scores 2, seat 1 scores 1
    for seat in (0, 1, 2, 3):
        match.push(Turn(seat, "draw"))
        match.resolve(1)
    result = match.result()
    assert result is not None and result.places == ((0, 2), (1, 3)) and result.winners == (0, 2)


@pytest.mark.parametrize("record", [None, {"format": "toy-record/1", "setup": {"players": "3"}, "moves": []},
                                    {"format": "toy-record/1", "setup": {"players": 3}, "moves": [{"type": "x"}]},
                                    {"format": "toy-record/1", "setup": {"players": 9}, "moves": []}])
def test_a_bad_record_is_refused_in_words(toy_game: GameModule, record: object) -> None:
    with pytest.raises(BadRecord):
        toy_game.rules.record_from_json(record)


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(IllegalAction, match="2 to 6"):
        ToyMatch(ToySetup(players))


def test_an_omen_card_is_typed_or_picked_checked_by_the_rules_and_replayed_from_its_record() -> None:
    match = ToyMatch(ToySetup(2, omens=True))
    node = match.chance()
    assert node is not None and node.form is not None and node.outcomes == (1, 2) and match.awaited() == []
    before = match.view()
    for bad in ({"numbers": [3, 3, 3], "sky": "sun", "crowned": False},  # T-07
                {"numbers": [3, 7, 1], "sky": "sun", "crowned": False}, 3, None):  # T-06: not a card
        with pytest.raises(IllegalAction):
            match.resolve(bad)
    assert match.view() == before
    match.resolve({"numbers": [3, 4, 1], "sky": "sun", "crowned": True})
    bid_all(match, 2, 1)  # T-08: under a crowned omen a bid nobody else made scores twice
    assert [p["score"] for p in match.view("public")["players"]] == [4, 2]
    again = rebuild.from_record(GAME.rules, None, json.loads(json.dumps(match.record_json())))
    assert again.view() == match.view()
    catalogued = ToyMatch(ToySetup(2, omens=True))
    catalogued.resolve(2)  # a catalogue number: the card the toy knows
    assert catalogued.view("public")["omen"] == {"numbers": [6, 5, 4], "sky": "moon", "crowned": True}


def test_nobody_scoring_means_nobody_wins_and_teams_are_named() -> None:
    match = ToyMatch(ToySetup(2, rounds=1))
    bid_all(match, 1, 1)  # the same bid: nobody scores (T-05)
    for seat in (0, 1):
        match.push(Turn(seat, "draw"))
        match.resolve(1)
    result = match.result()
    assert result is not None and result.winners == () and result.reason  # T-09
    teams = ToyMatch(ToySetup(2, rounds=1, teams=True))
    bid_all(teams, 2, 1)
    for seat in (0, 1):
        teams.push(Turn(seat, "draw"))
        teams.resolve(1)
    won = teams.result()
    assert won is not None and [(t.seats, t.params["team"]) for t in won.teams] == [((0,), "A"), ((1,), "B")]


def test_reveals_a_card_to_its_drawer_the_blocks_while_held_and_the_bids_to_all() -> None:
    match = ToyMatch(ToySetup(2, rounds=1))
    bid_all(match, 0, 1)
    assert [(r.key, r.to) for r in match.reveals()] == [("bids:1", None)]  # T-12
    match.push(Turn(0, "draw"))
    match.resolve(3)
    assert [(r.key, r.to, r.held) for r in match.reveals()] == [("draw:4", frozenset({0}), False)]  # T-10
    match.push(Turn(1, "roll"))
    assert match.reveals() == []  # a one-off is listed for its move only
    match.resolve(5)
    assert [(r.key, r.to, r.held) for r in match.reveals()] == [("block:1:1:0", frozenset({0}), True)]  # T-11
    match.push(Answer(0, None))
    assert match.reveals() == []


def test_the_toy_says_every_message_it_marks_in_french_as_french_typography_wants() -> None:
    """The toy's own catalog (tests/games/toy/locale/fr.po, `GameModule.catalog`): a message of the toy with no
    French is said in English on a French table; a colon after a plain space lets a line break before it."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from companion.locale.catalogs import TEMPLATES, _extract

    folder = Path(__file__).parent
    with (folder / "locale" / "fr.po").open("rb") as po:
        french = {m.id: m.string for m in read_po(po, locale="fr") if m.id}
    assert GAME.catalog == "tests.games.toy.locale" and GAME.words <= set(french)
    assert sorted(m for m in _extract(folder, TEMPLATES) if not french.get(m)) == []
    assert [text for text in french.values() if any(text[i - 1] != "\u202f" for i, sign in enumerate(text)
                                                     if sign in ":;?!" and i)] == []
