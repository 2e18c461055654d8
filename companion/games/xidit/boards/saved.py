"""The owner's board pack on disk: the verified pack and the walk-through's progress.

Both live in the data directory, next to the store (by default `~/.local/share/xidit-companion/`,
on a Pi `/var/lib/xidit/`):

- `verified-board.toml`: the pack the walk-through made, or one a fellow owner shared and that was
  imported. `companion run` uses it for new games unless the config names a `board`.
- `board-walk.json`: a walk-through under way, saved after every answer, so a half-done walk resumes.

Every write goes to a temporary file first, then replaces the old one: a power cut leaves the old
file or the new one, never half of one.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.xidit.rules.errors import BadBoard

from .pack import check_pack, default_pack_text

log = logging.getLogger(__name__)

PACK_FILE = "verified-board.toml"
PROGRESS_FILE = "board-walk.json"


@dataclass(frozen=True)
class PackFiles:
    folder: Path

    @classmethod
    def beside(cls, store: Path | str) -> PackFiles:
        """The files in the store's folder (the user's data directory unless the config says otherwise)."""
        return cls(Path(store).parent)

    @property
    def pack(self) -> Path:
        return self.folder / PACK_FILE

    @property
    def progress(self) -> Path:
        return self.folder / PROGRESS_FILE

    def verified_text(self) -> str | None:
        """The saved pack if there is one and it is sound; None otherwise (a damaged one is logged)."""
        try:
            text = self.pack.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            log.warning("cannot read the board pack %s (%s): using another", self.pack, error)
            return None
        problems = check_pack(text)
        if problems:
            log.warning("the board pack %s has %s problem(s), first: %s; using another", self.pack,
                        len(problems), problems[0].line)
            return None
        return text

    def save_pack(self, text: str) -> Path:
        _write(self.pack, text)
        return self.pack

    def load_progress(self) -> Any | None:
        """The saved walk as JSON, or None. A file that is not JSON is moved aside and reported."""
        try:
            raw = self.progress.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            log.warning("cannot read the walk-through's progress %s (%s)", self.progress, error)
            return None
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            self.set_aside()
            return None

    def set_aside(self) -> None:
        """Moves a progress file that cannot be resumed out of the way (kept, renamed), and says so."""
        aside = self.progress.with_name(f"{PROGRESS_FILE}.unreadable-{int(time.time())}")
        try:
            self.progress.rename(aside)
        except OSError:
            return
        log.warning("the walk-through's progress could not be read; it is kept as %s", aside)

    def save_progress(self, data: Any) -> None:
        _write(self.progress, json.dumps(data, ensure_ascii=False))

    def clear_progress(self) -> None:
        self.progress.unlink(missing_ok=True)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


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
