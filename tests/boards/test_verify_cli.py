"""`companion board verify`: the walk-through in a terminal, driven through standard input of a real
process; progress resumes between runs and the verified pack passes `companion board check`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.boards import default_pack_text, parse_pack
from companion.boards.saved import PACK_FILE, PROGRESS_FILE
from companion.boards.verify import Walk

from .support import differences, sources

DATE = "2026-11-22"


def companion(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def saved_walk(folder: Path) -> Walk:
    return Walk.from_json(json.loads((folder / PROGRESS_FILE).read_text("utf-8")))


def test_a_walk_in_the_terminal_is_answered_corrected_left_and_resumed(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    # A typo, a correction (1-7 black is not on this board), a confirmation, back, again, then quit.
    first = companion("board", "verify", "--store", store, "--date", DATE, stdin="x\nnone\n\nb\n\nq\n")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "From city 1, where does the black road lead?" in out
    assert "x is not a number." in out  # the typo is refused, the question asked again
    assert "closed loop" in out and "Region 3" in out  # the live check: region 3's border lost a road
    assert "Saved:" in out and "Run the same command again" in out
    walk = saved_walk(tmp_path)
    assert walk.values["road:1:black"] is None and walk.values["road:7:black"] is None
    assert walk.is_answered("road:1:black") and walk.is_answered("road:1:red")
    assert walk.question is not None and walk.question.key == "road:1:blue"
    assert not (tmp_path / PACK_FILE).exists()

    # The second run resumes at city 1's blue road; Enter accepts every other value, then saves.
    second = companion("board", "verify", "--store", store, "--date", DATE, stdin="\n" * 400)
    assert second.returncode == 0, second.stderr
    assert "From city 1, where does the blue road lead?" in second.stdout.splitlines()[3]
    asked = [line for line in second.stdout.splitlines() if line.startswith("[")]
    assert not [line for line in asked if "From city 1, where does the black road lead?" in line]  # answered before
    assert "You corrected 2 value(s)" in second.stdout
    pack = tmp_path / PACK_FILE
    assert f"Saved the verified pack: {pack}" in second.stdout
    assert not (tmp_path / PROGRESS_FILE).exists()

    check = companion("board", "check", str(pack))
    assert check.returncode == 0, check.stdout
    assert "clean (Lords of Xidit, verified" in check.stdout
    assert "warning: region 3" in check.stdout  # kept, and said
    text = pack.read_text("utf-8")
    assert differences(text, default_pack_text()) == {"road:1:black": (None, 7), "road:7:black": (None, 1)}
    assert sources(text) == {f"checked against a physical copy on {DATE}"}
    assert parse_pack(text).status == "verified"


def test_the_end_of_the_input_saves_like_q_and_restart_drops_the_progress(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    done = companion("board", "verify", "--store", store, stdin="\n\n\n")
    assert done.returncode == 0, done.stderr
    assert saved_walk(tmp_path).progress()[0] >= 3
    again = companion("board", "verify", "--store", store, "--restart", stdin="q\n")
    assert again.returncode == 0
    assert saved_walk(tmp_path).progress()[0] == 0


def test_a_walk_can_start_from_another_pack_and_bad_options_are_refused(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    other = tmp_path / "mine.toml"
    other.write_text(default_pack_text().replace("fame = [2, 1]", "fame = [3, 1]", 1), "utf-8")
    done = companion("board", "verify", "--store", store, "--pack", str(other), stdin="q\n")
    assert done.returncode == 0, done.stderr
    walk = saved_walk(tmp_path)
    assert walk.values["fame:8"] == [3, 1]
    bad = companion("board", "verify", "--store", store, "--date", "22/11/2026", stdin="q\n")
    assert bad.returncode == 2 and "--date must be YYYY-MM-DD" in bad.stderr
    missing = companion("board", "verify", "--store", str(tmp_path / "x" / "c.db"), "--pack", str(tmp_path / "no"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
