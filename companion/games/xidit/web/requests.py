"""The requests Xidit's page scripts send beyond the framework's: a program edited slot by slot or whole,
locked and unlocked (seat.js), and the tile the table turned over (the question card). Each becomes one of
the table's generic commands (EditDraft, Seal, Unseal, Tell); the framework checks who sends it before it
is decoded."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Fields = Any  # web.game_parts.Fields: the body's fields with their readers (a game does not import the web)


@dataclass(frozen=True)
class Request:
    who: str  # "seat" or "table" (web.game_parts.GameRequest)
    decode: Callable[[Fields, int | None, str], Any]


def set_order(fields: Fields, seat: int | None, by: str) -> Any:
    from ..table.drafts import set_order  # imported late: the table imports this game

    order = fields.get("order")
    if order is not None and not isinstance(order, str):
        raise fields.bad("'order' must be an order name or null")
    return set_order(seat or 0, fields.number("slot"), order)


def set_program(fields: Fields, seat: int | None, by: str) -> Any:
    from ..table.drafts import set_program

    orders = fields.get("orders")
    if not isinstance(orders, list) or any(o is not None and not isinstance(o, str) for o in orders):
        raise fields.bad("'orders' must be a list of order names")
    return set_program(seat or 0, orders)


def lock(fields: Fields, seat: int | None, by: str) -> Any:
    from companion.table import commands as c

    return c.Seal(seat or 0)


def unlock(fields: Fields, seat: int | None, by: str) -> Any:
    from companion.table import commands as c

    return c.Unseal(seat or 0)


def tell_tile(fields: Fields, seat: int | None, by: str) -> Any:
    from companion.table import commands as c

    # A tile turned over is a chance outcome the table tells (`Tell`). The answer names the question it
    # answers (table.asking.question): a late second one is refused.
    return c.Tell(fields.number("choice"), by, fields.number("question"))


REQUESTS = {
    "set_order": Request("seat", set_order), "set_program": Request("seat", set_program),
    "lock": Request("seat", lock), "unlock": Request("seat", unlock), "tell_tile": Request("table", tell_tile),
}
