"""The normal agent: a player who weighs each attack by the dice odds (`odds.py`) and by what the province
is worth, completes and holds kingdoms, heads for Zargos once it is strong enough, and puts its
reinforcements where it borders its enemies. It decides from its seat's view only (`reading.Seen`).

Its magic: the engine applies Vent de Folie (12.10), so the agent aims one where it hurts its enemies most;
the other cards' effects are stated by the table (Z-27), so it plays a Vent de Guerre in the combats that
matter and keeps its cards otherwise. The swords on its reinforcement cards are dealt as for any virtual
player (1 to 5 a card), so that no level draws better cards than another."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.zargos.rules import Board
from companion.games.zargos.rules import actions as a
from companion.games.zargos.rules import choices as ch
from companion.games.zargos.rules.actions import Action, spread
from companion.games.zargos.rules.choices import Choice
from companion.games.zargos.rules.combat import demon_dice
from companion.games.zargos.rules.terms import TOKEN_COST

from .odds import needed, needed_against_demons
from .reading import Seen, points_of

SURE = 0.8  # the odds an attack must have to be made
SURE_DEMONS = 0.9
ZARGOS_FROM = 30  # the strength on the board from which a people heads for Zargos ("late")
RESERVE = 0.0  # of the strongest enemy next door kept home: half won 65 of 100 games against random players, none 73
LONG = 40  # after so many rounds the game must end: every attack at even odds
KEEP_FIRST = ("vent_de_folie", "vent_de_guerre")  # the cards that do something in a simulated game


class NormalAgent:
    level = "normal"

    def __init__(self, board: Board, seed: int) -> None:
        self.board, self.rng = board, random.Random(seed)

    def decide(self, view: dict[str, Any], choice: Choice) -> Action:
        return DECISIONS[choice.decision](self, Seen.of(self.board, view, choice.seat), choice)

    # -- the plain decisions ---------------------------------------------------------------------------

    def _people(self, seen: Seen, choice: ch.PeopleChoice) -> Action:
        return a.ChoosePeople(choice.seat, choice.peoples[0])

    def _draft(self, seen: Seen, choice: ch.DraftChoice) -> Action:
        return a.Draft(choice.seat, choice.people, "blue" if "blue" in choice.piles else choice.piles[0])

    def _trade(self, seen: Seen, choice: ch.TradeChoice) -> Action:
        return a.TradesDone(choice.seat)

    def _swords(self, seen: Seen, choice: ch.SwordsChoice) -> Action:
        return a.Swords(choice.seat, choice.people, tuple(self.rng.randint(1, 5) for _ in range(choice.cards)))

    def _place(self, seen: Seen, choice: ch.PlaceChoice) -> Action:
        return a.Place(choice.seat, choice.people,
                       spread(self._spread(seen, choice.people, choice.provinces, choice.strength)))

    def _combat_card(self, seen: Seen, choice: ch.CombatCardChoice) -> Action:
        if choice.cards and (choice.seat, "vent_de_guerre", f"province:{choice.province}") not in seen.played \
                and self._matters(choice.province):
            return a.PlayCard(choice.seat, "vent_de_guerre", f"province:{choice.province}")
        return a.Pass(choice.seat)

    def _keep(self, seen: Seen, choice: ch.KeepChoice) -> Action:
        ranked = sorted(choice.cards, key=lambda c: (KEEP_FIRST.index(c) if c in KEEP_FIRST else 9, c))
        return a.Keep(choice.seat, tuple(sorted(ranked[:choice.keep])))

    def _reinforce(self, seen: Seen, choice: ch.ReinforceChoice) -> Action:
        tokens = min(choice.points // TOKEN_COST, choice.supply)
        return a.Reinforce(choice.seat, choice.people, 0,
                           spread(self._spread(seen, choice.people, choice.provinces, tokens)))

    # -- worth -----------------------------------------------------------------------------------------

    def _matters(self, province: str) -> bool:
        board = self.board
        return province == board.forbidden_city or province in board.around or board.is_capital(province)

    def _late(self, seen: Seen, people: str) -> bool:
        return sum(n for q, n in seen.land.values() if q == people) >= ZARGOS_FROM or seen.round >= 6

    def _worth(self, seen: Seen, people: str, target: str) -> float:
        """What taking `target` is worth to `people`: its points, a kingdom completed or broken, and Zargos's
        centre (14.1): the Forbidden City and the three around it."""
        board = seen.board
        worth = float(points_of(board, target))
        kingdom = board.kingdoms[board.kingdom_of(target)]
        if not board.in_zargos(target):
            others = [p for p in kingdom.provinces if p != target]
            if all(seen.holder(p) == people or seen.attacks.get(p) for p in others):
                worth += 2 + len(kingdom.provinces)  # 10.2: the kingdom completed
            holder = seen.holder(target)
            if holder is not None and all(seen.holder(p) == holder for p in kingdom.provinces):
                worth += 3  # an enemy's kingdom broken
            return worth
        centre = (board.forbidden_city, *board.around)
        mine = [p for p in centre if p != target and (seen.holder(p) == people or p in seen.attacks)]
        if target in centre:
            worth += 4 * len(mine) + (10 if target == board.forbidden_city else 2)
            if len(mine) == len(centre) - 1:
                worth += 200  # 14.1: the game is won
        for foe in {seen.holder(p) for p in centre} - {None, people}:
            held = [p for p in centre if seen.holder(p) == foe]
            if target in held and len(held) >= 2:
                worth += 30 * (len(held) - 1)  # an enemy about to win is stopped
        return worth

    def _force(self, seen: Seen, people: str, target: str, friend: bool = False) -> int | None:
        """The force that takes `target` with good odds (None: none that is worth it); a friend's province
        in the way of victory is taken at even odds."""
        board = seen.board
        held = seen.land.get(target)
        if held is None:
            if board.in_zargos(target) and seen.master != seen.seat:
                return needed_against_demons(SURE_DEMONS, demon_dice(board, target))  # 9.2-9.4
            return 1  # taken without a fight (Z-07, 9.12)
        return needed(0.5 if friend or seen.round > LONG else SURE, held[1], board.is_capital(target), 100)

    # -- attacks ---------------------------------------------------------------------------------------

    def _reserve(self, seen: Seen, origin: str, target: str) -> int:
        """What stays home beyond the one token: part of the strongest enemy next door (not the one attacked)."""
        threats = [seen.strength(n) for n in self.board.borders[origin] if n != target and seen.foe(n)]
        return 0 if seen.round > LONG else int(max(threats, default=0) * RESERVE)

    def _attack(self, seen: Seen, choice: ch.AttackChoice) -> Action:
        board, people = seen.board, choice.people
        spare = dict(choice.sources)
        late = self._late(seen, people)
        best: tuple[float, str, str, int] | None = None
        targets = sorted({n for origin in spare for n in board.borders[origin]
                          if seen.holder(n) != people and (seen.holder(n) is None or seen.foe(n)
                                                           or self._in_the_way(seen, people, n))})
        for target in targets:
            if board.in_zargos(target) and not late and seen.holder(target) is None:
                continue  # the demons wait until the people is strong (the centre is won late)
            force = self._force(seen, people, target, self._in_the_way(seen, people, target))
            if force is None:
                continue
            still = force - seen.attacks.get(target, 0)
            if still <= 0:
                continue
            usable = {o: spare[o] - self._reserve(seen, o, target) for o in spare if board.adjacent(o, target)}
            usable = {o: n for o, n in usable.items() if n > 0}
            if sum(usable.values()) < still:
                continue
            worth = self._worth(seen, people, target)
            started = 1000.0 if seen.attacks.get(target) else 0.0  # finish what was begun
            score = started + worth / force
            if best is None or score > best[0]:
                origin = max(sorted(usable), key=lambda o: usable[o])
                best = (score, origin, target, min(usable[origin], still))
        if best is None:
            return a.EndAttacks(choice.seat, people)
        _, origin, target, strength = best
        return a.Attack(choice.seat, people, origin, target, strength)

    def _in_the_way(self, seen: Seen, people: str, province: str) -> bool:
        """A province of the seat's other people that stands between this one and victory (14.2: one people
        must hold the four; 6.8: a player's peoples may fight): taken by the one holding more of the centre."""
        board = seen.board
        centre = (board.forbidden_city, *board.around)
        friend = seen.holder(province)
        if province not in centre or friend is None:
            return False
        mine = sum(seen.holder(p) == people for p in centre)
        theirs = sum(seen.holder(p) == friend for p in centre)
        return mine > theirs or (mine == theirs and seen.holder(board.forbidden_city) == people)

    def _yields(self, seen: Seen, people: str, province: str) -> bool:
        """A province of `people` that is in the way of the seat's other people: its tokens leave it."""
        return seen.holder(province) == people and any(
            self._in_the_way(seen, friend, province) for friend in seen.friends if friend != people)

    def _fight(self, seen: Seen, choice: ch.FightChoice) -> Action:
        board = self.board
        # The Forbidden City first: its new Master takes the other Zargos provinces without demons (9.12).
        order = sorted(choice.provinces, key=lambda p: (p != board.forbidden_city, p not in board.around, p))
        first = order[0]
        if "vent_de_guerre" in choice.cards and self._matters(first) \
                and (choice.seat, "vent_de_guerre", f"province:{first}") not in seen.played:
            return a.PlayCard(choice.seat, "vent_de_guerre", f"province:{first}")
        return a.Fight(choice.seat, choice.people, first)

    # -- magic before a turn ---------------------------------------------------------------------------

    def _window(self, seen: Seen, choice: ch.WindowChoice) -> Action:
        """A Vent de Folie on the kingdom where it costs the enemies most and the seat least (12.10:
        each province loses half a die, 1.5 on average)."""
        if "vent_de_folie" not in choice.cards:
            return a.Pass(choice.seat)
        best: tuple[float, str] | None = None
        for kingdom in sorted(self.board.kingdoms):
            target = f"kingdom:{kingdom}"
            if any(card == "vent_de_folie" and aim == target for _, card, aim in seen.played):
                continue  # 12.8: not twice on the same kingdom before one turn
            score = 0.0
            for province in self.board.kingdoms[kingdom].provinces:
                held = seen.land.get(province)
                if held is None:
                    continue
                hurt = min(1.5, held[1]) + (1.0 if held[1] <= 2 else 0.0)
                score += -hurt if held[0] in seen.friends else hurt
            if best is None or score > best[0]:
                best = (score, target)
        if best is not None and best[0] >= 3.0:
            return a.PlayCard(choice.seat, "vent_de_folie", best[1])
        return a.Pass(choice.seat)

    # -- tokens at home --------------------------------------------------------------------------------

    def _pressure(self, seen: Seen, people: str, province: str) -> float:
        """How much a province needs tokens: the enemies next door, and what could be taken from it."""
        board = seen.board
        late = self._late(seen, people)
        score = 0.0
        for near in board.borders[province]:
            if seen.holder(near) == people:
                continue
            if seen.foe(near) or self._in_the_way(seen, people, near):
                score += seen.strength(near) + self._worth(seen, people, near)
            elif seen.holder(near) is None:
                score += self._worth(seen, people, near) * (2.0 if board.in_zargos(near) and late else 0.5)
        if board.in_zargos(province):
            score += 5.0 if late else 1.0
        return score

    def _spread(self, seen: Seen, people: str, provinces: tuple[str, ...], strength: int) -> dict[str, int]:
        """`strength` over the provinces that need it most: half to the first, a quarter to the second..."""
        if strength <= 0 or not provinces:
            return {}
        ranked = sorted(provinces, key=lambda p: (self._yields(seen, people, p), -self._pressure(seen, people, p), p))
        out: dict[str, int] = {}
        left = strength
        for province in ranked[:3]:
            share = max(1, left // 2) if province != ranked[min(2, len(ranked) - 1)] else left
            share = min(share, left)
            if share:
                out[province] = out.get(province, 0) + share
                left -= share
        if left:
            out[ranked[0]] = out.get(ranked[0], 0) + left
        return out

    def _reorganise(self, seen: Seen, choice: ch.ReorganiseChoice) -> Action:
        """Up to two groups of one province each (7.1, Z-10), from quiet provinces to those under pressure."""
        board, people = seen.board, choice.people
        mine = set(choice.provinces)
        land = dict(seen.land)
        steps: list[a.Step] = []
        pressure = {p: -100.0 if self._yields(seen, people, p) else self._pressure(seen, people, p) for p in mine}
        for _ in range(2):
            best: tuple[float, str, str] | None = None
            for origin in sorted(mine):
                spare = land[origin][1] - 1
                if spare <= 0 or any(s.origin == origin for s in steps):
                    continue
                for target in sorted(board.borders[origin] & mine):
                    gain = (pressure[target] - pressure[origin]) * spare
                    if pressure[target] - pressure[origin] > 2 and (best is None or gain > best[0]):
                        best = (gain, origin, target)
            if best is None:
                break
            _, origin, target = best
            moved = land[origin][1] - 1
            steps.append(a.Step(origin, target, moved))
            land[origin] = (people, 1)
            land[target] = (people, land[target][1] + moved)
        return a.Reorganise(choice.seat, people, tuple(steps))


# The normal agent's move for each decision kind (rules/choices.py): the one place it tells them apart.
DECISIONS: dict[str, Callable[[NormalAgent, Seen, Any], Action]] = {
    "people": NormalAgent._people, "draft": NormalAgent._draft, "trade": NormalAgent._trade,
    "swords": NormalAgent._swords, "place": NormalAgent._place, "red_window": NormalAgent._window,
    "attack": NormalAgent._attack, "fight": NormalAgent._fight, "combat_card": NormalAgent._combat_card,
    "reorganise": NormalAgent._reorganise, "keep": NormalAgent._keep, "reinforce": NormalAgent._reinforce,
}
