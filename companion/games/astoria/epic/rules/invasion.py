"""The Invasion card (E5) as a chance node: typed by the table (its six Flux values and marks, in the form
below) when the pack has no catalogue, else drawn among the numbers still in the virtual pile (A-23, A-56)."""

from __future__ import annotations

from typing import Any

from companion.core.errors import N_, IllegalAction
from companion.core.game import ChanceNode
from companion.core.typed import BadOutcome, Field, OutcomeForm

from .pack import EpicPack, InvasionCard, invasion_card
from .state import State
from .terms import COLOURS, DOMAIN

PROMPTS = {"invasion": N_("Draw an Invasion card"), "fight": N_("Draw an Invasion card for the fight"),
           "assault": N_("Draw an Invasion card for the assault on the Palace"),
           "look": N_("Look at the next Invasion card")}


def form(pack: EpicPack) -> OutcomeForm:
    """E1.5: six Flux values, a hammer, the Dragon's score, a Chief's Force and Glyph."""
    return OutcomeForm((
        Field.number("flux", N_("Flux"), 0, pack.flux_most, repeat=len(COLOURS),
                     labels=tuple(DOMAIN[c] for c in COLOURS)),
        Field.mark("hammer", N_("Hammer")),
        Field.number("dragon", N_("Dragon (0: none)"), 0, 2),
        Field.number("chief", N_("Barbarian Chief's Force (0: no Chief)"), 0, pack.chief_most),
        Field.word("chief_glyph", N_("Barbarian Chief's Glyph"), ("none", *COLOURS)),
    ), title=N_("Type the Invasion card"))


def outcomes(state: State) -> tuple[int, ...]:
    """A virtual pile's possible draws: the card already looked at on top (A-56), else any card still in it,
    the cards already drawn shuffled back when it is empty (A-23)."""
    if state.deck is None:
        return ()
    if state.top:
        return (state.top[0],)
    return tuple(sorted(state.deck or [n for n in state.drawn if n is not None]))


def node(pack: EpicPack, state: State, kind: str, told_by: int | None = None) -> ChanceNode:
    # A look takes the next card not yet looked at: one of the pile's, below those already seen.
    listed = tuple(sorted(state.deck or ())) if kind == "look" else outcomes(state)
    if state.deck is not None and listed:
        return ChanceNode(kind=kind, outcomes=listed, told_by=told_by, prompt=PROMPTS[kind],
                          params={"rule": "E5"})
    return ChanceNode(kind=kind, outcomes=(), told_by=told_by, prompt=PROMPTS[kind], params={"rule": "E5"},
                      form=form(pack))


def take(pack: EpicPack, state: State, outcome: Any) -> tuple[int | None, InvasionCard]:
    """The card told, taken off the pile (changing `state`); IllegalAction in words when it cannot be."""
    listed = outcomes(state)
    if state.deck is not None and listed:
        if type(outcome) is not int or outcome not in listed:
            raise IllegalAction("E5", N_("Invasion card {outcome} is not in the pile."), outcome=str(outcome)[:40])
        if state.top:
            state.top.pop(0)
        else:
            if not state.deck:  # the cards already drawn make a new pile
                state.deck = [n for n in state.drawn if n is not None]
                state.drawn = [n for n in state.drawn if n is None]
            state.deck.remove(outcome)
        return outcome, pack.invasion[outcome]
    try:
        typed = form(pack).check(outcome)
    except BadOutcome as error:
        raise IllegalAction("E5", error.template, **error.params) from None
    try:
        return None, invasion_card(typed, pack.chief_most)
    except ValueError:  # the form bounds every value: what is left is a Chief's Force without his Glyph
        raise IllegalAction("E1.5", N_("A Chief has both a Force and a Glyph; a card without a Chief has "
                                       "neither.")) from None
