"""Every change of a province's holder goes through `set_holding`, so that the Master of the Winds
(9.9-9.14) and victory (14.1, Z-25) are checked after every change of control; and the magic hands."""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board
from .state import State


def give_card(state: State, seat: int, card: str) -> None:
    state.hands[seat].append(card)
    state.log.append({"event": "drew", "seat": seat, "card": card, "secret": True})


def set_holding(board: Board, state: State, province: str, people: str, strength: int) -> None:
    """Every change of a province's tokens goes through here, so that the Master (9.9-9.14) and victory
    (14.1, Z-25) are checked after every change of control."""
    before = state.land.get(province, (None, 0))[0]
    if strength > 0:
        state.land[province] = (people, strength)
    else:
        state.land.pop(province, None)
    after = state.land.get(province, (None, 0))[0]
    if before == after:
        return
    if province == board.forbidden_city:
        city_changed(state, after)
    check_victory(board, state)


def city_changed(state: State, holder: str | None) -> None:
    if holder is None:  # 9.14, Z-15: no Master; he keeps his cards but must cut down to 3 at once
        if state.master is not None:
            state.log.append({"event": "master_ends", "seat": state.master})
        state.master = None
        return
    seat = state.peoples[holder].seat
    if state.master == seat:
        return
    state.master = seat  # 9.9, 9.13, Z-15: he takes every hand, then keeps 5
    for other, hand in state.hands.items():
        if other != seat:
            state.hands[seat] += hand
            hand.clear()
    state.log.append({"event": "master", "seat": seat, "people": holder})


def check_victory(board: Board, state: State) -> None:
    holder = state.land.get(board.forbidden_city, (None, 0))[0]
    if holder is not None and all(state.land.get(p, (None, 0))[0] == holder for p in board.around):
        state.winner = holder  # 14.1, 14.2: a people wins; its player is announced
        state.phase = "over"
        state.pending = None
        state.log.append({"event": "victory", "people": holder, "seat": state.peoples[holder].seat})


def put_under(state: State, cards: Iterable[str]) -> None:
    state.under.extend(cards)
