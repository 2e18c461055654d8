"""Xidit on the command line (`GameModule.commands`, a companion.core.commands.GameCommands): its board
packs read from files, a replayed game in a line, a checked pack in a few words, and the owner's
walk-through in the terminal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.owner_walk import verify_in_terminal

from .boards import check_pack, default_pack, load_pack, pack_labels, pack_warnings, parse_pack, saved
from .boards.verify import Walk
from .boards.verify.terminal import TERMINAL
from .rules import Game, record_from_json
from .rules.board import Board


class XiditCommands:
    def load_pack(self, path: Path | None) -> Board:
        return load_pack(path) if path else default_pack()

    def pack_in_use(self, path: Path | None, store: Path) -> tuple[str, str]:
        return saved.pack_in_use(path, store)

    def replay_warning(self, record: dict[str, Any], pack: Board) -> str | None:
        played = record_from_json(record)
        if played.board_sha256 and pack.sha256 and played.board_sha256 != pack.sha256:
            return (f"warning: the record was played on board {played.board_name!r} with another pack "
                    f"(sha256 {played.board_sha256[:12]}…); replaying it on {pack.name!r}")
        return None

    def replay_line(self, match: Game) -> str:
        view = match.view("referee")
        winner = view["scoring"]["winner"]
        return (f"year {view['year']} of {view['years']}, phase {view['phase']}, {len(match.actions)} actions replayed"
                + (f", winner: seat {winner}" if winner is not None else ""))

    def pack_problems(self, text: str) -> list[str]:
        return [problem.line for problem in check_pack(text)]

    def pack_warnings(self, text: str) -> list[str]:
        return [warning.line for warning in pack_warnings(parse_pack(text))]

    def pack_summary(self, text: str) -> str:
        board = parse_pack(text)
        return (f"{board.name}, {board.status}, {len(board.cities)} cities, {len(board.regions)} regions, "
                f"{sum(len(t) for t in board.tiles.values())} tiles")

    def verify(self, store: Path, configured: Path | None, start: str | None, *, restart: bool, date: str,
               language: str, ask: Callable[[str], str], say: Callable[[str], None],
               warn: Callable[[str], None]) -> None:
        files = saved.PackFiles.beside(store)

        def begin() -> Walk:
            text = start
            if text is None:
                text, origin = saved.pack_in_use(configured, store)
                say(f"Starting from {origin}.")
            return Walk.start(parse_pack(text), pack_labels(text))

        def finish(done: Walk) -> bool:
            path = files.save_pack(done.pack_text(date))
            if done.complete():
                files.clear_progress()
                say(f"Saved the verified pack: {path}")
            else:  # the 3-player section is still to come: the walk resumes there
                files.save_progress(done.to_json())
                say(f"Saved the pack, its 3-player tiles still provisional: {path}")
            if configured is not None:
                say(f"Your config names the board {configured}: point `board` at {path} to play on it.")
            else:
                say("`companion run` starts new games on it (restart a running table to pick it up).")
            return True

        verify_in_terminal(files, TERMINAL, restart=restart, resume=Walk.from_json, begin=begin, finish=finish,
                           ask=ask, say=say, warn=warn, language=language)


COMMANDS = XiditCommands()
