"""The framework's own table part (game_parts.GameTable), for a game made of rules alone (`GameModule.table`
None): such a game plays at a table from its `Rules` and `Match` (companion.core.game) and nothing else. A
game's own part may subclass it and say better only what it improves (its steps' titles, its pieces put back,
a card's name).

What it tells the table, from the contract alone:
- each move is an event; a step per round (`Match.progress().round`), its lines the moves in words (the
  move's JSON fields, as the framework's box menus name them: companion.core.move_words);
- a chance outcome in words: a public one ("Roll the die: 4."), a secret one (a node `told_by` one seat) named
  to that seat and the referee alone, the others reading only that the seat did it;
- after a rollback, one line: the pieces go back as the referee's page shows the game;
- nothing typed in at set-up (refused in words), no caveat, the Pi draws chance unless the new game says;
- a sealed choice (`Choice.sealed`) is keyed in as a whole move: its draft is the fields of one of the
  choice's listed moves (`Choice.enumerate()`, what the framework's box sends), held until every sealed
  choice is locked, then pushed with the others. A sealed move sent as a plain decision is not refused
  (`seals` is False): the default cannot tell a move's choice from the move alone, and a game's rules keep
  what a seat chose secret in their views until all are in (the conformance suite checks it). A game whose
  rules must not see a sealed move before the others writes its own `seals`.

The events are found by replaying the game's moves from its setup on the game's shipped pack (none for a
game without packs): one replay kept per game and carried on as moves come. A game whose chance depends on a
pack the owner may swap writes its own `events`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core import rebuild
from companion.core.game import ChanceNode, Choice, GameModule
from companion.core.move_words import HIDDEN, move_words
from companion.i18n import N_, NP_, Text, translate

from .commands import Refused
from .game_parts import JSON, GameTable, SealedDrafts, StepGrouping
from .instructions import Instruction
from .steps import MAX_LINES, Step, StepBuilder

MOVES, MORE = N_("Moves"), N_("Moves (continued)")
PUT_BACK = N_("Put the pieces back as the referee's page shows the game now.")


def _translator(language: str) -> Callable[..., str]:
    def t(message: str, params: Mapping[str, Any] | None = None) -> str:
        return translate(language, message, dict(params) if params else None)
    return t


def _value_words(value: Any, t: Callable[..., str]) -> str:
    if isinstance(value, bool):
        return t(N_("yes")) if value else t(N_("no"))
    if isinstance(value, str):
        return t(value)
    if isinstance(value, list | tuple):
        return ", ".join(_value_words(v, t) for v in value)
    if isinstance(value, Mapping):  # a card typed in (companion.core.typed): each field by its name
        return " · ".join(f"{t(str(k))} {_value_words(v, t)}" for k, v in value.items())
    return str(value)


@dataclass(frozen=True)
class MoveWords:
    """A move's JSON said in the reader's language when a line is rendered (a message field that renders
    itself, companion.i18n.word)."""

    move: Mapping[str, Any]

    def render(self, language: str) -> str:
        return move_words(self.move, _translator(language))


@dataclass(frozen=True)
class OutcomeWords:
    """A chance outcome in the reader's language: a number as it is, a game word translated, a card typed
    in field by field."""

    outcome: Any

    def render(self, language: str) -> str:
        return _value_words(self.outcome, _translator(language))


@dataclass(frozen=True)
class MoveEvent:
    """One move as the default part tells it: the round it was made in, its JSON, and for a chance outcome
    the node it answered (its prompt, who alone may know it)."""

    round: int
    move: JSON = field(hash=False)
    chance: bool = False
    prompt: str = ""
    told_by: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)  # the prompt's fields (ChanceNode.params)


def _prompt(node: ChanceNode) -> str:
    return node.prompt or node.kind


class RoundSteps(StepGrouping):
    """A step per round, a line per move; a step past MAX_LINES goes on in another."""

    def __init__(self, first_seat: int) -> None:
        self._round: int | None = None
        self._first = first_seat  # a number, not the game: the table copies its grouping at each command

    def _shown(self, seat: int) -> int:
        return seat - self._first + 1

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None:
        if event.round != self._round:
            out.seal()
            self._round = out.round = event.round
        draft = out.open[-1] if out.open else out.start("round", Text(MOVES), Text(MORE))
        if draft.size() >= MAX_LINES:
            draft = out.going_on(draft)
        draft.lines.append(line_of(event, self._shown))

    def rebased(self, out: StepBuilder) -> None:
        return None


def line_of(event: MoveEvent, shown: Callable[[int], int]) -> Instruction:
    """A move's line: a decision is news (the player moves their own pieces); what chance did is done at the
    table, a secret draw named to its drawer alone."""
    move = event.move
    if not event.chance:
        seat = move.get("seat")
        who = shown(seat) if isinstance(seat, int) else seat
        return Instruction(N_("Seat {seat}: {move}."), {"seat": who, "move": MoveWords(move)},
                           seat if isinstance(seat, int) else None, physical=False)
    said = {"prompt": Text(event.prompt, dict(event.params)), "outcome": OutcomeWords(move.get("outcome"))}
    if event.told_by is None:
        return Instruction(N_("{prompt}: {outcome}."), said)
    return Instruction(N_("Seat {seat}: {prompt}."), {**said, "seat": shown(event.told_by)}, event.told_by,
                       private=N_("Seat {seat}: {prompt}: {outcome}."))


class WholeMoveDrafts(SealedDrafts):
    """A sealed choice keyed in as one of its listed moves (its fields but type and seat, as the framework's
    box sends them: companion.boxes.generic.SealedEditor), locked, revealed with the others."""

    words = {"locked": N_("Your choice is locked: unlock it to change it."),
             "not_locked": N_("Your choice is not locked."),
             "not_now": N_("Nothing is chosen in secret now."),
             "whole": N_("This choice is keyed in and locked, then revealed with the others.")}

    def __init__(self, written: Callable[[Any], JSON]) -> None:
        self._written = written  # the game's `Rules.move_to_json`

    def _listed(self, choice: Choice) -> list[tuple[JSON, Any]]:
        listing = choice.enumerate()
        if listing is None:
            raise Refused(N_("This game does not list the moves of this choice: it cannot be keyed in here."))
        return [({k: v for k, v in self._written(m).items() if k not in HIDDEN}, m) for m in listing]

    def blank(self, choice: Any) -> JSON:
        return {}

    def restore(self, saved: Any) -> JSON:
        return dict(saved) if isinstance(saved, Mapping) else {}

    def edit(self, choice: Any, draft: Any, change: JSON) -> JSON:
        if not any(fields == change for fields, _ in self._listed(choice)):
            raise Refused(N_("That is not one of the moves you may make now."))
        return dict(change)

    def check_complete(self, choice: Any, draft: Any) -> None:
        if not draft:
            raise Refused(N_("Choose a move before locking it."))

    def action(self, choice: Any, draft: Any) -> Any:
        return next(move for fields, move in self._listed(choice) if fields == draft)

    def forecast(self, match: Any, seat: int, draft: Any) -> tuple[Any, ...]:
        return ()

    def seals(self, move: Any) -> bool:
        return False


class DefaultTable(GameTable):
    """A game at the table from its rules alone. Made for one game module, or its key (a game's own part
    that subclasses it, made before its module: the registry's game of that key, read when first needed)."""

    chance_policy = "pi"

    def __init__(self, game: GameModule | str) -> None:
        self._game = game
        self._replays: weakref.WeakKeyDictionary[Any, tuple[Any, list[MoveEvent]]] = weakref.WeakKeyDictionary()
        self.drafts: SealedDrafts | None = WholeMoveDrafts(lambda move: self.module.rules.move_to_json(move))

    @property
    def module(self) -> GameModule:
        """The game: its module, or the registry's of its key now (a part two variants of a game share, the
        toy with and without agents, reads the one registered)."""
        if isinstance(self._game, str):
            from companion.core import registry

            return registry.load(self._game)
        return self._game

    def _shown(self, seat: int) -> int:
        return self.module.shown_seat(seat)

    # -- events: a replay kept per game ----------------------------------------------------------------

    def events(self, match: Any) -> Sequence[MoveEvent]:
        rules, moves = self.module.rules, list(match.moves)
        kept = self._replays.get(match)
        if kept is None or kept[0].version > len(moves) or list(kept[0].moves) != moves[:kept[0].version]:
            packs = self.module.packs
            kept = (rules.start(packs.shipped() if packs is not None else None, match.setup), [])
            self._replays[match] = kept
        again, told = kept
        for move in moves[again.version:]:
            node, written = again.chance(), rules.move_to_json(move)
            chance = node is not None and written.get("type") == rebuild.CHANCE
            told.append(MoveEvent(again.progress().round, written, chance, _prompt(node) if node else "",
                                  node.told_by if node else None, dict(node.params) if node else {}))
            rebuild.push_move(rules, again, move)
        return list(told)

    # -- the physical table ----------------------------------------------------------------------------

    def setup_steps(self, match: Any, typed: frozenset[str]) -> list[Step]:
        players = len(self.module.rules.players(match.setup))
        line = Instruction(NP_("Set up the game for {n} player as its rulebook says.",
                               "Set up the game for {n} players as its rulebook says."), {"n": players})
        return [Step("setup", match.progress().round, Text(N_("Set up")), (line,),
                     (match.version, len(self.events(match))))]

    def grouping(self, match: Any) -> StepGrouping:
        return RoundSteps(self.module.first_seat)

    def restore_lines(self, before: JSON, after: JSON, pack: Any) -> list[Instruction]:
        return [] if before == after else [Instruction(PUT_BACK)]

    def describe(self, language: str, match: Any, index: int, round: int, *, blind: bool) -> str:
        event = self.events(match)[index]
        line = line_of(event, self._shown)
        return translate(language, N_("Round {round} · {move}"),
                         {"round": round, "move": line.text(language, None if blind else -1)})

    def started(self, setup: Any) -> str:
        return f"{len(self.module.rules.players(setup))} players"

    # -- chance the table tells ------------------------------------------------------------------------

    def question(self, match: Any, node: ChanceNode, pack: Any, language: str) -> JSON:
        """The node's outcomes, each in words; a secret draw lists none (its drawer's page offers them)."""
        t = _translator(language)
        asked: JSON = {"question": self.question_number(match), "kind": node.kind, "told_by": node.told_by,
                       "prompt": translate(language, _prompt(node), dict(node.params)),
                       "answers": [] if node.told_by is not None else
                       [{"value": list(o) if isinstance(o, tuple) else o, "label": _value_words(o, t)}
                        for o in node.outcomes]}
        if node.told_by is not None:
            asked["who"] = t(N_("Seat {seat}"), {"seat": self._shown(node.told_by)})
        return asked

    def outcome_words(self, pack: Any, node: ChanceNode, outcome: Any) -> Any:
        return OutcomeWords(outcome) if node.told_by is None else Text(N_("a secret draw"))
