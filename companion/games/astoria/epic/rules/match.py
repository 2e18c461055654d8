"""One Epic game under way: the contract's Match (companion.core.game), changed only by `push` (a mage's move)
and `resolve` (an Invasion card). Every move is applied to a copy of the state, so a refused one changes
nothing. The round (E4), the actions (E6), the Glyph pool (A-26) and their effects (E7, glyphs.py), the
fights (E8, E9), the Defence of the Walls (E10, walls.py) and the ends (E3, ends.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.errors import N_, IllegalAction
from companion.core.game import REFEREE, ChanceNode, Match, Progress, Result, Reveal

from . import actions, ends, invasion, walls
from .choices import EpicChoice
from .deeds import Deeds, record
from .moves import RECORD_FORMAT, Chance, Move, move_to_json
from .pack import EpicPack
from .roles import clockwise_from, take_role
from .setup import EpicSetup, setup_to_json
from .state import Mage, State
from .terms import COLOURS, OBJECTIVE_WORDS, PER_COLOUR, PILE_SIZE, STOCK
from .views import view


class EpicMatch(Match):
    state: State  # the match's own state object, what its virtual players read

    def __init__(self, pack: EpicPack, setup: EpicSetup) -> None:
        # The catalogue the set-up carries (a record's) comes before the pack's (E1.5).
        self.pack = replace(pack, invasion=dict(setup.invasion)) if setup.invasion else pack
        self._setup = setup
        self.state = initial(self.pack, setup)
        self._moves: list[Move | Chance] = []
        self.news: list[Reveal] = []  # what the last move showed (an accusation's verdict, a look)
        self._legal: tuple[State | None, dict[tuple[int, str], list[Move]]] = (None, {})
        self.deeds: dict[int, Deeds] = {seat: Deeds() for seat in setup.seats}  # shown at the end (deeds.py)

    # -- reading -----------------------------------------------------------------------------------

    @property
    def setup(self) -> EpicSetup:
        return self._setup

    @property
    def moves(self) -> list[Move | Chance]:
        return list(self._moves)

    @property
    def version(self) -> int:
        return len(self._moves)

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def variant(self) -> bool:
        """Whether the Grand Alchimiste variant is played (E14)."""
        return bool(self.setup.roles) or self.setup.choose_roles

    def role(self, seat: int) -> str | None:
        return self.state.roles.get(seat)

    def active(self) -> int | None:
        s = self.state
        return s.order[s.turn] if s.phase == "turn" and s.turn < len(s.order) else None

    def chance(self) -> ChanceNode | None:
        s = self.state
        if s.phase == "over":
            return None
        if s.pending:
            top = s.pending[-1]
            if top.kind in ("fight", "assault") and not top.asked:
                return invasion.node(self.pack, s, top.kind)
            if top.kind == "look":
                return invasion.node(self.pack, s, "look", told_by=top.data["seat"])
            return None
        if s.phase == "invasion":
            return invasion.node(self.pack, s, "invasion")
        return None

    def awaited(self, seat: int | None = None) -> list[EpicChoice]:
        s = self.state
        found: list[EpicChoice] = []
        if s.phase == "over" or self.chance() is not None:
            return []
        if s.pending:
            top = s.pending[-1]
            decision = {"rescue": "rescue", "parry": "parry", "assault": "defend", "straighten": "straighten"}
            asked = top.asked if top.kind == "straighten" else top.asked[:1]
            found = [EpicChoice(p, decision[top.kind], self) for p in asked]
        elif s.phase == "turn":
            active = self.active()
            assert active is not None
            found = [EpicChoice(active, "turn", self)]
        elif s.phase == "roles":  # E14.1: in turn from the first player
            found = [EpicChoice(s.order[s.turn], "role", self)]
        return [c for c in found if seat is None or c.seat == seat]

    def result(self) -> Result | None:
        return ends.result(self) if self.state.phase == "over" else None

    def reveals(self) -> list[Reveal]:
        """The last move's news (an accusation's verdict to all, E11.2; a look to its caster, A-56) and, while
        the game lasts, each seat's own Objective to that seat alone (held: its box shows it, E2.1)."""
        own = [Reveal(f"objective:{seat}", N_("Your Objective: {objective}."),
                      {"objective": OBJECTIVE_WORDS[self.setup.objective(seat)]}, frozenset({seat}), held=True)
               for seat in self.setup.seats] if self.state.phase not in ("over", "roles") else []
        return [*self.news, *own]

    def progress(self) -> Progress:
        s = self.state
        phase = {"roles": N_("Roles"), "invasion": N_("Invasion"), "turn": N_("Actions"),
                 "walls": N_("Defence of the Walls"), "over": N_("Game over")}[s.phase]
        return Progress(round=s.round, rounds=None, phase=phase)

    def record_json(self) -> dict[str, Any]:
        played = replace(self.setup, invasion=tuple(sorted(self.pack.invasion.items())))
        return {"format": RECORD_FORMAT, "setup": setup_to_json(played),
                "moves": [move_to_json(m) for m in self._moves]}

    def view(self, reader: str = REFEREE) -> dict[str, Any]:
        return view(self, reader)

    def legal(self, seat: int, decision: str) -> list[Move]:
        """The moves the engine can list for one awaited choice, each tried (legal.py); kept while the state
        is the same object (every move makes a new one)."""
        from .legal import candidates

        if self._legal[0] is not self.state:
            self._legal = (self.state, {})
        known = self._legal[1]
        if (seat, decision) not in known:
            known[seat, decision] = [m for m in candidates(self, seat, decision) if self.allowed(m)]
        return known[seat, decision]

    def allowed(self, move: Move) -> bool:
        """Whether `move` would be accepted now (the game unchanged either way)."""
        try:
            self._applied(move)
        except IllegalAction:
            return False
        return True

    # -- acting ------------------------------------------------------------------------------------

    def push(self, move: Any) -> None:
        if isinstance(move, Chance):
            self.resolve(move.outcome)
            return
        if not isinstance(move, Move):
            raise IllegalAction("E4.4", N_("That is no move of this game."))
        after, news = self._applied(move)
        record(self.deeds, move, self.state, after)
        self.state, self.news = after, news
        self._moves.append(move)

    def resolve(self, outcome: Any) -> None:
        if self.chance() is None:
            raise IllegalAction("E5", N_("No Invasion card is being drawn now."))
        after = self.state.copy()
        news: list[Reveal] = []
        actions.drawn(self, after, outcome, news)
        walls.settle(self, after)
        self.state, self.news = after, news
        self._moves.append(Chance(outcome))

    def _applied(self, move: Move) -> tuple[State, list[Reveal]]:
        if self.chance() is not None:
            raise IllegalAction("E5", N_("First draw the Invasion card."))
        if self.state.phase == "over":
            raise IllegalAction("E3", N_("The game is over."))
        if move.seat not in self.setup.seats:
            raise IllegalAction("E4.4", N_("There is no seat {seat}."), seat=move.seat)
        after = self.state.copy()
        news: list[Reveal] = []
        actions.apply(self, after, move, news)
        walls.settle(self, after)
        return after, news


