"""What is awaited now: the legal choices, and the small questions every part of the engine asks
(how many cards a seat may hold, what a people holds)."""

from __future__ import annotations

from companion.core.game import TimeLimit

from .actions import (
    Action,
    Pass,
    PlayCard,
)
from .board import Board
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
from .state import People, State
from .terms import (
    ALLOTMENT,
    ALLOTMENT_THREE_PEOPLES,
    BOAT_COST,
    BOATS,
    GREEN,
    HAND_LIMIT,
    MAGIC_TRADE_SECONDS,
    MASTER_LIMIT,
    PEOPLES,
    RED,
    STRENGTH_LIMIT,
    SWORDS_MOST,
    TRADE_SECONDS,
)

TRADE_WINDOW = TimeLimit(TRADE_SECONDS, "trade")  # 2.10: 10 minutes, not one more
MAGIC_WINDOW = TimeLimit(MAGIC_TRADE_SECONDS, "magic_trade")  # 12.9, Z-21: 3 minutes after the deal
WINDOWS = {"trade": ("trade", "2.10"), "magic_trade": ("magic", "Z-21")}  # a window: its phase, its rule

DECISIONS = {"choose_people": "people", "draft": "draft", "trade": "trade", "trades_done": "trade",
             "swords": "swords", "place": "place", "pass": "red_window", "attack": "attack",
             "end_attacks": "attack", "fight": "fight", "reorganise": "reorganise", "keep": "keep",
             "reinforce": "reinforce"}


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


def supply(state: State, people: str) -> int:
    """The strength a people still has off the board (Z-24): 100 less what is on the board, less its rank
    marker, a token of its own taken from that supply and never counted as strength (10.6, Z-17)."""
    return STRENGTH_LIMIT - on_board(state, people) - (1 if people in state.ranks else 0)


def active(state: State) -> str | None:
    if state.phase in ("attack", "fight", "reorganise") and state.turn < len(state.order):
        return state.order[state.turn]
    return None


def choices(board: Board, setup: Setup, state: State) -> list[Choice]:
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
            return [TradeChoice(seat, tuple(k for k, p in state.peoples.items() if p.seat == seat), TRADE_WINDOW)
                    for seat in state.seat_order if seat not in state.done_trading]
        case "magic":
            return [TradeChoice(seat, (), MAGIC_WINDOW) for seat in present(state)
                    if seat not in state.done_trading]
        case "swords":
            return [SwordsChoice(p.seat, p.key, p.cards.count("reinforcement"), SWORDS_MOST)
                    for p in in_draft_order(state) if "reinforcement" in p.cards and not p.swords_told]
        case "place":
            order = placement_order(setup, state)
            first = next(state.peoples[k] for k in order if not state.peoples[k].placed)
            return [PlaceChoice(first.seat, first.key, tuple(sorted(held(state, first.key))),
                                to_place(setup, state, first))]
        case "attack":
            who = state.peoples[state.order[state.turn]]
            found: list[Choice] = []
            if state.window_open:  # Z-19: from the player about to play, in turn order
                seats = seats_from(state, who.seat)
                found += [WindowChoice(s, who.key, cards) for s in seats
                          if s not in state.passed and (cards := window_cards(state, s))]
            if state.aimed:
                return found  # 12.11: a Vent de Folie waits for the answers before its dice; no move yet
            sources = tuple((p, n - 1) for p, (q, n) in sorted(state.land.items()) if q == who.key and n > 1)
            found.append(AttackChoice(who.seat, who.key, sources, who.boats, green_cards(state, who.seat)))
            return found
        case "fight":
            who = state.peoples[state.order[state.turn]]
            if state.asking and state.combat is not None:
                asked, combat = state.asking[0], state.combat
                side = "attack" if asked == state.peoples[combat.attacker].seat else "defence"
                cards = ("vent_de_guerre",) if "vent_de_guerre" in state.hands[asked] else ()
                return [CombatCardChoice(asked, combat.province, cards, side)]
            return [FightChoice(who.seat, who.key, tuple(sorted(state.attacks)), green_cards(state, who.seat))]
        case "reorganise":
            who = state.peoples[state.order[state.turn]]
            provinces = tuple(sorted(held(state, who.key)))
            if state.reorganisations and not any(a == "extra_reorganisation" for a in state.allow):
                # 9.6: a second reorganisation a people's power allowed never touches Zargos
                provinces = tuple(p for p in provinces if not board.in_zargos(p))
            return [ReorganiseChoice(who.seat, who.key, provinces, who.boats, 2, green_cards(state, who.seat))]
        case "reinforce":
            who = state.peoples[state.reinforcing[0]]
            free = BOATS - sum(p.boats for p in state.peoples.values())
            return [ReinforceChoice(who.seat, who.key, who.points, min(who.points // BOAT_COST, free),
                                    supply(state, who.key), tuple(sorted(held(state, who.key))))]
    return []


def present(state: State) -> list[int]:
    """The seats still in the game (Z-26: a player whose peoples are all out has left)."""
    return [s for s in range(state.players) if not all(p.out for p in state.peoples.values() if p.seat == s)]


def magic_window(state: State) -> bool:
    """Z-21: a trading window opens after the deal when two players may trade: someone holds a card."""
    seats = present(state)
    return len(seats) > 1 and any(state.hands[s] for s in seats)


def answers_awaited(state: State) -> bool:
    """Z-19: someone may still play (or pass) in the window before the active people's turn."""
    if not state.window_open or state.phase != "attack":
        return False
    seat = state.peoples[state.order[state.turn]].seat
    return any(s not in state.passed and window_cards(state, s) for s in seats_from(state, seat))


def window_cards(state: State, seat: int) -> tuple[str, ...]:
    """12.4; 12.11: a Vent d'Illusion answers a card already played in this window."""
    return tuple(sorted({c for c in state.hands[seat] if c in RED
                         or (c == "vent_d_illusion" and state.window_played)}))


def green_cards(state: State, seat: int) -> tuple[str, ...]:
    return tuple(sorted({c for c in state.hands[seat] if c in GREEN}))


def seats_from(state: State, seat: int) -> list[int]:
    seats: list[int] = []
    for key in state.order[state.turn:] + state.order[:state.turn]:
        s = state.peoples[key].seat
        if s not in seats:
            seats.append(s)
    for s in range(state.players):
        if s not in seats:
            seats.append(s)
    return [s for s in seats if not all(p.out for p in state.peoples.values() if p.seat == s)]  # Z-26: gone


def in_draft_order(state: State) -> list[People]:
    return [state.peoples[k] for k in state.draft_order]


def allotment(setup: Setup) -> int:
    return ALLOTMENT_THREE_PEOPLES if setup.peoples_each == 3 else ALLOTMENT[setup.players]


def to_place(setup: Setup, state: State, people: People) -> int:
    """Z-05: the tokens of 2.8 come out of the allotment; 2.11 adds the swords."""
    wanted = allotment(setup) + people.extra
    return max(0, min(wanted, STRENGTH_LIMIT) - on_board(state, people.key))  # Z-24


def placement_order(setup: Setup, state: State) -> list[str]:
    """2.12: the most tokens first; ties in the order of 2.3/2.4 (Z-05)."""
    return sorted(state.draft_order, key=lambda k: (-(allotment(setup) + state.peoples[k].extra),
                                                    state.draft_order.index(k)))


def choice_for(found: list[Choice], move: Action) -> Choice:
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
