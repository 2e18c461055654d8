"""What the outside reads of the table: each read takes the table's lock itself, since the loop may be
changing the table meanwhile, and hands out values, never the engine (`decide_for` lends the game's
state to one decision, under the lock). The table's state is declared here; the table (table.py)
makes it and changes it."""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from companion.rules import Game, record_to_json
from companion.rules.actions import Action
from companion.rules.board import Board
from companion.rules.choices import Choice, ProgramChoice
from companion.rules.game import Outcome
from companion.rules.state import State
from companion.store import Store

from .commands import Refused
from .drafts import Drafts
from .steps import Step, StepBuilder


class TableReads:
    _lock: threading.RLock
    _store: Store
    _game: Game | None
    _game_id: int | None
    _entries: list[dict[str, Any]]  # the stored log of this game: actions and markers
    _version: int
    _drafts: Drafts
    _builder: StepBuilder | None
    _acknowledged: int  # steps done, a prefix: ticked at the table or passed by the game
    _ticked: int  # steps someone said were done
    _boxes: dict[int, dict[str, Any]]  # seat -> {"kind", "connected"}: table state, not saved
    _language: str
    _pace: str
    _board: Board
    _board_text: str  # the pack of the game under way (each game keeps the pack it began with)
    _next_pack: str  # the pack new games start with
    _next_board: Board

    def paused(self) -> bool:
        """In `orders` pace, decisions wait until the table has done every step that moves pieces."""
        with self._lock:
            return self._pace == "orders" and any(s.physical for s in self._steps()[self._acknowledged:])

    def steps(self) -> list[Step]:
        """Every step of the game under way for the physical table, done or not, in order."""
        with self._lock:
            return self._steps()

    def acknowledged(self) -> int:
        """How many steps are done (the first ones)."""
        with self._lock:
            return self._acknowledged

    def _steps(self) -> list[Step]:
        return self._builder.steps() if self._builder is not None else []

    @property
    def version(self) -> int:
        """One more with each change, and more again after a restart: it never goes back."""
        with self._lock:
            return self._version

    @property
    def game_id(self) -> int | None:
        """The stored game under way, if any (a finished game stays under way until the next)."""
        with self._lock:
            return self._game_id

    @property
    def language(self) -> str:
        with self._lock:
            return self._language

    @property
    def board(self) -> Board:
        """The board of the game under way (with no game yet, of the next one)."""
        with self._lock:
            return self._board

    @property
    def board_text(self) -> str:
        """The pack text of the game under way."""
        with self._lock:
            return self._board_text

    @property
    def new_board(self) -> Board:
        """The board new games start with."""
        with self._lock:
            return self._new_board()

    @property
    def new_pack(self) -> str:
        """The pack text new games start with."""
        with self._lock:
            return self._next_pack

    def boards(self) -> tuple[Board, Board]:
        """The board in use (the game under way's, with no game the next one's) and the board new
        games start with, read together."""
        with self._lock:
            return (self._board if self._game is not None else self._new_board()), self._new_board()

    @property
    def store_path(self) -> Path:
        """Where the table's store is: what belongs next to it (the verified pack) goes there."""
        return self._store.path

    def setting(self, key: str) -> str | None:
        """A setting kept in the store between runs."""
        with self._lock:
            return self._store.setting(key)

    def set_setting(self, key: str, value: str) -> None:
        with self._lock:
            self._store.set_setting(key, value)

    def has_game(self) -> bool:
        """Whether a game was started (it may be over)."""
        with self._lock:
            return self._game is not None

    def playing(self) -> bool:
        """Whether a game is under way and not over."""
        with self._lock:
            return self._game is not None and self._game.outcome() is None

    def outcome(self) -> Outcome | None:
        with self._lock:
            return self._game.outcome() if self._game is not None else None

    def actions(self) -> int:
        """How many actions the game under way holds."""
        with self._lock:
            return self._game.version if self._game is not None else 0

    def phase(self) -> str:
        """The phase of the game under way ("setup" with none), as its views say."""
        with self._lock:
            return self._game.state.phase if self._game is not None else "setup"

    def year(self) -> int | None:
        with self._lock:
            return self._game.state.year if self._game is not None else None

    def stored(self) -> int:
        """How many entries the stored log of the game under way holds: actions and markers."""
        with self._lock:
            return len(self._entries)

    def players(self) -> list[tuple[int, str, str | None]]:
        """The seat, colour and name of each player of the game under way, in seat order."""
        with self._lock:
            if self._game is None:
                return []
            players = self._game.state.players
            return [(s, players[s].colour, players[s].name) for s in self._game.state.seats]

    def seated(self, seat: int) -> bool:
        """Whether the game under way has this seat."""
        with self._lock:
            return self._game is not None and seat in self._game.state.players

    def legal(self, seat: int) -> tuple[int, list[Choice]] | None:
        """The version and the legal choices of one seat now; None when the game has no such seat."""
        with self._lock:
            if self._game is None or seat not in self._game.state.players:
                return None
            return self._version, list(self._game.legal(seat))

    def decide_for(self, decide: Callable[[Choice, State], Action],
                   seats: Collection[int] | None = None) -> tuple[Choice, Action] | None:
        """The first choice awaited from these seats (a locked program waits for the others' locks)
        and the action `decide` takes on it, read at once: for players the machine plays itself."""
        with self._lock:
            game = self._game
            if game is None or game.outcome() is not None:
                return None
            for choice in game.legal():
                if seats is not None and choice.seat not in seats:
                    continue
                if isinstance(choice, ProgramChoice) and choice.seat in self._drafts.locked:
                    continue
                return choice, decide(choice, game.state)
            return None

    def record(self) -> dict[str, Any]:
        """The game record (docs/formats.md, "Game record") of the game in hand: its effective actions."""
        with self._lock:
            return record_to_json(self._current().record())

    def _new_board(self) -> Board:
        """The board of the pack new games start with."""
        return self._board if self._next_pack == self._board_text else self._next_board

    def _current(self) -> Game:
        if self._game is None:
            raise Refused("No game is under way: the referee starts one.")
        return self._game
