"""The Epic at the table (companion.table.default_part's `DefaultTable`, improved): a step per turn, one for
each Invasion card and one for the Defence of the Walls; each move's news in the rulebook's words, then a line
per piece it moved (changes.py: told from the public view before and after the move, so no line says what
another reader may not know)."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import rebuild
from companion.i18n import N_, NP_, Text, translate
from companion.table.default_part import PUT_BACK, DefaultTable, MoveEvent
from companion.table.game_parts import JSON, StepGrouping
from companion.table.instructions import Instruction
from companion.table.steps import MAX_LINES, Step, StepBuilder

from ..rules.terms import ACTIONS as ACTIONS_PER_TURN
from ..rules.terms import PILE_SIZE
from . import walls as walls_told
from .changes import lines as change_lines
from .history import card_line, move_line

INVASION, WALLS, ROLES = N_("The Invasion card"), N_("The Defence of the Walls"), N_("The roles")
TURN, MORE = N_("Seat {seat}'s turn"), N_("(continued)")


@dataclass(frozen=True)
class EpicEvent(MoveEvent):
    """A move with where it was made (the phase and the mage whose turn it was) and the lines of what moved."""

    phase: str = ""
    active: int | None = None
    walls: bool = False  # the move ended the round: what moved is the Defence of the Walls (E10)
    changes: tuple[Instruction, ...] = field(default=(), hash=False)


class EpicSteps(StepGrouping):
    heading = N_("Round {round} · {title}")

    def __init__(self, shown: Callable[[int], int]) -> None:
        self._shown = shown
        self._key: tuple[Any, ...] | None = None

    def _step(self, out: StepBuilder, key: tuple[Any, ...], kind: str, title: Text, round: int) -> None:
        if key != self._key or not out.open:
            out.seal()
            out.round = round
            out.start(kind, title, Text(N_("{title} {more}"), {"title": title, "more": Text(MORE)}))
            self._key = key

    def _add(self, out: StepBuilder, line: Instruction) -> None:
        draft = out.open[-1]
        if draft.size() >= MAX_LINES:
            draft = out.going_on(draft)
        draft.lines.append(line)

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None:
        if event.chance and event.phase in ("invasion", "over"):
            self._step(out, ("invasion", event.round), "invasion", Text(INVASION), event.round)
        elif event.phase == "roles":
            self._step(out, ("roles", event.round), "roles", Text(ROLES), event.round)
        elif event.phase == "walls":
            self._step(out, ("walls", event.round), "walls", Text(WALLS), event.round)
        else:
            seat = event.active if event.active is not None else event.move.get("seat")
            self._step(out, ("turn", event.round, seat), "turn",
                       Text(TURN, {"seat": self._shown(seat) if isinstance(seat, int) else seat}), event.round)
        self._add(out, card_line(event.phase) if event.chance else move_line(event.move, self._shown))
        if event.walls and event.changes:
            self._step(out, ("walls", event.round), "walls", Text(WALLS), event.round)
        for line in event.changes:
            self._add(out, line)

    def rebased(self, out: StepBuilder) -> None:
        self._key = None


class EpicTable(DefaultTable):
    def __init__(self) -> None:
        super().__init__("astoria-epic")
        self._kept: weakref.WeakKeyDictionary[Any, tuple[Any, list[EpicEvent], JSON]] = \
            weakref.WeakKeyDictionary()

    def events(self, match: Any) -> Sequence[EpicEvent]:
        rules, moves = self.module.rules, list(match.moves)
        kept = self._kept.get(match)
        if kept is None or kept[0].version > len(moves) or list(kept[0].moves) != moves[:kept[0].version]:
            again = rules.start(match.pack, match.setup)  # the game's own pack: its Invasion catalogue
            kept = (again, [], again.view())
        again, told, seen = kept
        for move in moves[again.version:]:
            node, written = again.chance(), rules.move_to_json(move)
            chance = node is not None and written.get("type") == rebuild.CHANCE
            round, phase, active = again.state.round, again.state.phase, again.active()
            again_before_last = again.state.turn == len(again.state.order) - 1
            rebuild.push_move(rules, again, move)
            now = again.view()
            # The move ended the round's last turn: what followed is the Defence of the Walls (E10), the game
            # over if the City fell or the King died of it.
            last = phase == "turn" and again_before_last
            walls = now["round"] != round or now["phase"] == "walls" and phase != "walls" or \
                last and now["phase"] == "over" and (now["end"] or {}).get("how") in ("city", "chaos", "died")
            said = change_lines(seen, now, self._shown, None if chance else written,
                                skip=walls_told.TOLD if walls and phase == "turn" else ())
            if walls and phase == "turn":  # the Defence of the Walls, step by step (E10)
                said = [*walls_told.lines(seen, now, len(match.setup.seats)), *said]
            told.append(EpicEvent(round, written, chance, node.prompt if node else "", node.told_by if node else None,
                                  dict(node.params) if node else {}, phase=phase, active=active, walls=walls,
                                  changes=tuple(said)))
            seen = now
        self._kept[match] = (again, told, seen)
        return list(told)

    def grouping(self, match: Any) -> StepGrouping:
        return EpicSteps(self._shown)

    def setup_steps(self, match: Any, typed: frozenset[str]) -> list[Step]:
        """E2, as the table lays it out: the Pi dealt the Objectives (A-43) and drew the first player."""
        players = len(match.setup.seats)
        view = match.view()
        first = view["first"]
        said = [Instruction(N_("Each mage takes his Character, the ten gems of its colour and a Flask: nine gems "
                               "in his Personal Stock, the tenth his Power marker.")),
                Instruction(N_("The unused Characters' gems make the Reserve.")),
                Instruction(N_("Deal each mage three Artefacts; make three Discovery piles of {n} cards."),
                            {"n": PILE_SIZE[players]}),
                Instruction(N_("Cubes on space 1, the Dragon on its first space, the King's Health on {health}."),
                            {"health": view["tracks"]["health"]}),
                Instruction(N_("The Objectives are dealt on the boxes: each mage reads his own."), physical=False),
                Instruction(NP_("Seat {seat} plays first; {n} action a turn.", "Seat {seat} plays first; {n} "
                                "actions a turn."), {"seat": self._shown(first) if isinstance(first, int) else first,
                                                     "n": ACTIONS_PER_TURN[players]}, physical=False)]
        return [Step("setup", 1, Text(N_("Set up")), tuple(said),
                     (match.version, len(self.events(match))))]

    def restore_lines(self, before: JSON, after: JSON, pack: Any) -> list[Instruction]:
        """After a rollback, what to move back: the same lines as a move's, from the two referee views (an
        Objective is named only by a view that marks it revealed, as for every reader)."""
        if before == after:
            return []
        return change_lines(before, after, self._shown) or [Instruction(PUT_BACK)]

    def describe(self, language: str, match: Any, index: int, round: int, *, blind: bool) -> str:
        event = self.events(match)[index]
        line = card_line(event.phase) if event.chance else move_line(event.move, self._shown)
        return translate(language, N_("Round {round} · {move}"),
                         {"round": round, "move": line.text(language, None if blind else -1)})

    def started(self, setup: Any) -> str:
        return f"{len(setup.seats)} players"


TABLE = EpicTable()
