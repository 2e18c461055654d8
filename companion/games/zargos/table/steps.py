"""Zargos's events grouped the way a table plays (its `StepGrouping`): the peoples chosen, the draft of the
placement cards, the trades, the boats and the placement; then in each round every people's attacks, each
combat round by round, its reorganisation; the count and the new order, the kingdom cards, the magic cards
dealt (how many, never which, but to their player), the reinforcements and boats. And the set-up steps.

A line names the piece first, then from → to, with the count as tokens (large and small: 2.6). What a
player keeps behind his screen (his reinforcement and boat cards, 2.9; his magic cards, 12.2) is only in
that player's form of the line. The framework's StepBuilder keeps the steps, their sealing and length."""

from __future__ import annotations

import copy
from typing import Any

from companion.i18n import N_, NP_, Joined, Text
from companion.table.game_parts import StepGrouping
from companion.table.instructions import Instruction
from companion.table.steps import MAX_LINES, Step, StepBuilder, StepDraft

from ..rules import Board, Game
from ..rules.board import ZARGOS
from ..rules.terms import ALLOTMENT, ALLOTMENT_THREE_PEOPLES, BLUE_BOATS, GREEN_REINFORCEMENTS
from .words import Named, card, kingdom, names_of, people, province, reason, spread, stater, tokens
from .words import player as player_of

HEADING = N_("Round {round} · {title}")  # a step's heading (the set-up is round 0)
SECRET = ("reinforcement", "boat")  # 2.9


def allotment(game: Game) -> int:
    """2.5: strength per people."""
    setup = game.setup
    return ALLOTMENT_THREE_PEOPLES if setup.peoples_each == 3 else ALLOTMENT[setup.players]


def draft_size(board: Board) -> int:
    """2.7: how many placement cards the draft deals, both piles (flow.py's piles): the draft ends with them."""
    return GREEN_REINFORCEMENTS + BLUE_BOATS + sum(
        1 + sum(1 for p in k.provinces if p != k.capital) for k in board.kingdoms.values() if k.id != ZARGOS)


def setup_steps(game: Game) -> list[Step]:
    lines = (Instruction(N_("Unfold the board; put the 4 dice and the 15 boat tokens beside it.")),
             Instruction(N_("Sort the placement cards by their backs: shuffle the green pile and the blue pile, "
                            "each face down.")),
             Instruction(N_("Shuffle the magic cards into a face-down deck (with the Pi dealing them, they only "
                            "serve to read the cards).")),
             Instruction(N_("Each player rolls one die: the highest chooses a people first.")))
    return [Step("setup", 0, Text(N_("Set up")), lines, (0, 0), HEADING)]


