"""Combats (§6) and demon fights (9.2-9.4), round by round, each round's dice a chance outcome."""

from __future__ import annotations

from .board import Board
from .control import set_holding
from .state import Combat, Pending, State
from .terms import (
    DEMON_DICE,
)


def demon_dice(board: Board, province: str) -> int:
    if province == board.forbidden_city:
        return DEMON_DICE["forbidden_city"]
    return DEMON_DICE["around"] if province in board.around else DEMON_DICE["coastal"]  # 9.3


def battle_round(board: Board, state: State, outcome: tuple[int, int]) -> None:
    combat = state.combat
    assert combat is not None and combat.defender is not None
    attack_total, defence_total = outcome
    to_defender = attack_total // (3 if combat.capital else 2)  # 6.4, 6.7
    to_attacker = defence_total // 2
    combat.rounds += 1
    combat.strength = max(0, combat.strength - to_attacker)  # Z-09: losses beyond the strength present
    combat.defence = max(0, combat.defence - to_defender)
    state.log.append({"event": "combat_round", "province": combat.province, "dice": [attack_total, defence_total],
                      "losses": [to_attacker, to_defender], "left": [combat.strength, combat.defence]})
    set_holding(board, state, combat.province, combat.defender, combat.defence)
    if combat.strength and combat.defence:
        next_round(state, (combat.attacker, combat.defender))  # 6.5: another round, dice recounted
        return
    end_combat(board, state)


def next_round(state: State, sides: tuple[str, ...], answered: int | None = None) -> None:
    """12.6, 12.8, Z-20: a Vent de Guerre is played at the exact moment it applies, a combat, and a player
    plays at most one per combat whatever its rounds. So before each round the players of `sides` (the
    attacker's first: his turn) who have not played one in this combat are asked, each once a round; then the
    dice. A player is asked when he holds any magic card, not only a Vent de Guerre: the table sees who is
    asked, and 12.2 keeps his hand secret (how many cards he holds is public). A player running both sides
    (6.8) is asked once: the limit is per player. `answered`: a seat that has just had its moment (the
    attacker's fight choice, before the first round)."""
    combat = state.combat
    assert combat is not None
    seats: list[int] = []
    for people in sides:
        seat = state.peoples[people].seat
        may = bool(state.hands[seat]) and (seat, combat.province) not in state.war
        if may and seat not in seats and seat != answered:
            seats.append(seat)
    state.asking = seats
    if not seats:
        state.pending = Pending("battle")


def demon_fight(board: Board, state: State, outcome: tuple[int]) -> None:
    combat = state.combat
    assert combat is not None
    loss = outcome[0] // 2  # 9.2: one round, the demons take no losses
    combat.strength = max(0, combat.strength - loss)
    state.log.append({"event": "demons", "province": combat.province, "dice": [outcome[0]], "loss": loss,
                      "left": combat.strength})
    end_combat(board, state)


def end_combat(board: Board, state: State) -> None:
    combat = state.combat
    assert combat is not None
    state.combat, state.asking = None, []
    if combat.strength and not combat.defence:
        set_holding(board, state, combat.province, combat.attacker, combat.strength)  # 6.5, 9.4
    state.log.append({"event": "combat_over", "province": combat.province,
                      "holder": state.land.get(combat.province, (None, 0))[0]})


def settle_moves(board: Board, state: State) -> None:
    """4.4: the movements are done. Unoccupied provinces outside Zargos are taken without a fight (Z-07,
    6.6), and so are Zargos's for the Master (9.12); every other target is a combat."""
    people = state.order[state.turn]
    seat = state.peoples[people].seat
    for target in sorted(state.attacks):
        if target not in state.land and (not board.in_zargos(target) or state.master == seat):
            force = state.attacks.pop(target)
            set_holding(board, state, target, people, force)
            if state.winner:
                return
    state.phase = "fight" if state.attacks else "reorganise"


def start_combat(board: Board, state: State, province: str) -> None:
    people = state.order[state.turn]
    force = state.attacks.pop(province)
    holder = state.land.get(province)
    if force <= 0:
        return  # a stated effect took the whole force away before the combat
    if holder is None:
        if board.in_zargos(province) and state.master != state.peoples[people].seat:
            state.combat = Combat(province, people, force, None, 0, False)
            state.pending = Pending("demons")
        else:
            set_holding(board, state, province, people, force)
        return
    if holder[0] == people:  # joined a province that became its own meanwhile (a stated effect)
        set_holding(board, state, province, people, holder[1] + force)
        return
    state.combat = Combat(province, people, force, holder[0], holder[1], board.is_capital(province))
    next_round(state, (holder[0],), state.peoples[people].seat)  # his fight choice offered it just now (Z-20)
