"""The contract for checks from outside (docs/formats.md): simulated records, and a game's steps as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.xidit.rules import record_from_json


def test_simulate_writes_each_game_s_record_and_replay_prints_its_steps(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "records"
    assert main(["simulate", "--players", "4", "--games", "2", "--seed", "3", "--short", "--records", str(folder)]) == 0
    summary = capsys.readouterr().out
    assert main(["simulate", "--players", "4", "--games", "2", "--seed", "3", "--short"]) == 0
    assert capsys.readouterr().out == summary  # the records change nothing of the summary
    records = sorted(folder.glob("*.json"))
    assert [p.name for p in records] == ["game-0001.json", "game-0002.json"]
    record = json.loads(records[0].read_text(encoding="utf-8"))
    assert record["format"] == "xidit-record/1" and record_from_json(record).actions
    for language in ("en", "fr"):
        assert main(["replay", str(records[0]), "--steps", "--lang", language, "--json"]) == 0
        steps = json.loads(capsys.readouterr().out)
        assert steps[0]["year"] == 1 and steps[-1]["year"] == 9
        assert all(set(s) <= {"year", "title", "lines", "private"} and 1 <= len(s["lines"]) <= 6 for s in steps)
        assert all(isinstance(line, str) for s in steps for line in s["lines"])
        private = [p for s in steps for p in s.get("private", [])]
        assert private and all(set(p) == {"seat", "text"} for p in private)
        assert len(steps) / 9 <= 12
    assert main(["replay", str(records[0]), "--steps"]) == 0
    assert "Order 1 of 6" in capsys.readouterr().out
