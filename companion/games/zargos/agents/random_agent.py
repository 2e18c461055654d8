"""A random player: every move it makes is drawn from the legal choices the engine offers (a little bent
towards attacking and towards Zargos, so that whole games end in a victory within a test's time)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.games.zargos.rules import Board, Game, Setup
from companion.games.zargos.rules.actions import (
    Action,
    Attack,
    ChoosePeople,
    Draft,
    EndAttacks,
    Fight,
    Keep,
    Pass,
    Place,
    PlayCard,
    Reinforce,
    Reorganise,
    Step,
    Swords,
    TradesDone,
    spread,
)
from companion.games.zargos.rules.choices import (
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
from companion.games.zargos.rules.terms import BOAT_COST, TOKEN_COST


def _split(rng: random.Random, total: int, places: Sequence[str]) -> dict[str, int]:
    if total <= 0 or not places:
        return {}
    chosen = rng.sample(list(places), min(len(places), rng.randint(1, 3), total))
    out = dict.fromkeys(chosen, 1)
    for _ in range(total - len(chosen)):
        out[rng.choice(chosen)] += 1
    return out


class RandomAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def move(self, game: Game, choice: Choice) -> Action:
        rng, board, state = self.rng, game.board, game.state
        match choice:
            case PeopleChoice():
                return ChoosePeople(choice.seat, rng.choice(choice.peoples))
            case DraftChoice():
                return Draft(choice.seat, choice.people, rng.choice(choice.piles))
            case TradeChoice():
                return TradesDone(choice.seat)
            case SwordsChoice():
                return Swords(choice.seat, choice.people, tuple(rng.randint(1, 5) for _ in range(choice.cards)))
            case PlaceChoice():
                return Place(choice.seat, choice.people, spread(_split(rng, choice.strength, choice.provinces)))
            case WindowChoice():
                if rng.random() < 0.2:
                    card = rng.choice(choice.cards)
                    target = f"kingdom:{rng.choice(sorted(board.kingdoms))}" if card == "vent_de_folie" else ""
                    if (card, target) not in state.window_played:
                        return PlayCard(choice.seat, card, target)
                return Pass(choice.seat)
            case AttackChoice():
                return self._attack(game, choice)
            case FightChoice():
                province = rng.choice(choice.provinces)
                if "vent_de_guerre" in choice.cards and (choice.seat, province) not in state.war and rng.random() < 0.3:
                    return PlayCard(choice.seat, "vent_de_guerre", f"province:{province}")
                return Fight(choice.seat, choice.people, province)
            case CombatCardChoice():
                if rng.random() < 0.5:
                    return PlayCard(choice.seat, "vent_de_guerre", f"province:{choice.province}")
                return Pass(choice.seat)
            case ReorganiseChoice():
                return self._reorganise(game, choice)
            case KeepChoice():
                return Keep(choice.seat, tuple(sorted(rng.sample(list(choice.cards), choice.keep))))
            case ReinforceChoice():
                boats = rng.randint(0, min(1, choice.most_boats))
                tokens = min((choice.points - boats * BOAT_COST) // TOKEN_COST, choice.supply)
                near = [p for p in choice.provinces if board.in_zargos(p)
                        or any(board.in_zargos(n) for n in board.borders[p])]
                places = near if near and rng.random() < 0.9 else choice.provinces
                return Reinforce(choice.seat, choice.people, boats, spread(_split(rng, tokens, places)))
        raise AssertionError(f"no move for {choice}")

    def _attack(self, game: Game, choice: AttackChoice) -> Action:
        rng, board, state = self.rng, game.board, game.state
        if not choice.sources or rng.random() < 0.2:
            return EndAttacks(choice.seat, choice.people)
        options: list[tuple[str, str, int, tuple[str, ...]]] = []
        for origin, most in choice.sources:
            for target in sorted(board.borders[origin]):
                if state.land.get(target, (None, 0))[0] != choice.people:
                    options.append((origin, target, most, ()))
            if choice.boats and board.coastal(origin) and rng.random() < 0.3:
                target = rng.choice([p for p in board.provinces if board.coastal(p)])
                route = board.shortest_sea_route(origin, target)
                if route and len(route) <= choice.boats and state.land.get(target, (None, 0))[0] != choice.people \
                        and target != origin:
                    options.append((origin, target, most, route))
        if not options:
            return EndAttacks(choice.seat, choice.people)
        zargos = [o for o in options if board.in_zargos(o[1])]
        centre = [o for o in zargos if o[1] == board.forbidden_city or o[1] in board.around]
        pool = centre if centre and rng.random() < 0.8 else zargos if zargos and rng.random() < 0.8 else options
        origin, target, most, route = rng.choice(pool)
        strength = most if rng.random() < 0.6 else rng.randint(max(1, most // 2), most)
        return Attack(choice.seat, choice.people, origin, target, strength, route)

    def _reorganise(self, game: Game, choice: ReorganiseChoice) -> Action:
        rng, board, state = self.rng, game.board, game.state
        mine = set(choice.provinces)
        moves = [(p, q) for p in choice.provinces if state.land[p][1] > 1
                 for q in sorted(board.borders[p]) if q in mine]
        if not moves or rng.random() < 0.3:
            return Reorganise(choice.seat, choice.people, ())
        inward = [(p, q) for p, q in moves if board.in_zargos(q) and not board.in_zargos(p)]
        origin, target = rng.choice(inward if inward and rng.random() < 0.8 else moves)
        step = Step(origin, target, rng.randint(1, state.land[origin][1] - 1))
        return Reorganise(choice.seat, choice.people, (step,))


def play(board: Board, setup: Setup, seed: int, limit: int = 20000) -> Game:
    """A whole game with random agents at every seat and the Pi rolling and drawing with `seed`."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    game = Game(board, setup)
    for _ in range(limit):
        if game.result() is not None:
            return game
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
            continue
        awaited = game.awaited()
        game.push(agent.move(game, rng.choice(awaited)))
    return game
