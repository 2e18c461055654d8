"""The odds of a fight, worked out exactly from the dice (6.3-6.7, 9.2-9.3): what the normal agent weighs
an attack with. Pure arithmetic on the rules' numbers; no game state."""

from __future__ import annotations

from functools import cache

from companion.games.zargos.rules.dice import totals
from companion.games.zargos.rules.terms import DIE, dice_for


@cache
def losses(dice: int, divisor: int) -> tuple[tuple[int, float], ...]:
    """The strength `dice` dice take from the other side (their total divided by `divisor`, rounded down),
    with its probability (6.4, 6.7)."""
    found: dict[int, float] = {}
    for total, ways in totals(dice).items():
        found[total // divisor] = found.get(total // divisor, 0.0) + ways / DIE**dice
    return tuple(sorted(found.items()))


@cache
def win(attack: int, defence: int, capital: bool = False) -> float:
    """The chance that an attacking force `attack` takes a province held with `defence` (6.2-6.7): the
    fight goes on round after round until one side is gone; both gone (6.6) is not a win."""
    if defence <= 0:
        return 1.0 if attack > 0 else 0.0
    if attack <= 0:
        return 0.0
    to_defender = losses(dice_for(attack), 3 if capital else 2)
    to_attacker = losses(dice_for(defence), 2)
    again = 0.0  # both sides lose nothing: the same round is fought again
    chance = 0.0
    for hit, p in to_defender:
        for taken, q in to_attacker:
            if hit == 0 and taken == 0:
                again += p * q
            else:
                chance += p * q * win(attack - taken, defence - hit, capital)
    return chance / (1.0 - again)


def survive_demons(attack: int, dice: int) -> float:
    """The chance that `attack` is left with tokens after the demons' one round (9.2-9.4)."""
    return min(1.0, sum(p for loss, p in losses(dice, 2) if loss < attack))


def needed(chance: float, defence: int, capital: bool = False, most: int = 100) -> int | None:
    """The smallest force that takes the province with at least `chance`, or None within `most`."""
    for force in range(1, most + 1):
        if win(force, defence, capital) >= chance:
            return force
    return None


def needed_against_demons(chance: float, dice: int) -> int:
    """The smallest force that drives the demons out with at least `chance` (at most: their whole roll)."""
    for force in range(1, dice * DIE // 2 + 2):
        if survive_demons(force, dice) >= chance - 1e-9:
            return force
    return dice * DIE // 2 + 1
