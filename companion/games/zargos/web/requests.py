"""The requests Zargos's seat page sends beyond `decide`: the table's own dice or a card drawn, told in
(`tell`, body {"outcome": ..., "question": n}). The framework's `tell`, when it has one, takes precedence
(a game's request never replaces the framework's); both make the same `Tell`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Fields = Any  # web.game_parts.Fields


@dataclass(frozen=True)
class Request:
    who: str  # web.game_parts.GameRequest
    decode: Callable[[Fields, int | None, str], Any]


def tell(fields: Fields, seat: int | None, by: str) -> Any:
    from companion.table import commands as c  # imported late: the table imports this game

    outcome = fields.get("outcome")
    if isinstance(outcome, list):
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in outcome):
            raise fields.bad("'outcome' must be a total per side, a card or a number")
    elif not isinstance(outcome, int | str) or isinstance(outcome, bool):
        raise fields.bad("'outcome' must be a total per side, a card or a number")
    # A seat tells in its own name (a secret draw is told only by its seat); anyone else as the referee.
    return c.Tell(outcome, by=f"seat:{seat}" if seat is not None and by != c.REFEREE else c.REFEREE,
                  question=fields.number("question"))


REQUESTS = {"tell": Request("table", tell)}
