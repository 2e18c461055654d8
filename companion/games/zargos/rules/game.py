"""A Zargos game: `push` a person's move, `resolve` a chance outcome (dice, a card drawn, a value the table
reads off the board); the engine plays everything the rules decide alone in between.

As Xidit's engine: moves are small immutable values checked against the legal choices; a move is applied to
a copy of the state, kept only when legal, so an illegal move changes nothing; a game is rebuilt by
replaying its setup, moves and chance outcomes (no random numbers in here).
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from companion.core.game import REFEREE, ChanceNode, Progress, Result

from . import dice
from .actions import (
    ALLOWANCES,
    Action,
    Adjust,
    Attack,
    ChoosePeople,
    Draft,
    EndAttacks,
    Fight,
    Keep,
    MagicTrade,
    OutOfGame,
    Pass,
    Place,
    PlayCard,
    Reinforce,
    Reorganise,
    Swords,
    Trade,
    TradesDone,
)
from .board import ZARGOS, Board
from .choices import (
    AttackChoice,
    Choice,
    CombatCardChoice,
    DraftChoice,
    FightChoice,
    KeepChoice,
    PeopleChoice,
    PlaceChoice,
    ReinforceChoice,
    ReorganiseChoice,
    SwordsChoice,
    TradeChoice,
    WindowChoice,
)
from .errors import N_, IllegalAction
from .setup import Setup
from .state import Combat, Pending, People, State
from .terms import (
    ALLOTMENT,
    ALLOTMENT_THREE_PEOPLES,
    BLUE_BOATS,
    BOAT_COST,
    BOATS,
    CARDS,
    DEMON_DICE,
    DIE,
    GREEN,
    GREEN_REINFORCEMENTS,
    HAND_LIMIT,
    MASTER_DRAW,
    MASTER_LIMIT,
    PEOPLES,
    POINTS,
    RED,
    STRENGTH_LIMIT,
    SWORDS_MOST,
    TOKEN_COST,
    VALUE_MOST,
    dice_for,
)


class Told:
    """A chance outcome in the game's history, as it was told (by the Pi or the table)."""

    type = "chance"

    def __init__(self, kind: str, outcome: Any) -> None:
        self.kind, self.outcome = kind, outcome

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Told) and (self.kind, self.outcome) == (other.kind, other.outcome)

    def __hash__(self) -> int:
        return hash((self.kind, self.outcome))

    def __repr__(self) -> str:
        return f"Told({self.kind!r}, {self.outcome!r})"


Move = Action | Told
DECISIONS = {"choose_people": "people", "draft": "draft", "trade": "trade", "trades_done": "trade",
             "swords": "swords", "place": "place", "pass": "red_window", "attack": "attack",
             "end_attacks": "attack", "fight": "fight", "reorganise": "reorganise", "keep": "keep",
             "reinforce": "reinforce"}


class Game:
    def __init__(self, board: Board, setup: Setup) -> None:
        self.board, self.setup = board, setup
        self.history: list[Move] = []
        self.state = State(setup.players, setup.peoples_each, dict(setup.options))
        self.state.seat_groups = [list(range(setup.players))]
        self.state.deck = Counter({card: count for card, (_, count) in CARDS.items()})  # 2.2: shuffled
        self.state.hands = {seat: [] for seat in range(setup.players)}
        _advance(self.board, self.setup, self.state)

    @classmethod
    def replay(cls, board: Board, setup: Setup, moves: Iterable[Move]) -> Game:
        game = cls(board, setup)
        for index, move in enumerate(moves):
            try:
                if isinstance(move, Told):
                    game.resolve(move.outcome)
                else:
                    game.push(move)
            except IllegalAction as error:
                error.index = index
                raise
        return game

    # -- the framework's contract (companion.core.game.Match) ----------------------------------------

    @property
    def moves(self) -> list[Move]:
        return self.history

    @property
    def version(self) -> int:
        return len(self.history)

    def awaited(self, seat: int | None = None) -> list[Choice]:
        found = choices(self.board, self.setup, self.state)
        return [c for c in found if seat is None or c.seat == seat]

    def chance(self) -> ChanceNode | None:
        return chance_node(self.board, self.state)

    def resolve(self, outcome: Any) -> None:
        node = self.chance()
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if node is None:
            raise IllegalAction("§3", N_("Nothing is being rolled or drawn now."))
        if outcome not in node.outcomes:
            raise IllegalAction("6.3", N_("That cannot be the outcome of this roll or draw: {outcome}."),
                                outcome=str(outcome))
        state = _copy(self.state)
        _told(self.board, self.setup, state, outcome)
        _advance(self.board, self.setup, state)
        self.state = state
        self.history.append(Told(node.kind, outcome))

    def push(self, move: Action) -> None:
        state = self.state
        if state.winner is not None:
            raise IllegalAction("14.1", N_("The game is over."))
        if isinstance(move, Adjust | MagicTrade | OutOfGame):
            if self.chance() is not None and not isinstance(move, Adjust):
                raise IllegalAction("6.3", N_("First tell the dice or the card drawn."))
            work = _copy(state)
            if isinstance(move, Adjust):
                _adjust(self.board, work, move)
            elif isinstance(move, MagicTrade):
                _magic_trade(work, move)
            else:
                _out_of_game(work, move)
        else:
            if self.chance() is not None:
                raise IllegalAction("6.3", N_("First tell the dice or the card drawn."))
            choice = _choice_for(self.awaited(move.seat), move)
            work = _copy(state)
            _apply(self.board, self.setup, work, move, choice)
        _advance(self.board, self.setup, work)
        self.state = work
        self.history.append(move)

    def view(self, reader: str = REFEREE) -> dict[str, Any]:
        from .views import view  # views read the game; the game does not need them to play

        return view(self, reader)

    def record_json(self) -> dict[str, Any]:
        from .record import record_to_json

        return record_to_json(self)

    def result(self) -> Result | None:
        if self.state.winner is None:
            return None
        seat = self.state.peoples[self.state.winner].seat
        rest = tuple(s for s in range(self.setup.players) if s != seat)
        return Result(places=((seat,), rest) if rest else ((seat,),), winners=(seat,),
                      detail={"people": self.state.winner})

    def progress(self) -> Progress:
        return Progress(round=self.state.round, rounds=None, phase=self.state.phase)


