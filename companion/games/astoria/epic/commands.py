"""The Epic on the command line (companion.core.commands.GameCommands): its pack read from a file, checked and
summed up; a replayed game told in one line. The owner's walk-through of the pack is not written yet."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core.errors import BadPack

from .packs import shipped, shipped_text
from .rules import EpicMatch, EpicPack, parse_pack


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadPack([f"{path}: cannot be read ({error})"]) from None


class EpicCommands:
    def load_pack(self, path: Path | None) -> EpicPack:
        return shipped() if path is None else parse_pack(_read(path))

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        if path is not None:
            text = _read(path)
            parse_pack(text)
            return text, str(path)
        return shipped_text(), "the shipped pack (provisional: numbers the text lost are guesses)"

    def replay_warning(self, record: dict[str, Any], pack: Any) -> str | None:
        return None  # a record carries the catalogue of Invasion cards it was played with

    def replay_line(self, match: EpicMatch) -> str:
        s = match.state
        line = f"round {s.round}, phase {s.phase}, {match.version} moves and cards replayed"
        result = match.result()
        if result is not None:
            totals = ", ".join(f"seat {seat} {score['total']}" for seat, score in result.detail["scores"].items())
            line += f"; ended: {s.end and s.end['how']}; points: {totals}; winners: seats " + \
                ", ".join(map(str, result.winners))
        return line

    def pack_problems(self, text: str) -> list[str]:
        try:
            parse_pack(text)
        except BadPack as bad:
            return list(bad.problems)
        return []

    def pack_warnings(self, text: str) -> list[str]:
        pack = parse_pack(text)
        return ["status is provisional: its numbers are not checked against the box"] if pack.status != "verified" \
            else []

    def pack_summary(self, text: str) -> str:
        pack = parse_pack(text)
        cards = f"{len(pack.invasion)} Invasion cards" if pack.invasion else "no Invasion card (typed at the table)"
        return f"{pack.name} ({pack.status}): King's Health {pack.health_start} of {pack.health_max}, {cards}"

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        warn("The Epic's walk-through is not written yet: check the numbers in the pack's file by hand "
             "(companion/games/astoria/epic/PROVISIONAL.md says which are guesses).")


COMMANDS = EpicCommands()
