"""What every game module must do, checked on random games of each registered game (the toy game among them),
through the contract alone (companion.core.game): OpenSpiel's basic tests, for the companion's games."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.core import rebuild, registry
from companion.core.errors import IllegalAction
from companion.core.game import REFEREE, GameModule, Match
from tests.games.conformance.play import SEEDS, Point, pack_of, play, readers


def views(game: GameModule, match: Match) -> dict[str, Any]:
    return {reader: match.view(reader) for reader in readers(game, match)}


def seat_of(move: Any) -> int | None:
    return getattr(move, "seat", None)


def unknown_or_equal(played: Any, replayed: Any, where: str = "") -> list[str]:
    """Where a replayed view differs from the view of the game as played. A null in the played view is what
    the table had not seen (Xidit set up from what lies face up: a colossus not yet awake); its record holds
    the whole layout, as xidit-record/1 always has, so its replay may know it. Anything else must be equal."""
    if played is None:
        return []
    if isinstance(played, dict) and isinstance(replayed, dict):
        if played.keys() != replayed.keys():
            return [f"{where}: keys {sorted(played)} != {sorted(replayed)}"]
        return [d for k in played for d in unknown_or_equal(played[k], replayed[k], f"{where}/{k}")]
    if isinstance(played, list) and isinstance(replayed, list) and len(played) == len(replayed):
        return [d for i, (a, b) in enumerate(zip(played, replayed, strict=True))
                for d in unknown_or_equal(a, b, f"{where}[{i}]")]
    return [] if played == replayed else [f"{where}: {played!r} != {replayed!r}"]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_replays_from_its_json_record_to_the_same_views(game: GameModule, seed: int) -> None:
    match = play(game, seed)
    record = json.loads(json.dumps(match.record_json()))
    assert record["format"] == game.rules.record_format
    assert registry.by_record_format(record["format"]) is game
    replayed = rebuild.from_record(game.rules, pack_of(game), record)
    assert unknown_or_equal(views(game, match), views(game, replayed)) == []
    assert replayed.record_json() == record
    assert (replayed.result(), replayed.version) == (match.result(), match.version)
    assert views(game, rebuild.from_record(game.rules, pack_of(game), record)) == views(game, replayed)


def test_a_replay_refuses_an_illegal_move_and_names_it(game: GameModule) -> None:
    """A record whose history holds a move its game refuses: IllegalAction with the move's place."""
    record = json.loads(json.dumps(play(game, SEEDS[0]).record_json()))
    moves = next(k for k, v in record.items() if isinstance(v, list) and v and isinstance(v[0], dict))
    record[moves] = [*record[moves], record[moves][-1]]  # the last move again, after the end
    with pytest.raises(IllegalAction) as refusal:
        rebuild.from_record(game.rules, pack_of(game), record)
    assert refusal.value.index == len(record[moves]) - 1


def test_every_choice_and_every_view_is_json(game: GameModule) -> None:
    def check(point: Point) -> None:
        for choice in point.match.awaited():
            data = choice.to_json()
            assert json.loads(json.dumps(data)) == data
            assert (data["seat"], data["decision"]) == (choice.seat, choice.decision)
            assert isinstance(choice.sealed, bool)
        for reader, view in views(game, point.match).items():
            assert json.loads(json.dumps(view)) == view, reader

    for seed in SEEDS:
        play(game, seed, check)


def test_a_move_for_a_seat_not_awaited_is_refused_and_changes_nothing(game: GameModule) -> None:
    """A move legal a moment ago, pushed again once its seat is no longer awaited (it moved, or a chance
    node is pending): refused with the rule it breaks, and the game exactly as it was."""
    refused = 0
    earlier: list[Any] = []

    def check(point: Point) -> None:
        nonlocal refused
        match = point.match
        awaited = {c.seat for c in match.awaited()}
        for move in earlier[-3:]:
            if seat_of(move) is None or seat_of(move) in awaited:
                continue
            before, version = match.view(REFEREE), match.version
            with pytest.raises(IllegalAction) as refusal:
                match.push(move)
            assert refusal.value.rule and str(refusal.value)
            assert (match.view(REFEREE), match.version) == (before, version)
            refused += 1
        if point.move is not None and not isinstance(point.move, tuple):
            earlier.append(point.move)

    for seed in SEEDS:
        earlier.clear()
        play(game, seed, check)
    assert refused > 10


def test_a_chance_outcome_not_among_the_nodes_is_refused(game: GameModule) -> None:
    nodes = 0

    def check(point: Point) -> None:
        nonlocal nodes
        match = point.match
        node = match.chance()
        bad: list[Any] = ["nonsense", None, -1]
        if node is not None:
            nodes += 1
            assert node.outcomes and match.awaited() == []
            assert node.told_by is None or node.told_by in {int(r["seat"]) for r in match.view(REFEREE)["players"]}
            bad += [o + 1000 for o in node.outcomes if isinstance(o, int)]
            bad = [b for b in bad if b not in node.outcomes]
        before, version = match.view(REFEREE), match.version
        for outcome in bad:
            with pytest.raises(IllegalAction):
                match.resolve(outcome)
            assert (match.view(REFEREE), match.version) == (before, version)

    for seed in SEEDS:
        play(game, seed, check)
    assert nodes > 0, f"{game.key}'s random games met no chance node"


def test_no_view_shows_its_reader_what_it_may_not_know(game: GameModule) -> None:
    testing = game.testing
    assert testing is not None
    caught = 0  # the oracle is not blind: the referee's view, given to a seat, is caught showing secrets

    def check(point: Point) -> None:
        nonlocal caught
        match = point.match
        for reader, view in views(game, match).items():
            assert testing.forbidden(view, reader, match) == [], (reader, match.version)
            if reader.startswith("seat:") and testing.forbidden(match.view(REFEREE), reader, match):
                caught += 1

    for seed in SEEDS:
        play(game, seed, check)
    assert caught > 0


def test_a_result_exactly_when_nothing_is_awaited_and_no_chance_is_pending(game: GameModule) -> None:
    def check(point: Point) -> None:
        match = point.match
        over = not match.awaited() and match.chance() is None
        assert (match.result() is not None) == over, match.version
        if over:
            result = match.result()
            assert result is not None and set(result.winners) <= set(result.places[0] if result.places else ())
            seats = [s for place in result.places for s in place]
            assert len(seats) == len(set(seats))

    for seed in SEEDS:
        play(game, seed, check)
