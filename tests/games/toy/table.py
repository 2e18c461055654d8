"""The toy game at the physical table: its `table` part, the framework's own (companion/table/default_part.py)
with only what the toy says better: as a game module would write its own once it outgrows the defaults."""

from __future__ import annotations

from typing import Any

from companion.core.game import ChanceNode
from companion.i18n import Text, translate
from companion.table import Refused
from companion.table.default_part import DefaultTable
from companion.table.game_parts import SealedDrafts
from companion.table.instructions import Instruction
from companion.table.steps import Step

from .module import ToyRules
from .moves import Bid
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


class ToyTable(DefaultTable):
    """What the toy says better than the framework's defaults (companion/table/default_part.py): its bids
    keyed in with their own words (and refused as a plain decision), its set-up, its scores put back after a
    rollback, and its omen cards by name. Everything else (its steps, its moves and outcomes in words, a
    secret draw named to its drawer alone) is the default's."""

    def __init__(self) -> None:
        super().__init__("toy")
        self.drafts = BidDrafts()

    def setup_steps(self, match: ToyMatch, typed: frozenset[str]) -> list[Step]:
        return [Step("setup", 1, Text("Set up"), (Instruction("Shuffle the cards; give each seat a bid dial."),),
                     (0, 0))]

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Any) -> list[Instruction]:
        return [Instruction("Put the scores back: {scores}.",
                            {"scores": ", ".join(str(p["score"]) for p in after["players"])})]

    def question(self, match: ToyMatch, node: ChanceNode, pack: Any, language: str) -> dict[str, Any]:
        asked = super().question(match, node, pack, language)
        if node.kind == "omen":  # its catalogue by the cards' names; the card typed in is the framework's form
            asked["answers"] = [{"value": n, "label": translate(language, "Omen card {n}", {"n": n})}
                                for n in node.outcomes]
        return asked
