"""A game's owner files beside the store: the pack the owner's walk-through made (or imported) and the
walk's progress, saved after every answer so that a half-done walk resumes.

Every write goes to a temporary file first, then replaces the old one: a power cut leaves the old file or
the new one, never half of one. A game names its two files and how to check a pack's text."""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OwnerFiles:
    folder: Path
    pack_file: ClassVar[str]
    progress_file: ClassVar[str]

    @classmethod
    def beside(cls, store: Path | str) -> Self:
        """The files in the store's folder (the user's data directory unless the config says otherwise)."""
        return cls(Path(store).parent)

    def problem_lines(self, text: str) -> list[str]:
        """Each problem of a pack's text, in words; none when the game can play on it."""
        raise NotImplementedError

    @property
    def pack(self) -> Path:
        return self.folder / self.pack_file

    @property
    def progress(self) -> Path:
        return self.folder / self.progress_file

    def verified_text(self) -> str | None:
        """The saved pack if there is one and it is sound; None otherwise (a damaged one is logged)."""
        try:
            text = self.pack.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            log.warning("cannot read the board pack %s (%s): using another", self.pack, error)
            return None
        problems = self.problem_lines(text)
        if problems:
            log.warning("the board pack %s has %s problem(s), first: %s; using another", self.pack,
                        len(problems), problems[0])
            return None
        return text

    def save_pack(self, text: str) -> Path:
        write_whole(self.pack, text)
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
        aside = self.progress.with_name(f"{self.progress_file}.unreadable-{int(time.time())}")
        try:
            self.progress.rename(aside)
        except OSError:
            return
        log.warning("the walk-through's progress could not be read; it is kept as %s", aside)

    def save_progress(self, data: Any) -> None:
        write_whole(self.progress, json.dumps(data, ensure_ascii=False))

    def clear_progress(self) -> None:
        self.progress.unlink(missing_ok=True)


def write_whole(path: Path, text: str) -> None:
    """Writes `text` to `path` through a temporary file and a rename, the folder synced after."""
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
