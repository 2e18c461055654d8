"""The toy game on the command line (companion.core.game.GameCommands): it has no packs, so its pack is one
line, "toy pack"; a replay is told in one line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .rules import ToyMatch


class ToyCommands:
    def load_pack(self, path: Path | None) -> str:
        return "toy pack"

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        return "toy pack", "the toy's only pack"

    def replay_warning(self, record: dict[str, Any], pack: Any) -> str | None:
        return None

    def replay_line(self, match: ToyMatch) -> str:
        result = match.result()
        scores = ", ".join(str(match.state.scores[s]) for s in match.setup.seats)
        return f"{len(match.moves)} moves, scores {scores}" + (
            f", winners: seats {', '.join(map(str, result.winners))}" if result is not None else "")

    def pack_problems(self, text: str) -> list[str]:
        return [] if text.strip() == "toy pack" else ["line 1: a toy pack says `toy pack`"]

    def pack_warnings(self, text: str) -> list[str]:
        return []

    def pack_summary(self, text: str) -> str:
        return "toy pack"

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        say("A toy pack has nothing to check.")
