"""The JSON form of table commands sent by pages, checked field by field: a malformed request is a
clear 400, never a crash."""

from __future__ import annotations

from typing import Any

from companion.table import commands as c

from .auth import Role


class BadRequest(ValueError):
    pass


class Forbidden(PermissionError):
    pass


def _int(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'{key}' must be a whole number")
    return value


def _str(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise BadRequest(f"'{key}' must be text")
    return value


def _dict(body: dict[str, Any], key: str) -> dict[str, Any]:
    value = body.get(key)
    if not isinstance(value, dict):
        raise BadRequest(f"'{key}' must be an object")
    return value


SEAT_COMMANDS = {"set_order", "set_program", "lock", "unlock", "decide"}
TABLE_COMMANDS = {"tell_tile"}  # what any player at the table may say for the whole table
REFEREE_COMMANDS = SEAT_COMMANDS | TABLE_COMMANDS | {"rollback", "acknowledge", "pace", "new_game", "import",
                                                    "resume", "move_seat", "language", "renew_link"}


def _replacing(body: dict[str, Any]) -> int | None:
    """The game under way the referee was told is set aside (null or missing: they saw none)."""
    value = body.get("replacing")
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise BadRequest("'replacing' must be the number of the game set aside, or null")
    return value


def parse(body: Any, role: Role) -> c.Command:
    """A command from a request body, for the role that sent it."""
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    name = body.get("command")
    if not isinstance(name, str) or name not in REFEREE_COMMANDS:
        raise BadRequest(f"unknown command {name!r}")
    # Anyone at the table may say a step is done (the table view's Done): it moves no piece of the game.
    allowed = REFEREE_COMMANDS if role.kind == "referee" else SEAT_COMMANDS | TABLE_COMMANDS | {"acknowledge"} \
        if role.kind == "seat" else {"acknowledge"}
    if name not in allowed:
        raise Forbidden("only the referee can do that" if role.kind == "seat" else "join a seat or sign in first")
    seat = role.seat if role.kind == "seat" else None
    if name in SEAT_COMMANDS:
        asked = _int(body, "seat")
        if seat is not None and asked != seat:
            raise Forbidden("a player acts for their own seat only")
        seat = asked
    assert seat is not None or name not in SEAT_COMMANDS
    by = c.REFEREE if role.kind == "referee" else "player"
    match name:
        case "set_order":
            order = body.get("order")
            if order is not None and not isinstance(order, str):
                raise BadRequest("'order' must be an order name or null")
            return c.SetOrder(seat or 0, _int(body, "slot"), order)
        case "set_program":
            orders = body.get("orders")
            if not isinstance(orders, list) or any(o is not None and not isinstance(o, str) for o in orders):
                raise BadRequest("'orders' must be a list of order names")
            return c.SetProgram(seat or 0, tuple(orders))
        case "lock":
            return c.Lock(seat or 0)
        case "unlock":
            return c.Unlock(seat or 0)
        case "decide":
            return c.Decide(seat or 0, _dict(body, "action"), by=by, blind=role.blind)
        case "rollback":
            confirm = body.get("confirm", False)
            if not isinstance(confirm, bool):
                raise BadRequest("'confirm' must be true or false")
            # A confirm carries what its preview saw: it is refused, never re-aimed, if the game moved on.
            seen = _int(body, "seen") if confirm else None
            return c.Rollback(_int(body, "keep"), confirm, seen=seen, blind=role.blind)
        case "acknowledge":
            skip = body.get("skip", False)
            if skip not in (True, False, 0, 1):
                raise BadRequest("'skip' must be true or false")
            if skip and role.kind != "referee":
                raise Forbidden("only the referee can skip a step")
            return c.Acknowledge(_int(body, "upto"), skip=bool(skip), by=by if role.kind == "referee" else "table")
        case "pace":
            return c.SetPace(_str(body, "pace"))
        case "new_game":
            seats = body.get("seats")
            if seats is not None and not isinstance(seats, dict):
                raise BadRequest("'seats' must be an object: seat number -> device")
            face_up = body.get("face_up")
            if face_up is not None and not isinstance(face_up, dict):
                raise BadRequest("'face_up' must be an object: the tiles the table typed in")
            plays = body.get("referee_seat")
            if plays is not None and (isinstance(plays, bool) or not isinstance(plays, int)):
                raise BadRequest("'referee_seat' must be the seat the referee plays, or null")
            return c.NewGame(_dict(body, "setup"), replacing=_replacing(body), seats=seats, face_up=face_up,
                             referee_seat=plays)
        case "tell_tile":
            # The answer names the question it answers (table.asking.question): a late second one is refused.
            return c.TellTile(_int(body, "choice"), _int(body, "question"), by)
        case "renew_link":
            return c.RenewLink(_int(body, "seat"))
        case "move_seat":
            return c.MoveSeat(_int(body, "seat"), _dict(body, "device"))
        case "import":
            return c.ImportGame(_dict(body, "record"), replacing=_replacing(body))
        case "resume":
            return c.ResumeGame(_int(body, "game"), replacing=_replacing(body))
        case _:
            return c.SetLanguage(_str(body, "language"))
