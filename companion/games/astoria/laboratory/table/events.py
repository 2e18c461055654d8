"""What a Laboratory game did, as the table tells it: the engine's events (rules/game.py) in order, each with
the round it belongs to, and the cards dealt or drawn from the deck (chance moves the engine keeps no event
for: a seat's own secret). Found by replaying the game's moves, one replay kept per game and carried on as
moves come; the same replay says what each move answered (its decision, or the chance node), for its words
in the history."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from ..rules import LabMatch
from ..rules.moves import Chance


@dataclass(frozen=True)
class LabEvent:
    round: int
    data: dict[str, Any] = field(hash=False)

    @property
    def kind(self) -> str:
        return str(self.data["event"])

    def get(self, key: str, default: Any = None) -> Any:  # read like the engine's own dicts (tests' `kind`)
        return self.data.get(key, default)


@dataclass(frozen=True)
class MoveContext:
    """What a move answered: the awaited decision ("turn", a reaction's colour, "make"), or for a chance
    outcome the node's kind and the seat that alone may know it."""

    round: int
    decision: str | None
    chance: str | None = None
    told_by: int | None = None


@dataclass
class Replay:
    match: LabMatch
    events: list[LabEvent] = field(default_factory=list)
    contexts: list[MoveContext] = field(default_factory=list)


class Replays:
    def __init__(self) -> None:
        self._kept: weakref.WeakKeyDictionary[Any, Replay] = weakref.WeakKeyDictionary()

    def of(self, match: LabMatch) -> Replay:
        moves = list(match.moves)
        kept = self._kept.get(match)
        if kept is None or kept.match.version > len(moves) or kept.match.moves != moves[:kept.match.version]:
            kept = self._kept[match] = Replay(LabMatch(match.pack, match.setup))
        again = kept.match
        for move in moves[again.version:]:
            before, round_ = len(again.state.events), again.progress().round
            node = again.chance()
            if isinstance(move, Chance) and node is not None:
                kept.contexts.append(MoveContext(round_, None, node.kind, node.told_by))
                again.resolve(move.outcome)
                if node.kind in ("deal", "draw"):
                    kept.events.append(LabEvent(round_, {"event": "dealt" if node.kind == "deal" else "drawn",
                                                         "seat": node.told_by, "card": move.outcome}))
            else:
                awaited = again.awaited()
                kept.contexts.append(MoveContext(round_, awaited[0].decision if awaited else None))
                again.push(move)
            after = again.progress().round
            for data in again.state.events[before:]:
                # a game that ends as the next turn comes (a full laboratory, a stalled game) ends in that round
                late = data["event"] == "over" and data.get("colour") is None
                kept.events.append(LabEvent(after if late else round_, data))
        return kept
