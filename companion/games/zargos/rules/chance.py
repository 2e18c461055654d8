"""The chance node the game waits on, and what its outcome does (dice, cards drawn, printed values)."""

from __future__ import annotations

from typing import Any

from companion.core.game import ChanceNode

from . import dice
from .board import Board
from .combat import battle_round, demon_dice, demon_fight
from .control import give_card, set_holding
from .errors import N_
from .setup import Setup
from .state import Pending, State
from .terms import (
    DIE,
    VALUE_MOST,
    dice_for,
)


def chance_node(board: Board, state: State) -> ChanceNode | None:
    pending = state.pending
    if pending is None or state.winner is not None:
        return None
    die = tuple((n,) for n in range(1, DIE + 1))
    match pending.kind:
        case "order" | "tie":
            return ChanceNode("dice", die, None, prompt=N_("Roll one die."),
                              params={"for": pending.kind, "seat": pending.seat, "people": pending.people})
        case "folie":
            return ChanceNode("dice", die, None, prompt=N_("Wind of Madness: roll one die for this province."),
                              params={"for": "folie", "province": pending.province, "seat": pending.seat})
        case "battle" | "demons":
            combat = state.combat
            assert combat is not None
            sides = (dice_for(combat.strength), dice_for(combat.defence)) if pending.kind == "battle" \
                else (demon_dice(board, combat.province),)
            outcomes, weights = dice.outcomes(*sides)
            return ChanceNode("dice", outcomes, None, weights, N_("Roll the dice of each side and tell the totals."),
                              params={"for": pending.kind, "province": combat.province, "dice": list(sides)})
        case "draft":
            pile = state.green if pending.pile == "green" else state.blue
            cards = tuple(sorted(c for c, n in pile.items() if n))
            return ChanceNode("draw", cards, pending.seat, tuple(pile[c] / sum(pile.values()) for c in cards),
                              N_("Which card did you draw?"), params={"pile": pending.pile, "people": pending.people})
        case "draw":
            cards = tuple(sorted(c for c, n in state.deck.items() if n))
            return ChanceNode("draw", cards, pending.seat, tuple(state.deck[c] / sum(state.deck.values())
                                                                 for c in cards),
                              N_("Which magic card did you draw?"), params={"deck": "magic"})
        case "value":
            # 10.2: printed on the board, never drawn by the Pi: the table reads it (Z-27's spirit: no invention).
            return ChanceNode("value", tuple(range(1, VALUE_MOST + 1)), None,
                              prompt=N_("What value is printed on this kingdom's capital?"),
                              params={"kingdom": pending.kingdom}, drawn=False)
    return None


def apply_outcome(board: Board, setup: Setup, state: State, outcome: Any) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    match pending.kind:
        case "order":
            assert pending.seat is not None
            state.rolls[pending.seat] = outcome[0]
            state.log.append({"event": "roll", "seat": pending.seat, "die": outcome[0]})
        case "tie":
            assert pending.people is not None
            state.tie_rolls[pending.people] = outcome[0]
            state.log.append({"event": "tie_roll", "people": pending.people, "die": outcome[0]})
        case "draft":
            assert pending.people is not None
            people = state.peoples[pending.people]
            pile = state.green if pending.pile == "green" else state.blue
            pile[outcome] -= 1
            people.cards.append(outcome)
            kind, _, where = str(outcome).partition(":")
            if kind == "province":
                state.land[where] = (people.key, 1)  # 2.8
            elif kind == "capital":
                state.land[board.kingdoms[where].capital or ""] = (people.key, 1)
            secret = kind in ("reinforcement", "boat")  # 2.9
            state.log.append({"event": "drafted", "people": people.key, "seat": people.seat, "card": outcome,
                              "secret": secret})
            if pending.left > 1 and state.blue.total():
                state.pending = Pending("draft", people.seat, people.key, "blue", left=pending.left - 1)
            else:
                state.draft_turn += 1
        case "draw":
            assert pending.seat is not None
            state.deck[outcome] -= 1
            give_card(state, pending.seat, str(outcome))
        case "value":
            assert pending.kingdom is not None
            state.values[pending.kingdom] = outcome
            state.log.append({"event": "value", "kingdom": pending.kingdom, "value": outcome})
        case "folie":
            assert pending.province is not None
            hit = state.land.get(pending.province)
            loss = outcome[0] // 2  # 12.10
            if hit is not None:
                set_holding(board, state, pending.province, hit[0], hit[1] - loss)
            state.log.append({"event": "folie", "province": pending.province, "die": outcome[0], "loss": loss})
            state.folie.pop(0)
        case "battle":
            battle_round(board, state, outcome)
        case "demons":
            demon_fight(board, state, outcome)
