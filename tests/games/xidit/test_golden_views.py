"""The engine's outputs for recorded games, pinned byte for byte: every reader's state view, the decisions
awaited and the record, at every action of every scenario (tests/games/xidit/scenarios/) and of three simulated games
(tests/games/xidit/golden/records/).

This is the oracle for reshaping the code around the engine (issue 28: the companion as a framework of game
modules): a move that changes no behaviour must leave every digest as it is. A change of behaviour that is
meant rewrites them (`GOLDEN_UPDATE=1 .venv/bin/pytest tests/games/xidit/test_golden_views.py`), and the diff of
tests/games/xidit/golden/views.json says which games and from which action on.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import default_pack, load_pack
from companion.games.xidit.rules import Game, action_to_json, record_from_json, record_to_json
from companion.games.xidit.rules.board import Board

HERE = Path(__file__).parent
DIGESTS = HERE / "golden" / "views.json"
# A digest every EVERY actions, so that a difference is found near where it starts.
EVERY = 10


def recorded_games() -> dict[str, tuple[Board, dict[str, Any]]]:
    scenario_board = load_pack(HERE / "packs" / "scenario-board.toml")
    games = {f"scenario/{p.stem}": (scenario_board, json.loads(p.read_text(encoding="utf-8"))["record"])
             for p in sorted((HERE / "scenarios").glob("*.json"))}
    games |= {f"simulated/{p.stem}": (default_pack(), json.loads(p.read_text(encoding="utf-8")))
              for p in sorted((HERE / "golden" / "records").glob("*.json"))}
    return games


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def digests(board: Board, record_json: dict[str, Any]) -> dict[str, Any]:
    record = record_from_json(record_json)
    assert record.board_sha256 == board.sha256, "the pack this game was recorded on has changed"
    game = Game(board, record.setup)
    readers = ["referee", "public", *(f"seat:{seat.seat}" for seat in record.setup.players)]
    chain = hashlib.sha256()
    marks: list[str] = []

    def mark() -> None:
        chain.update(canonical({reader: game.view(reader) for reader in readers}))
        chain.update(canonical([choice.to_json() for choice in game.legal()]))

    mark()
    for index, action in enumerate(record.actions, 1):
        chain.update(canonical(action_to_json(action)))
        game.push(action)
        mark()
        if index % EVERY == 0 or index == len(record.actions):
            marks.append(chain.hexdigest()[:16])
    return {"actions": len(record.actions), "marks": marks,
            "record": hashlib.sha256(canonical(record_to_json(game.record()))).hexdigest()[:16]}


def test_every_view_choice_and_record_is_as_pinned() -> None:
    found = {name: digests(board, record) for name, (board, record) in recorded_games().items()}
    if os.environ.get("GOLDEN_UPDATE"):
        assert not os.environ.get("CI"), "the pinned digests are never rewritten in CI"
        DIGESTS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    pinned = json.loads(DIGESTS.read_text(encoding="utf-8"))
    assert sorted(found) == sorted(pinned), "games added or gone: rewrite the digests on purpose"
    for name in sorted(found):
        first = next((i for i, (a, b) in enumerate(zip(found[name]["marks"], pinned[name]["marks"], strict=False))
                      if a != b), None)
        where = "" if first is None else f" from about action {first * EVERY + 1}"
        assert found[name] == pinned[name], f"{name}: the engine's output changed{where}"


@pytest.mark.parametrize("reader", ["public", "seat:1"])
def test_the_digests_see_a_change_in_what_one_reader_is_shown(reader: str) -> None:
    board, record = recorded_games()["simulated/short4"]
    before = digests(board, record)
    original = Game.view

    def altered(self: Game, who: str = "referee") -> dict[str, Any]:
        view = original(self, who)
        return {**view, "extra": True} if who == reader and self.version == 50 else view

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "view", altered)
        after = digests(board, record)
    # The marks up to action 40 stand; from action 50 on, every one differs.
    assert before["marks"][:4] == after["marks"][:4]
    assert all(b != a for b, a in zip(before["marks"][4:], after["marks"][4:], strict=True))
