"""A random player: every move it makes is drawn from the legal choices the engine offers (a little bent
towards attacking and towards Zargos, so that whole games end in a victory within a test's time)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from companion.games.zargos.rules import Board, Game, Setup
from companion.games.zargos.rules import actions as a
from companion.games.zargos.rules import choices as ch
from companion.games.zargos.rules.actions import Action, spread
from companion.games.zargos.rules.choices import Choice
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
        return MOVES[choice.decision](self, game, choice)

    def _people(self, game: Game, choice: ch.PeopleChoice) -> Action:
        return a.ChoosePeople(choice.seat, self.rng.choice(choice.peoples))

    def _draft(self, game: Game, choice: ch.DraftChoice) -> Action:
        return a.Draft(choice.seat, choice.people, self.rng.choice(choice.piles))

    def _trade(self, game: Game, choice: ch.TradeChoice) -> Action:
        return a.TradesDone(choice.seat)

    def _swords(self, game: Game, choice: ch.SwordsChoice) -> Action:
        return a.Swords(choice.seat, choice.people, tuple(self.rng.randint(1, 5) for _ in range(choice.cards)))

    def _place(self, game: Game, choice: ch.PlaceChoice) -> Action:
        return a.Place(choice.seat, choice.people, spread(_split(self.rng, choice.strength, choice.provinces)))

    def _window(self, game: Game, choice: ch.WindowChoice) -> Action:
        rng = self.rng
        if rng.random() < 0.2:
            card = rng.choice(choice.cards)
            target = f"kingdom:{rng.choice(sorted(game.board.kingdoms))}" if card == "vent_de_folie" else ""
            if (card, target) not in game.state.window_played:
                return a.PlayCard(choice.seat, card, target)
        return a.Pass(choice.seat)

    def _fight(self, game: Game, choice: ch.FightChoice) -> Action:
        rng = self.rng
        province = rng.choice(choice.provinces)
        if "vent_de_guerre" in choice.cards and (choice.seat, province) not in game.state.war and rng.random() < 0.3:
            return a.PlayCard(choice.seat, "vent_de_guerre", f"province:{province}")
        return a.Fight(choice.seat, choice.people, province)

    def _combat_card(self, game: Game, choice: ch.CombatCardChoice) -> Action:
        if choice.cards and self.rng.random() < 0.5:  # asked with no Vent de Guerre in hand: nothing to play
            return a.PlayCard(choice.seat, "vent_de_guerre", f"province:{choice.province}")
        return a.Pass(choice.seat)

    def _keep(self, game: Game, choice: ch.KeepChoice) -> Action:
        return a.Keep(choice.seat, tuple(sorted(self.rng.sample(list(choice.cards), choice.keep))))

    def _reinforce(self, game: Game, choice: ch.ReinforceChoice) -> Action:
        rng, board = self.rng, game.board
        boats = rng.randint(0, min(1, choice.most_boats))
        tokens = min((choice.points - boats * BOAT_COST) // TOKEN_COST, choice.supply)
        near = [p for p in choice.provinces if board.in_zargos(p) or any(board.in_zargos(n) for n in board.borders[p])]
        places = near if near and rng.random() < 0.9 else choice.provinces
        return a.Reinforce(choice.seat, choice.people, boats, spread(_split(rng, tokens, places)))

    def _attack(self, game: Game, choice: ch.AttackChoice) -> Action:
        rng, board, state = self.rng, game.board, game.state
        if not choice.sources or rng.random() < 0.2:
            return a.EndAttacks(choice.seat, choice.people)
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
            return a.EndAttacks(choice.seat, choice.people)
        zargos = [o for o in options if board.in_zargos(o[1])]
        centre = [o for o in zargos if o[1] == board.forbidden_city or o[1] in board.around]
        pool = centre if centre and rng.random() < 0.8 else zargos if zargos and rng.random() < 0.8 else options
        origin, target, most, route = rng.choice(pool)
        strength = most if rng.random() < 0.6 else rng.randint(max(1, most // 2), most)
        return a.Attack(choice.seat, choice.people, origin, target, strength, route)

    def _reorganise(self, game: Game, choice: ch.ReorganiseChoice) -> Action:
        rng, board, state = self.rng, game.board, game.state
        mine = set(choice.provinces)
        moves = [(p, q) for p in choice.provinces if state.land[p][1] > 1
                 for q in sorted(board.borders[p]) if q in mine]
        if not moves or rng.random() < 0.3:
            return a.Reorganise(choice.seat, choice.people, ())
        inward = [(p, q) for p, q in moves if board.in_zargos(q) and not board.in_zargos(p)]
        origin, target = rng.choice(inward if inward and rng.random() < 0.8 else moves)
        step = a.Step(origin, target, rng.randint(1, state.land[origin][1] - 1))
        return a.Reorganise(choice.seat, choice.people, (step,))


# The random move of each decision kind (rules/choices.py): the one place the random player tells them apart.
MOVES: dict[str, Callable[[RandomAgent, Game, Any], Action]] = {
    "people": RandomAgent._people, "draft": RandomAgent._draft, "trade": RandomAgent._trade,
    "swords": RandomAgent._swords, "place": RandomAgent._place, "red_window": RandomAgent._window,
    "attack": RandomAgent._attack, "fight": RandomAgent._fight, "combat_card": RandomAgent._combat_card,
    "reorganise": RandomAgent._reorganise, "keep": RandomAgent._keep, "reinforce": RandomAgent._reinforce,
}


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
