"""`companion board verify`: the walk-through in a terminal, driven through standard input of a real
process. Enter alone certifies nothing; an owner typing what they see ends with their board; progress
resumes between runs, section by section."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.games.xidit.boards import default_pack, default_pack_text, pack_labels, parse_pack
from companion.games.xidit.boards.saved import PACK_FILE, PROGRESS_FILE
from companion.games.xidit.boards.verify import Walk
from companion.games.xidit.boards.verify.terminal import TERMINAL
from companion.games.xidit.boards.verify.texts import field_name, prompt
from companion.terminal_walk import run_walk

from .support import Owner, same_board, sources, their_board, typed

DATE = "2026-11-22"


def companion(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True,
                          timeout=120)


def saved_walk(folder: Path) -> Walk:
    return Walk.from_json(json.loads((folder / PROGRESS_FILE).read_text("utf-8")))


def owners_lines(owner: Owner, *, three_player: bool) -> tuple[list[str], list[int]]:
    """What the owner types in the terminal, line by line, answering each field with what they see
    (Enter where the value shown is it), and where each screen starts in those lines."""
    walk = Walk.start(default_pack(), pack_labels(default_pack_text()))
    lines: list[str] = []
    starts: list[int] = []
    current: list[str] = [""]

    def ask(text: str) -> str:
        screen = walk.screen
        if screen is None:  # the summary
            answer = "3" if "3: check the 3-player tiles" in text and three_player else ""
        else:
            if screen.key != current[0]:
                current[0] = screen.key
                starts.append(len(lines))
            name = next(n for n in screen.fields if text.startswith(f"  {field_name(screen, n, 'en')} ["))
            seen = owner.see(screen.key, prompt(screen, walk.kept, "en"))[name]
            shown = walk.shown(screen.key)
            answer = "" if name in shown and shown[name] == seen else typed(screen.key, name, seen)
        lines.append(answer)
        return answer

    assert run_walk(walk, TERMINAL, ask=ask, say=lambda _: None, save=lambda _: None, finish=lambda _: True)
    return lines, starts


def test_fed_only_enter_the_terminal_walk_certifies_nothing(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    done = companion("board", "verify", "--store", store, "--date", DATE, stdin="\n" * 500)
    assert done.returncode == 0, done.stderr
    assert "City 1: where do its roads lead?" in done.stdout
    assert "Look at your board and type what you see" in done.stdout
    assert not (tmp_path / PACK_FILE).exists()
    assert saved_walk(tmp_path).progress()[0] == 0


def test_an_owner_typing_what_they_see_ends_with_their_board_over_two_runs(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    theirs = their_board()
    lines, starts = owners_lines(Owner(theirs), three_player=True)
    half = starts[30]  # they stop after 30 screens (q), and come back
    first = companion("board", "verify", "--store", store, "--date", DATE, stdin="\n".join(lines[:half] + ["q"]) + "\n")
    assert first.returncode == 0, first.stderr
    assert "Saved: 30 of 80 screens answered." in first.stdout
    assert saved_walk(tmp_path).screen is not None and saved_walk(tmp_path).screen.key == "region:9"  # type: ignore[union-attr]

    second = companion("board", "verify", "--store", store, "--date", DATE, stdin="\n".join(lines[half:]) + "\n")
    assert second.returncode == 0, second.stderr
    pack = tmp_path / PACK_FILE
    assert f"Saved the verified pack: {pack}" in second.stdout
    assert not (tmp_path / PROGRESS_FILE).exists()
    text = pack.read_text("utf-8")
    board = parse_pack(text)
    assert board.status == "verified" and same_board(board, theirs) == []
    assert sources(text) == {f"checked against a physical copy on {DATE}"}
    check = companion("board", "check", str(pack))
    assert check.returncode == 0 and "clean (Lords of Xidit, verified" in check.stdout


def test_the_3_player_tiles_can_wait_and_the_walk_resumes_there(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    theirs = their_board()
    lines, _starts = owners_lines(Owner(theirs), three_player=False)
    done = companion("board", "verify", "--store", store, "--date", DATE, stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "The 3-player tiles are not checked yet" in done.stdout
    pack = tmp_path / PACK_FILE
    assert f"Saved the pack, its 3-player tiles still provisional: {pack}" in done.stdout
    board = parse_pack(pack.read_text("utf-8"))
    assert board.status == "provisional" and board.tiles["4-5"] == theirs.tiles["4-5"]
    walk = saved_walk(tmp_path)  # kept: the 3-player section is still to come
    assert walk.unanswered() == [f"tile:3:{n}" for n in range(1, 19)] + ["count:tiles-3"]
    again = companion("board", "verify", "--store", store, "--date", DATE, stdin="3\nq\n")
    assert "Tile 1 of the 3-player set: both sides" in again.stdout


def test_a_walk_can_start_from_another_pack_and_bad_options_are_refused(tmp_path: Path) -> None:
    store = str(tmp_path / "companion.db")
    other = tmp_path / "mine.toml"
    other.write_text(default_pack_text().replace('status = "provisional"', 'status = "verified"', 1), "utf-8")
    done = companion("board", "verify", "--store", store, "--pack", str(other), stdin="\nq\n")
    assert done.returncode == 0, done.stderr
    walk = saved_walk(tmp_path)
    assert walk.trusted and walk.blanks("city:1") == []  # a verified pack's values are offered
    bad = companion("board", "verify", "--store", store, "--date", "22/11/2026", stdin="q\n")
    assert bad.returncode == 2 and "--date must be YYYY-MM-DD" in bad.stderr
    missing = companion("board", "verify", "--store", str(tmp_path / "x" / "c.db"), "--pack", str(tmp_path / "no"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    restart = companion("board", "verify", "--store", store, "--restart", stdin="q\n")
    assert restart.returncode == 0 and saved_walk(tmp_path).progress()[0] == 0
