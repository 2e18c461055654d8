"""The toy game at the physical table: its `table` part (companion.table.game_parts.GameTable), written over
the toy's rules alone, as a game module would write its own. The toy's engine has
no events: each move is one, told in one line, and a round is a step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.game import ChanceNode
from companion.i18n import Text
from companion.table import Refused
from companion.table.instructions import Instruction
from companion.table.steps import Step, StepBuilder

from .module import ToyRules
from .moves import Bid, move_from_json, move_to_json
from .rules import ToyMatch, replay

RULES = ToyRules()


class BidDrafts:
    """The toy's sealed bid keyed in as a draft {"bid": n}, locked, revealed with the others."""

    words = {"locked": "Your bid is locked: unlock it to change it.", "not_locked": "Your bid is not locked.",
             "not_now": "Bids are made only at the start of a round.", "whole": "A bid is keyed in and locked."}

    def blank(self, choice: Any) -> dict[str, Any]:
        return {"bid": None}

    def restore(self, saved: Any) -> dict[str, Any]:
        return dict(saved)

    def edit(self, choice: Any, draft: Any, change: dict[str, Any]) -> dict[str, Any]:
        if change.get("bid") not in (*choice.bids, None):
            raise Refused("A bid is one of {bids}.", params={"bids": list(choice.bids)})
        return {"bid": change.get("bid")}

    def check_complete(self, choice: Any, draft: Any) -> None:
        if draft.get("bid") is None:
            raise Refused("Key in a bid before locking.")

    def action(self, choice: Any, draft: Any) -> Bid:
        return Bid(choice.seat, draft["bid"])

    def forecast(self, match: Any, seat: int, draft: Any) -> tuple[Any, ...]:
        return ()

    def seals(self, move: Any) -> bool:
        return isinstance(move, Bid)


class Grouping:
    """A step per round; a card drawn is named only to its drawer (and the referee)."""

    heading = "Round {round}: {title}"

    def __init__(self) -> None:
        self._round = 1

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None:
        round_, move = event
        if round_ != self._round:
            out.seal()
            self._round = out.round = round_
        draft = out.open[-1] if out.open else out.start("round", Text("Bids and turns"),
                                                         Text("Bids and turns (continued)"))
        if move["type"] == "chance" and move["told_by"] is not None:
            line = Instruction("Seat {seat} draws a card.", {"seat": move["told_by"], "card": move["outcome"]},
                               move["told_by"], private="Seat {seat} draws card {card}.")
        elif move["type"] == "chance":
            line = Instruction("The die shows {n}.", {"n": move["outcome"]})
        else:
            line = Instruction("Seat {seat}: {type}.", {"seat": move["seat"], "type": move["type"]}, physical=False)
        draft.lines.append(line)

    def rebased(self, out: StepBuilder) -> None:
        return None


class ToyTable:
    drafts = BidDrafts()
    chance_policy = "pi"

    def setup_from_json(self, data: Any) -> Any:
        return RULES.setup_from_json(data)

    def setup_to_json(self, setup: Any) -> dict[str, Any]:
        return RULES.setup_to_json(setup)

    def start(self, pack: Any, setup: Any) -> ToyMatch:
        return RULES.start(pack, setup)

    def setup_of(self, match: ToyMatch) -> Any:
        return match.setup

    def move_from_json(self, data: Any) -> Any:
        return move_from_json(data)

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return move_to_json(move)

    def record_from_json(self, data: Any) -> tuple[Any, list[Any]]:
        match = RULES.replay_json(None, data)
        return match.setup, list(match.moves)

    def replay(self, pack: Any, setup: Any, moves: Sequence[Any]) -> ToyMatch:
        return replay(setup, list(moves))

    def undo(self, match: ToyMatch) -> None:
        self.restore(match, (match.setup, match.moves[:-1]))

    def checkpoint(self, match: ToyMatch) -> tuple[Any, list[Any]]:
        return match.setup, match.moves

    def restore(self, match: ToyMatch, checkpoint: tuple[Any, list[Any]]) -> None:
        if match.moves != checkpoint[1]:
            again = replay(checkpoint[0], checkpoint[1])
            match.state, match._moves = again.state, again._moves

    def as_of(self, match: ToyMatch, moves: int, events: int) -> ToyMatch:
        return match.rewound(moves)

    def events(self, match: ToyMatch) -> Sequence[Any]:
        """Each move is an event: (the round it was made in, its JSON, who a draw was told by)."""
        out, again = [], ToyMatch(match.setup)
        for move in match.moves:
            node = again.chance()
            written = {**move_to_json(move), "told_by": node.told_by if node is not None else None}
            out.append((again.progress().round, written))
            again.push(move)
        return out

    def players(self, setup: Any) -> list[tuple[int, str, str | None]]:
        return [(seat, RULES.colours[seat], None) for seat in setup.seats]

    def rewound(self, pack: Any, match: ToyMatch, keep: int) -> ToyMatch:
        return match.rewound(keep)

    def setup_steps(self, match: ToyMatch, typed: frozenset[str]) -> list[Step]:
        return [Step("setup", 1, Text("Set up"), (Instruction("Shuffle the cards; give each seat a bid dial."),),
                     (0, 0))]

    def grouping(self, match: ToyMatch) -> Grouping:
        return Grouping()

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Any) -> list[Instruction]:
        return [Instruction("Put the scores back: {scores}.",
                            {"scores": ", ".join(str(p["score"]) for p in after["players"])})]

    def describe(self, language: str, match: ToyMatch, index: int, round: int, *, blind: bool) -> str:
        return f"Round {round}: {move_to_json(match.moves[index])['type']}"

    def typed_setup(self, pack: Any, setup: Any, typed: dict[str, Any]) -> Any:
        raise Refused("The toy game has nothing to type in.")

    def typed_parts(self, setup: Any) -> frozenset[str]:
        return frozenset()

    def caveat(self, pack: Any, setup: Any) -> tuple[str, str] | None:
        return None

    def started(self, setup: Any) -> str:
        return f"{setup.players} players"

    def question(self, match: ToyMatch, node: ChanceNode, pack: Any, language: str) -> dict[str, Any]:
        return {"question": match.version, "kind": node.kind, "told_by": node.told_by,
                "answers": [] if node.told_by is not None else [{"value": o, "label": str(o)} for o in node.outcomes]}

    def question_number(self, match: ToyMatch) -> int:
        return match.version

    def outcome_words(self, pack: Any, node: ChanceNode, outcome: Any) -> Text:
        return Text("{outcome}", {"outcome": outcome if node.told_by is None else "a card"})

    def told_layout(self, match: ToyMatch) -> None:
        return None

    def resumed(self, setup: Any, table_state: Mapping[str, Any]) -> tuple[Any, bool]:
        return setup, False