def initial(pack: EpicPack, setup: EpicSetup) -> State:
    """E2: markers on their spaces (E2.3), each mage's Stock and Power marker (E2.4; the variant's roles,
    E14.5, E14.6, E14.8, A-55), the Reserve of the unused Characters' gems (E2.5), the three Discovery piles
    (E2.8), the virtual Invasion pile when the pack has a catalogue (E2.6)."""
    s = State(first=setup.first, populace=1, unrest=1, barbarians=1, reinforcements=1, dragon=1,
              health=pack.health_start)
    s.reserve = {c: (0 if c in setup.characters else PER_COLOUR) for c in COLOURS}
    for seat in setup.seats:
        colour = setup.character(seat)
        mage = Mage(seat, colour, stock={c: 0 for c in COLOURS}, flask={c: 0 for c in COLOURS})
        mage.stock[colour] = STOCK
        s.mages[seat] = mage
        role = setup.role(seat)
        if role is not None:
            take_role(pack, s, seat, role)
    if setup.choose_roles:  # E14.1: chosen in turn, the first player first
        s.phase, s.order = "roles", clockwise_from(setup, setup.first)
    s.piles = [PILE_SIZE[setup.players]] * 3
    s.deck = sorted(pack.invasion) if pack.invasion else None
    return s

