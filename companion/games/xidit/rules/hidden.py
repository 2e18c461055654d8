"""A game set up from what the table sees: the tiles on the board and the two Next tiles are typed in,
the piles stay face down for the companion, and so do the colossi not told apart by their print.

Whenever the rules draw a tile whose place the table does not know, or wake a colossus it has not told
apart, the game stops and asks; the answer is written into the layout, which is always complete (the
tiles nobody has seen are placed by a guess), so the game's record replays with any engine.

Why an answer never changes the past: tiles nobody has seen are alike, so exchanging two of them
everywhere in the layout changes nothing that happened; tiles shuffled together at a reinforcement are
alike from that shuffle on, so exchanging their places in that reinforcement changes nothing before it;
two colossi of one stack are alike until one of them wakes.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import BadRecord
from .events import Event, Reinforced
from .setup import Hidden, Setup
from .state import Question, Sight, State


def start(state: State) -> None:
    """At the deal, before the Next slots are filled: what the table does not see (the piles below their
    typed tops, the colossi not typed)."""
    hidden = state.setup.layout.hidden
    if hidden is None:
        return
    unseen = set(state.recruit_pile[1:]) | set(state.threat_pile[1:])
    colossi = {c.index for stack in state.colossi if stack and stack[0].index not in hidden.colossi_seen
               for c in stack}
    state.sight = Sight(unseen=set(unseen), hidden=set(unseen), colossi=colossi)


def drawn(state: State, slot: str, pile: list[int], number: int) -> None:
    """A tile left the top of `pile` for the Next slot `slot`: asked about if the table could not know it."""
    sight = state.sight
    if sight is None or number not in sight.hidden:
        return
    bag = {number} | (set(pile) & sight.hidden)  # the tiles that were there in an order nobody knows
    candidates = set(bag)
    if candidates & sight.unseen:
        candidates |= sight.unseen
    fresh = number in sight.unseen
    sight.hidden.discard(number)
    sight.unseen.discard(number)
    if len(candidates) > 1:
        _ask(state, Question("tile", slot, number, tuple(sorted(candidates)), len(state.events),
                             tuple(sorted(bag)), fresh))


def shuffled(state: State, tiles: list[int]) -> None:
    """A reinforcement shuffled these tiles into the threat pile: nobody knows their order any more."""
    if state.sight is not None:
        state.sight.hidden |= set(tiles)


def awakened(state: State) -> None:
    """The colossi awake: the ones on top that the table had not told apart are asked about."""
    sight = state.sight
    if sight is None:
        return
    for needs, stack in zip((3, 4, 5), state.colossi, strict=True):
        if not stack or stack[0].index not in sight.colossi:
            continue
        candidates = tuple(sorted(c.index for c in stack if c.index in sight.colossi))
        sight.colossi -= {c.index for c in stack}  # the one below is told by the one on top
        if len(candidates) > 1:
            _ask(state, Question("colossus", str(needs), stack[0].index, candidates, len(state.events)))


def _ask(state: State, question: Question) -> None:
    assert state.sight is not None and state.setup.layout.hidden is not None
    number = state.sight.asked
    state.sight.asked += 1
    if number >= state.setup.layout.hidden.answered:  # the ones before are in the layout already
        state.sight.questions.append(question)


def answered(setup: Setup, state: State, choice: int) -> Setup:
    """The setup whose layout holds the answer to the first question: the game replayed from it is the
    same up to the question, and has `choice` where the question was."""
    assert state.sight is not None and state.sight.questions and setup.layout.hidden is not None
    question = state.sight.questions[0]
    if choice not in question.candidates:
        raise BadRecord(f"{choice} cannot be there: it is one of {', '.join(map(str, question.candidates))}")
    layout = setup.layout
    piles = {"recruit_pile": list(layout.recruit_pile or ()), "threat_pile": list(layout.threat_pile or ())}
    reinforcements = [list(e.threat) for e in state.events if isinstance(e, Reinforced)]
    colossi = [list(stack) for stack in layout.colossi or ()]
    drawn_tile = question.drawn

    def exchange_everywhere(a: int, b: int) -> None:
        for tiles in [*piles.values(), *reinforcements]:
            tiles[:] = [b if t == a else a if t == b else t for t in tiles]

    if question.kind == "colossus":
        stack = next(s for s in colossi if drawn_tile in s)
        stack[:] = [choice if c == drawn_tile else drawn_tile if c == choice else c for c in stack]
    elif choice != drawn_tile:
        unseen = state.sight.unseen
        if question.fresh and choice in unseen:
            exchange_everywhere(drawn_tile, choice)
        else:
            if choice in unseen and choice not in question.bag:
                # First bring it into the shuffle, in the place of a tile nobody has seen there either.
                exchange_everywhere(choice, next(t for t in question.bag if t in unseen))
            last = reinforcements[-1]
            i, j = last.index(drawn_tile), last.index(choice)
            last[i], last[j] = last[j], last[i]
    sight = Hidden(layout.hidden.answered + 1, layout.hidden.colossi_seen) if layout.hidden else None
    return replace(setup, layout=replace(
        layout, recruit_pile=tuple(piles["recruit_pile"]), threat_pile=tuple(piles["threat_pile"]),
        colossi=tuple(tuple(s) for s in colossi) if colossi else layout.colossi,
        reinforcements=tuple(tuple(r) for r in reinforcements) if reinforcements else layout.reinforcements,
        hidden=sight))


def as_seen(events: list[Event]) -> list[Event]:
    """Events as the table saw them: a reinforcement's shuffle shows which tiles it took, never their
    order, nor which of the tiles nobody had seen went to the recruitment pile."""
    return [Reinforced((), tuple(sorted(e.recruit + e.threat))) if isinstance(e, Reinforced) else e
            for e in events]


def with_answered(setup: Setup, count: int) -> Setup:
    """The same layout, with `count` questions counted as answered (a rollback asks the later ones again)."""
    hidden = setup.layout.hidden
    if hidden is None:
        return setup
    return replace(setup, layout=replace(setup.layout, hidden=Hidden(count, hidden.colossi_seen)))
