"""What a command may change in the table's memory, kept before it runs, so that a command whose write
the store refused leaves the memory exactly as the store holds it (drafts and locks included: before,
phones showed edits that a restart would lose).

The game itself is not kept here: a game's change is made in memory and taken back by the command
that makes it when its write fails (table.py: `_push_and_store`, `_tell`); what is kept is the table's
own state around it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def remember(table: Any) -> Callable[[], None]:
    """What puts the table's own state back as it is now."""
    drafts = table._drafts
    by_seat = {seat: list(orders) for seat, orders in drafts.by_seat.items()}
    locked = set(drafts.locked)
    builder = table._builder
    steps = (list(builder._sealed), list(builder._open)) if builder is not None else None
    fields = {name: getattr(table, name) for name in (
        "_version", "_acknowledged", "_ticked", "_pace", "_language", "_game", "_game_id", "_builder",
        "_events_seen", "_board", "_board_text", "_next_pack", "_next_board")}
    copies = {"_boxes": {s: dict(b) for s, b in table._boxes.items()},
              "_seats": {s: dict(d) for s, d in table._seats.items()}, "_links": dict(table._links),
              "_entries": list(table._entries), "_years": list(table._years)}

    def restore() -> None:
        drafts.by_seat, drafts.locked = {seat: list(orders) for seat, orders in by_seat.items()}, set(locked)
        if builder is not None and steps is not None:
            builder._sealed, builder._open = list(steps[0]), list(steps[1])
        for name, value in {**fields, **copies}.items():
            setattr(table, name, value)

    return restore
