"""Zargos at the physical table: the game's answers to the table's questions (companion.table.game_parts.
GameTable): its setups and moves in JSON, its events grouped into steps for the table, how pieces go back
after a rollback, its moves in words, the questions its dice and draws put to the table, and the moves a
seat or the referee may state at any time (the effects the text does not give, Z-27)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import BadRecord
from companion.i18n import N_, Joined, Text, translate
from companion.table.game_parts import GameTable
from companion.table.instructions import Instruction
from companion.table.steps import Step

from ..rules import Board, Game, Setup, Told, action_from_json, action_to_json
from ..rules.actions import BY_REFEREE, TimeUp, Trade
from ..rules.record import FORMAT as RECORD_FORMAT
from ..rules.record import moves_from_json
from ..rules.setup import setup_from_json, setup_to_json
from .combat import combat_words
from .events import events
from .history import action_words
from .restore import restore_instructions
from .steps import ZargosGrouping, setup_steps
from .words import names_of, player

PROVISIONAL = N_("This map pack is provisional: it is not the real board. Check every move against your board.")
# The moves a seat or the referee states (Z-27, 2.10, 12.9, 12.13) rather than being asked for them.
STATED = BY_REFEREE


@dataclass(frozen=True)
class TableSetup(Setup):
    """A Zargos setup as the table keeps it: with the seed the Pi rolls and draws by (companion.table.chance).
    The record (zargos-record/1) holds every outcome, so it needs no seed."""

    seed: int = 0
    # The names the table keeps for the players (companion.table.names), by seat: the game's lines name them.
    # Kept in the table's state, never in the stored setup nor the record.
    names: tuple[tuple[int, str], ...] = ()


def _seeded(setup: Setup, seed: int) -> TableSetup:
    return TableSetup(setup.players, setup.peoples_each, setup.options, seed)


class ZargosTable(GameTable):
    drafts = None  # Zargos has no sealed choice
    chance_policy = "pi"  # the Pi rolls and deals unless the referee says the table does (SetChance)
    not_asked = N_("The game is not waiting for dice, a card or a printed value.")

    # -- the engine ---------------------------------------------------------------------------------
    def setup_from_json(self, data: Any) -> TableSetup:
        seed = data.get("seed", 0) if isinstance(data, dict) else 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRecord("setup.seed must be a whole number")
        rest = {k: v for k, v in data.items() if k != "seed"} if isinstance(data, dict) else data
        return _seeded(setup_from_json(rest), seed)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return {**setup_to_json(setup), "seed": getattr(setup, "seed", 0)}

    def with_names(self, setup: Setup, names: Mapping[int, str]) -> TableSetup:
        """The setup with the names the table keeps for its players: its steps and history name them."""
        seeded = setup if isinstance(setup, TableSetup) else _seeded(setup, 0)
        return replace(seeded, names=tuple(sorted((int(s), str(n)) for s, n in names.items())))

    def start(self, pack: Board, setup: Setup) -> Game:
        return Game(pack, setup)

    def setup_of(self, match: Game) -> Setup:
        return match.setup

    def move_from_json(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "chance":
            return moves_from_json([data])[0]
        return action_from_json(data)

    def move_to_json(self, move: Any) -> dict[str, Any]:
        if isinstance(move, Told):
            outcome = list(move.outcome) if isinstance(move.outcome, tuple) else move.outcome
            return {"type": "chance", "kind": move.kind, "outcome": outcome}
        return action_to_json(move)

    def record_from_json(self, data: Any) -> tuple[TableSetup, list[Any]]:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise BadRecord(f"not a Zargos record: format must be {RECORD_FORMAT!r}")
        return _seeded(setup_from_json(data.get("setup")), 0), moves_from_json(data.get("moves"))

    def replay(self, pack: Board, setup: Setup, moves: Sequence[Any]) -> Game:
        return Game.replay(pack, setup, moves)

    def undo(self, match: Game) -> None:
        again = Game.replay(match.board, match.setup, match.history[:-1])
        match.state, match.history = again.state, again.history

    def checkpoint(self, match: Game) -> tuple[Any, list[Any]]:
        # A move replaces the game's state by a changed copy (rules/game.py), never changes it in place: the
        # state before a command is a safe point to go back to.
        return match.state, list(match.history)

    def restore(self, match: Game, checkpoint: tuple[Any, list[Any]]) -> None:
        state, history = checkpoint
        if match.history != history:
            match.state, match.history = state, list(history)

    def as_of(self, match: Game, moves: int, events: int) -> Game:
        return Game.replay(match.board, match.setup, match.history[:moves])

    def events(self, match: Game) -> Sequence[Any]:
        return events(match)

    def players(self, setup: Setup) -> list[tuple[int, str, str | None]]:
        # A Zargos player has no colour (the pages show a seat by its peoples) and the setup no name: the
        # table names a player by the name kept for the game, else "Player N" in the reader's language.
        return [(seat, "", None) for seat in range(setup.players)]

    def rewound(self, pack: Board, match: Game, keep: int) -> Game:
        return Game.replay(match.board, match.setup, match.history[:keep])

    # -- the physical table -------------------------------------------------------------------------
    def setup_steps(self, match: Game, typed: frozenset[str]) -> list[Step]:
        return setup_steps(match)

    def grouping(self, match: Game) -> ZargosGrouping:
        return ZargosGrouping(match)

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Board) -> list[Instruction]:
        return restore_instructions(before, after, pack)

    def describe(self, language: str, match: Game, index: int, round: int, *, blind: bool) -> str:
        return action_words(language, match, index, round, blind=blind)

    def typed_setup(self, pack: Board, setup: Setup, typed: dict[str, Any]) -> Setup:
        raise BadRecord("a Zargos game is not set up from a layout typed in: its set-up is played")

    def typed_parts(self, setup: Setup) -> frozenset[str]:
        return frozenset()

    def caveat(self, pack: Board, setup: Setup) -> tuple[str, str] | None:
        if pack.status != "verified":
            return PROVISIONAL, f"the map pack {pack.name!r} is {pack.status}, not the real board"
        return None

    def started(self, setup: Setup) -> str:
        return f"Zargos, {setup.players} players, {setup.peoples_each} peoples each"

    # -- chance the table tells ----------------------------------------------------------------------
    def question(self, match: Game, node: Any, pack: Board, language: str) -> dict[str, Any]:
        """What the table is asked, for every reader: a secret draw lists no card (the drawing seat's own
        view has them, in its `chance.outcomes`); dice are typed as one total per side."""
        asked: dict[str, Any] = {"question": match.version, "kind": node.kind, "told_by": node.told_by,
                                 "prompt": translate(language, node.prompt), "for": node.params.get("for"),
                                 "answers": []}
        kingdom = node.params.get("kingdom")
        if node.kind == "value" and kingdom in pack.kingdoms:  # 10.2: which capital the table reads
            asked["prompt"] = translate(language, N_("What value is printed on the capital of {kingdom}?"),
                                        {"kingdom": pack.kingdoms[kingdom].name})
        if node.told_by is not None:
            asked["who"] = player(node.told_by, names_of(match)).render(language)
        elif node.kind == "dice":
            dice = node.params.get("dice") or [1]
            asked["sides"] = [{"dice": n, "least": n, "most": 6 * n} for n in dice]
            fight = combat_words(match, node.params.get("for"))
            if fight is not None:  # which combat the dice are for, and whose each side's are (6.2, 9.2)
                prompt, labels = fight
                asked["prompt"] = f"{prompt.render(language)} {asked['prompt']}"
                for side, label in zip(asked["sides"], labels, strict=False):
                    side["label"] = label.render(language)
        else:
            asked["answers"] = [{"value": o, "label": str(o)} for o in node.outcomes]
        return asked

    def question_number(self, match: Game) -> int:
        return match.version

    def outcome_words(self, pack: Board, node: Any, outcome: Any) -> Text | Joined:
        if node.kind == "draw":
            return Text(N_("a card drawn"))
        if isinstance(outcome, tuple):
            return Joined(tuple(outcome), " – ")
        return Text("{value}", {"value": outcome})

    def told_layout(self, match: Game) -> None:
        return None

    def resumed(self, setup: Setup, table_state: Mapping[str, Any]) -> tuple[Setup, bool]:
        return setup, False

    # -- what a seat or the referee states (companion.table's State) ---------------------------------
    def stated_moves(self, match: Game, by: int | None) -> list[str]:
        """The kinds of move `by` (a seat, None for the referee) may state now: an effect (Z-27), a card out
        of the game (12.13), a magic trade (12.9, Z-21); during the set-up's trading, a trade and its end."""
        if match.result() is not None:
            return []
        kinds = ["adjust", "out_of_game", "discard"]
        if by is None or match.state.phase == "magic":  # Z-21: a seat trades magic in the window after the deal
            kinds.append("magic_trade")
        if match.state.phase == "trade":
            kinds += ["trade", "trades_done"]
        return kinds

    # -- timed windows (companion.table.timed) ---------------------------------------------------------
    def time_up(self, match: Game, window: str) -> TimeUp:
        """The move that ends a trading window when its time is up (2.10, 2.11, Z-21)."""
        return TimeUp(None, window)

    def as_stated(self, move: Any) -> Any:
        """A seat's trade stated at the table is its half (issue 36): the other people's player states the
        same trade to make it. A record from before, where one seat's trade was made at once, still replays."""
        if isinstance(move, Trade) and move.seat is not None:
            return replace(move, both=True)
        return move

    def stated(self, move: Any) -> bool:
        return action_to_json(move)["type"] in STATED if not isinstance(move, Told) else False


TABLE = ZargosTable()
