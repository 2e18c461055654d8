"""A game set up from what lies face up (§2 step 3, §6): only the board's tiles and the two Next tiles are
typed in; whenever the rules draw from a pile, or wake a colossus, the table is asked what it turned
over. Answered with what the real table holds, the game is the real game, event for event, and its
record replays to it with no question asked."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.xidit.agents.levels import make_agent
from companion.games.xidit.agents.play import random_setup
from companion.games.xidit.agents.random_player import decide
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import BadRecord, Game, IllegalAction, record_from_json, record_to_json
from companion.games.xidit.rules.events import Awakened, NextTile, TileIn
from companion.games.xidit.rules.face_up import from_sight
from companion.games.xidit.rules.hidden import as_seen

BOARD = default_pack()


def _seen(real: Game) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]]:
    """The tiles on the board, in the order they were laid (the events name them in that order), and the
    two Next tiles."""
    laid = [e for e in real.state.events if isinstance(e, TileIn)]
    recruit = tuple(e.number for e in laid if e.side == "recruit")
    threat = tuple(e.number for e in laid if e.side == "threat")
    ladders = real.view("referee")["ladders"]
    return (recruit, threat), (ladders["next_recruit"], ladders["next_threat"])


def _face_up_twin(real: Game, seed: int, typed_colossus: bool) -> Game:
    """The game the table would start when it types what it sees of `real`, with another seed (so the
    piles and every reinforcement are the engine's guesses, never the real ones)."""
    board_tiles, next_tiles = _seen(real)
    tops = [stack[0].index for stack in real.state.colossi]
    colossi = (tops[0] if typed_colossus else None, None, None)
    other = replace(random_setup(len(real.setup.players), real.setup.short, seed),
                    first_player=real.setup.first_player)
    setup = from_sight(BOARD, other, board_tiles, next_tiles, colossi)
    return Game(BOARD, replace(setup, layout=replace(setup.layout, scoring=real.state.scoring_order)))


def _truth(real: Game, question_event: int, kind: str, slot: str) -> int:
    """What the real table turned over where the face-up game asks."""
    event = real.state.events[question_event]
    if kind == "tile":
        assert isinstance(event, NextTile) and event.ladder == slot
        return event.tile
    assert isinstance(event, Awakened)
    stack = ("3", "4", "5").index(slot)
    return real.state.colossi[stack][0].index if real.state.colossi[stack] else event.colossi[0]


def _masked(real: object, twin: object) -> object:
    """The real view with null wherever the face-up game shows null (what the table has not seen)."""
    if twin is None:
        return None
    if isinstance(real, dict) and isinstance(twin, dict):
        return {k: _masked(v, twin.get(k)) for k, v in real.items()}
    if isinstance(real, list) and isinstance(twin, list) and len(real) == len(twin):
        return [_masked(a, b) for a, b in zip(real, twin, strict=True)]
    return real


def _answer_all(twin: Game, real: Game) -> int:
    asked = 0
    while twin.questions():
        question = twin.questions()[0]
        truth = _truth(real, question.event, question.kind, question.slot)
        assert truth in question.candidates  # the real tile is always offered
        twin.answer(truth)
        asked += 1
    return asked


# Random players seldom clear enough threats to wake the colossi; strong ones do in most short 5-player
# games, so these games meet reinforcements (their shuffles are asked about) and awakenings.
GAMES = [(4, False, 1, "random"), (5, False, 2, "random"), (3, False, 3, "random"), (4, True, 4, "random"),
         (5, True, 5, "random"), (3, True, 6, "random"), (5, True, 5000, "strong"), (5, True, 5001, "strong"),
         (5, True, 5003, "strong")]


@pytest.mark.parametrize("players,short,seed,level", GAMES)
def test_answered_from_the_real_table_the_game_is_the_real_game(players: int, short: bool, seed: int,
                                                                level: str) -> None:
    """§6, R-10: refills, pile rebuilds, borrowed threats, awakenings and reinforcements all land as on the
    real table."""
    real = Game(BOARD, random_setup(players, short, seed))
    twin = _face_up_twin(real, seed + 1000, typed_colossus=seed % 2 == 0)
    rng = random.Random(seed)
    agents = {seat: make_agent(level, BOARD, seed * 10 + seat) for seat in real.state.seats}
    asked = _answer_all(twin, real)
    while real.outcome() is None:
        choice = real.legal()[0]
        action = decide(rng, choice, real.state) if level == "random" else \
            agents[choice.seat].decide(real.view(f"seat:{choice.seat}"), choice)
        real.push(action)
        twin.push(action)
        asked += _answer_all(twin, real)
        assert as_seen(twin.state.events) == as_seen(real.state.events)
    assert asked > 0
    assert level == "random" or real.state.awakenings > 0
    assert _masked(real.view("referee"), twin.view("referee")) == twin.view("referee")
    # The record holds the answers in its layout: read back, it replays to the same game, asking nothing.
    record = record_from_json(record_to_json(twin.record()))
    assert "hidden" not in record_to_json(twin.record())["setup"]["layout"]
    replayed = Game.replay(BOARD, record.setup, record.actions)
    assert replayed.state.events == twin.state.events and replayed.questions() == []


def test_the_piles_stay_out_of_every_view_until_drawn() -> None:
    """What the table has not seen is never shown as a guess: pile tops, the Next tile being asked about,
    colossi not told apart."""
    real = Game(BOARD, random_setup(4, False, 11))
    twin = _face_up_twin(real, 99, typed_colossus=False)
    view = twin.view("referee")
    assert view["ladders"]["recruit_pile"] == [None] * 4 and view["ladders"]["threat_pile"] == [None] * 5
    assert twin.view("public")["ladders"]["threat_pile"] == {"top": None, "size": 5}
    assert all(c["index"] is None for stack in view["colossi"] for c in stack["stack"])
    assert view["ladders"]["next_recruit"] == real.view("referee")["ladders"]["next_recruit"]


def test_while_asked_nothing_else_is_taken() -> None:
    """The game waits for the table's answer: no decision is awaited, none is accepted, and a tile that
    cannot be there is refused without changing anything."""
    real = Game(BOARD, random_setup(4, False, 21))
    twin = _face_up_twin(real, 5, typed_colossus=False)
    rng = random.Random(3)
    while not twin.questions():
        awaited = real.legal()
        action = decide(rng, awaited[0] if len(awaited) == 1 else rng.choice(awaited), real.state)
        real.push(action)
        twin.push(action)
    assert twin.legal() == [] and twin.awaiting() == []
    question = twin.questions()[0]
    with pytest.raises(IllegalAction):
        twin.push(action)
    outside = next(t for t in range(1, 30) if t not in question.candidates)
    before = twin.view("referee")
    with pytest.raises(BadRecord):
        twin.answer(outside)
    assert twin.view("referee") == before


def test_a_typed_setup_is_checked() -> None:
    """§2: K recruitment and K threat tiles on the board, two Next tiles, each in play once."""
    setup = random_setup(4, False, 1)
    with pytest.raises(BadRecord):
        from_sight(BOARD, setup, ((1, 2, 3, 4, 5), (6, 7, 8, 9)), (10, 11), (None, None, None))
    with pytest.raises(BadRecord):
        from_sight(BOARD, setup, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)), (10, 11), (None, None, None))
