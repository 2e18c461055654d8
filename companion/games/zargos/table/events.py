"""The events the physical table is told of: the engine's log entries, with the moves that change pieces
without writing one (a placement of 2.12, the cards kept of 12.2) put in before the entries they led to.

The engine's log says what happened, but not every move writes to it; the steps need both. Which entries a
move wrote is known by the log's length after each move: kept per game (weakly, the table's game replaced
by a rollback is dropped) and found again by one replay when a game comes from elsewhere."""

from __future__ import annotations

import weakref
from typing import Any

from ..rules import Game, Told, action_to_json

# Moves whose pieces the log does not tell: the move itself is an event (its JSON, with "event": "move").
TOLD_MOVES = ("place", "keep", "swords")


class Marks:
    """For one game: its events so far, and how many moves they cover."""

    def __init__(self) -> None:
        self.moves: list[Any] = []
        self.log = 0
        self.round = 0  # the game's round after the last move noted
        self.events: list[dict[str, Any]] = []


_MARKS: weakref.WeakKeyDictionary[Game, Marks] = weakref.WeakKeyDictionary()


def _entry_of(move: Any) -> dict[str, Any] | None:
    if isinstance(move, Told):
        return None
    written = action_to_json(move)
    return {"event": "move", **written} if written["type"] in TOLD_MOVES else None


def _written(move: Any, log: list[dict[str, Any]], round_: int) -> list[dict[str, Any]]:
    """A move's events, each with the round it belongs to: the round the move was made in (the last
    purchase of a round begins the next, but its events are of the round it ends)."""
    entry = _entry_of(move)
    return [{**e, "round": round_} for e in ([entry] if entry is not None else []) + log]


def events(game: Game) -> list[dict[str, Any]]:
    """Every event of `game` so far, in order."""
    marks = _MARKS.get(game)
    history = game.history
    known = 0 if marks is None else len(marks.moves)
    if marks is None or known > len(history) or (known and marks.moves[-1] is not history[known - 1]):
        marks = _rebuild(game)
    elif len(history) == len(marks.moves) + 1:
        marks.events.extend(_written(history[-1], game.state.log[marks.log:], marks.round))
        marks.moves.append(history[-1])
        marks.log, marks.round = len(game.state.log), game.state.round
    elif len(history) > len(marks.moves):
        marks = _rebuild(game)
    return marks.events


def _rebuild(game: Game) -> Marks:
    """One replay of the game, noting what each move wrote."""
    marks = Marks()
    again = Game(game.board, game.setup)
    marks.events.extend({**e, "round": 0} for e in again.state.log)
    marks.log = len(again.state.log)
    for move in game.history:
        if isinstance(move, Told):
            again.resolve(move.outcome)
        else:
            again.push(move)
        marks.events.extend(_written(move, again.state.log[marks.log:], marks.round))
        marks.log, marks.round = len(again.state.log), again.state.round
        marks.moves.append(move)
    _MARKS[game] = marks
    return marks
