"""Zargos on the command line (`GameModule.commands`, a companion.core.commands.GameCommands): its map packs
read from files, a replayed game in a line, a checked pack in a few words, and the owner's walk-through
in the terminal.

The owner's files live next to the store, apart from Xidit's: `zargos-board.toml` (the pack the
walk-through made, used for new games unless the config names a pack) and `zargos-board-walk.json` (a
walk under way, saved after every answer). Every write replaces the old file whole."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core.owner_files import OwnerFiles
from companion.owner_walk import verify_in_terminal

from .boards import check_pack, default_pack, default_pack_text, parse_pack
from .boards.verify import Walk
from .boards.verify.terminal import TERMINAL
from .rules import Board, Game
from .rules.board import ZARGOS
from .rules.errors import BadPack
from .rules.terms import PEOPLES

PACK_FILE = "zargos-board.toml"
PROGRESS_FILE = "zargos-board-walk.json"


class PackFiles(OwnerFiles):
    """The owner's Zargos files next to the store (`GamePacks.saved`, what web/verify.py and the terminal share)."""

    pack_file = PACK_FILE
    progress_file = PROGRESS_FILE

    def problem_lines(self, text: str) -> list[str]:
        return check_pack(text)


def _read_pack(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadPack([f"cannot read the Zargos map pack {path}: {error}"]) from None


class ZargosCommands:
    def load_pack(self, path: Path | None) -> Board:
        return parse_pack(_read_pack(path)) if path else default_pack()

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        if path is not None:
            text = _read_pack(path)
            parse_pack(text)
            return text, str(path)
        files = PackFiles.beside(store)
        verified = files.verified_text()
        if verified is None:
            return default_pack_text(), "the default pack (provisional: not the real board)"
        return verified, str(files.pack)

    def replay_warning(self, record: dict[str, Any], pack: Board) -> str | None:
        board = record.get("board") if isinstance(record, dict) else None
        if not isinstance(board, dict):
            return None
        sha = board.get("sha256")
        if sha and sha != pack.sha256:
            return (f"warning: the record was played on the map {board.get('name')!r} (sha256 {str(sha)[:12]}…), "
                    f"not on {pack.name!r}: it cannot be replayed on this pack")
        return None

    def replay_line(self, match: Game) -> str:
        state = match.state
        line = f"round {state.round}, phase {state.phase}, {len(match.history)} moves and rolls replayed"
        if state.winner is not None:
            people = PEOPLES.get(state.winner, state.winner)
            line += f", winner: seat {state.peoples[state.winner].seat} ({people})"
        return line

    def pack_problems(self, text: str) -> list[str]:
        return check_pack(text)

    def pack_warnings(self, text: str) -> list[str]:
        board = parse_pack(text)
        warnings = []
        if board.status != "verified":
            warnings.append("this pack is provisional: it is not the real board until its owner has checked it "
                            "(companion board verify --game zargos)")
        unknown = [k.name for k in board.kingdoms.values() if k.id != ZARGOS and k.value is None]
        if unknown:
            warnings.append(f"no printed value for {len(unknown)} kingdom(s) ({', '.join(unknown)}): the table will "
                            "be asked the first time one is completed (10.2)")
        return warnings

    def pack_summary(self, text: str) -> str:
        board = parse_pack(text)
        outside = sum(1 for p in board.provinces.values() if p.kingdom != ZARGOS)
        return (f"{board.name}, {board.status}, {len(board.kingdoms) - 1} kingdoms and Zargos, "
                f"{outside} provinces outside Zargos, {len(board.provinces) - outside} in it, "
                f"{len(board.seas)} sea spaces")

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        files = PackFiles.beside(store)

        def begin() -> Walk:
            text = start
            if text is None:
                text, origin = self.pack_in_use(configured, store)
                say(f"Starting from {origin}.")
            return Walk.start(parse_pack(text))

        def finish(done: Walk) -> bool:
            path = files.save_pack(done.pack_text(date))
            files.clear_progress()
            say(f"Saved the verified Zargos map: {path}")
            if configured is not None:
                say(f"Your config names the pack {configured}: point it at {path} to play on it.")
            return True

        verify_in_terminal(files, TERMINAL, restart=restart, resume=Walk.from_json, begin=begin, finish=finish,
                           ask=ask, say=say, warn=warn, language=language)


COMMANDS = ZargosCommands()