def _copy(state: State) -> State:
    """A working copy for one move. Written out rather than deep-copied (a move's cost is mostly this
    copy); the log's entries are never changed once written, so they are shared."""
    work = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, Counter):
            setattr(work, name, Counter(value))
        elif isinstance(value, dict):
            setattr(work, name, dict(value))
        elif isinstance(value, list):
            setattr(work, name, list(value))
        elif isinstance(value, set):
            setattr(work, name, set(value))
    work.seat_groups = [list(g) for g in state.seat_groups]
    work.ties = [list(g) for g in state.ties]
    work.hands = {s: list(h) for s, h in state.hands.items()}
    work.peoples = {k: replace(p, cards=list(p.cards), kingdom_cards=set(p.kingdom_cards))
                    for k, p in state.peoples.items()}
    work.combat = None if state.combat is None else replace(state.combat, war=set(state.combat.war))
    work.pending = None if state.pending is None else copy.copy(state.pending)
    return work


# -- what is awaited ----------------------------------------------------------------------------------


def limit(state: State, seat: int) -> int:
    return MASTER_LIMIT if state.master == seat else HAND_LIMIT  # 12.2, 9.10


def over_limit(state: State) -> list[int]:
    """The seats that must cut their hand down now; a seat being dealt cuts once its cards are all in
    (Z-14: the Master draws 5, then keeps 5 of all he holds)."""
    dealing = state.deals[0][0] if state.phase == "deal" and state.deals and state.deals[0][1] else None
    return [s for s, h in state.hands.items() if len(h) > limit(state, s) and s != dealing]


def held(state: State, people: str) -> list[str]:
    return [p for p, (q, _) in state.land.items() if q == people]


def on_board(state: State, people: str) -> int:
    return sum(n for q, n in state.land.values() if q == people)


def active(state: State) -> str | None:
    if state.phase in ("attack", "fight", "reorganise") and state.turn < len(state.order):
        return state.order[state.turn]
    return None


