"""Zargos at the physical table: the game's answers to the table's questions (companion.table.game_parts.
GameTable): its events grouped into steps for the table, how pieces go back after a rollback, its moves in
words, the questions its dice and draws put to the table, and the moves a seat or the referee may state at
any time (the effects the text does not give, Z-27)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.core.errors import BadRecord
from companion.i18n import N_, Joined, Text, translate
from companion.table.game_parts import GameTable
from companion.table.instructions import Instruction
from companion.table.steps import Step

from ..module import TableSetup, seeded
from ..rules import Board, Game, Setup, Told, action_to_json
from ..rules.actions import BY_REFEREE, TimeUp, Trade
from .combat import combat_words
from .events import events
from .history import action_words
from .restore import restore_instructions
from .steps import ZargosGrouping, setup_steps
from .words import names_of, player

PROVISIONAL = N_("This map pack is provisional: it is not the real board. Check every move against your board.")
# The moves a seat or the referee states (Z-27, 2.10, 12.9, 12.13) rather than being asked for them.
STATED = BY_REFEREE


class ZargosTable(GameTable):
    drafts = None  # Zargos has no sealed choice
    chance_policy = "pi"  # the Pi rolls and deals unless the referee says the table does (SetChance)
    not_asked = N_("The game is not waiting for dice, a card or a printed value.")

    # The engine (set-ups and moves in JSON, start, players) is the game's Rules (companion.games.zargos.module).
    def with_names(self, setup: Setup, names: Mapping[int, str]) -> TableSetup:
        """The setup with the names the table keeps for its players: its steps and history name them."""
        kept = setup if isinstance(setup, TableSetup) else seeded(setup, 0)
        return replace(kept, names=tuple(sorted((int(s), str(n)) for s, n in names.items())))

    def events(self, match: Game) -> Sequence[Any]:
        return events(match)

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
