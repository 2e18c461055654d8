"""What a program would do if nobody else interfered: where the Idrakys stands after each slot and
what each `action` would find there. The screens show it while a player programs; it is a forecast,
never a rule: resolution alone decides."""

from __future__ import annotations

from dataclasses import dataclass

from .state import State
from .terms import ROAD_COLOURS, UNIT_INDEX, UNITS


@dataclass(frozen=True)
class Slot:
    order: str
    city: int  # where the Idrakys stands after the order
    effect: str  # move, no_road, wait, recruit, threat, threat_unmet, colossus, repeat, nothing
    unit: str | None = None  # the unit a recruit would take
    missing: tuple[str, ...] = ()  # the units a threat would still need


def action_at(state: State, city: int, units: list[int], acted: set[int]) -> Slot:
    """What an `action` on `city` would do for a player holding `units` who already acted on `acted`.

    Updates `units` and `acted` as the action would.
    """
    if city in acted:
        return Slot("action", city, "repeat")
    tile = state.tiles.get(city)
    if tile is None:
        awake = any(stack and stack[0].awake for stack in state.colossi)
        if not awake or city in state.cleared:
            return Slot("action", city, "nothing")
        acted.add(city)  # fought, the city is done for the year
        return Slot("action", city, "colossus")
    if tile.side == "recruit":
        if not tile.units:
            return Slot("action", city, "nothing")
        units[UNIT_INDEX[tile.units[0]]] += 1  # the weakest present
        acted.add(city)
        return Slot("action", city, "recruit", unit=tile.units[0])
    if city in state.cleared:
        return Slot("action", city, "nothing")  # a threat that came in after a colossus fell
    wanted = [0] * len(UNITS)
    for unit in state.board.tiles[state.setup.tile_set][tile.number].needs:
        wanted[UNIT_INDEX[unit]] += 1
    missing = tuple(u for i, u in enumerate(UNITS) for _ in range(max(0, wanted[i] - units[i])))
    if missing:
        return Slot("action", city, "threat_unmet", missing=missing)
    for i, w in enumerate(wanted):
        units[i] -= w
    acted.add(city)
    return Slot("action", city, "threat")


def preview(state: State, seat: int, orders: tuple[str, ...] | list[str]) -> list[Slot]:
    player = state.players[seat]
    city = player.city or 0
    units = list(player.units)
    acted = {c for s, c in state.acted if s == seat}
    slots = []
    for order in orders:
        if order in ROAD_COLOURS:
            to = state.board.road(city, order)
            if to is None:
                slots.append(Slot(order, city, "no_road"))
            else:
                city = to
                slots.append(Slot(order, city, "move"))
        elif order == "action":
            slots.append(action_at(state, city, units, acted))
        else:
            slots.append(Slot(order, city, "wait"))
    return slots
