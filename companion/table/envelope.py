"""The table's view is the game's view inside an envelope of what the framework knows (issue 37).

`Envelope` is what the framework's own code and templates read of a view: its version and reader, where the
game stands and how it ended (the `Match` contract's `progress()` and `result()`), its players in seat order
as the table seats them (name, colour, a sealed choice locked or not), the seats awaited as this reader may
know them, the cards a secret draw's drawer may tell, and the table's own part. It is made from the table's
state and the contract, never from the game's fields: the only field of a game's view read here is the one
every view carries by the contract (docs/formats.md), a player's `seat`. Who is awaited is the contract's
`Match.awaiting_for(reader)`, as this reader may know it (Xidit lists in a census every player who has not
chosen, even one with nothing to choose, so that a view does not tell what lies behind a screen;
`Match.awaited()` would).

`served` composes the JSON a running table serves, in this one place: the game's view, its `version` the
table's, each player with the name the table keeps for it and, while sealed choices are awaited, `locked`,
and the table's part under `table`, as docs/formats.md gives it. The game's view is never changed: what is
served is a new dict (its keys in the game's order, the table's added after), sharing the game's values.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.game import Awaiting, Progress, Result


@dataclass(frozen=True)
class Seated:
    """A player as the table seats them: their seat (the game's number), `number` as people read it (from 1,
    in seat order), the colour and name the table knows them by, and whether their sealed choice is locked
    (None while no sealed choice is awaited)."""

    seat: int
    number: int
    colour: str
    name: str | None
    locked: bool | None = None


@dataclass(frozen=True)
class Envelope:
    """What the framework knows of a reader's view (see the module's docstring). `progress` is None with no
    game; `result` None while the game goes on."""

    version: int
    reader: str
    progress: Progress | None = None
    result: Result | None = None
    players: tuple[Seated, ...] = ()
    awaiting: tuple[Awaiting, ...] = ()
    drawable: tuple[Any, ...] = ()  # the outcomes of a secret draw its drawer (or the referee) may tell
    table: Mapping[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def sealing(self) -> bool:
        """Sealed choices are awaited (Xidit's programs): each seat is locked or not."""
        return any(p.locked is not None for p in self.players)

    def seated(self, seat: int) -> Seated | None:
        return next((p for p in self.players if p.seat == seat), None)

    def with_table(self, table: Mapping[str, Any]) -> Envelope:
        return replace(self, table=table)


def players_by_seat(view: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The game's own players of its view by seat (the contract's `players`, each with its `seat`): what the
    framework hands a game's templates, without reading them."""
    return {p["seat"]: p for p in view.get("players") or ()}


def with_seats(view: dict[str, Any], shown: Collection[Seated]) -> dict[str, Any]:
    """The view for a game's templates with each player's colour, number and name as the table seats them
    (`shown`), for a game whose view leaves them out (Zargos shows a seat by its peoples): its templates'
    chips and names read them. A view whose players all have a colour is the game's, as served."""
    players = view.get("players") or ()
    if all("colour" in p for p in players):
        return view
    by_seat = {s.seat: s for s in shown}
    return {**view, "players": [p if "colour" in p or p["seat"] not in by_seat else
                                {**p, "colour": by_seat[p["seat"]].colour, "number": by_seat[p["seat"]].number,
                                 "name": p.get("name") or by_seat[p["seat"]].name} for p in players]}


def drawable(node: Any, me: int | None) -> tuple[Any, ...]:
    """The outcomes of a chance node only one seat may tell (a card drawn), for that seat and the referee
    (`me` -1): theirs to tell. A tuple outcome reads as a JSON list, as in a view."""
    if node is None or node.told_by is None or me not in (-1, node.told_by):
        return ()
    return tuple(list(o) if isinstance(o, tuple) else o for o in node.outcomes)


def seated_players(players: list[tuple[int, str, str | None]], locked: Collection[int] | None) -> tuple[Seated, ...]:
    """The table's players (seat, colour, name: the setup's with the names the table keeps) in seat order."""
    return tuple(Seated(seat, number, colour, name, None if locked is None else seat in locked)
                 for number, (seat, colour, name) in enumerate(players, start=1))


def served(view: Mapping[str, Any], envelope: Envelope, names: Mapping[int, str]) -> dict[str, Any]:
    """The JSON a running table serves for this reader: the game's view in its envelope (docs/formats.md).
    `names`: those the table keeps for a game whose setup names nobody (names.py), given to a player the
    game's view leaves unnamed."""
    locked = {p.seat: p.locked for p in envelope.players if p.locked is not None}
    out = {**view, "version": envelope.version}
    if "players" in view and (names or locked):
        out["players"] = [_player(p, names, locked) for p in view["players"]]
    out["table"] = envelope.table
    return out


def _player(player: Mapping[str, Any], names: Mapping[int, str], locked: Mapping[int, bool]) -> dict[str, Any]:
    seat = player["seat"]
    out = dict(player)
    if not player.get("name") and seat in names:
        out["name"] = names[seat]
    if seat in locked:
        out["locked"] = locked[seat]
    return out
