"""Xidit's events grouped the way a table plays (its `StepGrouping`): the placement of the Idrakys; each
order slot of the year; each elimination (units back, tile off, ladders moved, rewards placed); an
awakening; the end of a year; each unit counted at a census; each scoring. And the set-up steps.

The framework's StepBuilder (companion.table.steps) keeps the steps, their sealing and their length.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.games.xidit.rules import Game, Setup
from companion.games.xidit.rules import events as ev
from companion.games.xidit.rules.actions import Action
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.events import Event
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import PROGRAM_LENGTH
from companion.i18n import N_, Joined, Text
from companion.table.game_parts import StepGrouping
from companion.table.instructions import Instruction
from companion.table.steps import MAX_LINES, Step, StepBuilder, StepDraft

from . import printed
from .lines import bards_line, idle, lines, who

HEADING = N_("Year {round} · {title}")  # a step's heading: Xidit's rounds are years
KINDS = ("setup", "place", "order", "elimination", "awakening", "year_end", "census", "scoring", "restore")

# The primary outcome of one player's order: exactly one per player and order slot.
ORDER_OUTCOMES = (ev.Moved, ev.NoRoad, ev.Waited, ev.NoEffect, ev.Recruited, ev.ThreatEliminated,
                  ev.ColossusDefeated, ev.ColossusDeclined)


class XiditGrouping(StepGrouping):
    """Feeds on one game's events in order, writing its steps into the table's StepBuilder."""

    heading = HEADING

    def __init__(self, game: Game) -> None:
        self._game = game  # read as it is when each event is fed: the state replaced by a move is the new one
        self._outcomes = 0  # order outcomes since the programs were revealed
        self._slot = 0
        self._slot_begun = False  # a step of this order slot was made already
        self._scorings = 0
        self._rewards: StepDraft | None = None  # where an elimination's rewards go, once chosen
        # The part of the year under way when it is not the orders (a census, a scoring): its kind and the
        # title of its steps going on, for lines that come after every step was sealed (after a rollback).
        self._part: tuple[str, Text] | None = None

    @property
    def _state(self) -> State:
        return self._game.state

    def __deepcopy__(self, memo: dict[int, Any]) -> XiditGrouping:
        """A copy for putting the steps back (companion.table.memory): the game stays the table's own."""
        fresh = copy.copy(self)
        memo[id(self)] = fresh
        fresh._rewards = copy.deepcopy(self._rewards, memo)
        return fresh

    def rebased(self, out: StepBuilder) -> None:
        self._rewards = None  # (self._part stays: a census rolled into goes on as one)

    def feed(self, event: Event, following: Event | None, out: StepBuilder) -> None:
        self._out = out
        self._feed(event, following)

    def _boundary(self) -> None:
        """The game moved on: every open step is sealed, and rewards to come are for a new elimination."""
        self._out.seal()
        self._rewards = None

    def _feed(self, event: Event, following: Event | None) -> None:
        state = self._state
        match event:
            case ev.Placed():
                self._out.target("place", Text(N_("Place the Idrakys")), Text(N_("Place the Idrakys (continued)")))
            case ev.YearBegan(year=year, first=first):
                if year > 1:
                    self._boundary()
                    draft = self._out.start("year_end", Text(N_("End of year {year}"), {"year": year - 1}),
                                        Text(N_("End of year {year} (continued)"), {"year": year - 1}), year - 1)
                    draft.lines += [Instruction(N_("Pass the first-player marker → {player}."),
                                                {"player": who(state, first)}, first),
                                    Instruction(N_("Move the year marker → year {year}."), {"year": year})]
                self._out.round = year
                self._part = None
                return
            case ev.Revealed():
                self._boundary()
                self._part = None
                self._outcomes = 0
                self._slot = 0
                return
            case ev.CensusBegan():
                self._boundary()
                self._out.start("census", Text(N_("Census")), Text(N_("Census (continued)")))
                self._part = ("census", Text(N_("Census (continued)")))
                return
            case ev.CensusCounted():
                self._rewards = None
            case ev.Scored(category=category, eliminated=eliminated, neutral_eliminated=neutral_out):
                self._boundary()
                self._scoring(category, eliminated, neutral_out)
                return
            case ev.ThreatEliminated(seat=seat, city=city):
                self._outcome(keep=False)
                draft = self._out.start("elimination", Text(N_("{player} eliminates the threat on city {city}"),
                                                        {"player": who(state, seat), "city": city}),
                                    Text(N_("Rewards of {player}"), {"player": who(state, seat)}))
                self._rewards = draft
            case ev.ColossusDefeated(seat=seat, city=city, index=index):
                self._outcome(keep=False)
                draft = self._out.start("elimination", Text(N_("{player} defeats {colossus} on city {city}"),
                                                        {"player": who(state, seat), "city": city,
                                                         "colossus": printed.colossus(state.board, index)}),
                                    Text(N_("Rewards of {player}"), {"player": who(state, seat)}))
                self._rewards = draft
            case ev.Awakened():
                self._out.start("awakening", Text(N_("The colossi awaken")), Text(N_("The colossi awaken (continued)")))
            case ev.GoldTaken() | ev.BardsPlaced() | ev.FloorsBuilt() | ev.NeutralAdvanced() | ev.FloorPending():
                if self._rewards is not None:
                    if self._rewards not in self._out.open:  # sealed by a Done before the rewards were chosen
                        self._rewards = self._out.start(self._rewards.kind, self._rewards.more, self._rewards.more)
                    self._add(self._rewards, lines(state, event))
                    return
            case _ if isinstance(event, ORDER_OUTCOMES):
                found = idle(state, event)
                # An order that moves no tile joins its slot's step even after an elimination.
                self._outcome(keep=found is not None or isinstance(event, ev.Moved)
                              or (isinstance(event, ev.Recruited) and not isinstance(following, ev.TileOut)))
                draft = self._slot_draft()
                if found is not None:
                    if draft.size() >= MAX_LINES and not draft.idle:
                        draft = self._going_on(draft)
                    draft.idle.append(found)
                    return
                made = lines(state, event)
                if draft.size() >= MAX_LINES:
                    draft = self._going_on(draft)
                draft.lines.extend(made)
                return
        made = lines(state, event)
        if made:
            self._add(self._current(), made)

    # -- helpers -----------------------------------------------------------------------------------

    def _outcome(self, keep: bool) -> None:
        """One more player's order: a new slot seals what came before, and so does an elimination that
        came between, unless this order touches no tile (`keep`) and its slot's step is still open."""
        slot = self._outcomes // max(1, len(self._state.players)) + 1
        self._outcomes += 1
        if slot != self._slot:
            self._slot, self._slot_begun = slot, False
            self._boundary()
        elif self._out.open and self._out.open[-1].kind != "order" and not (keep and self._slot_open() is not None):
            self._boundary()  # the slot goes on in a step of its own
        self._rewards = None

    def _slot_open(self) -> StepDraft | None:
        """The open step of the current slot with room for one more line, if any."""
        for draft in reversed(self._out.open):
            if draft.kind == "order" and draft.size() < MAX_LINES:
                return draft
        return None

    def _slot_draft(self) -> StepDraft:
        if self._out.open and self._out.open[-1].kind == "order":
            return self._out.open[-1]
        found = self._slot_open()
        if found is not None:
            return found
        draft = self._out.start("order", self._slot_title(self._slot_begun), self._slot_title(True))
        self._slot_begun = True
        return draft

    def _going_on(self, draft: StepDraft) -> StepDraft:
        """A new step after `draft`, with its title for going on (rewards to come go on in it too)."""
        going_on = self._out.going_on(draft)
        if draft is self._rewards:
            self._rewards = going_on
        return going_on

    def _slot_title(self, more: bool) -> Text:
        params = {"slot": self._slot, "of": PROGRAM_LENGTH}
        return Text(N_("Order {slot} of {of} (continued)") if more else N_("Order {slot} of {of}"), params)

    def _current(self) -> StepDraft:
        if not self._out.open:
            if self._part is not None:  # a census (or scoring) goes on: its steps keep its title
                kind, more = self._part
                return self._out.start(kind, more, more)
            title = self._slot_title(True) if self._slot else Text(N_("Set up"))
            return self._out.start("order" if self._slot else "setup", title, title)
        return self._out.open[-1]

    def _add(self, draft: StepDraft, made: list[Instruction]) -> None:
        for line in made:
            last = draft.lines[-1] if draft.lines else None
            if last is not None and "tile_in" in last.params and "next_tile" in line.params:
                draft.lines[-1] = Instruction(N_("{tile_in}; {next_tile}."), {**last.params, **line.params})
                continue
            if last is not None and last.seat is not None and last.seat == line.seat and "placed" in line.params \
                    and "placed" in last.params:  # one line for a player's bard tokens, however many regions
                placed = last.params["placed"] + line.params["placed"]
                draft.lines[-1] = bards_line(last.params["player"], last.seat, placed)
                continue
            if draft.size() >= MAX_LINES:
                draft = self._going_on(draft)
            draft.lines.append(line)

    def _scoring(self, category: str, eliminated: tuple[int, ...], neutral_out: bool) -> None:
        state = self._state
        self._scorings += 1
        draft = self._out.start("scoring", Text(N_("Scoring {k} of 3: {category}"),
                                            {"k": self._scorings, "category": category}),
                            Text(N_("Scoring {k} of 3 (continued)"), {"k": self._scorings}))
        self._part = ("scoring", draft.more)
        rnd = state.rounds[self._scorings - 1] if len(state.rounds) >= self._scorings else None
        if rnd is not None:
            ranked = [Joined((who(state, s), rnd.values.get(s, 0)), " ") for s in rnd.ranking]
            if rnd.neutral_value is not None and rnd.neutral_position is not None:
                ranked.insert(rnd.neutral_position, Joined((Text(N_("neutral player")), rnd.neutral_value), " "))
            draft.lines.append(Instruction(N_("Ranking: {ranked}."), {"ranked": Joined(tuple(ranked))}, physical=False))
        for seat in eliminated:
            draft.lines.append(Instruction(N_("{player} is eliminated: turn their score marker to its Eliminated "
                                              "side."), {"player": who(state, seat)}, seat))
        if neutral_out:
            draft.lines.append(Instruction(N_("The neutral player is eliminated."), physical=False))
        if self._scorings == 3 and state.winner is not None:
            draft.lines.append(Instruction(N_("{player} wins the game."), {"player": who(state, state.winner)},
                                           physical=False))
        elif self._scorings == 3 and state.neutral is not None:
            draft.lines.append(Instruction(N_("The neutral player outlasts every player and wins the game."),
                                           physical=False))