class ZargosGrouping(StepGrouping):
    """Feeds on one game's events in order, writing its steps into the table's StepBuilder. It keeps its own
    tally of what the events said (who holds which placement cards, the attacker of each combat), so that a
    step told late says what was true then."""

    heading = HEADING

    def __init__(self, game: Game) -> None:
        self._board: Board = game.board
        self._allotment = allotment(game)
        self._owner: dict[str, int] = {}  # people → seat
        self._cards: dict[str, list[str]] = {}  # people → placement cards (2.7-2.11)
        self._drafted: dict[str, list[str]] = {}  # people → cards drafted, not yet told (2.7-2.9)
        self._draft_size = draft_size(game.board)
        self._peoples = game.setup.players * game.setup.peoples_each  # 2.4: how many are chosen
        self._chosen: list[Instruction] = []  # the peoples chosen, not yet told
        self._boats_told = False
        self._attacker = ""  # the people whose turn it is
        self._rounds: dict[str, int] = {}  # combat rounds fought per province this turn
        self._drew: StepDraft | None = None  # the step the magic cards dealt go in
        self._dealt: dict[int, list[str]] = {}  # seat → cards dealt in this step
        self._names = names_of(game)  # the names the table keeps for the players, if any

    def __deepcopy__(self, memo: dict[int, Any]) -> ZargosGrouping:
        fresh = copy.copy(self)
        memo[id(self)] = fresh
        fresh._owner, fresh._cards = dict(self._owner), {k: list(v) for k, v in self._cards.items()}
        fresh._drafted = {k: list(v) for k, v in self._drafted.items()}
        fresh._chosen = list(self._chosen)
        fresh._rounds, fresh._dealt = dict(self._rounds), {k: list(v) for k, v in self._dealt.items()}
        fresh._drew = copy.deepcopy(self._drew, memo)
        return fresh

    def rebased(self, out: StepBuilder) -> None:
        self._drew, self._dealt = None, {}

    # -- writing ---------------------------------------------------------------------------------------
    def _step(self, kind: str, title: Text) -> StepDraft:
        """The open step of this kind and title (or its going-on step), else a new one. Only the last step
        stays open: what came before is sealed, so the table's memory of open steps stays small."""
        more = Text(N_("{title} (continued)"), {"title": title})
        last = self._out.open[-1] if self._out.open else None
        if last is not None and last.kind == kind and last.title in (title, more):
            return self._room(last)
        self._out.seal()
        return self._out.start(kind, title, more)

    def _room(self, draft: StepDraft) -> StepDraft:
        """`draft`, or the step it goes on in once it holds MAX_LINES lines."""
        if draft.size() < MAX_LINES:
            return draft
        self._out.seal()
        return self._out.start(draft.kind, draft.more, draft.more)

    def _add(self, kind: str, title: Text, *lines: Instruction) -> StepDraft:
        draft = self._step(kind, title)
        for line in lines:
            draft = self._room(draft)
            draft.lines.append(line)
        return draft

    def _player(self, seat: int) -> Text | Named:
        return player_of(seat, self._names)

    def _seat(self, key: str) -> int | None:
        return self._owner.get(key)

    # -- feeding ---------------------------------------------------------------------------------------
    def feed(self, event: dict[str, Any], following: Any | None, out: StepBuilder) -> None:
        self._out = out
        kind = event.get("event")
        if event.get("round", out.round) != out.round:
            out.seal()
            out.round = event["round"]
        handler = getattr(self, f"_on_{kind}", None)
        if kind != "drew" and self._drew is not None:
            self._drew, self._dealt = None, {}
        if handler is not None:
            handler(event)

    def _on_roll(self, e: dict[str, Any]) -> None:
        self._add("peoples", Text(N_("The peoples")),
                  Instruction(N_("{player} rolls {die}."), {"player": self._player(e["seat"]), "die": e["die"]},
                              e["seat"], physical=False))

    def _on_chose(self, e: dict[str, Any]) -> None:
        """2.4: the peoples are chosen one after another, then taken at once: one step for all of them."""
        self._owner[e["people"]] = e["seat"]
        self._cards[e["people"]] = []
        self._chosen.append(Instruction(N_("{player} chooses {people}: take its sheet and {tokens} of its tokens."),
                                        {"player": self._player(e["seat"]), "people": people(e["people"]),
                                         "tokens": tokens(self._allotment)}, e["seat"]))
        if len(self._owner) < self._peoples:
            return
        self._add("peoples", Text(N_("The peoples")), *self._chosen)
        self._chosen = []
        self._out.seal()

    def _on_drafted(self, e: dict[str, Any]) -> None:
        """2.7-2.9: the cards drafted are kept back and told in one step once both piles are empty: the table
        takes them and puts their tokens at once, one line a people, not a step (and a Done) per card."""
        who = e["people"]
        self._cards.setdefault(who, []).append(str(e["card"]))
        self._drafted.setdefault(who, []).append(str(e["card"]))
        if sum(len(cards) for cards in self._drafted.values()) < self._draft_size:
            return
        lines = [self._draft_line(who, cards) for who, cards in self._drafted.items()]
        self._drafted = {}
        self._add("draft", Text(N_("The draft of the placement cards")), *lines)
        self._out.seal()

    def _draft_line(self, who: str, cards: list[str]) -> Instruction:
        """What a people takes from the piles: the cards that put a token, named (2.8), and how many go
        behind its screen (2.9: which of them is its own to know)."""
        shown = [c for c in cards if c.partition(":")[0] not in SECRET]
        places = Joined(tuple(province(self._board, self._place_of(c)) for c in shown), "; ")
        green = sum(1 for c in cards if c == "reinforcement")
        blue = sum(1 for c in cards if c == "boat")
        hidden = Text(NP_("{n} card behind your screen", "{n} cards behind your screen"), {"n": green + blue})
        secret = Joined(tuple(Text(words, {"n": n}) for n, words in (
            (green, NP_("{n} reinforcement card", "{n} reinforcement cards")),
            (blue, NP_("{n} boat card", "{n} boat cards"))) if n))
        params = {"people": people(who), "places": places, "hidden": hidden, "secret": secret}
        seat = self._seat(who)
        if shown and green + blue:
            return Instruction(N_("{people}: take the placement cards of {places} and put 1 small token of {people} on "
                                  "each of these provinces; take {hidden}."), params, seat,
                               private=N_("{people}: take the placement cards of {places} and put 1 small token of "
                                          "{people} on each of these provinces; take {secret} behind your screen."))
        if shown:
            return Instruction(N_("{people}: take the placement cards of {places} and put 1 small token of {people} on "
                                  "each of these provinces."), params, seat)
        return Instruction(N_("{people}: take {hidden}."), params, seat,
                           private=N_("{people}: take {secret} behind your screen."))

    def _place_of(self, card: str) -> str:
        what, _, where = card.partition(":")
        return self._board.kingdoms[where].capital or "" if what == "capital" else where

    def _on_trade(self, e: dict[str, Any]) -> None:
        title = Text(N_("Trades"))
        a, b = e["a"], e["b"]
        lines = [Instruction(N_("{a} and {b} trade placement cards."), {"a": people(a), "b": people(b)},
                             physical=False)]
        for giver, taker, gives in ((a, b, e.get("a_gives", [])), (b, a, e.get("b_gives", []))):
            for given in gives:
                if given in self._cards.get(giver, []):  # a tally only: a step never stops the table
                    self._cards[giver].remove(given)
                self._cards.setdefault(taker, []).append(given)
                what, _, where = given.partition(":")
                if what in ("province", "capital"):
                    spot = where if what == "province" else self._board.kingdoms[where].capital or ""
                    lines.append(Instruction(N_("Swap the token on {province}: {giver} → {taker}."),
                                             {"province": province(self._board, spot), "giver": people(giver),
                                              "taker": people(taker)}))
        self._add("trade", title, *lines)

    def _on_move(self, e: dict[str, Any]) -> None:
        match e["type"]:
            case "swords":
                who = e["people"]
                self._add("boats", Text(N_("Boats and extra tokens")),
                          Instruction(N_("{people}: take your extra tokens from the supply."),
                                      {"people": people(who), "tokens": tokens(sum(e["swords"]))}, e["seat"],
                                      private=N_("{people}: take {tokens} from the supply (your reinforcement "
                                                 "cards).")))
            case "place":
                self._tell_boats()
                self._add("place", Text(N_("Placement")),
                          Instruction(N_("{people}: put {spread}."), {"people": people(e["people"]),
                                                                       "spread": spread(self._board, e["spread"])},
                                      e["seat"]))
            case "keep":
                self._add("magic", Text(N_("Magic cards")),
                          Instruction(N_("{player}: keep {n} magic cards; put the others under the magic deck."),
                                      {"player": self._player(e["seat"]), "n": len(e["cards"]),
                                       "cards": Joined(tuple(card(c) for c in e["cards"]))}, e["seat"],
                                      private=N_("{player}: keep {cards}; put the others under the magic deck.")))

    def _tell_boats(self) -> None:
        """2.11, 2.13: once the trading is over each people takes one boat per boat card, in front of it."""
        if self._boats_told:
            return
        self._boats_told = True
        for who, cards in self._cards.items():
            boats = cards.count("boat")
            if boats:
                self._add("boats", Text(N_("Boats and extra tokens")),
                          Instruction(NP_("{people}: take {n} boat → in front of you.",
                                          "{people}: take {n} boats → in front of you."),
                                      {"people": people(who), "n": boats}, self._seat(who)))

    def _turn_title(self) -> Text:
        return Text(N_("Attacks of {people}"), {"people": people(self._attacker)})

    def _on_attack(self, e: dict[str, Any]) -> None:
        if e["people"] != self._attacker:
            self._attacker, self._rounds = e["people"], {}
        params = {"people": people(e["people"]), "tokens": tokens(e["strength"]),
                  "from": province(self._board, e["from"]), "to": province(self._board, e["to"]),
                  "n": len(e["route"])}
        if e["route"]:
            line = Instruction(NP_("{people}: move {tokens} from {from} → {to} by sea; give up {n} boat.",
                                   "{people}: move {tokens} from {from} → {to} by sea; give up {n} boats."),
                               params, self._seat(e["people"]))
        else:
            line = Instruction(N_("{people}: move {tokens} from {from} → {to}."), params, self._seat(e["people"]))
        self._add("attacks", self._turn_title(), line)

    def _combat_title(self, where: str) -> Text:
        return Text(N_("Combat in {province}"), {"province": province(self._board, where)})

    def _on_combat_round(self, e: dict[str, Any]) -> None:
        where = e["province"]
        self._rounds[where] = self._rounds.get(where, 0) + 1
        (attack, defence), (lost, lost_defence), (left, left_defence) = e["dice"], e["losses"], e["left"]
        self._add("combat", self._combat_title(where),
                  Instruction(N_("Round {round}: dice {attack} against {defence}. Attackers: remove {lost}, leave "
                                 "{left}. Defenders: remove {lost_defence}, leave {left_defence}."),
                              {"round": self._rounds[where], "attack": attack, "defence": defence,
                               "lost": tokens(lost), "left": tokens(left), "lost_defence": tokens(lost_defence),
                               "left_defence": tokens(left_defence)}))

    def _on_demons(self, e: dict[str, Any]) -> None:
        self._add("combat", self._combat_title(e["province"]),
                  Instruction(N_("The demons roll {die}: remove {lost} of {people}, leave {left}."),
                              {"die": e["dice"][0], "lost": tokens(e["loss"]), "people": people(self._attacker),
                               "left": tokens(e["left"])}))

    def _on_combat_over(self, e: dict[str, Any]) -> None:
        where = province(self._board, e["province"])
        holder = e.get("holder")
        line = Instruction(N_("{province} is empty: nobody holds it."), {"province": where}, physical=False) \
            if holder is None else Instruction(N_("{people} holds {province}."),
                                               {"people": people(holder), "province": where}, physical=False)
        self._add("combat", self._combat_title(e["province"]), line)
        self._out.seal()

    def _on_folie(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("Wind of Madness")),
                  Instruction(N_("{province}: the die shows {die}; remove {lost} there."),
                              {"province": province(self._board, e["province"]), "die": e["die"],
                               "lost": tokens(e["loss"])}))

    def _on_played(self, e: dict[str, Any]) -> None:
        target = str(e.get("target") or "")
        kind, _, what = target.partition(":")
        aimed = kingdom(self._board, what) if kind == "kingdom" else province(self._board, what) \
            if kind == "province" else people(what) if kind == "people" else what
        params = {"player": self._player(e["seat"]), "card": card(e["card"]), "target": aimed}
        line = Instruction(N_("{player} plays {card} on {target}: then put it under the magic deck."), params,
                           e["seat"]) if target else \
            Instruction(N_("{player} plays {card}: then put it under the magic deck."), params, e["seat"])
        self._add("magic", Text(N_("Magic cards")), line)

    def _on_reorganised(self, e: dict[str, Any]) -> None:
        who = e["people"]
        title = Text(N_("Reorganisation of {people}"), {"people": people(who)})
        lines = []
        for origin, target, strength, route in e["steps"]:
            params = {"people": people(who), "tokens": tokens(strength), "from": province(self._board, origin),
                      "to": province(self._board, target), "n": len(route)}
            lines.append(Instruction(NP_("{people}: move {tokens} from {from} → {to} by sea; give up {n} boat.",
                                         "{people}: move {tokens} from {from} → {to} by sea; give up {n} boats.")
                                     if route else N_("{people}: move {tokens} from {from} → {to}."), params,
                                     self._seat(who)))
        if lines:
            self._add("reorganise", title, *lines)
        self._out.seal()

    def _on_count(self, e: dict[str, Any]) -> None:
        self._out.seal()
        scores = Joined(tuple(Text(N_("{people} {points}"), {"people": people(k), "points": n})
                              for k, n in e["points"].items()))
        self._add("count", Text(N_("The count")),
                  Instruction(N_("Territory points: {scores}."), {"scores": scores}, physical=False))

    def _on_value(self, e: dict[str, Any]) -> None:
        self._add("count", Text(N_("The count")),
                  Instruction(N_("The capital of {kingdom} is worth {value}."),
                              {"kingdom": kingdom(self._board, e["kingdom"]), "value": e["value"]}, physical=False))

    def _on_tie_roll(self, e: dict[str, Any]) -> None:
        self._add("count", Text(N_("The count")),
                  Instruction(N_("{people} rolls {die} for the order."), {"people": people(e["people"]),
                                                                         "die": e["die"]}, physical=False))

    def _on_rank(self, e: dict[str, Any]) -> None:
        """10.6, Z-17: only the rank markers that change, each a token of the people's supply, never strength."""
        who, old, new = e["people"], e["from"], e["to"]
        params = {"people": people(who), "old": old, "rank": new}
        if not e.get("token", True):
            line = Instruction(N_("{people}: rank {rank}, but no token is left in your supply to mark it in its "
                                  "circle. The rules do not say what to do then: the table decides."), params,
                               self._seat(who), physical=False)
        elif old is None:
            line = Instruction(N_("{people}: take 1 small token from your supply → circle {rank}: it marks your "
                                  "rank and never counts as strength."), params, self._seat(who))
        elif new is None:
            line = Instruction(N_("{people}: out of the game, take your rank token off circle {old} → your "
                                  "supply."), params, self._seat(who))
        else:
            line = Instruction(N_("{people}: move your rank token from circle {old} → circle {rank}."), params,
                               self._seat(who))
        self._add("count", Text(N_("The count")), line)

    def _on_kingdom_card(self, e: dict[str, Any]) -> None:
        self._add("count", Text(N_("The count")),
                  Instruction(N_("Hand the kingdom card {kingdom} from the supply → {people}."),
                              {"kingdom": kingdom(self._board, e["kingdom"]), "people": people(e["people"])},
                              self._seat(e["people"])))

    def _on_kingdom_card_lost(self, e: dict[str, Any]) -> None:
        self._add("count", Text(N_("The count")),
                  Instruction(N_("{people}: return the kingdom card {kingdom} → the supply."),
                              {"kingdom": kingdom(self._board, e["kingdom"]), "people": people(e["people"])},
                              self._seat(e["people"])))

    def _on_drew(self, e: dict[str, Any]) -> None:
        """Cards dealt: one line per player however many, the count for all, the names for him alone."""
        seat = e["seat"]
        if self._drew is None or self._drew not in self._out.open:
            self._drew, self._dealt = self._step("deal", Text(N_("Magic cards dealt"))), {}
        cards = self._dealt.setdefault(seat, [])
        cards.append(str(e["card"]))
        line = Instruction(NP_("{player} receives {n} magic card.", "{player} receives {n} magic cards."),
                           {"player": self._player(seat), "n": len(cards),
                            "cards": Joined(tuple(card(c) for c in cards))},
                           seat, private=NP_("{player} receives {n} magic card: {cards}.",
                                             "{player} receives {n} magic cards: {cards}."), physical=False)
        mine = [i for i, old in enumerate(self._drew.lines) if old.seat == seat]
        if mine:
            self._drew.lines[mine[0]] = line
        else:
            if self._drew.size() >= MAX_LINES:
                self._drew, self._dealt = self._room(self._drew), {seat: cards}
            self._drew.lines.append(line)

    def _on_master(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("The Master of the Winds")),
                  Instruction(N_("{player} is Master of the Winds: everyone hands him their magic cards."),
                              {"player": self._player(e["seat"])}, e["seat"]))

    def _on_master_ends(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("The Master of the Winds")),
                  Instruction(N_("Nobody holds the Forbidden City: {player} is no longer Master of the Winds."),
                              {"player": self._player(e["seat"])}, e["seat"], physical=False))

    def _on_reinforced(self, e: dict[str, Any]) -> None:
        who = e["people"]
        title = Text(N_("Reinforcements"))
        lines = []
        if e["boats"]:
            lines.append(Instruction(NP_("{people}: take {n} boat from the supply → in front of you.",
                                         "{people}: take {n} boats from the supply → in front of you."),
                                     {"people": people(who), "n": e["boats"]}, self._seat(who)))
        if e["spread"]:
            lines.append(Instruction(N_("{people}: put {spread}."),
                                     {"people": people(who), "spread": spread(self._board, e["spread"])},
                                     self._seat(who)))
        self._add("reinforce", title, *lines)

    def _on_adjusted(self, e: dict[str, Any]) -> None:
        title = Text(N_("Stated by {who}: {reason}"),
                     {"who": stater(e["stated_by"], self._names), "reason": reason(e["reason"])})
        lines = []
        for where, who, change in e["tokens"]:
            params = {"people": people(who), "tokens": tokens(abs(change)), "province": province(self._board, where)}
            lines.append(Instruction(N_("{people}: put {tokens} from the supply → {province}.") if change > 0
                                     else N_("{people}: remove {tokens} from {province} → the supply."), params))
        for who, change in sorted(e["boats"].items()):
            lines.append(Instruction(NP_("{people}: take {n} boat from the supply.", "{people}: take {n} boats from "
                                         "the supply.") if change > 0 else
                                     NP_("{people}: give up {n} boat.", "{people}: give up {n} boats."),
                                     {"people": people(who), "n": abs(change)}))
        for allowed in e["allow"]:
            lines.append(Instruction(N_("One more attack without a border is allowed.") if allowed == "attack_anywhere"
                                     else N_("One more reorganisation is allowed."), physical=False))
        self._add("stated", title, *lines)
        self._out.seal()

    def _on_magic_trade(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("Magic cards")),
                  Instruction(N_("{a} and {b} trade magic cards."),
                              {"a": self._player(e["a"]), "b": self._player(e["b"])},
                              physical=False))

    def _on_out_of_game(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("Magic cards")),
                  Instruction(N_("{player}: put {card} back in the box: it is out of the game."),
                              {"player": self._player(e["seat"]), "card": card(e["card"])}, e["seat"]))

    def _on_out(self, e: dict[str, Any]) -> None:
        self._add("out", Text(N_("Out of the game")),
                  Instruction(N_("{people} has no token left on the board: it is out of the game, takes no turn "
                                 "and scores nothing."), {"people": people(e["people"])}, e["seat"],
                              physical=False))

    def _on_left(self, e: dict[str, Any]) -> None:
        self._add("out", Text(N_("Out of the game")),
                  Instruction(NP_("{player} has no people left and leaves the game: put his {n} magic card under "
                                  "the magic deck.", "{player} has no people left and leaves the game: put his {n} "
                                  "magic cards under the magic deck."),
                                 {"player": self._player(e["seat"]), "n": e["cards"]},
                              e["seat"]))

    def _on_no_peoples_left(self, e: dict[str, Any]) -> None:
        self._out.seal()
        self._add("victory", Text(N_("The end")),
                  Instruction(N_("No people has a token left on the board: every player has left the game and "
                                 "nobody can hold the Forbidden City and the three provinces around it. The game "
                                 "ends with no winner."), physical=False))

    def _on_discarded(self, e: dict[str, Any]) -> None:
        self._add("magic", Text(N_("Magic cards")),
                  Instruction(N_("{player}: put a magic card under the magic deck."),
                              {"player": self._player(e["seat"]), "card": card(str(e.get("card")))}, e["seat"],
                              private=N_("{player}: put {card} under the magic deck.")))

    def _on_victory(self, e: dict[str, Any]) -> None:
        self._out.seal()
        self._add("victory", Text(N_("Victory")),
                  Instruction(N_("{people} holds the Forbidden City and the three provinces around it: {player} "
                                 "wins."), {"people": people(e["people"]), "player": self._player(e["seat"])},
                              physical=False))
