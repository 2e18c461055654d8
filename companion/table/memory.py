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

from companion.core import rebuild


def remember(table: Any) -> Callable[[], None]:
    """What puts the table's own state back as it is now."""
    drafts = table._drafts
    by_seat, locked = drafts.copy()
    builder = table._builder
    # Sealed steps never change; open ones grow line by line, and the game's grouping points into them.
    built = {**vars(builder), "_sealed": list(builder._sealed)} if builder is not None else None
    growing = copy.deepcopy((builder.open, builder.grouping)) if builder is not None else None
    game, rules, board = table._game, table._rules, table._board
    played = rebuild.checkpoint(game) if game is not None else None
    fields = {name: getattr(table, name) for name in (
        "_version", "_acknowledged", "_ticked", "_pace", "_language", "_game", "_game_id", "_builder",
        "_events_seen", "_board", "_board_text", "_next_pack", "_next_board", "_referee_seat", "_part", "_rules",
        "_key", "_module_packs", "_next_game", "_window", "_seed", "_levels")}
    copies = {"_boxes": {s: dict(b) for s, b in table._boxes.items()},
              "_seats": {s: dict(d) for s, d in table._seats.items()}, "_links": dict(table._links),
              "_blind_told": [dict(t) for t in table._blind_told],
              "_carried": {s: dict(d) for s, d in table._carried.items()},
              "_chance": dict(table._chance),
              "_entries": list(table._entries), "_rounds": list(table._rounds), "_skipped": dict(table._skipped),
              "_seals": list(table._seals), "_names": dict(table._names), "_reveals": table._reveals.copy()}

    def restore() -> None:
        drafts.by_seat, drafts.locked = copy.deepcopy(by_seat), set(locked)
        if game is not None and played is not None:
            # The game object is changed in place by a move, an answer or a layout typed: put back as it was.
            rebuild.put_back(rules, board, game, played)
        if builder is not None and built is not None and growing is not None:
            vars(builder).update(built, _sealed=list(built["_sealed"]))
            builder.open, builder.grouping = copy.deepcopy(growing)
        for name, value in {**fields, **copies}.items():
            setattr(table, name, value)

    return restore
