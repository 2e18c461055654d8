"""Game records (docs/formats.md, Game record): a setup plus the people's actions, enough to rebuild every state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, action_from_json, action_to_json
from .errors import BadRecord
from .setup import Setup, setup_from_json, setup_to_json

FORMAT = "xidit-record/1"


@dataclass(frozen=True)
class Record:
    board_name: str
    board_sha256: str
    setup: Setup
    actions: tuple[Action, ...]


def record_to_json(record: Record) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "board": {"name": record.board_name, "sha256": record.board_sha256},
        "setup": setup_to_json(record.setup),
        "actions": [action_to_json(a) for a in record.actions],
    }


def record_from_json(data: Any) -> Record:
    if not isinstance(data, dict):
        raise BadRecord("a game record must be a JSON object")
    if data.get("format") != FORMAT:
        raise BadRecord(f"not a game record: format must be {FORMAT!r}, not {data.get('format')!r}")
    board = data.get("board", {})
    if not isinstance(board, dict):
        raise BadRecord("record.board must be an object with name and sha256")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise BadRecord("record.actions must be a list")
    parsed = []
    for index, item in enumerate(actions):
        try:
            parsed.append(action_from_json(item))
        except BadRecord as error:
            raise BadRecord(f"action {index}: {error}") from None
    return Record(
        board_name=str(board.get("name", "")),
        board_sha256=str(board.get("sha256", "")),
        setup=setup_from_json(data.get("setup")),
        actions=tuple(parsed),
    )
