"""The toy game at the physical table: its `table` part (companion.table.game_parts.GameTable), written over
the toy's rules alone, as a game module would write its own. The toy's engine has
no events: each move is one, told in one line, and a round is a step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.game import ChanceNode
from companion.i18n import Text, translate
from companion.table import Refused
from companion.table.game_parts import GameTable, SealedDrafts, StepGrouping
from companion.table.instructions import Instruction
from companion.table.steps import Step, StepBuilder

from .module import ToyRules
from .moves import Bid, move_to_json
from .rules import ToyMatch

RULES = ToyRules()


class BidDrafts(SealedDrafts):
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


class Grouping(StepGrouping):
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
        if move["type"] == "chance" and move.get("kind") == "omen":
            line = Instruction("Lay the omen card face up.", {})
        elif move["type"] == "chance" and move["told_by"] is not None:
            line = Instruction("Seat {seat} draws a card.", {"seat": move["told_by"], "card": move["outcome"]},
                               move["told_by"], private="Seat {seat} draws card {card}.")
        elif move["type"] == "chance":
            line = Instruction("The die shows {n}.", {"n": move["outcome"]})
        else:
            line = Instruction("Seat {seat}: {type}.", {"seat": move["seat"], "type": move["type"]}, physical=False)
        draft.lines.append(line)

    def rebased(self, out: StepBuilder) -> None:
        return None


class ToyTable(GameTable):
    drafts = BidDrafts()
    chance_policy = "pi"

    def events(self, match: ToyMatch) -> Sequence[Any]:
        """Each move is an event: (the round it was made in, its JSON, who a draw was told by)."""
        out, again = [], ToyMatch(match.setup)
        for move in match.moves:
            node = again.chance()
            written = {**move_to_json(move), "told_by": node.told_by if node is not None else None,
                       "kind": node.kind if node is not None else None}
            out.append((again.progress().round, written))
            again.push(move)
        return out

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
        if node.kind == "omen":  # its catalogue by number; the card typed in is the framework's form
            return {"question": match.version, "kind": node.kind, "told_by": None,
                    "prompt": translate(language, node.prompt),
                    "answers": [{"value": n, "label": translate(language, "Omen card {n}", {"n": n})}
                                for n in node.outcomes]}
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
