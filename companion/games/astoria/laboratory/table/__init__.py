"""The Laboratory at the physical table (companion.table.game_parts.GameTable), on the framework's defaults
(companion.table.default_part.DefaultTable) with what it says better: its steps in the rulebook's words
(steps.py), each move in words for the history, the pieces put back after a rollback, its set-up told, and
the warning that the pack is provisional."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.i18n import N_, NP_, Joined, Text, translate
from companion.table.default_part import DefaultTable
from companion.table.instructions import Instruction
from companion.table.steps import Step

from ..rules import PROVISIONAL, LabMatch, LabSetup
from ..rules.moves import Add, Chance, Draw, Make, Shift, Take
from .events import Replays
from .steps import LabGrouping
from .words import Gem, GemIn, Reaction, slot, team

CAVEAT = N_("This Laboratory pack is provisional: its colour tables and Artefact cards are invented, not the "
            "real board's. Check every reaction and pattern against your board and cards.")


class LabTable(DefaultTable):
    def __init__(self) -> None:
        super().__init__("astoria-laboratory")
        self.drafts = None  # no sealed choice: one player acts at a time
        self._lab = Replays()

    def events(self, match: LabMatch) -> Sequence[Any]:  # LabEvent
        return list(self._lab.of(match).events)

    def grouping(self, match: LabMatch) -> LabGrouping:
        return LabGrouping()

    def setup_steps(self, match: LabMatch, typed: frozenset[str]) -> list[Step]:
        """L2: the cards, the Characters (dealt, and the spares shared out, A-04), the Flasks, the empty
        laboratory; who sits where (A-06: seat 2k-1 on team A's side, seat 2k facing it)."""
        setup = match.setup
        held = Joined(tuple(Text(N_("seat {seat} {colour}"), {"seat": s, "colour": setup.characters[s - 1]})
                            for s in setup.seats))
        lines = [Instruction(N_("Take out the 6 Grimoires; shuffle the 24 Artefacts into the deck."), {}),
                 Instruction(NP_("Team A sits on one side (seat {a}), Team B facing it (seat {b}).",
                                 "Team A sits on one side (seats {a}), Team B facing it (seats {b}), each seat "
                                 "facing the next."),
                             {"n": setup.players // 2, "a": Joined(setup.members(0)), "b": Joined(setup.members(1))}),
                 Instruction(N_("Deal the Characters: {held}."), {"held": held}),
                 *(Instruction(N_("Team {team} keeps the spare Characters {colours}."),
                               {"team": team(t), "colours": Joined(setup.spares[t])})
                   for t in (0, 1) if setup.spares[t]),
                 Instruction(N_("Give each team 2 Flasks; put the 60 gems in the Reserve; the laboratory and its "
                                "centre start empty."), {})]
        if setup.cards == "typed":
            lines.append(Instruction(NP_("Deal {n} Artefact to each player and lay 3 Discoveries face up.",
                                         "Deal {n} Artefacts to each player and lay 3 Discoveries face up."),
                                     {"n": 3}))
        return [Step("setup", 1, Text(N_("Set up")), tuple(lines), (match.version, len(self.events(match))))]

    def caveat(self, pack: Any, setup: LabSetup) -> tuple[str, str] | None:
        if (pack or PROVISIONAL).status != "verified":
            return CAVEAT, "the Laboratory pack is provisional, not the real board and cards"
        return None

    def started(self, setup: LabSetup) -> str:
        return f"Laboratory, {setup.players} players, {setup.team_play}, cards {setup.cards}"

    # -- the history -----------------------------------------------------------------------------------

    def describe(self, language: str, match: LabMatch, index: int, round: int, *, blind: bool) -> str:
        context, move = self._lab.of(match).contexts[index], match.moves[index]
        return translate(language, N_("Round {round} · {move}"),
                         {"round": round, "move": move_words(move, context.decision, context.chance,
                                                             context.told_by, blind)})

    # -- after a rollback --------------------------------------------------------------------------------

    def restore_lines(self, before: dict[str, Any], after: dict[str, Any], pack: Any) -> list[Instruction]:
        return restore_lines(before, after)


def move_words(move: Any, decision: str | None, chance: str | None, told_by: int | None, blind: bool) -> Text:
    """A move as the history says it. A card a seat alone knows is named only when the reader may see it."""
    if isinstance(move, Chance):
        if chance == "first":
            return Text(N_("the first card's colour is {colour}"), {"colour": move.outcome})
        if chance == "discovery":
            return Text(N_("Artefact {card} is laid face up as a Discovery"), {"card": move.outcome})
        if blind:
            return Text(N_("seat {seat} is told a card"), {"seat": told_by})
        return Text(N_("seat {seat} is told Artefact {card}"), {"seat": told_by, "card": move.outcome})
    seat = move.seat
    if isinstance(move, Add):
        if move.type == "place":
            return Text(N_("seat {seat}, {reaction}: put {gem} in slot {slot}"),
                        {"seat": seat, "reaction": Reaction("blue"), "gem": Gem(move.colour), "slot": slot(move.slot)})
        return Text(N_("seat {seat} adds {gem} in slot {slot}"),
                    {"seat": seat, "gem": Gem(move.colour), "slot": slot(move.slot)})
    if isinstance(move, Draw):
        if move.discard is not None:
            return Text(N_("seat {seat} puts a card under the deck and draws the top card") if blind else
                        N_("seat {seat} puts Artefact {card} under the deck and draws the top card"),
                        {"seat": seat, "card": move.discard})
        if move.discovery is None:
            return Text(N_("seat {seat} draws the deck's top card"), {"seat": seat})
        return Text(N_("seat {seat} takes Discovery {n}"), {"seat": seat, "n": move.discovery + 1})
    if isinstance(move, Shift):
        params = {"seat": seat, "gem": Gem(move.colour, True), "source": slot(move.source), "to": slot(move.to)}
        if move.type == "move":
            return Text(N_("seat {seat} moves {gem} from slot {source} to slot {to}"), params)
        return Text(N_("seat {seat}, {reaction}: move {gem} from slot {source} to slot {to}"),
                    {**params, "reaction": Reaction(str(decision))})
    if isinstance(move, Take):
        params = {"seat": seat, "reaction": Reaction(str(decision)), "gem": GemIn(move.colour, move.slot)}
        if move.into is None:
            return Text(N_("seat {seat}, {reaction}: return {gem} to the Reserve"), params)
        return Text(N_("seat {seat}, {reaction}: replace {gem} by {new}"), {**params, "new": Gem(move.into)})
    if isinstance(move, Make):
        if move.card is None and not move.pattern:
            return Text(N_("seat {seat} makes no object now"), {"seat": seat})
        if move.card is None:
            return Text(NP_("seat {seat} lays a card of {n} gem", "seat {seat} lays a card of {n} gems"),
                        {"seat": seat, "n": len(move.pattern)})
        return Text(N_("seat {seat} lays Artefact {card}"), {"seat": seat, "card": move.card})
    return Text(N_("a move"))


def restore_lines(before: dict[str, Any], after: dict[str, Any]) -> list[Instruction]:
    """What to change on the board to stand as the referee's view `after` from `before` (two referee views):
    each slot, the centre, each team's Flask, each player's laid cards and the Discoveries that differ."""
    lines: list[Instruction] = []
    for index, (was, now) in enumerate(zip(before["laboratory"], after["laboratory"], strict=True)):
        if sorted(was) != sorted(now):
            lines.append(Instruction(N_("Slot {slot} holds {gems} again."), {"slot": slot(index), "gems": gems(now)}))
    if before["centre"] != after["centre"]:
        lines.append(Instruction(N_("The centre holds {gems} again."),
                                 {"gems": gems([after["centre"]] if after["centre"] else [])}))
    for was, now in zip(before["teams"], after["teams"], strict=True):
        if sorted(was["flask"]) != sorted(now["flask"]):
            lines.append(Instruction(N_("Team {team}'s Flask holds {gems} again."),
                                     {"team": now["team"], "gems": gems(now["flask"])}))
    for was, now in zip(before["players"], after["players"], strict=True):
        if was["laid"] != now["laid"]:
            lines.append(Instruction(NP_("Seat {seat} keeps {n} card laid; the others go back to their hand.",
                                         "Seat {seat} keeps {n} cards laid; the others go back to their hand."),
                                     {"seat": now["seat"], "n": len(now["laid"])}))
        if was["cards"] != now["cards"]:
            lines.append(Instruction(NP_("Seat {seat} holds {n} card again.", "Seat {seat} holds {n} cards again."),
                                     {"seat": now["seat"], "n": now["cards"]}))
    if before["discoveries"] != after["discoveries"]:
        lines.append(Instruction(N_("Lay the Discoveries as the referee's page shows them."), {}))
    if not lines and before != after:
        lines.append(Instruction(N_("Put the pieces back as the referee's page shows the game now."), {}))
    return lines


def gems(colours: Sequence[str]) -> Any:
    return Joined(tuple(Gem(c) for c in colours)) if colours else Text(N_("no gem"))


TABLE = LabTable()
