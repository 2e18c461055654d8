"""`companion replay --steps` prints a Zargos record's steps for the physical table (docs/formats.md, "Steps of
a game"): it printed Xidit's, and could not replay a die or a card drawn (a Zargos record's `chance` moves)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli


def test_replay_prints_the_steps_of_a_zargos_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "zargos", "--players", "2", "--games", "1", "--seed", "3",
                     "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    record = next(tmp_path.glob("*.json"))
    assert any(m["type"] == "chance" for m in json.loads(record.read_text())["moves"])
    assert cli.main(["replay", "--steps", "--json", "--lang", "fr", str(record)]) == 0
    steps = json.loads(capsys.readouterr().out)
    assert steps[0]["year"] == 0 and any(s["title"] == "Victoire" for s in steps)
    assert [s["year"] for s in steps] == sorted(s["year"] for s in steps) and steps[-1]["year"] >= 1
    # A card dealt: the count for all, its name in its player's form only (12.2).
    dealt = [p for s in steps for p in s.get("private", []) if "carte" in p["text"]]
    assert dealt and all(p["seat"] in (0, 1) for p in dealt)
