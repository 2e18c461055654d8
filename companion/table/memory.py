"""What a command may change in the table's memory, kept before it runs, so that a command whose write
the store refused leaves the memory exactly as the store holds it (drafts and locks included: before,
phones showed edits that a restart would lose).

A command's writes go to disk in one transaction (Store.together), after its changes in memory: when
that transaction fails, everything it changed is put back here, the game and the steps told to the
table from it included."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any


def remember(table: Any) -> Callable[[], None]:
    """What puts the table's own state back as it is now."""
    drafts = table._drafts
    by_seat = {seat: list(orders) for seat, orders in drafts.by_seat.items()}
    locked = set(drafts.locked)
    builder = table._builder
    # Sealed steps never change; open ones grow line by line, and rewards to come point into them.
    built = {**vars(builder), "_sealed": list(builder._sealed)} if builder is not None else None
    growing = copy.deepcopy((builder._open, builder._rewards)) if builder is not None else None
    game = table._game
    played = (game.setup, list(game.actions)) if game is not None else None
    state = game.state if game is not None else None
    fields = {name: getattr(table, name) for name in (
        "_version", "_acknowledged", "_ticked", "_pace", "_language", "_game", "_game_id", "_builder",
        "_events_seen", "_board", "_board_text", "_next_pack", "_next_board", "_referee_seat")}
    copies = {"_boxes": {s: dict(b) for s, b in table._boxes.items()},
              "_seats": {s: dict(d) for s, d in table._seats.items()}, "_links": dict(table._links),
              "_blind_told": [dict(t) for t in table._blind_told],
              "_carried": {s: dict(d) for s, d in table._carried.items()},
              "_entries": list(table._entries), "_years": list(table._years), "_skipped": dict(table._skipped)}

    def restore() -> None:
        drafts.by_seat, drafts.locked = {seat: list(orders) for seat, orders in by_seat.items()}, set(locked)
        if game is not None and played is not None and (game.setup != played[0] or game.actions != played[1]):
            # The game object is changed in place by a move, an answer or a layout typed: replayed as it was.
            again = type(game).replay(game.board, played[0], played[1])
            game.state, game.actions = again.state, again.actions
        if builder is not None and built is not None and growing is not None:
            vars(builder).update(built, _sealed=list(built["_sealed"]))
            builder._open, builder._rewards = copy.deepcopy(growing)
            if game is not None and built["_state"] is state:
                builder._state = game.state  # the steps read the game's players from its state
        for name, value in {**fields, **copies}.items():
            setattr(table, name, value)

    return restore
