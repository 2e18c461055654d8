"""The rank circles (10.6, Z-17): after each count every people marks its rank with a token of its own,
taken from its unused supply, in the circle of that rank; the marker is never strength. The table is told
only the markers that change: put at the first count, then moved from circle to circle."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Adjust, Reinforce
from companion.games.zargos.rules.choices import ReinforceChoice
from companion.games.zargos.rules.errors import IllegalAction
from companion.games.zargos.table.events import events
from companion.games.zargos.table.steps import ZargosGrouping
from companion.games.zargos.table.words import people as people_words
from companion.table.steps import StepBuilder

from .support import end_turn, layout
from .test_count import to_reinforce
from .test_count_and_magic import counted


def name(key: str, language: str = "en") -> str:
    return people_words(key).render(language)


def next_count(game: Game) -> None:
    """Everyone buys nothing, then every turn of the next round passes (a people out takes none, Z-26)."""
    while game.state.phase == "reinforce":
        (choice,) = game.awaited()
        assert isinstance(choice, ReinforceChoice)
        n = min(choice.points // 2, choice.supply)
        game.push(Reinforce(choice.seat, choice.people, 0, ((choice.provinces[0], n),) if n else ()))
    while game.state.phase in ("attack", "fight", "reorganise"):
        end_turn(game)


def ranks_told(game: Game) -> list[dict[str, Any]]:
    return [e for e in game.state.log if e["event"] == "rank"]


def count_lines(game: Game, language: str = "en") -> list[str]:
    """The lines of the last round's count steps, as the table reads them."""
    builder = StepBuilder(ZargosGrouping(Game(game.board, game.setup)))
    builder.feed(list(events(game)))
    last = max(s.round for s in builder.steps() if s.kind == "count")
    return [line.text(language, None) for s in builder.steps() if s.kind == "count" and s.round == last
            for line in s.lines]


def test_the_first_count_puts_every_rank_marker_from_the_supply() -> None:
    # 10.6, Z-17: one token per people, from its supply, in the circle of its rank
    game, seat, people, _ = counted()
    to_reinforce(game)
    order = game.state.order
    assert [(e["people"], e["from"], e["to"], e["token"]) for e in ranks_told(game)] == \
        [(k, None, n, True) for n, k in enumerate(order, 1)]
    assert game.view("public")["ranks"] == {k: n for n, k in enumerate(order, 1)}
    lines = count_lines(game)
    assert [line for line in lines if "circle" in line] == [
        f"{name(k)}: take 1 small token from your supply → circle {n}: it marks your rank and never counts as "
        f"strength." for n, k in enumerate(order, 1)]
    assert all(f"{k}" not in game.state.land for k in order)  # the marker is on no province
    # Z-17, Z-24: the marker is off the supply, never strength: the people's strength is what is on the board
    assert game.view("public")["peoples"][people]["strength"] == 10
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.supply == 100 - 10 - 1


def test_a_later_count_moves_only_the_markers_that_change() -> None:
    # 10.6: the new order is marked again; a people whose rank did not change leaves its marker where it is
    game, seat, people, rest = counted()
    to_reinforce(game)
    first = list(game.state.order)
    assert first[0] == people
    # the first people loses its kingdom: it now has 1 point as the others, and 3 points go to rest[2]
    layout(game, {"kori-1": (people, 1), "k8-1": (rest[0], 1), "k9-1": (rest[1], 1), "k10-1": (rest[2], 1),
                  "k10-2": (rest[2], 1)})
    next_count(game)
    while (node := game.chance()) is not None and node.params.get("for") == "tie":
        game.resolve((6,) if node.params["people"] == first[1] else (3,) if node.params["people"] == people
                     else (1,) if node.params["people"] == first[2] else (2,))
    second = game.state.order
    assert second[0] == rest[2]
    moved = [(e["people"], e["from"], e["to"]) for e in ranks_told(game)[len(first):]]
    assert moved == [(k, first.index(k) + 1, n) for n, k in enumerate(second, 1) if first.index(k) + 1 != n]
    assert moved and len(moved) < len(second)  # one people kept its circle: the table is not told to touch it
    assert [line for line in count_lines(game) if "circle" in line] == [
        f"{name(k)}: move your rank token from circle {old} → circle {new}." for k, old, new in moved]
    assert [line for line in count_lines(game, "fr") if "cercle" in line] == [
        f"{name(k, 'fr')}\u202f: déplacez votre pion de rang du cercle {old} → cercle {new}." for k, old, new in moved]


def test_the_marker_is_never_strength_and_the_supply_counts_it() -> None:
    # 1.2 (strength 100 a people), Z-17 with Z-24: the 100 is on the board and in its supply; the marker is one
    # of its tokens
    game, seat, people, _ = counted()
    to_reinforce(game)
    on_board = game.view("referee")["peoples"][people]["strength"]
    with pytest.raises(IllegalAction) as caught:
        game.push(Adjust(None, "referee", tokens=(("kori-1", people, 100 - on_board),)))
    assert caught.value.rule == "Z-24"
    game.push(Adjust(None, "referee", tokens=(("kori-1", people, 99 - on_board),)))
    assert game.view("referee")["peoples"][people]["strength"] == 99


def test_a_people_with_no_unused_token_is_told_the_rules_are_silent() -> None:
    # 10.6 and Z-17 take the marker from the unused supply; neither says what a people with none left does:
    # the event records it (token False), the table is told so, and nothing is invented
    game, seat, people, rest = counted()
    assert game.chance() is not None  # the count waits on the printed value: the whole board is set
    layout(game, {"kori-1": (people, 100 - 8)} | {p: (people, 2) for p in game.board.kingdoms["kori"].provinces[1:]}
           | {"k8-1": (rest[0], 1), "k9-1": (rest[1], 1), "k10-1": (rest[2], 1)})
    assert game.view("referee")["peoples"][people]["strength"] == 100
    to_reinforce(game)
    (told,) = [e for e in ranks_told(game) if e["people"] == people]
    assert told == {"event": "rank", "people": people, "from": None, "to": 1, "token": False}
    assert people not in game.view("public")["ranks"]
    (line,) = [line for line in count_lines(game) if "no token" in line]
    assert line == (f"{name(people)}: rank 1, but no token is left in your supply to mark it in its circle. The rules "
                    "do not say what to do then: the table decides.")
    (choice,) = game.awaited()
    assert isinstance(choice, ReinforceChoice) and choice.people == people and choice.supply == 0


def test_a_people_out_takes_its_marker_back() -> None:
    # Z-26: a people out has no rank any more; its marker leaves the circles
    game, seat, people, rest = counted()
    to_reinforce(game)
    gone = rest[0]
    circle = game.state.ranks[gone]
    layout(game, {p: (people, 2) for p in game.board.kingdoms["kori"].provinces}
           | {"k9-1": (rest[1], 1), "k10-1": (rest[2], 1)})
    next_count(game)
    to_reinforce(game)
    assert {"event": "rank", "people": gone, "from": circle, "to": None, "token": True} in ranks_told(game)
    assert gone not in game.state.ranks
    line = f"{name(gone)}: out of the game, take your rank token off circle {circle} → your supply."
    assert line in count_lines(game)
