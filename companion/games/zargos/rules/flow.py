"""What the rules do alone between two decisions: set-up steps, turns, rounds."""

from __future__ import annotations

from collections import Counter

from .board import ZARGOS, Board
from .control import give_card
from .count import count_round
from .elimination import eliminate
from .legal import (
    answers_awaited,
    held,
    magic_window,
    over_limit,
    placement_order,
    present,
    to_place,
)
from .setup import Setup
from .state import Pending, State
from .terms import (
    BLUE_BOATS,
    GREEN_REINFORCEMENTS,
    TOKEN_COST,
)


def advance(board: Board, setup: Setup, state: State) -> None:
    while state.winner is None and state.pending is None:
        if state.round >= 1 and state.phase != "over":
            eliminate(state)  # Z-26, whatever emptied a people: a combat, a card, a stated effect
        if over_limit(state):
            return
        match state.phase:
            case "roll":
                if order_rolls(state):
                    return
                state.phase = "choose"
            case "choose":
                if len(state.peoples) < setup.players * setup.peoples_each:
                    return
                state.draft_order = list(state.peoples)  # 2.4: in the order they were chosen
                state.green = Counter({"reinforcement": GREEN_REINFORCEMENTS})
                state.green.update(f"capital:{k}" for k in board.kingdoms if k != ZARGOS)
                state.blue = Counter({"boat": BLUE_BOATS})
                state.blue.update(f"province:{p}" for k in board.kingdoms.values() if k.id != ZARGOS
                                  for p in k.provinces if p != k.capital)
                state.phase = "draft"
            case "draft":
                if sum(state.green.values()) or sum(state.blue.values()):
                    return
                state.phase = "trade"
            case "trade":
                if len(state.done_trading) < state.players:
                    return
                for people in state.peoples.values():  # 2.11
                    people.boats = people.cards.count("boat")
                state.phase, state.offers = "swords", []  # proposals not taken lapse with the trading time
            case "swords":
                if any("reinforcement" in p.cards and not p.swords_told for p in state.peoples.values()):
                    return
                state.phase = "place"
            case "place":
                for key in placement_order(setup, state):
                    people = state.peoples[key]
                    if not people.placed and not held(state, key):  # Z-26: it traded or lost every province
                        people.placed = people.out = True
                        state.log.append({"event": "out", "people": key, "seat": people.seat})
                    if not people.placed and to_place(setup, state, people) == 0:
                        people.placed = True
                if not all(p.placed for p in state.peoples.values()):
                    return
                if setup.option("kingdom_cards") == "setup_holder":  # Z-06, the other reading
                    for people in state.peoples.values():
                        people.kingdom_cards = {c.partition(":")[2] for c in people.cards if c.startswith("capital:")}
                for people in state.peoples.values():
                    people.cards = []  # 2.14
                state.order = [k for k in placement_order(setup, state) if not state.peoples[k].out]  # 2.15, Z-26
                begin_round(state)
            case "attack" | "fight" | "reorganise":
                if state.turn >= len(state.order):
                    state.phase, state.stage = "count", "values"
                    continue
                if not state.folie and state.aimed and not answers_awaited(state):
                    seat, kingdom = state.aimed.pop(0)  # 12.10, Z-22: every occupied province of the kingdom
                    state.folie = [p for p in board.kingdoms[kingdom].provinces if p in state.land]
                    state.folie_seat = seat
                if state.folie:
                    state.pending = Pending("folie", state.folie_seat, province=state.folie[0])
                    return
                if state.phase == "fight" and not state.attacks and state.combat is None:
                    state.phase = "reorganise"
                if state.phase == "reorganise" and state.reorganised:
                    next_turn(state)
                    continue
                if state.peoples[state.order[state.turn]].out and not state.attacks and state.combat is None:
                    next_turn(state)  # Z-26: a people out takes no turn, or the rest of it
                    continue
                return
            case "count":
                if count_round(board, setup, state):
                    return
            case "deal":
                if not state.deals:
                    state.phase = "magic" if magic_window(state) else "reinforce"  # Z-21
                    state.done_trading = set()
                    continue
                seat, left = state.deals[0]
                if left == 0:
                    state.deals.pop(0)
                    continue
                state.deals[0] = (seat, left - 1)
                if sum(state.deck.values()):
                    state.pending = Pending("draw", seat)
                    return
                if state.under:
                    give_card(state, seat, state.under.pop(0))
            case "magic":
                if any(s not in state.done_trading for s in present(state)):
                    return
                state.phase, state.offers = "reinforce", []  # proposals not taken lapse with the window
            case "reinforce":
                while state.reinforcing and (state.peoples[state.reinforcing[0]].points < TOKEN_COST
                                             or state.peoples[state.reinforcing[0]].out):
                    state.reinforcing.pop(0)  # nothing to buy (13.3); a people out buys nothing (Z-26)
                if state.reinforcing:
                    return
                begin_round(state)
            case _:
                return


def begin_round(state: State) -> None:
    state.round += 1
    state.log_start = len(state.log)
    state.turn = 0
    start_turn(state)


def start_turn(state: State) -> None:
    state.phase = "attack"
    state.window_open, state.passed, state.window_played = True, set(), set()
    state.attacks, state.combat, state.reorganised, state.allow, state.war = {}, None, False, [], set()
    state.reorganisations = 0


def next_turn(state: State) -> None:
    state.turn += 1
    start_turn(state)


def order_rolls(state: State) -> bool:
    """2.3, Z-02: each player rolls one die, the highest chooses first; tied players roll again. True while
    a roll is awaited."""
    while True:
        group = next((g for g in state.seat_groups if len(g) > 1), None)
        if group is None:
            state.seat_order = [g[0] for g in state.seat_groups]
            return False
        missing = [s for s in group if s not in state.rolls]
        if missing:
            state.pending = Pending("order", missing[0])
            return True
        index = state.seat_groups.index(group)
        values = sorted({state.rolls[s] for s in group}, reverse=True)
        split = [[s for s in group if state.rolls[s] == v] for v in values]
        for s in group:
            del state.rolls[s]
        state.seat_groups[index:index + 1] = split
