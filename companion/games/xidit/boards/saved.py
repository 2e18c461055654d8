"""The owner's board pack on disk: the verified pack and the walk-through's progress.

Both live in the data directory, next to the store (by default `~/.local/share/xidit-companion/`,
on a Pi `/var/lib/xidit/`):

- `verified-board.toml`: the pack the walk-through made, or one a fellow owner shared and that was
  imported. `companion run` uses it for new games unless the config names a `board`.
- `board-walk.json`: a walk-through under way, saved after every answer, so a half-done walk resumes.

Reading and writing them is the framework's (companion/core/owner_files.py): a write replaces a file whole.
"""

from __future__ import annotations

from pathlib import Path

from companion.core.owner_files import OwnerFiles
from companion.games.xidit.rules.errors import BadBoard

from .pack import check_pack, default_pack_text

PACK_FILE = "verified-board.toml"
PROGRESS_FILE = "board-walk.json"


class PackFiles(OwnerFiles):
    pack_file = PACK_FILE
    progress_file = PROGRESS_FILE

    def problem_lines(self, text: str) -> list[str]:
        return [problem.line for problem in check_pack(text)]


def pack_in_use(board: Path | None, store: Path | str) -> tuple[str, str]:
    """The pack new games start with, and where it comes from: the config's `board` if it names one,
    else the pack the owner verified (saved next to the store), else the default (provisional) pack."""
    if board is not None:
        try:
            text = board.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise BadBoard([f"cannot read the board pack {board}: {error}"]) from None
        problems = check_pack(text)
        if problems:
            raise BadBoard([problem.line for problem in problems])
        return text, str(board)
    files = PackFiles.beside(store)
    verified = files.verified_text()
    if verified is not None:
        return verified, str(files.pack)
    return default_pack_text(), "the default pack"
