"""The game: `push` a person's decision, the engine plays everything the rules decide alone.

Modelled on python-chess's Board: actions are small immutable values, `push` checks them against the
legal choices first and changes nothing when they are illegal, and a game is rebuilt by replaying its
setup and actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.game import Awaiting, ChanceNode, Match, Progress, Reader, Result

from . import choices as ch
from . import events as ev
from . import hidden, ladders, scoring
from .actions import Action, Census, CensusBards, Colossus, Floor, Neutral, Place, Program, Reward, Split
from .board import Board
from .choices import Choice, choices, is_forced, pending_choice
from .deal import deal
from .errors import N_, BadRecord, IllegalAction
from .pending import CensusBardsDue, ColossusDue, FloorDue, NeutralDue, Pending, RewardDue
from .record import Record, record_to_json
from .setup import Setup
from .state import Guild, Phase, Question, State
from .terms import ORDERS, PROGRAM_LENGTH, REWARDS, ROAD_COLOURS, UNIT_INDEX, UNITS
from .views import awaiting, view

# The census's refusal of a unit it is not counting: it names only the unit the census counts, which every
# player sees, so a blind referee may read it as it is (the table part's `public_refusals`).
WRONG_CENSUS_UNIT = N_("The census counts this unit now: {wanted} (not {unit}).")
CENSUS_GOLD = {"militia": (1, 1), "archer": (2, 1)}  # single majority, each of a tie (§7)
CENSUS_BARDS = {"infantry": (1, 1), "priest": (2, 1)}


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # None when the neutral player outlasted everyone
    neutral_won: bool


class Game(Match):
    _until: int | None = None  # as_of: the rules' own play stops once the game holds this many events

    def __init__(self, board: Board, setup: Setup) -> None:
        self.state: State = deal(board, setup)
        self.actions: list[Action] = []
        self._advance()

    @classmethod
    def from_state(cls, state: State) -> Game:
        """A game that goes on from `state`, with no actions behind it: an agent's sampled world (a state
        built from one seat's view), played forward to weigh its choices. `Game()` would deal a new one."""
        game = cls.__new__(cls)
        game.state = state
        game.actions = []
        return game

    @classmethod
    def as_of(cls, board: Board, setup: Setup, actions: Iterable[Action], events: int) -> Game:
        """The game as it stood when it held `events` events, after these actions: what the rules play
        alone after the last one stops there, at the end of the order, count or year that told them (a
        table following the game step by step has this on the board). For reading only."""
        game = cls.__new__(cls)
        game._until = events
        game.state, game.actions = deal(board, setup), []
        game._advance()
        for action in actions:
            game.push(action)
        return game

    @classmethod
    def replay(cls, board: Board, setup: Setup, actions: Iterable[Action]) -> Game:
        game = cls(board, setup)
        for index, action in enumerate(actions):
            try:
                game.push(action)
            except IllegalAction as error:
                error.index = index
                raise
        return game

    # -- reading ---------------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def setup(self) -> Setup:
        return self.state.setup

    @property
    def version(self) -> int:
        return len(self.actions)

    def legal(self, seat: int | None = None) -> list[Choice]:
        """The decisions awaited now (of one seat if given), each with its legal options."""
        found = choices(self.state)
        return [c for c in found if seat is None or c.seat == seat]

    def awaiting(self) -> list[dict[str, Any]]:
        if self._until is not None:
            return []  # a game as it stood mid-way (as_of) is only looked at: it awaits nobody
        return [{"seat": c.seat, "decision": c.decision} for c in choices(self.state)]

    def view(self, reader: str = "referee") -> dict[str, Any]:
        """The state view for `referee`, `public` or `seat:N` (docs/formats.md, State view)."""
        return view(self.state, reader, self.version, self.awaiting())

    def awaiting_for(self, reader: Reader) -> list[Awaiting]:
        """Who is awaited as `reader` may know it: its view's `awaiting` (a census lists every player not yet
        shown to have chosen, even one the engine chose for: that owns none of the unit)."""
        return [Awaiting(a["seat"], a["decision"]) for a in awaiting(self.state, reader.me, self.awaiting())]

    def record(self) -> Record:
        return Record(self.board.name, self.board.sha256, self.setup, tuple(self.actions))

    def outcome(self) -> Outcome | None:
        if self.state.phase != Phase.OVER:
            return None
        return Outcome(self.state.winner, self.state.winner is None and self.state.neutral is not None)

    # -- the framework's contract (companion.core.game.Match) ----------------------------------------

    @property
    def moves(self) -> list[Action]:
        return self.actions

    def awaited(self, seat: int | None = None) -> list[Choice]:
        return self.legal(seat)

    def chance(self) -> ChanceNode | None:
        """The first question the table must answer, as a chance node the table tells (the Pi cannot: the
        tile lies face up on the physical board)."""
        questions = self.questions()
        if not questions:
            return None
        first = questions[0]
        return ChanceNode(kind=first.kind, outcomes=first.candidates, events_before=first.event,
                          params={"slot": first.slot, "drawn": first.drawn})

    def resolve(self, outcome: object) -> None:
        node = self.chance()
        if node is None or outcome not in node.outcomes:
            raise IllegalAction("§6", N_("That tile or colossus cannot be the one turned over."))
        self.answer(int(outcome))  # type: ignore[call-overload]

    def record_json(self) -> dict[str, Any]:
        return record_to_json(self.record())

    def result(self) -> Result | None:
        outcome = self.outcome()
        if outcome is None:
            return None
        winners = () if outcome.winner is None else (outcome.winner,)
        # §8: the last eliminated placed best; within one category the ranking already puts the best first.
        out = [s for e in reversed(self.state.events) if isinstance(e, ev.Scored)
               for s in e.eliminated if s in self.setup.seats]
        rest = [s for s in self.setup.seats if s not in winners and s not in out]
        return Result(places=tuple((s,) for s in (*winners, *rest, *out)), winners=winners,
                      detail={"neutral_won": outcome.neutral_won})

    def progress(self) -> Progress:
        return Progress(round=self.state.year, rounds=self.setup.years, phase=self.state.phase.value)

    # -- acting ----------------------------------------------------------------------------------

    def questions(self) -> list[Question]:
        """What the table must say before the game goes on, first first (a game set up from what lies face
        up, hidden.py)."""
        return list(self.state.sight.questions) if self.state.sight is not None else []

    def answer(self, choice: int) -> None:
        """Takes the table's answer to the first question: the layout now says so, and the game is
        replayed from it (the same game up to the question, with `choice` where it was asked)."""
        questions = self.questions()
        if not questions:
            raise BadRecord("the game is not waiting for a tile or a colossus")
        setup = hidden.answered(self.setup, self.state, choice)
        rebuilt = Game.replay(self.board, setup, self.actions)
        before = questions[0].event
        assert hidden.as_seen(rebuilt.state.events[:before]) == hidden.as_seen(self.state.events[:before]), \
            "an answer changed what the table saw"
        self.state, self.actions = rebuilt.state, rebuilt.actions

    def push(self, action: Action) -> None:
        """Applies a person's decision, then everything that follows until the next decision."""
        if self.questions():
            raise IllegalAction("§6", N_("First say which tile or colossus the table turned over."))
        choice = self._choice_for(action)
        self._check(action, choice)
        before = list(self.actions)
        try:
            self._apply(action, choice)
            self.actions.append(action)
            self._advance()
        except BadRecord:
            # A layout's reinforcement cannot be honoured at the awakening this action caused: the
            # game goes back to where it was, as for an illegal action.
            rebuilt = Game.replay(self.board, self.setup, before)
            self.state, self.actions = rebuilt.state, rebuilt.actions
            raise

    def _choice_for(self, action: Action) -> Choice:
        if self.state.phase == Phase.OVER:
            raise IllegalAction("§8", N_("The game is over."))
        if action.seat not in self.state.players:
            raise IllegalAction("§2", N_("There is no seat {seat} in this game."), seat=action.seat)
        awaited = choices(self.state)
        for choice in awaited:
            if choice.seat == action.seat and choice.decision == action.type:
                return choice
        if not awaited:
            raise IllegalAction("§3", N_("Nothing is awaited from anyone now."))
        wanted = ", ".join(f"{self._colour(c.seat)} ({c.decision})" for c in awaited)
        raise IllegalAction("§3", N_("The table is not waiting for a {decision} from {colour} now; it waits for "
                                     "{wanted}."), decision=action.type, colour=self._colour(action.seat),
                            wanted=wanted)

    def _colour(self, seat: int) -> str:
        return self.state.players[seat].colour

    # -- checks: all before any change, so an illegal action changes nothing ----------------------

    def _check(self, action: Action, choice: Choice) -> None:
        CHECKS[choice.decision](self, action, choice)

    def _check_place(self, action: Place, choice: ch.PlaceChoice) -> None:
        if action.city in choice.taken:
            raise IllegalAction("§2", N_("City {city} already holds an Idrakys: during placement two "
                                      "Idrakys may not share a city."), city=action.city)
        if action.city not in choice.cities:
            raise IllegalAction("§2", N_("There is no city {city} on this board."), city=action.city)

    def _check_program(self, action: Program, choice: ch.ProgramChoice) -> None:
        if len(action.orders) != PROGRAM_LENGTH or any(o not in ORDERS for o in action.orders):
            raise IllegalAction("§3", N_("A program is {n} orders among {orders}."), n=PROGRAM_LENGTH,
                                orders=ORDERS)

    def _check_neutral(self, action: Neutral, choice: ch.NeutralChoice) -> None:
        if action.track not in choice.tracks:
            raise IllegalAction("R-08", N_("The neutral player advances on {tracks}, not {track}."),
                                tracks=choice.tracks, track=action.track)

    def _check_census(self, action: Census, choice: ch.CensusChoice) -> None:
        unit, reveal, wanted, most = action.unit, action.reveal, choice.unit, choice.most
        if unit != wanted:
            # The unit is named as a label: "militia" has no plural, "archer" needs one after a count.
            raise IllegalAction("§7", WRONG_CENSUS_UNIT, wanted=wanted, unit=unit)
        if not 0 <= reveal <= most:
            raise IllegalAction("§7", N_("You may reveal 0 to {most} ({unit}), not {reveal}."), most=most,
                                unit=unit, reveal=reveal)

    def _check_census_bards(self, action: CensusBards, choice: ch.CensusBardsChoice) -> None:
        self._check_split(action.bards, choice.bards, choice.regions, "§7")

    def _check_floor(self, action: Floor, choice: ch.FloorChoice) -> None:
        if action.city not in choice.cities:
            raise IllegalAction("R-09", N_("City {city} holds no guild of yours with room; choose among "
                                        "{cities}."), city=action.city, cities=choice.cities)

    def _check_reward(self, action: Reward, choice: ch.RewardChoice) -> None:
        take, bards = action.take, action.bards
        if any(t not in REWARDS for t in take) or tuple(sorted(take, key=REWARDS.index)) not in choice.takes:
            allowed = " or ".join(" + ".join(t) for t in choice.takes)
            raise IllegalAction("R-07", N_("You may take {allowed} here, not {taken}."), allowed=allowed,
                                taken=" + ".join(take) or "nothing")
        if "bards" in take:
            self._check_split(bards, choice.bards, choice.regions, "§5")
        elif bards:
            raise IllegalAction("§5", N_("Bards are placed only when the bard reward is taken."))

    def _check_split(self, bards: Split, count: int, regions: tuple[int, ...], rule: str) -> None:
        placed = sum(n for _, n in bards)
        for region, n in bards:
            if region not in regions:
                why = (N_("Region {region} is void; bards may go to {regions}.") if region in self.state.void
                       else N_("Region {region} does not border your Idrakys's city; bards may go to {regions}."))
                if region not in self.board.regions:
                    why = N_("Region {region} does not exist; bards may go to {regions}.")
                raise IllegalAction("R-02" if region in self.state.void else rule, why, region=region,
                                    regions=", ".join(map(str, regions)) or "no region")
            if n <= 0:
                raise IllegalAction(rule, N_("Place a positive number of bards in region {region}."),
                                    region=region)
        if placed != count:
            raise IllegalAction(rule, N_("Place exactly {count} bard, not {placed}.") if count == 1 else
                                N_("Place exactly {count} bards, not {placed}."), count=count, placed=placed)

    def _check_colossus(self, action: Colossus, choice: ch.ColossusChoice) -> None:
        if not action.fight:
            if action.needs is not None or action.units:
                raise IllegalAction("§4", N_("A declined colossus takes no units."))
            return
        match = [index for needs, index in choice.colossi if needs == action.needs]
        if not match:
            offered = ", ".join(str(n) for n, _ in choice.colossi) or "none"
            raise IllegalAction("§4", N_("No awake colossus needing {needs} units can be fought with your units "
                                      "here (you can fight: {offered})."), needs=action.needs, offered=offered)
        if any(unit not in UNIT_INDEX or n <= 0 for unit, n in action.units):
            raise IllegalAction("§4", N_("Units are {units}."), units=UNITS)
        given = sum(n for _, n in action.units)
        if given != action.needs:
            raise IllegalAction("§4", N_("This colossus takes exactly {needs} units, not {given}."),
                                needs=action.needs, given=given)
        for unit, n in action.units:
            owned = choice.units[UNIT_INDEX[unit]]
            if n > owned:
                raise IllegalAction("§4", N_("You have {owned} ({unit}), not {n}."), owned=owned, unit=unit, n=n)

    # -- applying ----------------------------------------------------------------------------------

    def _apply(self, action: Action, choice: Choice) -> None:
        APPLIES[action.type](self, action, choice)

    def _apply_place(self, action: Place, choice: ch.PlaceChoice) -> None:
        self.state.players[action.seat].city = action.city
        self.state.events.append(ev.Placed(action.seat, action.city))

    def _apply_program(self, action: Program, choice: ch.ProgramChoice) -> None:
        self.state.players[action.seat].program = action.orders
        self.state.events.append(ev.Locked(action.seat))

    def _apply_reward(self, action: Reward, choice: ch.RewardChoice) -> None:
        self.state.pending.pop(0)
        self._reward(action.seat, action.take, action.bards, choice)

    def _apply_colossus(self, action: Colossus, choice: ch.ColossusChoice) -> None:
        pending = self.state.pending.pop(0)
        assert isinstance(pending, ColossusDue)
        self._colossus(action, pending)

    def _apply_neutral(self, action: Neutral, choice: ch.NeutralChoice) -> None:
        state = self.state
        state.pending.pop(0)
        assert state.neutral is not None
        state.neutral[action.track] += 1
        state.events.append(ev.NeutralAdvanced(action.seat, action.track))

    def _apply_census(self, action: Census, choice: ch.CensusChoice) -> None:
        self.state.census_reveals[action.seat] = action.reveal
        self.state.events.append(ev.CensusChosen(action.seat))

    def _apply_census_bards(self, action: CensusBards, choice: ch.CensusBardsChoice) -> None:
        self.state.pending.pop(0)
        self._place_bards(action.seat, action.bards)

    def _apply_floor(self, action: Floor, choice: ch.FloorChoice) -> None:
        self._build(action.seat, action.city, 1, pending=True)
        if not self.state.players[action.seat].pending_floors:
            self.state.pending.pop(0)

    def _place_bards(self, seat: int, bards: Split) -> None:
        player = self.state.players[seat]
        for region, n in bards:
            here = self.state.bards[region]
            here[seat] = here.get(seat, 0) + n
            player.bards_left -= n
            self.state.events.append(ev.BardsPlaced(seat, region, n))

    def _build(self, seat: int, city: int, floors: int, pending: bool = False) -> None:
        player = self.state.players[seat]
        guild = self.state.guilds.setdefault(city, Guild(seat, 0))
        if pending:
            player.pending_floors -= floors
        else:
            player.floors_left -= floors
        guild.floors += floors
        self.state.events.append(ev.FloorsBuilt(seat, city, floors, pending))

    def _reward(self, seat: int, take: tuple[str, ...], bards: Split, choice: ch.RewardChoice) -> None:
        player = self.state.players[seat]
        if "gold" in take:
            player.gold += choice.gold
            self.state.events.append(ev.GoldTaken(seat, choice.gold))
        if "bards" in take:
            self._place_bards(seat, bards)
        if "guild" in take and choice.floors > 0:
            self._build(seat, choice.city, choice.floors)
            if player.pending_floors:
                self.state.pending.insert(0, FloorDue(seat))  # at the first chance

    def _colossus(self, action: Colossus, pending: ColossusDue) -> None:
        state = self.state
        if not action.fight:
            state.events.append(ev.ColossusDeclined(action.seat, pending.city))
            return
        player = state.players[action.seat]
        for unit, n in action.units:
            player.units[UNIT_INDEX[unit]] -= n
            state.barracks[UNIT_INDEX[unit]] += n
        stack = next(s for s in state.colossi if s and s[0].awake and self.board.colossi[s[0].index].needs
                     == action.needs)
        index = stack.pop(0).index
        state.cleared.add(pending.city)
        state.acted.add((action.seat, pending.city))
        state.events.append(ev.ColossusDefeated(action.seat, pending.city, index, action.units))
        self._after_elimination(action.seat, pending.city, "colossus", index)

    def _after_elimination(self, seat: int, city: int, source: str, number: int) -> None:
        follow: list[Pending] = [RewardDue(seat, city, source, number)]
        if self.state.neutral is not None:
            follow.append(NeutralDue(seat))  # R-08, an awake colossus counts as a threat
        self.state.pending[0:0] = follow

    # -- what the rules do alone -----------------------------------------------------------------

    def _advance(self) -> None:
        state = self.state
        while True:
            if self._until is not None and len(state.events) >= self._until:
                return
            if state.sight is not None and state.sight.questions:
                return  # the table says what it drew before anything else happens (hidden.py)
            if state.pending:
                choice = pending_choice(state, state.pending[0])
                if is_forced(choice):
                    self._force(choice)
                    continue
                return
            if state.phase == Phase.PLACE:
                if any(p.city is None for p in state.players.values()):
                    return
                state.phase = Phase.PROGRAM
                state.events.append(ev.YearBegan(state.year, state.first))
            elif state.phase == Phase.PROGRAM:
                if any(p.program is None for p in state.players.values()):
                    return
                state.phase, state.step, state.turn = Phase.RESOLUTION, 1, 0
                state.events.append(ev.Revealed())
            elif state.phase == Phase.RESOLUTION:
                if state.step > PROGRAM_LENGTH:
                    self._end_resolution()
                    continue
                order = state.turn_order()
                seat = order[state.turn]
                slot = state.step - 1
                state.resolving = (state.step, seat)
                state.turn += 1
                if state.turn == len(order):
                    state.turn, state.step = 0, state.step + 1
                program = state.players[seat].program
                assert program is not None
                self._resolve(seat, program[slot])
            elif state.phase == Phase.CENSUS:
                if not self._census_step():
                    return
            elif state.phase == Phase.CENSUS_DONE:
                self._end_year()
            else:
                return

    def _force(self, choice: Choice) -> None:
        """Takes the only legal option of a decision (no action is recorded)."""
        FORCES[choice.decision](self, choice)

    def _force_nothing(self, choice: Choice) -> None:
        """A decision the engine never takes for a player through `_force` (placement, programs, the
        census's reveal, which `_census_prefill` settles, and the neutral player, never forced)."""

    def _force_reward(self, choice: ch.RewardChoice) -> None:
        takes, regions, count = choice.takes, choice.regions, choice.bards
        split = ((regions[0], count),) if "bards" in takes[0] and count else ()
        self.state.pending.pop(0)
        self._reward(choice.seat, takes[0], split, choice)

    def _force_colossus(self, choice: ch.ColossusChoice) -> None:
        self.state.pending.pop(0)

    def _force_census_bards(self, choice: ch.CensusBardsChoice) -> None:
        self.state.pending.pop(0)
        if choice.bards and choice.regions:
            self._place_bards(choice.seat, ((choice.regions[0], choice.bards),))

    def _force_floor(self, choice: ch.FloorChoice) -> None:
        state, cities = self.state, choice.cities
        if cities and state.players[choice.seat].pending_floors:
            self._build(choice.seat, cities[0], 1, pending=True)
        if not cities or not state.players[choice.seat].pending_floors:
            state.pending.pop(0)

    def _resolve(self, seat: int, order: str) -> None:
        state = self.state
        player = state.players[seat]
        city = player.city
        assert city is not None
        if order in ROAD_COLOURS:
            to = self.board.road(city, order)
            if to is None:
                state.events.append(ev.NoRoad(seat, city, order))
            else:
                player.city = to
                state.events.append(ev.Moved(seat, city, to, order))
            return
        if order == "wait":
            state.events.append(ev.Waited(seat))
            return
        if (seat, city) in state.acted:
            state.events.append(ev.NoEffect(seat, city, "R-06"))
            return
        tile = state.tiles.get(city)
        if tile is None:
            self._colossus_chance(seat, city)
        elif tile.side == "recruit":
            if not tile.units:
                state.events.append(ev.NoEffect(seat, city, "§4"))
                return
            unit = tile.units.pop(0)  # the weakest present, the list is kept weakest first
            player.units[UNIT_INDEX[unit]] += 1
            state.acted.add((seat, city))
            state.events.append(ev.Recruited(seat, city, unit))
            if not tile.units:
                ladders.recruit_exhausted(state, city)
        elif city in state.cleared:
            # a threat that came in where a colossus fell this year waits for next year.
            state.events.append(ev.NoEffect(seat, city, "R-13"))
        else:
            needs = self.board.tiles[state.setup.tile_set][tile.number].needs
            wanted = [0] * len(UNITS)
            for unit in needs:
                wanted[UNIT_INDEX[unit]] += 1
            if any(w > have for w, have in zip(wanted, player.units, strict=True)):
                state.events.append(ev.NoEffect(seat, city, "§4"))
                return
            for i, w in enumerate(wanted):
                player.units[i] -= w
                state.barracks[i] += w
            state.acted.add((seat, city))
            state.cleared.add(city)
            state.events.append(ev.ThreatEliminated(seat, city, tile.number, tuple(needs)))
            ladders.threat_eliminated(state, city)
            self._after_elimination(seat, city, "threat", tile.number)

    def _colossus_chance(self, seat: int, city: int) -> None:
        state = self.state
        if city in state.cleared:
            state.events.append(ev.NoEffect(seat, city, "R-05"))
            return
        pending = ColossusDue(seat, city)
        if is_forced(pending_choice(state, pending)):
            state.events.append(ev.NoEffect(seat, city, "§4"))
            return
        state.pending.append(pending)

    # -- end of year, census ---------------------------------------------------------------------

    def _end_resolution(self) -> None:
        state = self.state
        if state.year % (state.setup.years // 3) == 0:
            state.phase = Phase.CENSUS
            state.census_unit = 0
            state.census_reveals = {}
            state.census_log = []
            state.events.append(ev.CensusBegan(state.year))
            self._census_prefill()
            return
        self._end_year()

    def _census_prefill(self) -> None:
        """A player with none of the unit counted has a single choice: the engine reveals 0."""
        state = self.state
        state.census_auto = {s for s in state.seats if state.players[s].units[state.census_unit] == 0}
        for seat in state.census_auto:
            state.census_reveals[seat] = 0

    def _census_step(self) -> bool:
        """Settles the unit counted now once everyone revealed; False while someone still chooses."""
        state = self.state
        if len(state.census_reveals) < len(state.seats):
            return False
        unit = UNITS[state.census_unit]
        reveals = dict(state.census_reveals)
        best = max(reveals.values())
        winners = [s for s in state.turn_order() if reveals[s] == best] if best > 0 else []
        state.census_log.append({"unit": unit, "reveals": reveals, "winners": winners})
        state.events.append(ev.CensusCounted(unit, tuple(sorted(reveals.items())), tuple(winners)))
        single = len(winners) == 1
        for seat in winners:
            player = state.players[seat]
            if unit in CENSUS_GOLD:
                gold = CENSUS_GOLD[unit][0 if single else 1]
                player.gold += gold
                state.events.append(ev.GoldTaken(seat, gold))
            elif unit in CENSUS_BARDS:
                state.pending.append(CensusBardsDue(seat, CENSUS_BARDS[unit][0 if single else 1]))
            elif player.floors_left > 0:
                # The mage floor leaves the reserve at once and waits behind the screen until a guild
                # of the player's has room; with none left it is simply not had.
                player.floors_left -= 1
                player.pending_floors += 1
                state.events.append(ev.FloorPending(seat))
                state.pending.append(FloorDue(seat))
        state.census_unit += 1
        state.census_reveals = {}
        if state.census_unit == len(UNITS):
            state.phase = Phase.CENSUS_DONE  # the year ends once the rewards' decisions are taken
        else:
            self._census_prefill()
        return True

    def _end_year(self) -> None:
        state = self.state
        if state.year == state.setup.years:
            state.phase = Phase.OVER
            state.step = 0
            scoring.score(state)
            return
        state.year += 1
        state.first = state.seats[(state.seats.index(state.first) + 1) % len(state.seats)]
        state.acted.clear()
        state.cleared.clear()
        for player in state.players.values():
            player.program = None
        state.phase, state.step, state.turn = Phase.PROGRAM, 0, 0
        state.events.append(ev.YearBegan(state.year, state.first))


# One table per concern, keyed by decision kind (`choices.KINDS`): a new kind fails here until it is taught.
Handler = Callable[[Game, Any, Any], None]
CHECKS: dict[str, Handler] = {
    "place": Game._check_place, "program": Game._check_program, "reward": Game._check_reward,
    "colossus": Game._check_colossus, "neutral": Game._check_neutral, "census": Game._check_census,
    "census_bards": Game._check_census_bards, "floor": Game._check_floor,
}
APPLIES: dict[str, Handler] = {
    "place": Game._apply_place, "program": Game._apply_program, "reward": Game._apply_reward,
    "colossus": Game._apply_colossus, "neutral": Game._apply_neutral, "census": Game._apply_census,
    "census_bards": Game._apply_census_bards, "floor": Game._apply_floor,
}
FORCES: dict[str, Callable[[Game, Any], None]] = {
    "place": Game._force_nothing, "program": Game._force_nothing, "reward": Game._force_reward,
    "colossus": Game._force_colossus, "neutral": Game._force_nothing, "census": Game._force_nothing,
    "census_bards": Game._force_census_bards, "floor": Game._force_floor,
}
