"""`zargos-record/1`: the pack it was played on, the setup, then every move and chance outcome in order.
Replaying it needs no random numbers: every die total and card drawn is in it (docs/formats.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import action_from_json, action_to_json
from .board import Board
from .errors import BadRecord
from .setup import setup_from_json, setup_to_json

if TYPE_CHECKING:
    from .game import Game, Move

FORMAT = "zargos-record/1"


def _outcome_to_json(outcome: Any) -> Any:
    return list(outcome) if isinstance(outcome, tuple) else outcome


def record_to_json(game: Game) -> dict[str, Any]:
    from .game import Told

    moves: list[dict[str, Any]] = []
    for move in game.history:
        if isinstance(move, Told):
            moves.append({"type": "chance", "kind": move.kind, "outcome": _outcome_to_json(move.outcome)})
        else:
            moves.append(action_to_json(move))
    return {"format": FORMAT, "board": {"name": game.board.name, "sha256": game.board.sha256},
            "setup": setup_to_json(game.setup), "moves": moves}


def moves_from_json(items: Any) -> list[Move]:
    from .game import Told

    if not isinstance(items, list):
        raise BadRecord("record.moves must be a list")
    found: list[Move] = []
    for index, item in enumerate(items):
        if isinstance(item, dict) and item.get("type") == "chance":
            outcome = item.get("outcome")
            if isinstance(outcome, list):
                outcome = tuple(outcome)
            if not isinstance(outcome, int | str | tuple) or isinstance(outcome, bool):
                raise BadRecord(f"move {index}: a chance outcome is a number, a card or a list of totals")
            found.append(Told(str(item.get("kind", "")), outcome))
            continue
        try:
            found.append(action_from_json(item))
        except BadRecord as error:
            raise BadRecord(f"move {index}: {error}") from None
    return found


def replay_json(board: Board, data: Any) -> Game:
    from .game import Game

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadRecord(f"not a Zargos record: format must be {FORMAT!r}")
    pack = data.get("board")
    if not isinstance(pack, dict) or pack.get("sha256") != board.sha256:
        raise BadRecord("this record was played on another map pack (its sha256 differs)")
    return Game.replay(board, setup_from_json(data.get("setup")), moves_from_json(data.get("moves")))
