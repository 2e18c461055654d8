"""Spending the active mage's Glyph pool (A-26) on his domains' effects (E7), at no action's cost, at any
moment of his turn (each effect is applied to a copy of the game, refused whole when the pool is short);
and a Cobalt look at a virtual pile's next cards (E7.6, A-56)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.errors import N_, IllegalAction
from companion.core.game import Reveal

from .cards import can_show
from .moves import Move
from .state import Mage, Pending, State
from .terms import BLUE, GREEN, ORANGE, RED, VIOLET, YELLOW
from .walls import clockwise, kill_guard

if TYPE_CHECKING:
    from .match import EpicMatch


def spend(match: EpicMatch, s: State, move: Move, news: list[Reveal]) -> None:
    effect = EFFECTS.get(move.effect or "")
    if effect is None:
        raise IllegalAction("E7", N_("No such Glyph effect."))
    domain, run = effect
    mage = s.mages[move.seat]
    if mage.exiled and move.effect in FORBIDDEN_IN_EXILE:
        raise IllegalAction("A-36", N_("A mage in Exile may not do that."))
    cost = run(match, s, move, mage)
    if cost < 1 or s.pool.get(domain, 0) < cost:
        raise IllegalAction("A-26", N_("You do not have the Glyphs for that."))
    s.pool[domain] -= cost
    if not s.pool[domain]:
        del s.pool[domain]


def count(move: Move, least: int = 1) -> int:
    if move.count is None or move.count < least:
        raise IllegalAction("E7", N_("Say how many Glyphs you spend."))
    return move.count


def lower(match: EpicMatch, value: int, by: int) -> int:
    return max(match.pack.force_least, value - by)


def exile(match: EpicMatch, mage: Mage) -> None:
    if match.players > 2:  # at two players nobody goes into Exile
        mage.exiled = True


def target(s: State, move: Move) -> Mage:
    if move.target is None or move.target not in s.mages:
        raise IllegalAction("E7", N_("Name a mage."))
    return s.mages[move.target]


def guard_of(match: EpicMatch, s: State, move: Move) -> Mage:
    """E7.1, E7.5: a Guard of any colour; the Cobalt holders are asked first whether one saves it (A-30)."""
    owner = target(s, move)
    if owner.guards < 1:
        raise IllegalAction("E7.1", N_("That mage has no Guard in the Guard Room."))
    savers = [p for p in clockwise(match, move.seat)[1:] if not s.mages[p].exiled and _cobalt(s.mages[p])]
    if savers:
        s.pending.append(Pending("rescue", savers, {"owner": owner.seat}))
    else:
        kill_guard(s, owner.seat)
    return owner


def _cobalt(mage: Mage) -> bool:
    return bool(can_show(mage, BLUE))


def fire_barbarians(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = count(move)
    s.barbarians = lower(match, s.barbarians, n)  # E7.1
    return n


def fire_populace(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = count(move)
    s.populace = lower(match, s.populace, n)  # E7.1
    if not s.unrest_raised:  # one Unrest per round
        s.unrest = s.unrest + 1 if match.pack.unrest_max is None else min(match.pack.unrest_max, s.unrest + 1)
        s.unrest_raised = True
    return n


def fire_guard(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    guard_of(match, s, move)
    exile(match, mage)  # E7.1: the caster goes into Exile, whether or not the Guard is saved (a reading)
    return 3


def sulphur(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = count(move)
    if move.colour not in mage.flask or mage.flask[move.colour] < n:
        raise IllegalAction("E7.2", N_("Your Flask does not hold that many gems of that colour."))
    mage.flask[move.colour] -= n  # E7.2
    mage.stock[move.colour] += n
    return n


def nature_barbarians(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = count(move)
    s.barbarians = lower(match, s.barbarians, n)  # E7.3
    return n


def nature_populace(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = count(move)  # the Force lowered: two Glyphs each, no Unrest (E7.3)
    s.populace = lower(match, s.populace, n)
    return 2 * n


def solar(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    n = s.pool.get(ORANGE, 0)  # E7.4: all of them in one go, +1
    mage.power = min(match.pack.power_max, mage.power + n + 1)
    return n


def shadow_card(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    victim = target(s, move)
    if victim is mage or victim.hand < 1 or mage.hand >= 5:
        raise IllegalAction("A-46", N_("Steal a card from another mage's hand while you hold fewer than 5."))
    victim.hand -= 1  # E7.5, A-46: the card the thief points at, by its back
    mage.hand += 1
    return 2


def shadow_wound(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    s.health -= 1  # E7.5; A-34 in ends.py
    exile(match, mage)
    return 3


def shadow_guard(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    guard_of(match, s, move)  # E7.5: no Exile
    return 3


def shadow_artefact(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    victim = target(s, move)
    if victim is mage or victim.exiled:
        raise IllegalAction("E7.5", N_("Steal from another mage who is not in Exile."))
    index = move.artefact
    if index is None or not 0 <= index < len(victim.artefacts) or not victim.artefacts[index].finished or \
            victim.artefacts[index].card.grimoire:
        raise IllegalAction("E7.5", N_("Name a finished Artefact of his that is not a Grimoire."))
    mage.artefacts.append(victim.artefacts.pop(index))  # tilted if it was tilted
    return 6


def cobalt_look(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    """E7.6, A-56: with a physical pile the caster looks at the real cards (nothing for the engine to do);
    with a virtual one the engine shows him the next cards, drawn now and kept on top in that order."""
    n = count(move)
    if s.deck is not None:
        if n > len(s.deck):
            raise IllegalAction("E7.6", N_("Cards left in the pile: {n}."), n=len(s.deck))
        s.pending.append(Pending("look", [], {"seat": mage.seat, "left": n}))
    return n


def cobalt_heal(match: EpicMatch, s: State, move: Move, mage: Mage) -> int:
    s.health = min(match.pack.health_max, s.health + 1)  # E7.6, A-33
    return 3


def looked(match: EpicMatch, s: State, top: Pending, outcome: object, news: list[Reveal]) -> None:
    assert s.deck is not None
    if type(outcome) is not int or outcome not in s.deck:
        raise IllegalAction("E7.6", N_("Invasion card {outcome} is not in the pile."), outcome=str(outcome)[:40])
    s.deck.remove(outcome)
    s.top.append(outcome)
    seat = top.data["seat"]
    s.seen.setdefault(seat, []).append(outcome)
    news.append(Reveal(f"look:{match.version + 1}", N_("Invasion card {card} lies at place {place} from the top."),
                       {"place": len(s.top), "card": outcome}, frozenset({seat})))
    top.data["left"] -= 1
    if not top.data["left"]:
        s.pending.pop()


Effect = Callable[["EpicMatch", State, Move, Mage], int]
EFFECTS: dict[str, tuple[str, Effect]] = {
    "fire_barbarians": (RED, fire_barbarians), "fire_populace": (RED, fire_populace),
    "fire_guard": (RED, fire_guard), "sulphur": (YELLOW, sulphur),
    "nature_barbarians": (GREEN, nature_barbarians), "nature_populace": (GREEN, nature_populace),
    "solar": (ORANGE, solar), "shadow_card": (VIOLET, shadow_card), "shadow_wound": (VIOLET, shadow_wound),
    "shadow_guard": (VIOLET, shadow_guard), "shadow_artefact": (VIOLET, shadow_artefact),
    "cobalt_look": (BLUE, cobalt_look), "cobalt_heal": (BLUE, cobalt_heal),
}
# E9.1, A-36: no Fire or Nature against the Barbarians or the Populace, no Guard killed, in Exile.
FORBIDDEN_IN_EXILE = ("fire_barbarians", "fire_populace", "fire_guard", "nature_barbarians", "nature_populace",
                      "shadow_guard")
