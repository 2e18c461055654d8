"""The one way a game is rebuilt from its history: `Rules.start(setup)`, then each move pushed (a chance
outcome of the history resolved), as OpenSpiel rebuilds a state from its actions. The table (a resume, an
import, a rollback and its preview, the board as of a step, a command put back), the command line and the
tests all rebuild through here; a game may offer a faster or finer way (`Rules.as_of`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from .errors import IllegalAction
from .game import Match, Rules

CHANCE = "chance"  # a move's JSON type when it is a chance outcome (companion.table.chance's log entry)


def push_move(rules: Rules, match: Match, move: Any) -> None:
    """One move of a history into the game: a chance outcome resolves the node it answers, any other is pushed."""
    written = rules.move_to_json(move)
    if written.get("type") == CHANCE:
        outcome = written.get("outcome")
        match.resolve(tuple(outcome) if isinstance(outcome, list) else outcome)
    else:
        match.push(move)


def replaying(rules: Rules, pack: Any, setup: Any, moves: Sequence[Any]) -> Iterator[Match]:
    """The game rebuilt move by move: yielded at its setup, then after each move (the same object, changed).
    IllegalAction carries the index of the move refused (`.index`); BadRecord when the pack refuses the setup."""
    match = rules.start(pack, setup)
    yield match
    for index, move in enumerate(moves):
        try:
            push_move(rules, match, move)
        except IllegalAction as error:
            error.index = index
            raise
        yield match


def rebuilt(rules: Rules, pack: Any, setup: Any, moves: Sequence[Any], events: int | None = None) -> Match:
    """The game after these moves; with `events`, as it stood when it held that many events (the board as a
    step left it), through the game's `as_of` when it has one, else after the moves."""
    found = rules.as_of(pack, setup, moves, events) if events is not None else None
    if found is not None:
        return found
    *_, match = replaying(rules, pack, setup, moves)
    return match


def checkpoint(match: Match) -> tuple[Any, list[Any]]:
    """What `put_back` returns a game to: its setup and moves (a command whose write failed)."""
    return match.setup, list(match.moves)


def put_back(rules: Rules, pack: Any, match: Match, kept: tuple[Any, list[Any]]) -> None:
    """The game, in place, as it was at `checkpoint` (the table's steps point into the object): rebuilt only
    when a move, an outcome or a told layout changed it since."""
    setup, moves = kept
    if match.setup == setup and list(match.moves) == moves:
        return
    again = rebuilt(rules, pack, setup, moves)
    vars(match).clear()
    vars(match).update(vars(again))


def from_record(rules: Rules, pack: Any, record: Any) -> Match:
    """The game a record (the game's own format) holds, replayed on `pack`: BadRecord; IllegalAction with `.index`."""
    setup, moves = rules.record_from_json(record, pack)
    return rebuilt(rules, pack, setup, moves)
