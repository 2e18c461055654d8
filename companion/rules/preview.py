"""What a program would do if nobody else interfered: where the Idrakys stands after each slot and
what each `action` would find there. The screens show it while a player programs; it is a forecast,
never a rule: resolution alone decides."""

from __future__ import annotations

from dataclasses import dataclass

from .state import State
from .units import ROAD_COLOURS, UNIT_INDEX, UNITS


@dataclass(frozen=True)
class Slot:
    order: str
    city: int  # where the Idrakys stands after the order
    effect: str  # move, no_road, wait, recruit, threat, threat_unmet, colossus, repeat, nothing
    unit: str | None = None  # the unit a recruit would take
    missing: tuple[str, ...] = ()  # the units a threat would still need


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
            continue
        if order != "action":
            slots.append(Slot(order, city, "wait"))
            continue
        if city in acted:
            slots.append(Slot(order, city, "repeat"))
            continue
        tile = state.tiles.get(city)
        if tile is None:
            awake = any(stack and stack[0][1] for stack in state.colossi)
            slots.append(Slot(order, city, "colossus" if awake and city not in state.cleared else "nothing"))
        elif tile.side == "recruit":
            if not tile.units:
                slots.append(Slot(order, city, "nothing"))
                continue
            units[UNIT_INDEX[tile.units[0]]] += 1  # the weakest present
            acted.add(city)
            slots.append(Slot(order, city, "recruit", unit=tile.units[0]))
        else:
            needs = state.board.tiles[state.setup.tile_set][tile.number].needs
            wanted = [0] * len(UNITS)
            for unit in needs:
                wanted[UNIT_INDEX[unit]] += 1
            missing = tuple(u for i, u in enumerate(UNITS) for _ in range(max(0, wanted[i] - units[i])))
            if missing:
                slots.append(Slot(order, city, "threat_unmet", missing=missing))
                continue
            units = [have - w for have, w in zip(units, wanted, strict=True)]
            acted.add(city)
            slots.append(Slot(order, city, "threat"))
    return slots
