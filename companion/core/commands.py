"""What a game gives the command line (companion.cli) beyond its rules: its packs read from files, its
words for a replayed game and a checked pack, and its owner's walk-through in the terminal.

The CLI is framework: it finds the game through the registry and asks these, never importing a game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .game import JSON


class GameCommands(Protocol):
    def load_pack(self, path: Path | None) -> Any:
        """The pack in a file (BadPack when it cannot be read or has problems); the shipped one without."""
        ...

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        """The text of the pack new games start with, and where it comes from: the config's pack if it names
        one, else the one the owner verified (kept next to the store), else the shipped one."""
        ...

    def replay_warning(self, record: JSON, pack: Any) -> str | None:
        """Why replaying this record on this pack may not be the game that was played (another pack)."""
        ...

    def replay_line(self, match: Any) -> str:
        """A replayed game in one line: where it stands, how many moves, who won."""
        ...

    def pack_problems(self, text: str) -> list[str]:
        """Every problem of a pack's text, one line each, naming where it is (`companion board check`)."""
        ...

    def pack_warnings(self, text: str) -> list[str]:
        """What is odd in a pack without problems."""
        ...

    def pack_summary(self, text: str) -> str:
        """A clean pack in a few words: its name, its status, how much it holds."""
        ...

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        """The owner's walk-through of the pack against their copy of the game, in the terminal, resumable:
        its progress and the checked pack are files next to the store. `start`: the pack's text to start
        from (else the pack in use)."""
        ...
