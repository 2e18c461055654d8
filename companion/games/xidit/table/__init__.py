"""Lords of Xidit at the physical table: the game's answers to the table's questions
(companion.table.game_parts.GameTable): its set-up steps and how its events group into steps, its pieces
named as printed, how pieces go back after a rollback, its moves in words, the face-up set-up and its
questions ("which tile is on top now?"), and its programs as sealed drafts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.games.xidit.rules import Game, Setup, setup_to_json
from companion.games.xidit.rules.actions import Program
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.game import WRONG_CENSUS_UNIT
from companion.i18n import N_, Joined, Text
from companion.table.game_parts import GameTable
from companion.table.instructions import Instruction
from companion.table.steps import Step

from . import face_up
from .drafts import ProgramDrafts
from .history import action_words
from .restore import restore_instructions
from .steps import XiditGrouping, setup_steps

UNCHECKED_3P = ("The 3-player tiles of this board pack are not checked against your copy of the game: "
                "check them with the walk-through (/verify) before playing on them.")
TYPED = ("recruit", "threat", "recruit_pile", "threat_pile", "colossi", "scoring")


class XiditDrafts(ProgramDrafts):
    def seals(self, move: Any) -> bool:
        """A program is entered slot by slot and locked, never decided whole (§3)."""
        return isinstance(move, Program)


class XiditTable(GameTable):
    drafts = XiditDrafts()
    chance_policy = "table"  # the tiles lie face up on the physical board: only the table can say which
    not_asked = N_("The game is not waiting for a tile or a colossus.")
    # "Which tile is on top now?" belongs to the order whose resolution draws the tile: asked once the
    # table has done the steps before it (the table's `_question_waits`).
    asks_in_turn = True
    public_refusals = frozenset({WRONG_CENSUS_UNIT})  # the rules' refusals that name nothing behind a screen

    # The engine (set-ups and moves in JSON, start, players) is the game's Rules (companion.games.xidit.module).
    def events(self, match: Game) -> Sequence[Any]:
        return match.state.events

    def rolled_back(self, match: Game) -> None:
        face_up.forget_later_answers(match)

    # -- the physical table -------------------------------------------------------------------------
    def setup_steps(self, match: Game, typed: frozenset[str]) -> list[Step]:
        return setup_steps(match, typed)

    def grouping(self, match: Game) -> XiditGrouping:
        return XiditGrouping(match)

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Board) -> list[Instruction]:
        return restore_instructions(before, after, pack)

    def describe(self, language: str, match: Game, index: int, round: int, *, blind: bool) -> str:
        return action_words(language, match.state, match.actions[index], round, blind=blind)

    def typed_setup(self, pack: Board, setup: Setup, typed: dict[str, Any]) -> Setup:
        return face_up.setup_from_table(pack, setup, typed)

    def typed_parts(self, setup: Setup) -> frozenset[str]:
        """The parts of a game's layout the referee typed in from the table: those pieces are in place."""
        return frozenset(name for name in TYPED if getattr(setup.layout, name) is not None)

    def caveat(self, pack: Board, setup: Setup) -> tuple[str, str] | None:
        if len(setup.players) == 3 and pack.status != "verified":  # its 3-player tiles are not checked
            return UNCHECKED_3P, "3 players on a board pack whose 3-player tiles are not checked"
        return None

    def started(self, setup: Setup) -> str:
        return f"{len(setup.players)} players, {setup.length}"

    # -- what the table turned over ------------------------------------------------------------------
    def question(self, match: Game, node: Any, pack: Board, language: str) -> dict[str, Any]:
        return face_up.question_json(pack, match.questions()[0], language, face_up.number(match.setup))

    def question_number(self, match: Game) -> int:
        return face_up.number(match.setup)

    def outcome_words(self, pack: Board, node: Any, outcome: Any) -> Text | Joined:
        return face_up.outcome_words(pack, node.kind, outcome)

    def told_layout(self, match: Game) -> tuple[dict[str, Any], str, Any] | None:
        """The table's answers are folded into the game's layout (xidit-record/1 writes the whole layout)."""
        hidden = match.setup.layout.hidden
        if hidden is None:
            return None
        return setup_to_json(match.setup), face_up.KEY, face_up.to_json(hidden)

    def resumed(self, setup: Setup, table_state: Mapping[str, Any]) -> tuple[Setup, bool]:
        hidden = face_up.from_json(table_state.get(face_up.KEY))
        if hidden is None:
            return setup, False
        return replace(setup, layout=replace(setup.layout, hidden=hidden)), True


TABLE = XiditTable()