def setup_steps(game: Game, typed: frozenset[str] = frozenset()) -> list[Step]:
    """Laying out the table for a new game: tiles, ladders, colossi, scoring tiles, neutral player. The
    parts of the layout the referee typed in from the table (`typed`, the layout's keys) are in place
    already: no line asks to place them."""
    state = game.state
    year = state.year
    tiles = [] if "recruit" in typed else [
        Instruction(N_("Put tile {city} → city {city}, recruitment side up, with {units} from the barracks."),
                    {"city": e.number, "units": printed.units(e.units)})
        for e in state.events if isinstance(e, ev.TileIn) and e.side == "recruit"]
    threats = [e.number for e in state.events if isinstance(e, ev.TileIn) and e.side == "threat"]
    steps = [Step("setup", year, Text(N_("Set up: recruitment tiles")), tuple(tiles[i:i + 6]))
             for i in range(0, len(tiles), MAX_LINES)]
    ladders = []
    if "threat" not in typed:
        ladders.append(Instruction(N_("Put tiles {tiles} each → its own city, threat side up."),
                                   {"tiles": Joined(tuple(threats))}))
    if "recruit_pile" not in typed:
        ladders += [Instruction(N_("Recruitment pile, recruitment side up, {stack}."),
                                {"stack": printed.stack(state.recruit_pile)}),
                    Instruction(N_("Put tile {tile} → next recruitment, recruitment side up."),
                                {"tile": state.next_recruit})]
    if "threat_pile" not in typed:
        ladders += [Instruction(N_("Threat pile, threat side up, {stack}."),
                                {"stack": printed.stack(state.threat_pile)}),
                    Instruction(N_("Put tile {tile} → next threat, threat side up."), {"tile": state.next_threat})]
    if ladders:
        steps.append(Step("setup", year, Text(N_("Set up: threats and piles")), tuple(ladders)))
    rest = [] if "colossi" in typed else [
        Instruction(N_("Stack the {needs}-colossi sleeping side up, {stack}."),
                    {"needs": needs, "stack": _colossus_stack(state, [c.index for c in stack])})
        for needs, stack in zip((3, 4, 5), state.colossi, strict=True)]
    if "scoring" not in typed:
        rest.append(Instruction(N_("Scoring tiles, in order: {order}."), {"order": list(state.scoring_order)}))
    if state.neutral is not None:
        rest.append(Instruction(N_("Neutral player's markers: wealth {wealth}, influence {influence}, fame {fame}."),
                                dict(state.neutral)))
    if state.void:
        rest.append(Instruction(N_("Put a Void marker → {regions}."),
                                {"regions": Joined(tuple(printed.region(state.board, r) for r in sorted(state.void)),
                                                   "; ")}))
    rest.append(Instruction(N_("Give the first-player marker → {player}."), {"player": who(state, state.first)},
                            state.first))
    steps.append(Step("setup", year, Text(N_("Set up: colossi and scoring")),
                      tuple(rest[:MAX_LINES])))
    if len(rest) > MAX_LINES:
        steps.append(Step("setup", year, Text(N_("Set up: colossi and scoring (continued)")),
                          tuple(rest[MAX_LINES:])))
    at = (game.version, len(state.events))
    return [replace(step, at=at, round_heading=HEADING) for step in steps]


def _colossus_stack(state: State, top_first: list[int]) -> Text:
    """A stack of colossi named by their printed rewards, bottom first as hands stack them."""
    if not top_first:
        return Text(N_("none"))
    board = state.board
    shown = tuple(printed.rewards(board.colossi[i].gold, board.colossi[i].bards, board.colossi[i].guild)
                  for i in top_first[::-1])
    return Text(N_("bottom first: {colossi} (on top)"), {"colossi": Joined(shown, " / ")})


def game_steps(board: Board, setup: Setup, actions: Sequence[Action]) -> list[Step]:
    """Every step of a whole game for the physical table, as a table playing it would have told them."""
    game = Game(board, setup)
    builder = StepBuilder(XiditGrouping(game))
    builder.add_steps(setup_steps(game))
    seen = len(game.state.events)
    for action in actions:  # one at a time, as a table is told them: each step knows where the game stood
        game.push(action)
        builder.feed(game.state.events[seen:], seen, game.version)
        seen = len(game.state.events)
    builder.seal()
    return builder.steps()
