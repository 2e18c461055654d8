"""Applying a person's move to a working copy of the state; every check raises IllegalAction naming the
rule, and the game then drops the copy, so an illegal move changes nothing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .actions import (
    ALLOWANCES,
    Action,
    Adjust,
    Attack,
    ChoosePeople,
    Discard,
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
    TimeUp,
    Trade,
    TradesDone,
)
from .board import Board
from .choices import (
    Choice,
    CombatCardChoice,
    DraftChoice,
    FightChoice,
    KeepChoice,
    PeopleChoice,
    PlaceChoice,
    ReinforceChoice,
    SwordsChoice,
    WindowChoice,
)
from .combat import end_combat, settle_moves, start_combat
from .control import give_card, put_under, set_holding
from .errors import N_, IllegalAction
from .legal import (
    WINDOWS,
    active,
    limit,
    supply,
)
from .setup import Setup
from .state import Pending, People, State
from .terms import (
    BOAT_COST,
    BOATS,
    CARDS,
    PEOPLES,
    RED,
    TOKEN_COST,
)


def apply_move(board: Board, setup: Setup, state: State, move: Action, choice: Choice) -> None:
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
            trade_cards(board, state, move)
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
            place_tokens(board, state, move.people, move.spread, choice.provinces, choice.strength, "2.12")
            state.peoples[move.people].placed = True
        case Pass():
            if isinstance(choice, CombatCardChoice):
                asked(state)
            else:
                state.passed.add(move.seat)
        case PlayCard():
            play_card(board, state, move, choice)
        case Attack():
            attack_move(board, state, move)
        case EndAttacks():
            state.window_open = False
            settle_moves(board, state)
        case Fight():
            assert isinstance(choice, FightChoice)
            if move.province not in choice.provinces:
                raise IllegalAction("6.1", N_("There is no combat to resolve there."))
            start_combat(board, state, move.province)
        case Reorganise():
            reorganise_move(board, state, move)
        case Keep():
            assert isinstance(choice, KeepChoice)
            if len(move.cards) != min(choice.keep, len(choice.cards)) or \
                    Counter(move.cards) - Counter(choice.cards):
                raise IllegalAction("12.2", N_("Keep exactly {keep} of your magic cards."), keep=choice.keep)
            hand = Counter(choice.cards)
            hand.subtract(Counter(move.cards))
            put_under(state, sorted(hand.elements()))
            state.hands[move.seat] = list(move.cards)
        case Reinforce():
            assert isinstance(choice, ReinforceChoice)
            reinforce_move(board, state, move, choice)


def place_tokens(board: Board, state: State, people: str, spread: tuple[tuple[str, int], ...],
           provinces: tuple[str, ...], strength: int, rule: str) -> None:
    if any(p not in provinces for p, _ in spread):
        raise IllegalAction(rule, N_("Tokens go only on provinces your people controls."))
    if any(n < 1 for _, n in spread) or sum(n for _, n in spread) != strength:
        raise IllegalAction(rule, N_("Place exactly {strength} strength, at least 1 on each province named."),
                            strength=strength)
    for province, n in spread:
        set_holding(board, state, province, people, state.land[province][1] + n)


def trade_cards(board: Board, state: State, move: Trade) -> None:
    """2.10: any trade; a province or capital card that changes hands changes the token on it. A seat states
    its half (issue 36): the first statement proposes the trade (the view's `offers`), the other people's
    player stating the same trade makes it, as a magic trade (Z-21); the referee records one at once."""
    if state.phase != "trade":
        raise IllegalAction("2.10", N_("Placement cards are traded only in the set-up's trading time."))
    if move.a not in state.peoples or move.b not in state.peoples or move.a == move.b:
        raise IllegalAction("2.10", N_("A trade is between two peoples in the game."))
    seats = {state.peoples[move.a].seat, state.peoples[move.b].seat}
    if move.seat is not None and move.seat not in seats:
        raise IllegalAction("2.10", N_("Only a player of the trade, or the referee, may state it."))
    if not move.a_gives and not move.b_gives:
        raise IllegalAction("2.10", N_("A trade moves at least one card."))
    if move.seat is not None and move.both and seats != {move.seat}:  # between two players: both state it
        mine = move.a_gives if state.peoples[move.a].seat == move.seat else move.b_gives
        giver = move.a if state.peoples[move.a].seat == move.seat else move.b
        if Counter(mine) - Counter(state.peoples[giver].cards):  # his own cards: he knows them
            raise IllegalAction("2.10", N_("A people can only give cards it holds."))
        offer = _placement_offer(move)
        other = next(s for s in seats if s != move.seat)
        if {**offer, "by": other} not in state.offers:  # a proposal, until the other player states it too
            state.offers = [o for o in state.offers if not (o["by"] == move.seat and o["a"] == offer["a"]
                                                            and o["b"] == offer["b"])] + [{**offer, "by": move.seat}]
            return
        state.offers = [o for o in state.offers if o != {**offer, "by": other}]
    for key, gives in ((move.a, move.a_gives), (move.b, move.b_gives)):
        if Counter(gives) - Counter(state.peoples[key].cards):
            # One wording whoever lacks the card: a refusal tells nobody what another people holds
            raise IllegalAction("2.10", N_("That trade cannot be made with the cards the two peoples hold."))
    for giver, taker, gives in ((move.a, move.b, move.a_gives), (move.b, move.a, move.b_gives)):
        for card in gives:
            state.peoples[giver].cards.remove(card)
            state.peoples[taker].cards.append(card)
            kind, _, where = card.partition(":")
            if kind in ("province", "capital"):
                province = where if kind == "province" else board.kingdoms[where].capital or ""
                state.land[province] = (taker, 1)
    # A proposal its proposer can no longer honour lapses: accepting it never tells what he holds now
    state.offers = [o for o in state.offers if _placement_offer_holds(state, o)]
    state.log.append({"event": "trade", "a": move.a, "b": move.b, "stated_by": move.seat,
                      "a_gives": list(move.a_gives), "b_gives": list(move.b_gives), "secret": True})


def _placement_offer(move: Trade) -> dict[str, object]:
    """A placement trade in one form whichever player states it (peoples in key order, cards sorted)."""
    a, b, a_gives, b_gives = move.a, move.b, move.a_gives, move.b_gives
    if a > b:
        a, b, a_gives, b_gives = b, a, b_gives, a_gives
    return {"a": a, "b": b, "a_gives": sorted(a_gives), "b_gives": sorted(b_gives)}


def _placement_offer_holds(state: State, offer: dict[str, object]) -> bool:
    by = offer["by"]
    for key, gives in ((offer["a"], offer["a_gives"]), (offer["b"], offer["b_gives"])):
        people = state.peoples[str(key)]
        if people.seat == by and Counter(str(c) for c in gives) - Counter(people.cards):  # type: ignore[attr-defined]
            return False
    return True


def lapse_offers(state: State) -> None:
    """A magic trade proposed lapses once its proposer no longer holds what he offered (a card played,
    discarded or traded since): the other player's statement then proposes it anew, and is never refused
    for what the proposer's hand became (issue 36)."""
    def holds(offer: dict[str, object]) -> bool:
        by, a = offer["by"], offer["a"]
        if not isinstance(by, int) or not isinstance(a, int):
            return True  # a placement trade: lapsed by the trade that changed its cards
        gives = offer["a_gives"] if by == a else offer["b_gives"]
        return not Counter(str(c) for c in gives) - Counter(state.hands.get(by, []))  # type: ignore[attr-defined]
    if state.offers:
        state.offers = [o for o in state.offers if holds(o)]


def play_card(board: Board, state: State, move: PlayCard, choice: Choice) -> None:
    hand = state.hands[move.seat]
    kind, _, target = move.target.partition(":")
    named: dict[str, Mapping[str, object]] = {"kingdom": board.kingdoms, "province": board.provinces,
                                              "people": PEOPLES, "sea": board.seas}
    if move.target and target not in named.get(kind, {}):
        raise IllegalAction("12.4", N_("A card is played on a kingdom, a province, a people or a sea space of "
                                       "this map, or on nothing named."))
    if move.card in RED or (move.card == "vent_d_illusion" and isinstance(choice, WindowChoice)):
        if not isinstance(choice, WindowChoice):
            raise IllegalAction("12.4", N_("Red cards are played only before a turn."))
        if (move.card, move.target) in state.window_played:
            raise IllegalAction("12.8", N_("That card was already played on that target before this turn."))
        if move.card == "vent_de_folie" and (kind != "kingdom" or target not in board.kingdoms):
            raise IllegalAction("12.10", N_("A Wind of Madness is played on a kingdom."))
        if move.card == "vent_d_illusion" and state.aimed and kind == "kingdom" and target in board.kingdoms:
            # 12.11, Z-27: the player of the last Vent d'Illusion names the kingdom the Vent de Folie strikes
            state.aimed[-1] = (state.aimed[-1][0], target)
            state.window_played.add(("vent_de_folie", move.target))
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
                asked(state)
    hand.remove(move.card)
    put_under(state, [move.card])  # 12.5, 12.6 (the card's lasting effect, if any, is the table's: Z-27)
    state.log.append({"event": "played", "seat": move.seat, "card": move.card, "target": move.target})
    if move.card == "vent_de_folie":  # rolled once every player has answered (12.11, Z-19), in flow.py
        state.aimed.append((move.seat, target))


def asked(state: State) -> None:
    """The seat asked before a combat round answered (Z-20): the next one is asked, then the dice."""
    state.asking.pop(0)
    if not state.asking:
        state.pending = Pending("battle")


def attack_move(board: Board, state: State, move: Attack) -> None:
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
        zargos = board.in_zargos(move.origin) or board.in_zargos(move.target)
        allowed = _allowance(state, "attack_anywhere", zargos)
        if allowed is None:
            if zargos and _allowance(state, "attack_anywhere", False):
                raise IllegalAction("9.6", N_("Peoples' powers do not work in Zargos."))
            raise IllegalAction("4.1", N_("{a} and {b} share no border."), a=board.province_name(move.origin),
                                b=board.province_name(move.target))
        state.allow.remove(allowed)
    state.land[move.origin] = (move.people, origin[1] - move.strength)
    state.attacks[move.target] = state.attacks.get(move.target, 0) + move.strength
    state.log.append({"event": "attack", "people": move.people, "from": move.origin, "to": move.target,
                      "strength": move.strength, "route": list(move.route)})


def check_step(board: Board, state: State, people: People, origin: str, target: str, strength: int,
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


def _allowance(state: State, kind: str, zargos: bool) -> str | None:
    """A move allowed by a stated effect (Z-27); one a people's power allowed never enters, leaves or
    passes through Zargos (9.6, Z-13). The power's is used first where both would do."""
    usable = [a for a in state.allow if a.partition("/")[0] == kind and not (zargos and a.endswith("/power"))]
    return sorted(usable, key=lambda a: not a.endswith("/power"))[0] if usable else None


def reorganise_move(board: Board, state: State, move: Reorganise) -> None:
    """7.1, Z-10: one group up to 2 provinces (dropping or picking up in between, 7.3) or two groups 1
    province each: at most two steps of one province each. A second reorganisation is one a stated
    effect allowed."""
    if len(move.steps) > 2:
        raise IllegalAction("7.1", N_("Reorganise with one group up to 2 provinces or two groups 1 province each."))
    people = state.peoples[move.people]
    if state.reorganisations:
        zargos = any(board.in_zargos(p) for s in move.steps for p in (s.origin, s.target) if p in board.provinces)
        allowed = _allowance(state, "extra_reorganisation", zargos)
        if allowed is None:
            raise IllegalAction("9.6", N_("Peoples' powers do not work in Zargos."))
        state.allow.remove(allowed)
    for step in move.steps:
        if step.origin not in board.provinces or step.target not in board.provinces:
            raise IllegalAction("7.4", N_("No such province on this map."))
        check_step(board, state, people, step.origin, step.target, step.strength, step.route)
        here, there = state.land[step.origin], state.land[step.target]
        state.land[step.origin] = (people.key, here[1] - step.strength)
        state.land[step.target] = (people.key, there[1] + step.strength)
    state.log.append({"event": "reorganised", "people": move.people,
                      "steps": [[s.origin, s.target, s.strength, list(s.route)] for s in move.steps]})
    state.reorganisations += 1
    state.reorganised = _allowance(state, "extra_reorganisation", False) is None


def reinforce_move(board: Board, state: State, move: Reinforce, choice: ReinforceChoice) -> None:
    if not 0 <= move.boats <= choice.most_boats:
        raise IllegalAction("13.2", N_("You may buy 0 to {most} boats (5 points each, while the supply lasts)."),
                            most=choice.most_boats)
    tokens = min((choice.points - move.boats * BOAT_COST) // TOKEN_COST, choice.supply)  # 13.2, 13.3, Z-24
    place_tokens(board, state, move.people, move.spread, choice.provinces, tokens, "13.4")
    state.peoples[move.people].boats += move.boats
    state.log.append({"event": "reinforced", "people": move.people, "boats": move.boats, "tokens": tokens,
                      "spread": dict(move.spread)})
    state.reinforcing.pop(0)


def trade_magic(state: State, move: MagicTrade) -> None:
    """12.9, Z-21: in the window after the distribution, both players state the same trade (the first to
    state it proposes it, the other's statement makes it); the referee records one at any time, at once."""
    if move.seat is not None and move.seat not in (move.a, move.b):
        raise IllegalAction("12.9", N_("Only a player of the trade, or the referee, may state it."))
    if move.seat is not None and state.phase != "magic":
        raise IllegalAction("Z-21", N_("Magic cards are traded after they are handed out; at other times "
                                       "only the referee may record a trade."))
    if move.a == move.b or not all(0 <= s < state.players for s in (move.a, move.b)):
        raise IllegalAction("12.9", N_("A trade is between two players at this table."))
    if not move.a_gives and not move.b_gives:
        raise IllegalAction("2.10", N_("A trade moves at least one card."))
    if any(card not in CARDS for card in move.a_gives + move.b_gives):
        raise IllegalAction("12.9", N_("No such magic card."))
    if move.seat is not None:
        mine = move.a_gives if move.seat == move.a else move.b_gives
        if Counter(mine) - Counter(state.hands[move.seat]):
            raise IllegalAction("12.9", N_("A player can only give magic cards he holds."))
        offer = _offer(move)
        other = move.b if move.seat == move.a else move.a
        if {**offer, "by": other} not in state.offers:  # a proposal, until the other player states it too
            state.offers = [o for o in state.offers if not (o["by"] == move.seat and o["a"] == offer["a"]
                                                            and o["b"] == offer["b"])] + [{**offer, "by": move.seat}]
            return
        state.offers = [o for o in state.offers if o != {**offer, "by": other}]
    # One wording whichever check fails (issue 36): which of two sentences a trade got told a blind referee
    # what a hand held; the one who states it learns only that the trade cannot be made.
    cannot = N_("That trade cannot be made with the magic cards the two players hold: each gives only cards "
                "he holds, and nobody may end over his limit.")
    for seat, gives in ((move.a, move.a_gives), (move.b, move.b_gives)):
        if Counter(gives) - Counter(state.hands[seat]):
            raise IllegalAction("12.9", cannot)
    for giver, taker, gives in ((move.a, move.b, move.a_gives), (move.b, move.a, move.b_gives)):
        for card in gives:
            state.hands[giver].remove(card)
            state.hands[taker].append(card)
    if any(len(state.hands[s]) > limit(state, s) for s in (move.a, move.b)):
        raise IllegalAction("12.9", cannot)
    state.log.append({"event": "magic_trade", "a": move.a, "b": move.b, "stated_by": move.seat,
                      "a_gives": list(move.a_gives), "b_gives": list(move.b_gives), "secret": True})


def _offer(move: MagicTrade) -> dict[str, object]:
    """A magic trade in one form whichever player states it (the lower seat first, cards sorted)."""
    a, b, a_gives, b_gives = move.a, move.b, move.a_gives, move.b_gives
    if a > b:
        a, b, a_gives, b_gives = b, a, b_gives, a_gives
    return {"a": a, "b": b, "a_gives": sorted(a_gives), "b_gives": sorted(b_gives)}


def time_up(state: State, move: TimeUp) -> None:
    """2.10, 2.11: when the 10 minutes are up nobody trades placement cards any more; Z-21: nor magic cards
    when the 3 minutes after the deal are. Pushed by the table (its countdown) or the referee, never a seat."""
    phase, rule = WINDOWS.get(move.window, ("", "2.10"))
    if move.seat is not None:
        raise IllegalAction(rule, N_("Only the table's clock or the referee says that time is up."))
    if state.phase != phase:
        raise IllegalAction(rule, N_("No trading window of that kind is open now."))
    state.done_trading = set(range(state.players))
    state.offers = []
    state.log.append({"event": "time_up", "window": move.window})


def card_out_of_game(state: State, move: OutOfGame) -> None:
    """12.13, Z-23: the card leaves the game for good; its holder draws another at once."""
    _held_by(state, move.seat, move.holder, move.card, "12.13",
             N_("Only the card's holder, or the referee, may say so."))
    state.hands[move.holder].remove(move.card)
    state.removed.append(move.card)
    state.log.append({"event": "out_of_game", "seat": move.holder, "card": move.card})
    if state.deck.total():
        state.pending = Pending("draw", move.holder)
    elif state.under:
        give_card(state, move.holder, state.under.pop(0))


def discard(state: State, move: Discard) -> None:
    """12.12: under the magic deck, face down: its name stays behind the holder's screen."""
    _held_by(state, move.seat, move.holder, move.card, "12.12",
             N_("Only the card's holder, or the referee, may discard it."))
    state.hands[move.holder].remove(move.card)
    put_under(state, [move.card])
    state.log.append({"event": "discarded", "seat": move.holder, "card": move.card, "secret": True})


def apply_effect(board: Board, state: State, move: Adjust, index: int) -> None:
    """An effect the table states (Z-27, §8): applied exactly as stated, refused when it cannot be. `index`:
    the move's place in the game's history, logged so that the referee can go back to before it."""
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
    if len(set(move.allow)) < len(move.allow):
        raise IllegalAction("Z-27", N_("An effect allows each move once."))
    for province, people, change in move.tokens:
        if province not in board.provinces or people not in state.peoples:
            raise IllegalAction("Z-27", N_("No such province or people in this game."))
        if kind == "power" and board.in_zargos(province):
            raise IllegalAction("9.6", N_("Peoples' powers do not work in Zargos."))
        combat = state.combat
        if combat is not None and combat.province == province and people in (combat.attacker, combat.defender):
            if people == combat.attacker:
                combat.strength = max(0, combat.strength + change)
            else:
                combat.defence = max(0, combat.defence + change)
                set_holding(board, state, province, people, combat.defence)
            continue
        if people == active(state) and province in state.attacks:
            state.attacks[province] = max(0, state.attacks[province] + change)
            continue
        holder, strength = state.land.get(province, (people, 0))
        if holder != people:
            raise IllegalAction("Z-27", N_("Outside a combat a province holds the tokens of one people only."))
        if strength + change < 0:
            raise IllegalAction("Z-27", N_("That would leave less than no tokens there."))
        if change > supply(state, people):  # Z-24, and the rank marker is off the supply (Z-17)
            raise IllegalAction("Z-24", N_("A people has strength 100 at most on the board."))
        set_holding(board, state, province, people, strength + change)
    for people, change in move.boats:
        if people not in state.peoples or state.peoples[people].boats + change < 0:
            raise IllegalAction("Z-27", N_("No such people, or it would have less than no boats."))
        state.peoples[people].boats += change
    if sum(p.boats for p in state.peoples.values()) > BOATS:
        raise IllegalAction("Z-24", N_("There are 15 boats in all."))
    state.allow += [f"{a}/power" if kind == "power" else a for a in move.allow]
    state.log.append({"event": "adjusted", "move": index, "stated_by": move.seat, "reason": move.reason,
                      "tokens": [list(t) for t in move.tokens], "boats": dict(move.boats),
                      "allow": list(move.allow)})
    combat = state.combat
    if combat is not None and (not combat.strength or (combat.defender is not None and not combat.defence)):
        state.pending = None
        end_combat(board, state)


def _held_by(state: State, seat: int | None, holder: int, card: str, rule: str, only: str) -> None:
    """A card its holder (or the referee) says something of: stated by him, and in his hand."""
    if seat is not None and seat != holder:
        raise IllegalAction(rule, only)
    if not 0 <= holder < state.players or card not in state.hands[holder]:
        raise IllegalAction(rule, N_("That player holds no such magic card."))
