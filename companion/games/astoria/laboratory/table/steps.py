"""The Laboratory's events as the table's steps, in the rulebook's words: a step per turn (its action, then
each reaction of its chain in the order it happens, then the object made), the set-up's cards and first
player in a step of their own, the end in its own.

Every gem put, moved, returned, replaced, sent to the centre or to a Flask, or taken onto a laid card is a
line; a Character that stops (or starts again) dominating its colour is one too (L8.3: its team turns it face
down, or up). A card a seat alone may know (dealt, drawn from the deck, discarded) is named to it alone."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, Joined, Text
from companion.table.instructions import Instruction
from companion.table.steps import StepBuilder

from .events import LabEvent
from .words import Gem, GemIn, Reaction, slot, team

OVER = {"full": N_("The laboratory is full: nothing can change any more. The game is over."),
        "stalled": N_("No card is left and no reaction can happen any more. The game is over.")}


def _line(message: str, params: dict[str, Any] | None = None, **kw: Any) -> Instruction:
    return Instruction(message, params or {}, **kw)


class LabGrouping:
    """Fed the events of a game in order (events.LabEvent). Keeps only numbers and colours, no game."""

    heading = N_("Round {round} · {title}")

    def __init__(self) -> None:
        self.reactions: list[str] = []  # the chain under way, innermost last
        self.flask: dict[str, Any] | None = None  # a centre gem sent to a Flask, told with the reagent that pushed it

    def rebased(self, out: StepBuilder) -> None:
        self.reactions, self.flask = [], None

    def _turn(self, out: StepBuilder, event: LabEvent, title: str, seat: int) -> None:
        out.seal()
        out.round = event.round
        out.start("turn", Text(title, {"seat": seat}), Text(N_("Seat {seat}'s turn (continued)"), {"seat": seat}))
        self.reactions = []

    def _add(self, out: StepBuilder, event: LabEvent, line: Instruction) -> None:
        if not out.open:
            out.round = event.round
            out.start("table", Text(N_("At the table")), Text(N_("At the table (continued)")))
        draft = out.open[-1]
        if draft.size() >= 6:
            draft = out.going_on(draft)
        draft.lines.append(line)

    def feed(self, event: LabEvent, following: Any | None, out: StepBuilder) -> None:
        e, kind = event.data, event.kind
        if kind == "added":
            self._turn(out, event, N_("Seat {seat} adds a gem"), e["seat"])
            self._add(out, event, _line(N_("Put {gem} from the Reserve in slot {slot}."),
                                        {"gem": Gem(e["colour"]), "slot": slot(e["slot"])}))
        elif kind == "drew":
            self._turn(out, event, N_("Seat {seat} draws a Discovery"), e["seat"])
            self._drew(out, event)
        elif kind == "moved" and not self.reactions:
            self._turn(out, event, N_("Seat {seat} does Alchemy"), e["seat"])
            self._add(out, event, _line(N_("Move {gem} from slot {source} to slot {to}."), self._move(e)))
        elif kind == "moved":
            self._add(out, event, _line(N_("{reaction}: move {gem} from slot {source} to slot {to}."),
                                        {"reaction": Reaction(self.reactions[-1]), **self._move(e)}))
        elif kind == "reaction":
            self.reactions.append(e["colour"])
            self._add(out, event, _line(N_("{reaction} in slot {slot}: {gem} just arrived is the reagent."),
                                        {"reaction": Reaction(e["colour"]), "slot": slot(e["slot"]),
                                         "gem": Gem(e["colour"], True)}, physical=False))
        elif kind == "placed":
            self._add(out, event, _line(N_("{reaction}: put {gem} from the Reserve in slot {slot}."),
                                        {"reaction": Reaction("blue"), "gem": Gem(e["colour"]),
                                         "slot": slot(e["slot"])}))
        elif kind == "returned":
            self._returned(out, event, following)
        elif kind == "replaced":
            pass  # told with the gem it replaces (`_returned`)
        elif kind == "flask":
            self.flask = e
            if not (isinstance(following, LabEvent) and following.kind == "centre"):
                self._to_flask(out, event)
        elif kind == "centre":
            self._centre(out, event)
        elif kind == "made":
            self._made(out, event)
        elif kind == "dominance":
            face = N_("Team {team}: turn your {colour} Character face down: it no longer dominates.") \
                if e["team"] != e["holder"] else \
                N_("Team {team}: turn your {colour} Character face up: it dominates again.")
            self._add(out, event, _line(face, {"team": team(e["holder"]), "colour": e["colour"]}))
        elif kind == "dealt":
            self._add(out, event, Instruction(N_("Seat {seat} takes an Artefact card."),
                                              {"seat": e["seat"], "card": e["card"]}, e["seat"],
                                              N_("Seat {seat} takes Artefact {card}.")))
        elif kind == "drawn":
            self._add(out, event, Instruction(N_("Seat {seat}: the card drawn is told to you alone."),
                                              {"seat": e["seat"], "card": e["card"]}, e["seat"],
                                              N_("Seat {seat}: you drew Artefact {card}."), physical=False))
        elif kind == "first":
            self._add(out, event, _line(N_("Seat {seat} plays first: the first card's colour is {colour}, their "
                                           "Character's."), {"seat": e["seat"], "colour": e["colour"]},
                                        physical=False))
        elif kind == "discovery":
            self._add(out, event, _line(N_("Lay Artefact {card} face up beside the deck: a Discovery."),
                                        {"card": e["card"]}))
        elif kind == "over":
            out.seal()
            out.round = event.round
            out.start("over", Text(N_("The end")), Text(N_("The end")))
            message = N_("No {colour} gem is left in the Reserve or the laboratory: the game is over.") \
                if e.get("colour") else OVER["full"]
            self._add(out, event, _line(message, {"colour": e["colour"]} if e.get("colour") else {}, physical=False))

    @staticmethod
    def _move(e: dict[str, Any]) -> dict[str, Any]:
        return {"gem": Gem(e["colour"], True), "source": slot(e["source"]), "to": slot(e["to"])}

    def _drew(self, out: StepBuilder, event: LabEvent) -> None:
        e = event.data
        if e.get("discard") is not None:  # L5.2: which card is the drawer's secret
            self._add(out, event, Instruction(N_("Put a card of your hand under the deck."), {"card": e["discard"]},
                                              e["seat"], N_("Put Artefact {card} of your hand under the deck.")))
        if e.get("discovery") is None:
            self._add(out, event, _line(N_("Take the deck's top card into your hand.")))
        elif e.get("card"):
            self._add(out, event, _line(N_("Take the Discovery, Artefact {card}, into your hand; lay the deck's "
                                           "top card face up in its place."), {"card": e["card"]}))
        else:  # typed cards: the Pi knows no card's number
            self._add(out, event, _line(N_("Take Discovery {n} into your hand; lay the deck's top card face up "
                                           "in its place."), {"n": e["discovery"] + 1}))

    def _returned(self, out: StepBuilder, event: LabEvent, following: Any | None) -> None:
        e = event.data
        params = {"reaction": Reaction(e["by"]), "gem": GemIn(e["colour"], e["slot"])}
        if isinstance(following, LabEvent) and following.kind == "replaced":  # L7.3, L7.4, A-12: one line
            message = N_("{reaction}: return {gem} to the Reserve and put {new} from the Reserve in its place.")
            self._add(out, event, _line(message, {**params, "new": Gem(following.data["colour"])}))
        else:
            self._add(out, event, _line(N_("{reaction}: return {gem} to the Reserve."), params))

    def _to_flask(self, out: StepBuilder, event: LabEvent) -> None:
        e = event.data
        self._add(out, event, _line(N_("Put {gem} of the centre into Team {team}'s Flask."),
                                    {"gem": Gem(e["colour"], True), "team": team(e["team"])}))
        self.flask = None

    def _centre(self, out: StepBuilder, event: LabEvent) -> None:
        """L7.7: the reagent to the centre, the gem that was there to its dominant team's Flask, one line."""
        e, flask = event.data, self.flask
        params = {"colour": e["colour"], "slot": slot(e["slot"])}
        if flask is None:
            self._add(out, event, _line(N_("Move the reagent ({colour}) from slot {slot} to the centre."), params))
        else:
            self._add(out, event, _line(N_("Move the reagent ({colour}) from slot {slot} to the centre; put {gem} "
                                           "that was there into Team {team}'s Flask."),
                                        {**params, "gem": Gem(flask["colour"], True), "team": team(flask["team"])}))
        self.flask = None
        if self.reactions:
            self.reactions.pop()

    def _made(self, out: StepBuilder, event: LabEvent) -> None:
        e = event.data
        gems = Joined(tuple(GemIn(colour, at) for at, colour in e["from"]))
        message = N_("Seat {seat}: lay your card face up; take {gems} onto it.") if e["card"] is None else \
            N_("Seat {seat}: lay Artefact {card} face up; take {gems} onto it.")
        self._add(out, event, _line(message, {"seat": e["seat"], "card": e["card"], "gems": gems}))
