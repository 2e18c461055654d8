"""Whole games: random 2-, 4- and 6-player games end (L10.1, A-18) and score by team (L10.2, A-20); hands stay
secret (Cooperative: even from teammates; Collective: shared within a team, L11.1); a record replays to the game
as played."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from companion.core import rebuild
from companion.core.errors import BadRecord, IllegalAction
from companion.core.game import REFEREE
from companion.games.astoria.laboratory import GAME
from companion.games.astoria.laboratory.module import RULES
from companion.games.astoria.laboratory.rules import PROVISIONAL, LabMatch
from companion.games.astoria.laboratory.rules.moves import Add, Chance
from companion.games.astoria.laboratory.testing import TESTING
from tests.games.astoria_laboratory.support import TWO, started

COLOURS = ("red", "blue", "yellow", "green", "violet", "orange")


def gone(view: dict[str, Any]) -> list[str]:
    reserve, slots = view["reserve"], view["laboratory"]
    return [c for c in COLOURS if not reserve[c] and not any(c in s for s in slots)]


def random_game(players: int, seed: int, team_play: str = "cooperative", watch: object = None) -> LabMatch:
    setup = RULES.default_setup([(s, "", None) for s in range(1, players + 1)], {"team_play": team_play}, seed)
    match = RULES.start(PROVISIONAL, setup)
    rng = Random(seed)
    for _ in range(3000):
        if callable(watch):
            watch(match)
        node = match.chance()
        if node is not None:
            match.push(Chance(rng.choice(node.outcomes)))
            continue
        awaited = match.awaited()
        if not awaited:
            return match
        match.push(TESTING.random_move(match, awaited[0], rng))
    raise AssertionError("no end")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (4, 3), (4, 4), (6, 5), (6, 6)])
def test_random_games_end_when_a_colour_is_gone_and_not_before_l10_1_a18(players: int, seed: int) -> None:
    def watch(match: LabMatch) -> None:
        if match.result() is None:
            assert gone(match.view()) == [], match.version  # the end is seen at the step it happens

    match = random_game(players, seed, watch=watch)
    view = match.view()
    assert view["phase"] == "over" and match.awaited() == [] and match.chance() is None
    assert view["result"]["reason"] == gone(view)[0]  # an object made may take the last of two colours at once
    with pytest.raises(IllegalAction) as refusal:
        match.push(Add(1, "red", 0))
    assert refusal.value.rule == "L10.1"


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_teams_score_gems_on_laid_cards_and_twice_those_in_their_flasks_l10_2_a20(seed: int) -> None:
    match = random_game(4, seed)
    view, result = match.view(), match.result()
    assert result is not None
    points = {}
    for team in view["teams"]:
        laid = sum(len(c["gems"]) for p in view["players"] if p["team"] == team["team"] for c in p["laid"])
        points[team["team"]] = laid + 2 * len(team["flask"])
        assert team["points"] == points[team["team"]]
    assert result.detail["points"] == points
    assert [t.seats for t in result.teams] == [(1, 3), (2, 4)]
    if points["A"] == points["B"]:
        assert result.winners == () and result.places == ((1, 2, 3, 4),)
    else:
        best = max(points, key=lambda t: points[t])
        assert result.winners == ((1, 3) if best == "A" else (2, 4)) and result.reason_params["team"] == best
    own = {p["seat"]: sum(len(c["gems"]) for c in p["laid"]) for p in view["players"]}
    assert result.detail["best_alchemists"] == [s for s in own if own[s] == max(own.values())]


def test_in_cooperative_play_a_seat_reads_its_own_hand_only_l11_1() -> None:
    match = started(TWO)
    for reader, hands in (("seat:1", [1]), ("seat:2", [2]), ("public", []), (REFEREE, [1, 2])):
        view = match.view(reader)
        assert [p["seat"] for p in view["players"] if "hand" in p] == hands
        assert TESTING.forbidden(view, reader, match) == []
    assert TESTING.forbidden(match.view(REFEREE), "seat:1", match) == ["seat 2's hand"]
    four = random_game(4, 3)
    assert [p["seat"] for p in four.view("seat:1")["players"] if "hand" in p] == [1]  # not even seat 3's


def test_in_collective_play_teammates_read_each_others_hands_l11_1() -> None:
    match = random_game(4, 3, team_play="collective")
    assert [p["seat"] for p in match.view("seat:1")["players"] if "hand" in p] == [1, 3]
    assert [p["seat"] for p in match.view("seat:4")["players"] if "hand" in p] == [2, 4]
    assert TESTING.forbidden(match.view("seat:1"), "seat:1", match) == []
    assert TESTING.forbidden(match.view("seat:2"), "seat:1", match) == ["seat 2's hand", "seat 4's hand"]


def test_no_hand_is_in_a_view_it_may_not_be_in_at_any_point() -> None:
    def watch(match: LabMatch) -> None:
        for reader in ("public", "seat:1", "seat:2", "seat:3", "seat:4"):
            text = json.dumps(match.view(reader))
            assert TESTING.forbidden(json.loads(text), reader, None) == []

    random_game(4, 11, watch=watch)


@pytest.mark.parametrize(("players", "seed"), [(2, 12), (4, 13), (6, 14)])
def test_a_records_replay_is_the_game_as_played(players: int, seed: int) -> None:
    match = random_game(players, seed)
    record = json.loads(json.dumps(match.record_json()))
    assert record["format"] == "astoria-laboratory-record/1" and GAME.rules is RULES
    replayed = rebuild.from_record(RULES, None, record)
    for reader in ("referee", "public", *(f"seat:{s}" for s in match.setup.seats)):
        assert replayed.view(reader) == match.view(reader)
    assert replayed.result() == match.result() and replayed.record_json() == record


def test_a_record_with_an_illegal_move_is_refused_naming_it() -> None:
    record = random_game(2, 15).record_json()
    record["moves"].insert(2, {"type": "add", "seat": 1, "colour": "red", "slot": 0})  # while cards are dealt
    with pytest.raises(IllegalAction) as refusal:
        rebuild.from_record(RULES, None, record)
    assert refusal.value.index == 2 and refusal.value.rule == "L2.3"
    record["moves"][2]["slot"] = 9
    with pytest.raises(BadRecord, match="slot"):
        rebuild.from_record(RULES, None, record)


def test_any_well_formed_move_is_either_legal_or_refused_naming_a_rule_and_changing_nothing() -> None:
    """Moves made of random fields, pushed at every point of a game: a refusal names its rule in words and
    leaves the game as it was; what is accepted was among the awaited choice's moves."""
    rng = Random(21)
    kinds = ("add", "place", "draw", "move", "shift", "take", "make")
    tried = refused = 0

    def watch(match: LabMatch) -> None:
        nonlocal tried, refused
        awaited = match.awaited()
        for _ in range(3):
            data = {"type": rng.choice(kinds), "seat": rng.randint(1, 4), "colour": rng.choice(COLOURS),
                    "into": rng.choice((None, *COLOURS)), "slot": rng.randint(0, 5), "source": rng.randint(0, 5),
                    "to": rng.randint(0, 5), "discovery": rng.choice((None, 0, 1, 2)),
                    "discard": rng.choice((None, rng.randint(1, 24))), "card": rng.choice((None, rng.randint(1, 24)))}
            move = RULES.move_from_json(data)
            legal = bool(awaited) and move in awaited[0].enumerate()
            if legal:
                continue
            before, version = match.view(), match.version
            tried += 1
            with pytest.raises(IllegalAction) as refusal:
                match.push(move)
            assert refusal.value.rule and refusal.value.sentence
            assert (match.view(), match.version) == (before, version)
            refused += 1

    random_game(4, 16, watch=watch)
    assert refused == tried > 100