def choices(board: Board, setup: Setup, state: State) -> list[Choice]:  # noqa: C901, PLR0911, PLR0912
    if state.winner is not None or state.pending is not None:
        return []
    over = [KeepChoice(seat, tuple(sorted(state.hands[seat])), limit(state, seat)) for seat in over_limit(state)]
    if over:
        return list(over)  # 12.2 "at once"
    match state.phase:
        case "choose":
            seat = state.seat_order[len(state.peoples) % setup.players]
            return [PeopleChoice(seat, tuple(p for p in PEOPLES if p not in state.peoples))]
        case "draft":
            people = state.draft_order[state.draft_turn % len(state.draft_order)]
            piles = tuple(p for p, pile in (("green", state.green), ("blue", state.blue)) if sum(pile.values()))
            return [DraftChoice(state.peoples[people].seat, people, piles)]
        case "trade":
            return [TradeChoice(seat, tuple(k for k, p in state.peoples.items() if p.seat == seat))
                    for seat in state.seat_order if seat not in state.done_trading]
        case "swords":
            return [SwordsChoice(p.seat, p.key, p.cards.count("reinforcement"), SWORDS_MOST)
                    for p in _in_draft_order(state) if "reinforcement" in p.cards and not p.swords_told]
        case "place":
            order = _placement_order(setup, state)
            first = next(state.peoples[k] for k in order if not state.peoples[k].placed)
            return [PlaceChoice(first.seat, first.key, tuple(sorted(held(state, first.key))),
                                _to_place(setup, state, first))]
        case "attack":
            who = state.peoples[state.order[state.turn]]
            found: list[Choice] = []
            if state.window_open:  # Z-19: from the player about to play, in turn order
                seats = _seats_from(state, who.seat)
                found += [WindowChoice(s, who.key, cards) for s in seats
                          if s not in state.passed and (cards := _window_cards(state, s))]
            sources = tuple((p, n - 1) for p, (q, n) in sorted(state.land.items()) if q == who.key and n > 1)
            found.append(AttackChoice(who.seat, who.key, sources, who.boats, _greens(state, who.seat)))
            return found
        case "fight":
            who = state.peoples[state.order[state.turn]]
            if state.asking and state.combat is not None:
                return [CombatCardChoice(state.asking[0], state.combat.province, ("vent_de_guerre",))]
            return [FightChoice(who.seat, who.key, tuple(sorted(state.attacks)), _greens(state, who.seat))]
        case "reorganise":
            who = state.peoples[state.order[state.turn]]
            return [ReorganiseChoice(who.seat, who.key, tuple(sorted(held(state, who.key))), who.boats, 2,
                                     _greens(state, who.seat))]
        case "reinforce":
            who = state.peoples[state.reinforcing[0]]
            free = BOATS - sum(p.boats for p in state.peoples.values())
            return [ReinforceChoice(who.seat, who.key, who.points, min(who.points // BOAT_COST, free),
                                    STRENGTH_LIMIT - on_board(state, who.key), tuple(sorted(held(state, who.key))))]
    return []


def _window_cards(state: State, seat: int) -> tuple[str, ...]:
    """12.4; 12.11: a Vent d'Illusion answers a card already played in this window."""
    return tuple(sorted({c for c in state.hands[seat] if c in RED
                         or (c == "vent_d_illusion" and state.window_played)}))


def _greens(state: State, seat: int) -> tuple[str, ...]:
    return tuple(sorted({c for c in state.hands[seat] if c in GREEN}))


def _seats_from(state: State, seat: int) -> list[int]:
    seats: list[int] = []
    for key in state.order[state.turn:] + state.order[:state.turn]:
        s = state.peoples[key].seat
        if s not in seats:
            seats.append(s)
    for s in range(state.players):
        if s not in seats:
            seats.append(s)
    return seats


def _in_draft_order(state: State) -> list[People]:
    return [state.peoples[k] for k in state.draft_order]


def _allotment(setup: Setup) -> int:
    return ALLOTMENT_THREE_PEOPLES if setup.peoples_each == 3 else ALLOTMENT[setup.players]  # noqa: PLR2004


def _to_place(setup: Setup, state: State, people: People) -> int:
    """Z-05: the tokens of 2.8 come out of the allotment; 2.11 adds the swords."""
    wanted = _allotment(setup) + people.extra
    return max(0, min(wanted, STRENGTH_LIMIT) - on_board(state, people.key))  # Z-24


def _placement_order(setup: Setup, state: State) -> list[str]:
    """2.12: the most tokens first; ties in the order of 2.3/2.4 (Z-05)."""
    return sorted(state.draft_order, key=lambda k: (-(_allotment(setup) + state.peoples[k].extra),
                                                    state.draft_order.index(k)))


def _choice_for(found: list[Choice], move: Action) -> Choice:
    if isinstance(move, PlayCard):
        for choice in found:
            if isinstance(choice, WindowChoice | AttackChoice | FightChoice | CombatCardChoice | ReorganiseChoice) \
                    and move.card in choice.cards:
                return choice
        raise IllegalAction("12.4", N_("That magic card cannot be played now: red cards before a turn, green "
                                       "cards during your own turn, and only from your hand."))
    if isinstance(move, Pass):
        for choice in found:
            if isinstance(choice, WindowChoice | CombatCardChoice):
                return choice
    decision = DECISIONS[move.type]
    people = getattr(move, "people", None)
    for choice in found:
        if choice.decision == decision and (people is None or getattr(choice, "people", people) == people):
            return choice
    raise IllegalAction("§3", N_("That is not awaited now."))


# -- chance -------------------------------------------------------------------------------------------


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
                else (_demon_dice(board, combat.province),)
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
            return ChanceNode("value", tuple(range(1, VALUE_MOST + 1)), None,
                              prompt=N_("What value is printed on this kingdom's capital?"),
                              params={"kingdom": pending.kingdom})
    return None


def _demon_dice(board: Board, province: str) -> int:
    if province == board.forbidden_city:
        return DEMON_DICE["forbidden_city"]
    return DEMON_DICE["around"] if province in board.around else DEMON_DICE["coastal"]  # 9.3


def _told(board: Board, setup: Setup, state: State, outcome: Any) -> None:  # noqa: C901, PLR0912
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
            _give(state, pending.seat, str(outcome))
        case "value":
            assert pending.kingdom is not None
            state.values[pending.kingdom] = outcome
            state.log.append({"event": "value", "kingdom": pending.kingdom, "value": outcome})
        case "folie":
            assert pending.province is not None
            hit = state.land.get(pending.province)
            loss = outcome[0] // 2  # 12.10
            if hit is not None:
                _set(board, state, pending.province, hit[0], hit[1] - loss)
            state.log.append({"event": "folie", "province": pending.province, "die": outcome[0], "loss": loss})
            state.folie.pop(0)
        case "battle":
            _battle(board, state, outcome)
        case "demons":
            _demons(board, state, outcome)


def _give(state: State, seat: int, card: str) -> None:
    state.hands[seat].append(card)
    state.log.append({"event": "drew", "seat": seat, "card": card, "secret": True})


def _battle(board: Board, state: State, outcome: tuple[int, int]) -> None:
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
    _set(board, state, combat.province, combat.defender, combat.defence)
    if combat.strength and combat.defence:
        state.pending = Pending("battle")  # 6.5: another round, dice recounted
        return
    _end_combat(board, state)


def _demons(board: Board, state: State, outcome: tuple[int]) -> None:
    combat = state.combat
    assert combat is not None
    loss = outcome[0] // 2  # 9.2: one round, the demons take no losses
    combat.strength = max(0, combat.strength - loss)
    state.log.append({"event": "demons", "province": combat.province, "dice": [outcome[0]], "loss": loss,
                      "left": combat.strength})
    _end_combat(board, state)


def _end_combat(board: Board, state: State) -> None:
    combat = state.combat
    assert combat is not None
    state.combat, state.asking = None, []
    if combat.strength and not combat.defence:
        _set(board, state, combat.province, combat.attacker, combat.strength)  # 6.5, 9.4
    state.log.append({"event": "combat_over", "province": combat.province,
                      "holder": state.land.get(combat.province, (None, 0))[0]})


# -- changes of the board -----------------------------------------------------------------------------


def _set(board: Board, state: State, province: str, people: str, strength: int) -> None:
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
        _city_changed(state, after)
    _check_victory(board, state)


def _city_changed(state: State, holder: str | None) -> None:
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


def _check_victory(board: Board, state: State) -> None:
    holder = state.land.get(board.forbidden_city, (None, 0))[0]
    if holder is not None and all(state.land.get(p, (None, 0))[0] == holder for p in board.around):
        state.winner = holder  # 14.1, 14.2: a people wins; its player is announced
        state.phase = "over"
        state.pending = None
        state.log.append({"event": "victory", "people": holder, "seat": state.peoples[holder].seat})


def _under(state: State, cards: Iterable[str]) -> None:
    state.under.extend(cards)


# -- applying a move ----------------------------------------------------------------------------------


def _apply(board: Board, setup: Setup, state: State, move: Action, choice: Choice) -> None:  # noqa: C901, PLR0912
    match move:
        case ChoosePeople():
            assert isinstance(choice, PeopleChoice)
            if move.people not in choice.peoples:
                raise IllegalAction("2.3", N_("That people is not free to choose."))
            state.peoples[move.people] = People(move.people, move.seat)
            state.log.append({"event": "chose", "seat": move.seat, "people": move.people})
        case Draft():
            assert isinstance(choice, DraftChoice)
            if move.pile not in choice.piles:
                raise IllegalAction("2.7", N_("That pile is empty: take from the other (Z-04)."))
            state.pending = Pending("draft", move.seat, move.people, move.pile, left=2 if move.pile == "blue" else 1)
        case Trade():
            _trade(board, state, move)
        case TradesDone():
            if move.seat is None:
                state.done_trading = set(range(state.players))
            else:
                state.done_trading.add(move.seat)
        case Swords():
            assert isinstance(choice, SwordsChoice)
            if len(move.swords) != choice.cards or any(not 0 <= n <= choice.most for n in move.swords):
                raise IllegalAction("2.11", N_("Give the swords of each of your {cards} reinforcement cards, "
                                               "0 to {most} each."), cards=choice.cards, most=choice.most)
            people = state.peoples[move.people]
            people.extra, people.swords_told = sum(move.swords), True
        case Place():
            assert isinstance(choice, PlaceChoice)
            _place(board, state, move.people, move.spread, choice.provinces, choice.strength, "2.12")
            state.peoples[move.people].placed = True
        case Pass():
            if isinstance(choice, CombatCardChoice):
                state.asking.pop(0)
                state.pending = Pending("battle")
            else:
                state.passed.add(move.seat)
        case PlayCard():
            _play(board, state, move, choice)
        case Attack():
            _attack(board, state, move)
        case EndAttacks():
            state.window_open = False
            _settle(board, state)
        case Fight():
            assert isinstance(choice, FightChoice)
            if move.province not in choice.provinces:
                raise IllegalAction("6.1", N_("There is no combat to resolve there."))
            _start_combat(board, state, move.province)
        case Reorganise():
            _reorganise(board, state, move)
        case Keep():
            assert isinstance(choice, KeepChoice)
            if len(move.cards) != min(choice.keep, len(choice.cards)) or \
                    Counter(move.cards) - Counter(choice.cards):
                raise IllegalAction("12.2", N_("Keep exactly {keep} of your magic cards."), keep=choice.keep)
            hand = Counter(choice.cards)
            hand.subtract(Counter(move.cards))
            _under(state, sorted(hand.elements()))
            state.hands[move.seat] = list(move.cards)
        case Reinforce():
            assert isinstance(choice, ReinforceChoice)
            _reinforce(board, state, move, choice)


def _place(board: Board, state: State, people: str, spread: tuple[tuple[str, int], ...],
           provinces: tuple[str, ...], strength: int, rule: str) -> None:
    if any(p not in provinces for p, _ in spread):
        raise IllegalAction(rule, N_("Tokens go only on provinces your people controls."))
    if any(n < 1 for _, n in spread) or sum(n for _, n in spread) != strength:
        raise IllegalAction(rule, N_("Place exactly {strength} strength, at least 1 on each province named."),
                            strength=strength)
    for province, n in spread:
        _set(board, state, province, people, state.land[province][1] + n)


def _trade(board: Board, state: State, move: Trade) -> None:
    """2.10: any trade; a province or capital card that changes hands changes the token on it."""
    if move.a not in state.peoples or move.b not in state.peoples or move.a == move.b:
        raise IllegalAction("2.10", N_("A trade is between two peoples in the game."))
    if move.seat is not None and move.seat not in (state.peoples[move.a].seat, state.peoples[move.b].seat):
        raise IllegalAction("2.10", N_("Only a player of the trade, or the referee, may state it."))
    if not move.a_gives and not move.b_gives:
        raise IllegalAction("2.10", N_("A trade moves at least one card."))
    for key, gives in ((move.a, move.a_gives), (move.b, move.b_gives)):
        if Counter(gives) - Counter(state.peoples[key].cards):
            raise IllegalAction("2.10", N_("A people can only give cards it holds."))
    for giver, taker, gives in ((move.a, move.b, move.a_gives), (move.b, move.a, move.b_gives)):
        for card in gives:
            state.peoples[giver].cards.remove(card)
            state.peoples[taker].cards.append(card)
            kind, _, where = card.partition(":")
            if kind in ("province", "capital"):
                province = where if kind == "province" else board.kingdoms[where].capital or ""
                state.land[province] = (taker, 1)
    state.log.append({"event": "trade", "a": move.a, "b": move.b, "stated_by": move.seat,
                      "a_gives": list(move.a_gives), "b_gives": list(move.b_gives), "secret": True})


def _play(board: Board, state: State, move: PlayCard, choice: Choice) -> None:
    hand = state.hands[move.seat]
    kind, _, target = move.target.partition(":")
    if move.card in RED or (move.card == "vent_d_illusion" and isinstance(choice, WindowChoice)):
        if not isinstance(choice, WindowChoice):
            raise IllegalAction("12.4", N_("Red cards are played only before a turn."))
        if (move.card, move.target) in state.window_played:
            raise IllegalAction("12.8", N_("That card was already played on that target before this turn."))
        if move.card == "vent_de_folie" and (kind != "kingdom" or target not in board.kingdoms):
            raise IllegalAction("12.10", N_("A Wind of Madness is played on a kingdom."))
        state.window_played.add((move.card, move.target))
        state.passed = set()  # Z-19: everyone is asked again
    else:
        if isinstance(choice, WindowChoice):
            raise IllegalAction("12.6", N_("Green cards are played during your own turn, when they apply."))
        state.window_open = False
        if move.card == "vent_de_guerre":  # Z-20: one per player per combat
            combats = choice.provinces if isinstance(choice, FightChoice) else \
                (choice.province,) if isinstance(choice, CombatCardChoice) else ()
            if kind != "province" or target not in combats:
                raise IllegalAction("12.8", N_("A Wind of War is played on one of your combats still to fight."))
            if (move.seat, target) in state.war:
                raise IllegalAction("12.8", N_("Only one Wind of War per player per combat."))
            state.war.add((move.seat, target))
            if isinstance(choice, CombatCardChoice):
                state.asking.pop(0)
                state.pending = Pending("battle")
    hand.remove(move.card)
    _under(state, [move.card])  # 12.5, 12.6 (the card's lasting effect, if any, is the table's: Z-27)
    state.log.append({"event": "played", "seat": move.seat, "card": move.card, "target": move.target})
    if move.card == "vent_de_folie":  # 12.10, Z-22: every occupied province of the kingdom
        state.folie = [p for p in board.kingdoms[target].provinces if p in state.land]
        state.folie_seat = move.seat


def _attack(board: Board, state: State, move: Attack) -> None:
    people = state.peoples[move.people]
    state.window_open = False  # Z-19: the first move closes the window
    origin = state.land.get(move.origin)
    if move.origin not in board.provinces or move.target not in board.provinces:
        raise IllegalAction("4.1", N_("No such province on this map."))
    if origin is None or origin[0] != move.people:
        raise IllegalAction("4.1", N_("Attacks leave from a province your people controls."))
    if state.land.get(move.target, (None, 0))[0] == move.people:
        raise IllegalAction("4.1", N_("A people cannot attack itself: that province is already yours."))
    if not 1 <= move.strength <= origin[1] - 1:
        raise IllegalAction("4.3", N_("At least one token stays in {province}: at most {most} may leave."),
                            province=board.province_name(move.origin), most=origin[1] - 1)
    if move.route:
        if not board.sea_route_ok(move.origin, move.route, move.target):
            raise IllegalAction("5.4", N_("That sea route does not join those two coastal provinces."))
        if people.boats < len(move.route):
            raise IllegalAction("5.2", N_("Crossing {seas} sea spaces takes {seas} boats; you have {boats}."),
                                seas=len(move.route), boats=people.boats)
        people.boats -= len(move.route)  # 5.5, Z-08: back to the supply
    elif not board.adjacent(move.origin, move.target):
        if "attack_anywhere" not in state.allow:
            raise IllegalAction("4.1", N_("{a} and {b} share no border."), a=board.province_name(move.origin),
                                b=board.province_name(move.target))
        state.allow.remove("attack_anywhere")
    state.land[move.origin] = (move.people, origin[1] - move.strength)
    state.attacks[move.target] = state.attacks.get(move.target, 0) + move.strength
    state.log.append({"event": "attack", "people": move.people, "from": move.origin, "to": move.target,
                      "strength": move.strength, "route": list(move.route)})


def _settle(board: Board, state: State) -> None:
    """4.4: the movements are done. Unoccupied provinces outside Zargos are taken without a fight (Z-07,
    6.6), and so are Zargos's for the Master (9.12); every other target is a combat."""
    people = state.order[state.turn]
    seat = state.peoples[people].seat
    for target in sorted(state.attacks):
        if target not in state.land and (not board.in_zargos(target) or state.master == seat):
            force = state.attacks.pop(target)
            _set(board, state, target, people, force)
            if state.winner:
                return
    state.phase = "fight" if state.attacks else "reorganise"


def _start_combat(board: Board, state: State, province: str) -> None:
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
            _set(board, state, province, people, force)
        return
    if holder[0] == people:  # joined a province that became its own meanwhile (a stated effect)
        _set(board, state, province, people, holder[1] + force)
        return
    state.combat = Combat(province, people, force, holder[0], holder[1], board.is_capital(province))
    defender = state.peoples[holder[0]].seat
    if defender != state.peoples[people].seat and "vent_de_guerre" in state.hands[defender] \
            and (defender, province) not in state.war:
        state.asking = [defender]  # Z-20: the defender may play his own before the dice
    else:
        state.pending = Pending("battle")


def _step_ok(board: Board, state: State, people: People, origin: str, target: str, strength: int,
             route: tuple[str, ...]) -> None:
    here, there = state.land.get(origin), state.land.get(target)
    if here is None or here[0] != people.key or there is None or there[0] != people.key or origin == target:
        raise IllegalAction("7.4", N_("Reorganisation moves only between provinces your people controls."))
    if not 1 <= strength <= here[1] - 1:
        raise IllegalAction("7.2", N_("At least one token must stay in every province."))
    if route:
        if not board.sea_route_ok(origin, route, target):
            raise IllegalAction("7.5", N_("That sea route does not join those two coastal provinces."))
        if people.boats < len(route):
            raise IllegalAction("7.5", N_("Crossing {seas} sea spaces takes {seas} boats; you have {boats}."),
                                seas=len(route), boats=people.boats)
        people.boats -= len(route)
    elif not board.adjacent(origin, target):
        raise IllegalAction("7.1", N_("{a} and {b} share no border."), a=board.province_name(origin),
                            b=board.province_name(target))


def _reorganise(board: Board, state: State, move: Reorganise) -> None:
    """7.1, Z-10: one group up to 2 provinces (dropping or picking up in between, 7.3) or two groups 1
    province each: at most two steps of one province each."""
    if len(move.steps) > 2:  # noqa: PLR2004 - 7.1
        raise IllegalAction("7.1", N_("Reorganise with one group up to 2 provinces or two groups 1 province each."))
    people = state.peoples[move.people]
    for step in move.steps:
        if step.origin not in board.provinces or step.target not in board.provinces:
            raise IllegalAction("7.4", N_("No such province on this map."))
        _step_ok(board, state, people, step.origin, step.target, step.strength, step.route)
        here, there = state.land[step.origin], state.land[step.target]
        state.land[step.origin] = (people.key, here[1] - step.strength)
        state.land[step.target] = (people.key, there[1] + step.strength)
    state.log.append({"event": "reorganised", "people": move.people,
                      "steps": [[s.origin, s.target, s.strength, list(s.route)] for s in move.steps]})
    if "extra_reorganisation" in state.allow:
        state.allow.remove("extra_reorganisation")
    else:
        state.reorganised = True


def _reinforce(board: Board, state: State, move: Reinforce, choice: ReinforceChoice) -> None:
    if not 0 <= move.boats <= choice.most_boats:
        raise IllegalAction("13.2", N_("You may buy 0 to {most} boats (5 points each, while the supply lasts)."),
                            most=choice.most_boats)
    tokens = min((choice.points - move.boats * BOAT_COST) // TOKEN_COST, choice.supply)  # 13.2, 13.3, Z-24
    _place(board, state, move.people, move.spread, choice.provinces, tokens, "13.4")
    state.peoples[move.people].boats += move.boats
    state.log.append({"event": "reinforced", "people": move.people, "boats": move.boats, "tokens": tokens,
                      "spread": dict(move.spread)})
    state.reinforcing.pop(0)


def _magic_trade(state: State, move: MagicTrade) -> None:
    """12.9, Z-21: after the distribution (the phase of purchases), or at any time the referee allows."""
    if move.seat is not None and move.seat not in (move.a, move.b):
        raise IllegalAction("12.9", N_("Only a player of the trade, or the referee, may state it."))
    if move.seat is not None and state.phase != "reinforce":
        raise IllegalAction("Z-21", N_("Magic cards are traded after they are handed out; at other times "
                                       "only the referee may record a trade."))
    if move.a == move.b or not all(0 <= s < state.players for s in (move.a, move.b)):
        raise IllegalAction("12.9", N_("A trade is between two players at this table."))
    if not move.a_gives and not move.b_gives:
        raise IllegalAction("2.10", N_("A trade moves at least one card."))
    for seat, gives in ((move.a, move.a_gives), (move.b, move.b_gives)):
        if Counter(gives) - Counter(state.hands[seat]):
            raise IllegalAction("12.9", N_("A player can only give magic cards he holds."))
    for giver, taker, gives in ((move.a, move.b, move.a_gives), (move.b, move.a, move.b_gives)):
        for card in gives:
            state.hands[giver].remove(card)
            state.hands[taker].append(card)
    if any(len(state.hands[s]) > limit(state, s) for s in (move.a, move.b)):
        raise IllegalAction("12.9", N_("After a trade nobody may hold more magic cards than his limit."))
    state.log.append({"event": "magic_trade", "a": move.a, "b": move.b, "stated_by": move.seat,
                      "a_gives": list(move.a_gives), "b_gives": list(move.b_gives), "secret": True})


def _out_of_game(state: State, move: OutOfGame) -> None:
    """12.13, Z-23: the card leaves the game for good; its holder draws another at once."""
    if move.seat is not None and move.seat != move.holder:
        raise IllegalAction("12.13", N_("Only the card's holder, or the referee, may say so."))
    if not 0 <= move.holder < state.players or move.card not in state.hands[move.holder]:
        raise IllegalAction("12.13", N_("That player holds no such magic card."))
    state.hands[move.holder].remove(move.card)
    state.removed.append(move.card)
    state.log.append({"event": "out_of_game", "seat": move.holder, "card": move.card})
    if state.deck.total():
        state.pending = Pending("draw", move.holder)
    elif state.under:
        _give(state, move.holder, state.under.pop(0))


def _adjust(board: Board, state: State, move: Adjust) -> None:  # noqa: C901 - one check per field
    """An effect the table states (Z-27, §8): applied exactly as stated, refused when it cannot be."""
    if move.seat is not None and not 0 <= move.seat < state.players:
        raise IllegalAction("Z-27", N_("Only a seat at this table or the referee may state an effect."))
    kind, _, what = move.reason.partition(":")
    if not (move.reason == "referee" or (kind == "card" and what in CARDS) or (kind == "power" and what in PEOPLES)):
        raise IllegalAction("Z-27", N_("Say which magic card or people's power this effect comes from."))
    if not (move.tokens or move.boats or move.allow):
        raise IllegalAction("Z-27", N_("An effect changes tokens or boats, or allows a move."))
    if any(a not in ALLOWANCES for a in move.allow):
        raise IllegalAction("Z-27", N_("A move allowed is one more attack without a border or one more "
                                       "reorganisation."))
    for province, people, change in move.tokens:
        if province not in board.provinces or people not in state.peoples:
            raise IllegalAction("Z-27", N_("No such province or people in this game."))
        combat = state.combat
        if combat is not None and combat.province == province and people in (combat.attacker, combat.defender):
            if people == combat.attacker:
                combat.strength = max(0, combat.strength + change)
            else:
                combat.defence = max(0, combat.defence + change)
                _set(board, state, province, people, combat.defence)
            continue
        if people == active(state) and province in state.attacks:
            state.attacks[province] = max(0, state.attacks[province] + change)
            continue
        holder, strength = state.land.get(province, (people, 0))
        if holder != people:
            raise IllegalAction("Z-27", N_("Outside a combat a province holds the tokens of one people only."))
        if strength + change < 0:
            raise IllegalAction("Z-27", N_("That would leave less than no tokens there."))
        if on_board(state, people) + change > STRENGTH_LIMIT:
            raise IllegalAction("Z-24", N_("A people has strength 100 at most on the board."))
        _set(board, state, province, people, strength + change)
    for people, change in move.boats:
        if people not in state.peoples or state.peoples[people].boats + change < 0:
            raise IllegalAction("Z-27", N_("No such people, or it would have less than no boats."))
        state.peoples[people].boats += change
    if sum(p.boats for p in state.peoples.values()) > BOATS:
        raise IllegalAction("Z-24", N_("There are 15 boats in all."))
    state.allow += list(move.allow)
    state.log.append({"event": "adjusted", "stated_by": move.seat, "reason": move.reason,
                      "tokens": [list(t) for t in move.tokens], "boats": dict(move.boats),
                      "allow": list(move.allow)})
    combat = state.combat
    if combat is not None and (not combat.strength or (combat.defender is not None and not combat.defence)):
        state.pending = None
        _end_combat(board, state)


# -- what the rules do alone --------------------------------------------------------------------------


def _advance(board: Board, setup: Setup, state: State) -> None:  # noqa: C901, PLR0912, PLR0915
    while state.winner is None and state.pending is None:
        if over_limit(state):
            return
        match state.phase:
            case "roll":
                if _order_rolls(state):
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
                state.phase = "swords"
            case "swords":
                if any("reinforcement" in p.cards and not p.swords_told for p in state.peoples.values()):
                    return
                state.phase = "place"
            case "place":
                for key in _placement_order(setup, state):
                    people = state.peoples[key]
                    if not people.placed and _to_place(setup, state, people) == 0:
                        people.placed = True
                if not all(p.placed for p in state.peoples.values()):
                    return
                if setup.option("kingdom_cards") == "setup_holder":  # Z-06, the other reading
                    for people in state.peoples.values():
                        people.kingdom_cards = {c.partition(":")[2] for c in people.cards if c.startswith("capital:")}
                for people in state.peoples.values():
                    people.cards = []  # 2.14
                state.order = _placement_order(setup, state)  # 2.15
                _begin_round(state)
            case "attack" | "fight" | "reorganise":
                if state.turn >= len(state.order):
                    state.phase, state.stage = "count", "values"
                    continue
                if state.folie:
                    state.pending = Pending("folie", state.folie_seat, province=state.folie[0])
                    return
                if state.phase == "fight" and not state.attacks and state.combat is None:
                    state.phase = "reorganise"
                if state.phase == "reorganise" and state.reorganised:
                    _next_turn(state)
                    continue
                if state.phase == "attack" and state.peoples[state.order[state.turn]].out:
                    _next_turn(state)
                    continue
                if state.phase == "attack" and not held(state, state.order[state.turn]):
                    state.peoples[state.order[state.turn]].out = True  # Z-26
                    _next_turn(state)
                    continue
                return
            case "count":
                if _count(board, setup, state):
                    return
            case "deal":
                if not state.deals:
                    state.phase = "reinforce"
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
                    _give(state, seat, state.under.pop(0))
            case "reinforce":
                while state.reinforcing and state.peoples[state.reinforcing[0]].points < TOKEN_COST:
                    state.reinforcing.pop(0)  # nothing to buy (13.3)
                if state.reinforcing:
                    return
                _begin_round(state)
            case _:
                return


def _begin_round(state: State) -> None:
    state.round += 1
    state.turn = 0
    _start_turn(state)


def _start_turn(state: State) -> None:
    state.phase = "attack"
    state.window_open, state.passed, state.window_played = True, set(), set()
    state.attacks, state.combat, state.reorganised, state.allow, state.war = {}, None, False, [], set()


def _next_turn(state: State) -> None:
    state.turn += 1
    _start_turn(state)


def _order_rolls(state: State) -> bool:
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


def _count(board: Board, setup: Setup, state: State) -> bool:  # noqa: C901, PLR0912
    """§10-§12: points, the new order with die tie-breaks, kingdom cards, magic owed. True while the table
    must tell something (a printed value, a die)."""
    players = [p for p in state.peoples.values() if not p.out]
    for people in players:
        if not held(state, people.key):
            people.out = True  # Z-26
    players = [p for p in players if not p.out]
    if not players:  # only stated effects can empty the whole board; the game waits for the referee
        state.phase = "empty"
        return True
    if state.stage == "values":
        for people in players:
            for kingdom in _complete(board, state, people.key):
                if board.kingdoms[kingdom].value is None and kingdom not in state.values:
                    state.pending = Pending("value", kingdom=kingdom)  # 10.2: the table reads the capital
                    return True
        for people in players:
            people.points = _points(board, state, people.key)
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
        _kingdom_cards(board, state, players)
        _deals(setup, state)
        for seat, hand in state.hands.items():  # Z-26: a player whose peoples are all out leaves
            if hand and all(p.out for p in state.peoples.values() if p.seat == seat):
                _under(state, hand)
                hand.clear()
        state.reinforcing = list(state.order)
        state.stage, state.phase = "", "deal"
    return False


def _complete(board: Board, state: State, people: str) -> list[str]:
    return [k.id for k in board.kingdoms.values() if k.id != ZARGOS
            and all(state.land.get(p, (None, 0))[0] == people for p in k.provinces)]


def _points(board: Board, state: State, people: str) -> int:
    """10.1, 10.2, Z-11."""
    complete = set(_complete(board, state, people))
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


def _kingdom_cards(board: Board, state: State, players: list[People]) -> None:
    """11.1-11.5, Z-18: only the situation at the count matters."""
    for kingdom in board.kingdoms.values():
        if kingdom.id == ZARGOS:
            continue
        holder = next((p for p in state.peoples.values() if kingdom.id in p.kingdom_cards), None)
        full = next((p for p in players if kingdom.id in _complete(board, state, p.key)), None)
        capital_holder = state.land.get(kingdom.capital or "", (None, 0))[0]
        if holder is not None and capital_holder == holder.key:
            continue  # 11.2
        if holder is not None:
            holder.kingdom_cards.discard(kingdom.id)  # 11.3
            state.log.append({"event": "kingdom_card_lost", "people": holder.key, "kingdom": kingdom.id})
        if full is not None:
            full.kingdom_cards.add(kingdom.id)  # 11.1, 11.5, Z-18
            state.log.append({"event": "kingdom_card", "people": full.key, "kingdom": kingdom.id})


def _deals(setup: Setup, state: State) -> None:
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
