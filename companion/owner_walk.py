"""The owner's walk-through of a game's pack, the part every game shares: the refusal of an answer, the
saved progress that cannot be resumed, a field an answer changed, and the command that resumes or starts
a walk in the terminal and saves after every answer (companion.terminal_walk asks the questions).

A game keeps its screens, its facts, its conflicts and its words; it writes none of this again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from companion.core.errors import CompanionError
from companion.core.owner_files import OwnerFiles
from companion.i18n import translate
from companion.terminal_walk import TerminalWalk, Walk, run_walk

S = TypeVar("S")


class BadAnswer(CompanionError, ValueError):
    """An answer of the wrong form; `message` is a catalog message filled with `params`."""

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(translate("en", message, params or None))
        self.message = message
        self.params = params

    def text(self, language: str) -> str:
        return translate(language, self.message, self.params or None)


class BadProgress(CompanionError, ValueError):
    """Saved progress that cannot be resumed (another format, a damaged file)."""


@dataclass(frozen=True)
class Change(Generic[S]):
    """A field the owner's answer changed from the pack the walk started from."""

    screen: S
    field: str
    before: Any
    after: Any


class SavedWalk(Walk, Protocol):
    def to_json(self) -> Any: ...  # what `from_json` reads back: the walk resumes there


W = TypeVar("W", bound=SavedWalk)


def verify_in_terminal(files: OwnerFiles, words: TerminalWalk[W], *, restart: bool, resume: Callable[[Any], W],
                       begin: Callable[[], W], finish: Callable[[W], bool], ask: Callable[[str], str],
                       say: Callable[[str], None], warn: Callable[[str], None], language: str) -> None:
    """`companion board verify` for one game: the saved walk resumed (`resume` its JSON, raising BadProgress
    when it cannot be: the file is set aside), else one begun (`begin`, unless `restart` it is the saved one);
    saved after every answer; `finish` saves the pack at the end (True: done)."""
    walk: W | None = None
    progress = None if restart else files.load_progress()
    if progress is not None:
        try:
            walk = resume(progress)
        except BadProgress as error:
            warn(f"companion: {error}; starting over")
            files.set_aside()
    if walk is None:
        walk = begin()
        files.save_progress(walk.to_json())
    run_walk(walk, words, ask=ask, say=say, save=lambda w: files.save_progress(w.to_json()), finish=finish,
             language=language)
