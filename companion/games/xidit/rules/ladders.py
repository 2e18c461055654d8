"""Tile renewal (§6): the recruitment and threat ladders, their piles and discards, awakenings.

Piles and discards are lists top first. Turning a discard over to make a pile puts its bottom tile on
top, so the new pile is the discard reversed.
"""

from __future__ import annotations

from . import events as ev
from . import hidden
from .errors import BadRecord
from .state import CityTile, State
from .terms import UNIT_INDEX


def fill(state: State, number: int) -> list[str]:
    """Takes a recruitment tile's printed units from the barracks; a type that has run out stays missing."""
    tile = state.board.tiles[state.setup.tile_set][number]
    units: list[str] = []
    for unit in sorted(tile.recruit, key=UNIT_INDEX.__getitem__):
        i = UNIT_INDEX[unit]
        if state.barracks[i] > 0:
            state.barracks[i] -= 1
            units.append(unit)
    return units


def place_recruit(state: State, number: int) -> None:
    units = fill(state, number)
    state.tiles[number] = CityTile(number, "recruit", units)
    state.events.append(ev.TileIn(number, "recruit", tuple(units)))


def place_threat(state: State, number: int) -> None:
    state.tiles[number] = CityTile(number, "threat")
    state.events.append(ev.TileIn(number, "threat", ()))


def _rebuild_recruit_pile(state: State) -> None:
    """R-10: an empty recruitment pile is at once rebuilt from the threat discard."""
    if not state.recruit_pile and state.threat_discard:
        state.recruit_pile = state.threat_discard[::-1]
        state.threat_discard = []
        state.events.append(ev.PileRebuilt("recruit", tuple(state.recruit_pile)))


def _rebuild_threat_pile(state: State) -> None:
    """R-10: an empty threat pile is at once rebuilt from the recruitment discard."""
    if not state.threat_pile and state.recruit_discard:
        state.threat_pile = state.recruit_discard[::-1]
        state.recruit_discard = []
        state.events.append(ev.PileRebuilt("threat", tuple(state.threat_pile)))


def refill_next_recruit(state: State) -> None:
    """Moves the top of the recruitment pile to the empty next-recruitment slot."""
    _rebuild_recruit_pile(state)
    if state.recruit_pile:
        state.next_recruit = state.recruit_pile.pop(0)
        hidden.drawn(state, "recruit", state.recruit_pile, state.next_recruit)
        state.events.append(ev.NextTile("recruit", state.next_recruit, "recruit_pile"))
        _rebuild_recruit_pile(state)
        return
    # §6: the recruitment ladder is empty and cannot be rebuilt: borrow the top of the threat pile.
    _rebuild_threat_pile(state)
    if state.threat_pile:
        state.next_recruit = state.threat_pile.pop(0)
        hidden.drawn(state, "recruit", state.threat_pile, state.next_recruit)
        state.events.append(ev.NextTile("recruit", state.next_recruit, "threat_pile"))
        _rebuild_threat_pile(state)


def refill_next_threat(state: State) -> None:
    """Moves the top of the threat pile to the empty next-threat slot, or awakens the colossi."""
    _rebuild_threat_pile(state)
    if state.threat_pile:
        state.next_threat = state.threat_pile.pop(0)
        hidden.drawn(state, "threat", state.threat_pile, state.next_threat)
        state.events.append(ev.NextTile("threat", state.next_threat, "threat_pile"))
        _rebuild_threat_pile(state)
        return
    awaken(state)


def awaken(state: State) -> None:
    """The colossi awaken, then the reinforcements arrive (§6, steps 1 to 5).

    A layout's reinforcement that does not hold exactly the tiles to shuffle is refused before anything
    moves, as every layout key that cannot be honoured is: a typo must not change the game silently.
    """
    combined = state.recruit_pile + state.threat_discard[::-1]
    rest = combined[2:]
    state.rng.shuffle(rest)  # drawn even when a layout names the pile, so the seed's stream stays aligned
    given = state.setup.layout.reinforcements
    if given is not None and state.awakenings < len(given):
        planned = list(given[state.awakenings])
        if sorted(planned) != sorted(rest):
            raise BadRecord(f"layout.reinforcements: reinforcement {state.awakenings + 1} must hold tiles "
                            f"{', '.join(map(str, sorted(rest)))} in some order, not "
                            f"{', '.join(map(str, planned)) or 'none'}")
        rest = planned
    for stack in state.colossi:
        if stack:
            stack[0].awake = True
    hidden.awakened(state)
    state.events.append(ev.Awakened(tuple(s[0].index for s in state.colossi if s)))
    state.threat_discard = []
    state.recruit_pile = combined[:2]
    state.awakenings += 1
    state.threat_pile = rest
    hidden.shuffled(state, rest)
    state.events.append(ev.Reinforced(tuple(state.recruit_pile), tuple(state.threat_pile)))
    if state.threat_pile:
        state.next_threat = state.threat_pile.pop(0)
        hidden.drawn(state, "threat", state.threat_pile, state.next_threat)
        state.events.append(ev.NextTile("threat", state.next_threat, "threat_pile"))
        _rebuild_threat_pile(state)
    _rebuild_recruit_pile(state)


def recruit_exhausted(state: State, city: int) -> None:
    """The last unit of a recruitment tile was taken: discard it and bring in the next one."""
    del state.tiles[city]
    state.recruit_discard.insert(0, city)
    state.events.append(ev.TileOut(city, "recruit_discard"))
    if state.next_recruit is not None:
        number = state.next_recruit
        state.next_recruit = None
        place_recruit(state, number)
    refill_next_recruit(state)


def threat_eliminated(state: State, city: int) -> None:
    """A threat fell: discard it and bring in the next threat."""
    del state.tiles[city]
    state.threat_discard.insert(0, city)
    state.events.append(ev.TileOut(city, "threat_discard"))
    if state.next_threat is not None:
        number = state.next_threat
        state.next_threat = None
        place_threat(state, number)
    refill_next_threat(state)
