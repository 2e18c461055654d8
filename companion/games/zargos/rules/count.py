"""The count (§10), kingdom cards (§11) and the magic cards owed (12.1, 9.10-9.11)."""

from __future__ import annotations

from .board import ZARGOS, Board
from .legal import (
    held,
    supply,
)
from .setup import Setup
from .state import Pending, People, State
from .terms import (
    MASTER_DRAW,
    MASTER_LIMIT,
    POINTS,
)


def count_round(board: Board, setup: Setup, state: State) -> bool:
    """§10-§12: points, the new order with die tie-breaks, kingdom cards, magic owed. True while the table
    must tell something (a printed value, a die)."""
    players = [p for p in state.peoples.values() if not p.out]  # Z-26: the flow marked the peoples out
    if state.stage == "values":
        for people in players:
            for kingdom in complete_kingdoms(board, state, people.key):
                if board.kingdoms[kingdom].value is None and kingdom not in state.values:
                    state.pending = Pending("value", kingdom=kingdom)  # 10.2: the table reads the capital
                    return True
        for people in players:
            people.points = territory_points(board, state, people.key)
        state.log.append({"event": "count", "points": {p.key: p.points for p in players}})
        groups: dict[int, list[str]] = {}
        for people in players:
            groups.setdefault(people.points, []).append(people.key)
        state.ties = [groups[n] for n in sorted(groups, reverse=True)]
        state.tie_rolls, state.stage = {}, "ties"
    if state.stage == "ties":
        while True:  # 10.3, 10.4, Z-16
            group = next((g for g in state.ties if len(g) > 1), None)
            if group is None:
                break
            missing = [k for k in group if k not in state.tie_rolls]
            if missing:
                state.pending = Pending("tie", state.peoples[missing[0]].seat, missing[0])
                return True
            index = state.ties.index(group)
            values = sorted({state.tie_rolls[k] for k in group}, reverse=True)
            split = [[k for k in group if state.tie_rolls[k] == v] for v in values]
            for k in group:
                del state.tie_rolls[k]
            state.ties[index:index + 1] = split
        state.order = [g[0] for g in state.ties]
        state.log.append({"event": "order", "order": list(state.order)})
        mark_ranks(state)
        award_kingdom_cards(board, state, players)
        magic_owed(setup, state)
        state.reinforcing = list(state.order)
        state.stage, state.phase = "", "deal"
    return False


def mark_ranks(state: State) -> None:
    """10.6, Z-17: each people marks its rank with a token of its own in that rank's circle, taken from its
    unused supply (the marker is never strength). Only the markers that change are told: put at the first
    count, then moved from circle to circle. A people out (Z-26) has no rank: its marker goes back to its
    supply. When a people has no unused token left the rules do not say how it marks its rank: the event
    says so (token False) and the table decides; the engine invents nothing."""
    for key in [k for k in state.ranks if k not in state.order]:
        state.log.append({"event": "rank", "people": key, "from": state.ranks.pop(key), "to": None, "token": True})
    for rank, key in enumerate(state.order, 1):
        old = state.ranks.get(key)
        if old == rank:
            continue
        if old is None and supply(state, key) < 1:
            state.log.append({"event": "rank", "people": key, "from": None, "to": rank, "token": False})
            continue
        state.ranks[key] = rank
        state.log.append({"event": "rank", "people": key, "from": old, "to": rank, "token": True})


def complete_kingdoms(board: Board, state: State, people: str) -> list[str]:
    return [k.id for k in board.kingdoms.values() if k.id != ZARGOS
            and all(state.land.get(p, (None, 0))[0] == people for p in k.provinces)]


def territory_points(board: Board, state: State, people: str) -> int:
    """10.1, 10.2, Z-11."""
    complete = set(complete_kingdoms(board, state, people))
    total = sum(board.kingdoms[k].value or state.values[k] for k in complete)
    for province in held(state, people):
        kingdom = board.kingdom_of(province)
        if kingdom in complete:
            continue
        if province == board.forbidden_city:
            total += POINTS["forbidden_city"]
        elif kingdom == ZARGOS:
            total += POINTS["zargos"]
        else:
            total += POINTS["capital"] if board.is_capital(province) else POINTS["province"]
    return total


def award_kingdom_cards(board: Board, state: State, players: list[People]) -> None:
    """11.1-11.5, Z-18: only the situation at the count matters."""
    for kingdom in board.kingdoms.values():
        if kingdom.id == ZARGOS:
            continue
        holder = next((p for p in state.peoples.values() if kingdom.id in p.kingdom_cards), None)
        full = next((p for p in players if kingdom.id in complete_kingdoms(board, state, p.key)), None)
        capital_holder = state.land.get(kingdom.capital or "", (None, 0))[0]
        if holder is not None and capital_holder == holder.key:
            continue  # 11.2
        if holder is not None:
            holder.kingdom_cards.discard(kingdom.id)  # 11.3
            state.log.append({"event": "kingdom_card_lost", "people": holder.key, "kingdom": kingdom.id})
        if full is not None:
            full.kingdom_cards.add(kingdom.id)  # 11.1, 11.5, Z-18
            state.log.append({"event": "kingdom_card", "people": full.key, "kingdom": kingdom.id})


def magic_owed(setup: Setup, state: State) -> None:
    """12.1, 9.10, 9.11, Z-03 (one hand per player), Z-14."""
    state.deals = []
    seats: list[int] = []
    for key in state.order:
        if state.peoples[key].seat not in seats:
            seats.append(state.peoples[key].seat)
    for seat in seats:
        if state.master is not None:
            if seat == state.master:
                owed = MASTER_DRAW if setup.option("master_draw") == "draw_five" else \
                    max(0, MASTER_LIMIT - len(state.hands[seat]))
                state.deals.append((seat, owed))
            continue
        owed = sum(len(p.kingdom_cards) for p in state.peoples.values() if p.seat == seat and not p.out)
        if owed:
            state.deals.append((seat, owed))
